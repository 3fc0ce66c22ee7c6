import { describe, expect, it } from "vitest";
import { toWireTimes } from "./meta";
import type { Obj } from "./types";

describe("times are stored as the API server stores them (RFC 3339 seconds)", () => {
  it("a pod's condition times written with milliseconds are stored at the second, so same-second pods tie", () => {
    const a: Obj = {
      metadata: { name: "a", creationTimestamp: "2026-01-01T00:00:00Z" },
      status: {
        conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:05.731Z" }],
        containerStatuses: [{ name: "c", state: { running: { startedAt: "2026-01-01T00:00:04.100+00:00" } } }],
      },
    };
    const b: Obj = {
      metadata: { name: "b" },
      status: { conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:05.002Z" }] },
    };
    toWireTimes(a, true);
    toWireTimes(b, true);
    expect(a.status.conditions[0].lastTransitionTime).toBe("2026-01-01T00:00:05Z");
    expect(b.status.conditions[0].lastTransitionTime).toBe(a.status.conditions[0].lastTransitionTime);
    expect(a.status.containerStatuses[0].state.running.startedAt).toBe("2026-01-01T00:00:04Z");
  });
  it("a custom resource's status is stored as sent (kube-apiserver keeps CR JSON), its metadata times at seconds", () => {
    const cs: Obj = {
      metadata: { name: "cs", creationTimestamp: "2026-01-01T00:00:00.5Z" },
      status: { conditions: [{ type: "X", lastTransitionTime: "2026-01-01T00:00:05.731Z" }] },
    };
    toWireTimes(cs, false);
    expect(cs.metadata.creationTimestamp).toBe("2026-01-01T00:00:00Z");
    expect(cs.status.conditions[0].lastTransitionTime).toBe("2026-01-01T00:00:05.731Z");
  });
  it("text that is not a time is left alone", () => {
    const o: Obj = { metadata: { name: "x" }, status: { startTime: "soon" } };
    toWireTimes(o, true);
    expect(o.status.startTime).toBe("soon");
  });
});
