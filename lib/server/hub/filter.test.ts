import { describe, expect, it } from "vitest";
import type { K8sObject } from "@/lib/k8s/wire";
import { FilteredSubscription, type ListDecision } from "./filter";
import { Frame } from "./frame";
import type { Listener, ScopeKey } from "./types";

const pod = (namespace: string, name: string): K8sObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { namespace, name },
});

/** A scope's fan-out as the hub does it: status + snapshot to a new subscriber, then every frame to all. */
class ScopeFanOut {
  listeners = new Set<Listener>();
  status = new Frame({ event: "status", data: { resource: "pods", namespace: null, state: "live" } });
  snapshot = new Frame({
    event: "snapshot",
    data: { resource: "pods", namespace: null, resourceVersion: "1", items: [] },
  });
  subscribe(_key: ScopeKey, l: Listener) {
    this.listeners.add(l);
    l(this.status);
    l(this.snapshot);
    return () => this.listeners.delete(l);
  }
  setItems(items: K8sObject[]) {
    this.snapshot = new Frame({
      event: "snapshot",
      data: { resource: "pods", namespace: null, resourceVersion: "2", items },
    });
  }
  change(obj: K8sObject): Frame {
    const f = new Frame({ event: "change", data: { resource: "pods", namespace: null, type: "ADDED", object: obj } });
    for (const l of this.listeners) l(f);
    return f;
  }
}

/** One user's view: what reached their stream, decoded, plus the raw chunks. */
function viewer(hub: ScopeFanOut, namespace: string | null, grants: Set<string>) {
  const chunks: Uint8Array[] = [];
  const mayList = async (ns: string | null): Promise<ListDecision> => ({ allowed: grants.has(ns ?? "*") });
  const sub = new FilteredSubscription(
    hub,
    { cluster: "c", resource: "pods", namespace },
    mayList,
    (b) => chunks.push(b),
    () => {},
  );
  const events = () =>
    chunks
      .map((c) => new TextDecoder().decode(c))
      .map((t) => ({
        event: t.split("\n")[0].slice(7),
        data: JSON.parse(t.split("\n")[1].slice(6)),
      }));
  const names = () => {
    const evs = events();
    const i = evs.map((e) => e.event).lastIndexOf("snapshot");
    return [
      ...(i >= 0 ? evs[i].data.items : []),
      ...evs
        .slice(i + 1)
        .filter((e) => e.event === "change")
        .map((e) => e.data.object),
    ].map((o: K8sObject) => `${o.metadata.namespace}/${o.metadata.name}`);
  };
  return { sub, chunks, events, names };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

describe("FilteredSubscription: a user's view of a shared all-namespaces scope", () => {
  it("shows only objects in namespaces the user may list, in snapshots and changes", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a"), pod("payments", "b")]);
    const v = viewer(hub, null, new Set(["shop"]));
    v.sub.start();
    await settle();
    expect(v.names()).toEqual(["shop/a"]);
    hub.change(pod("payments", "c"));
    hub.change(pod("shop", "d"));
    await settle();
    expect(v.names()).toEqual(["shop/a", "shop/d"]);
    expect(v.chunks.map((c) => new TextDecoder().decode(c)).join("")).not.toContain("payments");
  });

  it("cluster-wide rights pass the shared frame bytes as they are (no copy)", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a"), pod("payments", "b")]);
    const v = viewer(hub, null, new Set(["*"]));
    v.sub.start();
    await settle();
    expect(v.chunks[1]).toBe(hub.snapshot.bytes());
    const f = hub.change(pod("payments", "c"));
    await settle();
    expect(v.chunks[2]).toBe(f.bytes());
  });

  it("users with the same rights share one filtered snapshot serialisation", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a"), pod("payments", "b")]);
    const [v1, v2] = [viewer(hub, null, new Set(["shop"])), viewer(hub, null, new Set(["shop"]))];
    v1.sub.start();
    v2.sub.start();
    await settle();
    expect(v1.chunks[1]).toBe(v2.chunks[1]);
  });

  it("a revoked namespace's objects disappear at the next re-check (a fresh filtered snapshot)", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a"), pod("payments", "b")]);
    const grants = new Set(["shop", "payments"]);
    const v = viewer(hub, null, grants);
    v.sub.start();
    await settle();
    expect(v.names()).toEqual(["shop/a", "payments/b"]);
    grants.delete("payments");
    v.sub.recheck();
    await settle();
    expect(v.names()).toEqual(["shop/a"]);
    expect(hub.listeners.size).toBe(1);
  });

  it("when access reviews cannot be made, shows nothing and says what to fix once; resumes when they work again", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a")]);
    let failure: string | undefined = "the console's own identity may not create subjectaccessreviews";
    const chunks: string[] = [];
    const mayList = async (ns: string | null) => (failure ? { allowed: false, failure } : { allowed: ns === "shop" });
    const sub = new FilteredSubscription(
      hub,
      { cluster: "c", resource: "pods", namespace: null },
      mayList,
      (b) => chunks.push(new TextDecoder().decode(b)),
      () => {},
    );
    sub.start();
    sub.recheck();
    await settle();
    expect(chunks).toHaveLength(1);
    expect(JSON.parse(chunks[0].split("\n")[1].slice(6))).toMatchObject({
      state: "error",
      error: {
        code: 403,
        message:
          "could not check whether you may list pods: the console's own identity may not create subjectaccessreviews",
      },
    });
    expect(hub.listeners.size).toBe(0);
    failure = undefined;
    sub.recheck();
    await settle();
    expect(chunks.join("")).toContain('"name":"a"');
  });

  it("keeps the hub's order even when an access review is slow", async () => {
    const hub = new ScopeFanOut();
    const chunks: string[] = [];
    let release = () => {};
    const slow = new Promise<void>((r) => (release = r));
    const mayList = async (ns: string | null) => {
      if (ns === "slow") await slow;
      return { allowed: ns !== null };
    };
    const sub = new FilteredSubscription(
      hub,
      { cluster: "c", resource: "pods", namespace: null },
      mayList,
      (b) => chunks.push(new TextDecoder().decode(b)),
      () => {},
    );
    sub.start();
    await settle();
    hub.change(pod("slow", "first"));
    hub.change(pod("shop", "second"));
    await settle();
    expect(chunks.join("")).not.toContain("second");
    release();
    await settle();
    expect(chunks.join("").indexOf("first")).toBeLessThan(chunks.join("").indexOf("second"));
  });
});

describe("FilteredSubscription: a namespaced scope", () => {
  it("a refused namespace is one 403 status and no hub subscription", async () => {
    const hub = new ScopeFanOut();
    const v = viewer(hub, "payments", new Set(["shop"]));
    v.sub.start();
    await settle();
    expect(v.events()).toEqual([
      {
        event: "status",
        data: {
          resource: "pods",
          namespace: "payments",
          state: "error",
          error: { code: 403, reason: "Forbidden", message: "you may not list pods in namespace payments" },
        },
      },
    ]);
    expect(hub.listeners.size).toBe(0);
  });

  it("revoking empties the browser's list, says why, and stops the subscription; granting again resumes", async () => {
    const hub = new ScopeFanOut();
    hub.setItems([pod("shop", "a")]);
    const grants = new Set(["shop"]);
    const v = viewer(hub, "shop", grants);
    v.sub.start();
    await settle();
    expect(v.names()).toEqual(["shop/a"]);
    grants.clear();
    v.sub.recheck();
    await settle();
    expect(v.names()).toEqual([]);
    expect(v.events().at(-1)).toMatchObject({ event: "status", data: { state: "error", error: { code: 403 } } });
    expect(hub.listeners.size).toBe(0);
    grants.add("shop");
    v.sub.recheck();
    await settle();
    expect(v.names()).toEqual(["shop/a"]);
    v.sub.close();
    expect(hub.listeners.size).toBe(0);
  });
});
