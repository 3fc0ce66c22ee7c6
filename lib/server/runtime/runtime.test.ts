import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { afterEach, describe, expect, it } from "vitest";
import { readConsoleConfig } from "../auth/config";
import { buildRuntime, replaceRuntime, runtime } from ".";
import { processRuntime } from "./slot";

afterEach(async () => {
  await replaceRuntime(undefined);
});

describe("the composition root", () => {
  it("builds every part from one configuration, read once", () => {
    const rt = buildRuntime(
      readConsoleConfig({
        KRUISE_CONSOLE_MODE: "token",
        KRUISE_CONSOLE_READ_ONLY: "1",
        KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER: "7",
        KRUISE_CONSOLE_WATCH_IDLE_SECONDS: "5",
      }),
    );
    expect(rt.config).toMatchObject({ mode: "token", readOnly: true });
    expect(rt.hub.opts).toMatchObject({ maxScopesPerCluster: 7, idleStopMs: 5000 });
    expect(rt.shared.kind).toBe("memory");
    expect(rt.shutdown.shuttingDown()).toBe(false);
  });

  it("keeps one runtime per process, which a test replaces whole and the server script reaches through the slot", async () => {
    const first = runtime();
    expect(runtime()).toBe(first);
    expect(processRuntime()).toBe(first);
    const mine = buildRuntime(readConsoleConfig({ KRUISE_CONSOLE_MODE: "proxy" }));
    await replaceRuntime(mine);
    expect(runtime()).toBe(mine);
    expect(runtime().config.mode).toBe("proxy");
  });

  it("drains through the slot as the server script does: not ready, streams ended, the audit log flushed", async () => {
    const lines: string[] = [];
    const rt = await replaceRuntime(buildRuntime(readConsoleConfig({})));
    rt!.audit.setSink((l) => lines.push(l));
    rt!.audit.record({
      time: "2026-11-22T18:00:00.000Z",
      user: null,
      groups: [],
      mode: "local",
      cluster: "dev",
      verb: "patch",
      object: { resource: "pods", namespace: "shop", name: "p" },
      request: {},
      result: { code: 401 },
    });
    let ended = false;
    rt!.shutdown.onShutdown(() => (ended = true));
    expect(await processRuntime()!.drain(1000)).toEqual({ streams: 1, writes: 0 });
    expect([ended, rt!.shutdown.shuttingDown(), lines.length]).toEqual([true, true, 1]);
  });
});
