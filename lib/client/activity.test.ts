import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEARTBEAT_MS, startActivityHeartbeat } from "./activity";

const page = { visibilityState: "visible" as "visible" | "hidden" };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("document", page);
  page.visibilityState = "visible";
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the page's heartbeat (token mode's definition of use)", () => {
  it("is sent only after an interaction, at most once per period", () => {
    const send = vi.fn(() => Promise.resolve());
    const stop = startActivityHeartbeat(send);
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(send).not.toHaveBeenCalled(); // an open page alone is not use
    window.dispatchEvent(new Event("keydown"));
    window.dispatchEvent(new Event("pointerdown"));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
  });

  it("is not sent while the page is hidden, even after an interaction", () => {
    const send = vi.fn(() => Promise.resolve());
    const stop = startActivityHeartbeat(send);
    window.dispatchEvent(new Event("wheel"));
    page.visibilityState = "hidden";
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).not.toHaveBeenCalled();
    page.visibilityState = "visible";
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new Event("keydown"));
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
