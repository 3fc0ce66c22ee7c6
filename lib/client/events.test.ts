import { describe, expect, it } from "vitest";
import { parseStreamMessage, streamUrl } from "./events";

describe("streamUrl", () => {
  it("puts every resource on one URL and encodes the cluster name", () => {
    expect(streamUrl("kind-dev/1", ["clonesets", "pods"], "shop")).toBe(
      "/api/c/kind-dev%2F1/stream?r=clonesets&r=pods&ns=shop",
    );
  });
  it("omits ns for the all-namespaces scope", () => {
    expect(streamUrl("dev", ["clonesets"])).toBe("/api/c/dev/stream?r=clonesets");
  });
});

describe("parseStreamMessage", () => {
  it("decodes a known event", () => {
    const ev = parseStreamMessage("status", JSON.stringify({ resource: "pods", namespace: null, state: "live" }));
    expect(ev).toEqual({ event: "status", data: { resource: "pods", namespace: null, state: "live" } });
  });
  it("ignores unknown events and malformed JSON", () => {
    expect(parseStreamMessage("message", "{}")).toBeNull();
    expect(parseStreamMessage("change", "{not json")).toBeNull();
    expect(parseStreamMessage("change", "42")).toBeNull();
  });
});
