import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import { editBody, kruiseRolloutBody, updateBody } from "@/lib/contract/bodies";
import { HttpError } from "../errors";
import { eventBody } from "./events";
import { parseBody } from "./body";

const fieldOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof HttpError ? (e.body.details?.field ?? "(none)") : "not an HttpError";
  }
  return "no error";
};
const update = (b: unknown) => parseBody(updateBody, b, "{ action, base, value?, preview? }");

describe("write bodies", () => {
  it("accepts the webhook's int-or-percent grammar, fractional percentages included, and treats a null base field as unset", () => {
    expect(update({ action: "partition", base: { generation: 1, partition: null }, value: "12.5%" })).toMatchObject({
      value: "12.5%",
      base: { generation: 1 },
    });
    expect(
      update({ action: "limits", base: { generation: 1 }, value: { maxSurge: null, maxUnavailable: "10%" } }),
    ).toMatchObject({ value: { maxSurge: null, maxUnavailable: "10%" } });
  });

  it.each([
    [{ action: "partition", base: { generation: 1 }, value: 1.5 }, "value"],
    [{ action: "partition", base: { generation: 1 }, value: "5" }, "value"],
    [{ action: "limits", base: { generation: 1 }, value: {} }, "value"],
    [{ action: "rollback", base: { generation: 1 }, value: "rev-1" }, "base.template"],
    [{ action: "pause", base: { generation: "1" } }, "base.generation"],
    [{ action: "delete", base: { generation: 1 } }, "action"],
    [{ action: "partition", base: { generation: 1 }, value: 1, moves: { count: 1, pods: ["../x"] } }, "moves.pods"],
    ["not an object", "(none)"],
  ])("refuses the update %j on its field", (body, field) => {
    expect(fieldOf(() => update(body))).toBe(field);
  });

  it("says what a value nested 400,000 deep is without walking it", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 400_000; i++) deep = [deep];
    let message = "";
    try {
      update({ action: "partition", base: { generation: 1 }, value: deep });
    } catch (e) {
      message = e instanceof HttpError ? e.body.message : String(e);
    }
    expect(message).toBe('value must be a non-negative integer or a percentage like "25%" (got a list)');
  });

  it("refuses a Kruise Rollout action without its CloneSet, a jump without a step, and an edit with a bad choice", () => {
    const shape = "{ action, cloneSet, base, to?, preview? }";
    const base = { generation: 1, step: 1 };
    expect(fieldOf(() => parseBody(kruiseRolloutBody, { action: "approve", base }, shape))).toBe("cloneSet");
    expect(fieldOf(() => parseBody(kruiseRolloutBody, { action: "jump", cloneSet: "a", base }, shape))).toBe("to");
    expect(fieldOf(() => parseBody(editBody, { base: {}, mine: {}, choices: { x: "yours" } }, "{ base, mine }"))).toBe(
      "choices",
    );
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
