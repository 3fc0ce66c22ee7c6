import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, cloneSet, watch } from "./testing";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0, watchHistory: 50, bookmarkIntervalMs: 50 });
});
afterAll(async () => {
  await h.close();
});

const CS = "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets";
const label = (name: string, labels: Record<string, string>) =>
  call(h, "PATCH", `${CS}/${name}`, { metadata: { labels } }, { contentType: "application/merge-patch+json" });

describe("watch", () => {
  it("without a resourceVersion sends synthetic ADDED for existing objects, then live changes", async () => {
    await call(h, "POST", CS, cloneSet("w1"));
    const w = await watch(h, `${CS}?watch=true`);
    await w.until((e) => e.length >= 1);
    expect(w.events[0]).toMatchObject({ type: "ADDED", object: { kind: "CloneSet", metadata: { name: "w1" } } });
    await label("w1", { k: "v" });
    await w.until((e) => e.some((x) => x.type === "MODIFIED"));
    await call(h, "DELETE", `${CS}/w1`);
    const evs = await w.until((e) => e.some((x) => x.type === "DELETED"));
    expect(evs.map((e) => e.type)).toEqual(["ADDED", "MODIFIED", "DELETED"]);
    w.close();
  });

  it("resumes from a resourceVersion without synthetic events", async () => {
    const c = await call(h, "POST", CS, cloneSet("w2"));
    await label("w2", { a: "1" });
    const w = await watch(h, `${CS}?watch=1&resourceVersion=${c.body.metadata.resourceVersion}`);
    const evs = await w.until((e) => e.length >= 1);
    expect(evs[0]).toMatchObject({ type: "MODIFIED", object: { metadata: { name: "w2", labels: { a: "1" } } } });
    w.close();
  });

  it("a too-old resourceVersion is HTTP 200 then one ERROR event with 410 Expired, then the stream ends", async () => {
    for (let i = 0; i < 60; i++) await label("w2", { n: String(i) });
    const w = await watch(h, `${CS}?watch=1&resourceVersion=2`);
    expect(w.status).toBe(200);
    const evs = await w.until((e) => e.length >= 1);
    expect(evs[0].type).toBe("ERROR");
    expect(evs[0].object).toMatchObject({ kind: "Status", code: 410, reason: "Expired" });
    expect(evs[0].object.message).toMatch(/^too old resource version: 2 \(\d+\)$/);
    await w.until(() => w.ended());
  });

  it("an object that stops matching the label selector is sent as DELETED", async () => {
    await call(h, "POST", CS, { ...cloneSet("w3"), metadata: { name: "w3", labels: { tier: "fe" } } });
    const w = await watch(h, `${CS}?watch=1&labelSelector=tier%3Dfe`);
    await w.until((e) => e.some((x) => x.object.metadata.name === "w3"));
    await label("w3", { tier: "be" });
    const evs = await w.until((e) => e.some((x) => x.type === "DELETED"));
    expect(evs.filter((e) => e.object.metadata.name === "w3").map((e) => e.type)).toEqual(["ADDED", "DELETED"]);
    await label("w3", { tier: "fe" });
    await w.until((e) => e.filter((x) => x.object.metadata.name === "w3").length === 3);
    expect(w.events.filter((e) => e.object.metadata.name === "w3").map((e) => e.type)).toEqual([
      "ADDED",
      "DELETED",
      "ADDED",
    ]);
    w.close();
  });

  it("filters by field selector metadata.name", async () => {
    const w = await watch(h, `${CS}?watch=1&fieldSelector=metadata.name%3Dw3`);
    const evs = await w.until((e) => e.length >= 1);
    expect(evs.every((e) => e.object.metadata.name === "w3")).toBe(true);
    w.close();
  });

  it("sends BOOKMARK events carrying only kind, apiVersion and resourceVersion when allowed", async () => {
    const w = await watch(
      h,
      `${CS}?watch=1&allowWatchBookmarks=true&resourceVersion=${(await call(h, "GET", CS)).body.metadata.resourceVersion}`,
    );
    const evs = await w.until((e) => e.some((x) => x.type === "BOOKMARK"));
    const b = evs.find((e) => e.type === "BOOKMARK")!;
    expect(Object.keys(b.object).sort()).toEqual(["apiVersion", "kind", "metadata"]);
    expect(Object.keys(b.object.metadata)).toEqual(["resourceVersion"]);
    w.close();
  });

  it("ends the stream after timeoutSeconds", async () => {
    const w = await watch(h, `${CS}?watch=1&timeoutSeconds=1`);
    await w.until(() => w.ended(), 10000);
  });

  it("streams Tables for kubectl get -w", async () => {
    const w = await watch(h, `${CS}?watch=1&fieldSelector=metadata.name%3Dw3`, {
      accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
    });
    const evs = await w.until((e) => e.length >= 1);
    expect(evs[0].object.kind).toBe("Table");
    expect(evs[0].object.rows[0].cells[0]).toBe("w3");
    w.close();
  });
});

describe("watch faults", () => {
  it("dropping watches closes open streams", async () => {
    const w = await watch(h, `${CS}?watch=1`);
    await w.until((e) => e.length > 0);
    expect(h.faults.dropWatches()).toBeGreaterThanOrEqual(1);
    await w.until(() => w.ended());
  });

  it("a simulated restart makes resuming from any earlier resourceVersion a 410", async () => {
    const rv = (await call(h, "GET", CS)).body.metadata.resourceVersion;
    await label("w3", { after: "restart" });
    h.faults.restart();
    const w = await watch(h, `${CS}?watch=1&resourceVersion=${rv}`);
    const evs = await w.until((e) => e.length >= 1);
    expect(evs[0].object.code).toBe(410);
    const fresh = (await call(h, "GET", CS)).body.metadata.resourceVersion;
    const ok = await watch(h, `${CS}?watch=1&resourceVersion=${fresh}`);
    await label("w3", { again: "1" });
    expect((await ok.until((e) => e.length >= 1))[0].type).toBe("MODIFIED");
    ok.close();
  });
});
