import { describe, expect, it } from "vitest";
import { applyStreamEvent, applyStreamEvents, markDisconnected, type ResourceListState } from "./reducer";
import type { K8sObject, StreamEvent } from "../k8s/wire";

const pod = (name: string, rv: string, extra: Record<string, unknown> = {}): K8sObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "shop", resourceVersion: rv },
  ...extra,
});
const snapshot = (items: K8sObject[], rv = "100"): StreamEvent => ({
  event: "snapshot",
  data: { resource: "pods", namespace: "shop", resourceVersion: rv, items },
});
const change = (type: "ADDED" | "MODIFIED" | "DELETED", object: K8sObject): StreamEvent => ({
  event: "change",
  data: { resource: "pods", namespace: "shop", type, object },
});
const status = (state: "connecting" | "live" | "reconnecting" | "stale" | "error", extra = {}): StreamEvent => ({
  event: "status",
  data: { resource: "pods", namespace: "shop", state, ...extra },
});

const run = (...evs: StreamEvent[]) => evs.reduce<ResourceListState | undefined>(applyStreamEvent, undefined)!;

describe("applyStreamEvent", () => {
  it("is loading and connecting until the first snapshot arrives", () => {
    const s = run(status("connecting"));
    expect(s.synced).toBe(false);
    expect(s.byKey).toEqual({});
    expect(s.connection.state).toBe("connecting");
  });

  it("a snapshot fills the list keyed by namespace/name and records the list resourceVersion", () => {
    const s = run(status("live"), snapshot([pod("a", "1"), pod("b", "2")], "7"));
    expect(Object.keys(s.byKey).sort()).toEqual(["shop/a", "shop/b"]);
    expect(s.resourceVersion).toBe("7");
    expect(s.synced).toBe(true);
  });

  it("a later snapshot (after a relist) replaces objects that disappeared meanwhile", () => {
    const s = run(snapshot([pod("a", "1"), pod("b", "2")]), snapshot([pod("b", "5")], "9"));
    expect(Object.keys(s.byKey)).toEqual(["shop/b"]);
    expect(s.byKey["shop/b"].metadata.resourceVersion).toBe("5");
  });

  it("changes upsert and delete in arrival order", () => {
    const s = run(
      snapshot([pod("a", "1")]),
      change("ADDED", pod("b", "2")),
      change("MODIFIED", pod("a", "3", { status: { phase: "Running" } })),
      change("DELETED", pod("b", "4")),
    );
    expect(Object.keys(s.byKey)).toEqual(["shop/a"]);
    expect(s.byKey["shop/a"].status).toEqual({ phase: "Running" });
    expect(s.resourceVersion).toBe("4");
  });

  it("a MODIFIED for an object not yet held adds it (watch events are authoritative)", () => {
    const s = run(snapshot([]), change("MODIFIED", pod("x", "3")));
    expect(s.byKey["shop/x"]).toBeDefined();
  });

  it("does not mutate the previous state, so React Query sees a new reference", () => {
    const before = run(snapshot([pod("a", "1")]));
    const frozen = JSON.stringify(before);
    const after = applyStreamEvent(before, change("DELETED", pod("a", "2")));
    expect(JSON.stringify(before)).toBe(frozen);
    expect(after).not.toBe(before);
  });

  it("a snapshot never marks data live: only a status event does", () => {
    const s = run(status("reconnecting", { since: "2026-01-01T00:00:00Z" }), snapshot([pod("a", "1")]));
    expect(s.connection).toEqual({ state: "reconnecting", since: "2026-01-01T00:00:00Z" });
    expect(applyStreamEvent(s, status("live")).connection).toEqual({ state: "live" });
  });

  it("an error status keeps the data and carries the reason", () => {
    const error = {
      code: 403,
      reason: "Forbidden",
      message: 'pods is forbidden: User "viewer" cannot list resource "pods"',
    };
    const s = run(snapshot([pod("a", "1")]), status("error", { error, since: "2026-01-01T00:00:00Z" }));
    expect(s.connection.error).toEqual(error);
    expect(Object.keys(s.byKey)).toEqual(["shop/a"]);
  });
});

describe("applyStreamEvents", () => {
  const events = [
    status("live"),
    snapshot([pod("a", "1"), pod("b", "2")], "7"),
    change("MODIFIED", pod("a", "8")),
    change("ADDED", pod("c", "9")),
    change("DELETED", pod("b", "10")),
    status("reconnecting"),
    change("MODIFIED", pod("c", "11")),
  ];

  it("a batch ends where the same events applied one by one end", () => {
    for (let cut = 0; cut <= events.length; cut++) {
      const start = run(...events.slice(0, cut));
      const oneByOne = events.slice(cut).reduce(applyStreamEvent, start);
      expect(applyStreamEvents(start, events.slice(cut))).toEqual(oneByOne);
    }
    expect(applyStreamEvents(undefined, events)).toEqual(run(...events));
  });

  it("never changes the state it was given (the cache's previous value stays intact)", () => {
    const before = run(snapshot([pod("a", "1")]));
    const copy = structuredClone(before);
    const after = applyStreamEvents(before, [change("ADDED", pod("b", "2")), change("DELETED", pod("a", "3"))]);
    expect(before).toEqual(copy);
    expect(Object.keys(after.byKey)).toEqual(["shop/b"]);
  });

  it("a snapshot in mid-batch replaces what came before it", () => {
    const s = applyStreamEvents(run(snapshot([pod("a", "1")])), [
      change("ADDED", pod("b", "2")),
      snapshot([pod("c", "3")], "20"),
      change("ADDED", pod("d", "21")),
    ]);
    expect(Object.keys(s.byKey).sort()).toEqual(["shop/c", "shop/d"]);
    expect(s.resourceVersion).toBe("21");
  });
});

describe("markDisconnected", () => {
  it("turns live data into reconnecting since now", () => {
    const live = run(status("live"), snapshot([pod("a", "1")]));
    const s = markDisconnected(live, "reconnecting", "2026-01-01T00:00:05Z");
    expect(s.connection).toEqual({ state: "reconnecting", since: "2026-01-01T00:00:05Z" });
    expect(s.byKey).toBe(live.byKey);
  });

  it("keeps the first drop time when reconnecting becomes stale", () => {
    const live = run(status("live"), snapshot([pod("a", "1")]));
    const r = markDisconnected(live, "reconnecting", "2026-01-01T00:00:05Z");
    const s = markDisconnected(r, "stale", "2026-01-01T00:00:10Z");
    expect(s.connection).toEqual({ state: "stale", since: "2026-01-01T00:00:05Z" });
  });

  it("works before any data arrived and records an error", () => {
    const error = { code: 400, reason: "BadRequest", message: "unknown resource" };
    const s = markDisconnected(undefined, "error", "2026-01-01T00:00:00Z", error);
    expect(s.synced).toBe(false);
    expect(s.connection).toEqual({ state: "error", since: "2026-01-01T00:00:00Z", error });
  });
});
