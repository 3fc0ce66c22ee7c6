import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { partitionPatch } from "@/lib/patch";
import { HttpError } from "../errors";
import { eventBody } from "./events";
import { guardBase, parseUpdateIntent } from "./update-intent";

const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof HttpError ? e.body.details?.field : "not an HttpError";
  }
  return "no error";
};

describe("rollout intents", () => {
  it("guards only what the page showed: an absent partition is tested as null, the strategy object always exists", () => {
    const base = guardBase(
      parseUpdateIntent({ action: "partition", base: { generation: 3, paused: false }, value: 2 }).base,
    );
    expect(base).toEqual({ metadata: { generation: 3 }, spec: { updateStrategy: { paused: false } } });
    expect(JSON.parse(partitionPatch(base, 2).body)).toEqual([
      { op: "test", path: "/spec/updateStrategy/partition", value: null },
      { op: "test", path: "/metadata/generation", value: 3 },
      { op: "add", path: "/spec/updateStrategy/partition", value: 2 },
    ]);
  });

  it("accepts the webhook's int-or-percent grammar, fractional percentages included", () => {
    expect(parseUpdateIntent({ action: "partition", base: { generation: 1 }, value: "12.5%" })).toMatchObject({
      value: "12.5%",
    });
    expect(
      parseUpdateIntent({
        action: "limits",
        base: { generation: 1 },
        value: { maxSurge: null, maxUnavailable: "10%" },
      }),
    ).toMatchObject({ value: { maxSurge: null, maxUnavailable: "10%" } });
  });

  it.each([
    [{ action: "partition", base: { generation: 1 }, value: 1.5 }, "value"],
    [{ action: "partition", base: { generation: 1 }, value: "5" }, "value"],
    [{ action: "limits", base: { generation: 1 }, value: {} }, "value"],
    [{ action: "rollback", base: { generation: 1 }, value: "rev-1" }, "base.template"],
    [{ action: "pause", base: { generation: "1" } }, "base.generation"],
    [{ action: "delete", base: { generation: 1 } }, "action"],
  ])("refuses %j on its field", (body, field) => {
    expect(fieldOf(() => parseUpdateIntent(body))).toBe(field);
  });
});

describe("audit Event body", () => {
  it("names the object with uid and resourceVersion, the component, and second-precision times like client-go", () => {
    const obj = {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name: "web", namespace: "shop", uid: "u1", resourceVersion: "42" },
    };
    const e = eventBody(
      obj,
      { reason: "PartitionChanged", message: "partition 8 → 6 by alice" },
      new Date("2026-11-22T12:00:00.123Z"),
    );
    expect(e).toMatchObject({
      involvedObject: {
        kind: "CloneSet",
        name: "web",
        namespace: "shop",
        uid: "u1",
        resourceVersion: "42",
        apiVersion: "apps.kruise.io/v1alpha1",
      },
      reason: "PartitionChanged",
      type: "Normal",
      count: 1,
      source: { component: "kruise-console" },
      reportingComponent: "kruise-console",
      firstTimestamp: "2026-11-22T12:00:00Z",
      lastTimestamp: "2026-11-22T12:00:00Z",
    });
    expect((e.metadata as { name: string }).name).toMatch(/^web\.[0-9a-f]+$/);
  });
});
