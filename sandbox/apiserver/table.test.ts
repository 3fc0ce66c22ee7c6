import { describe, expect, it } from "vitest";
import { humanDuration, podStatus } from "./printers";
import { jsonPathValues, tableVersion } from "./table";

describe("printer helpers", () => {
  it.each([
    [5_000, "5s"],
    [119_000, "119s"],
    [125_000, "2m5s"],
    [600_000, "10m"],
    [3 * 3600_000 + 60_000, "3h1m"],
    [50 * 3600_000, "2d2h"],
    [400 * 86400_000, "400d"],
  ])("humanDuration(%i ms) is %s like apimachinery's HumanDuration", (ms, text) =>
    expect(humanDuration(ms)).toBe(text),
  );

  it("pod STATUS shows the waiting reason, then Terminating once deletion started", () => {
    const pod = {
      metadata: {},
      status: { phase: "Pending", containerStatuses: [{ state: { waiting: { reason: "ContainerCreating" } } }] },
    };
    expect(podStatus(pod)).toBe("ContainerCreating");
    expect(podStatus({ ...pod, metadata: { deletionTimestamp: "2026-01-01T00:00:00Z" } })).toBe("Terminating");
    expect(
      podStatus({
        metadata: {},
        status: { phase: "Running", containerStatuses: [{ ready: true, state: { running: {} } }] },
      }),
    ).toBe("Running");
  });

  it("evaluates printer-column JSONPaths with [*] and indices", () => {
    const o = {
      spec: {
        template: {
          spec: {
            containers: [
              { name: "a", image: "x" },
              { name: "b", image: "y" },
            ],
          },
        },
      },
    };
    expect(jsonPathValues(o, ".spec.template.spec.containers[*].name")).toEqual(["a", "b"]);
    expect(jsonPathValues(o, ".spec.template.spec.containers[1].image")).toEqual(["y"]);
    expect(jsonPathValues(o, ".status.replicas")).toEqual([]);
  });

  it("recognises kubectl's Table Accept header", () => {
    expect(
      tableVersion(
        "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json",
      ),
    ).toBe("v1");
    expect(tableVersion("application/json")).toBeUndefined();
  });
});
