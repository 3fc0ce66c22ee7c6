import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, pod } from "./testing";

let now = new Date("2026-01-01T00:00:00Z");
let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0, now: () => now });
  for (let i = 0; i < 10; i++) {
    await call(
      h,
      "POST",
      "/api/v1/namespaces/default/pods",
      pod(`p${i}`, "default", { metadata: { labels: { even: String(i % 2 === 0) } } }),
    );
  }
});
afterAll(async () => {
  await h.close();
});

const PODS = "/api/v1/namespaces/default/pods";

describe("list", () => {
  it("carries the collection resourceVersion and omits apiVersion/kind on built-in items", async () => {
    const r = await call(h, "GET", PODS);
    expect(r.body).toMatchObject({ kind: "PodList", apiVersion: "v1" });
    expect(r.body.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(r.body.items).toHaveLength(10);
    expect(r.body.items[0].kind).toBeUndefined();
  });

  it("filters by label selector", async () => {
    const r = await call(h, "GET", `${PODS}?labelSelector=even%3Dtrue`);
    expect(r.body.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual([
      "p0",
      "p2",
      "p4",
      "p6",
      "p8",
    ]);
  });

  it("rejects an unsupported field selector with 400", async () => {
    const r = await call(h, "GET", `${PODS}?fieldSelector=spec.foo%3Dx`);
    expect(r.code).toBe(400);
  });
});

describe("pagination", () => {
  it("pages with continue tokens and remainingItemCount, all pages at the first page's snapshot", async () => {
    const first = await call(h, "GET", `${PODS}?limit=4`);
    expect(first.body.items).toHaveLength(4);
    expect(first.body.metadata.remainingItemCount).toBe(6);
    const rv = first.body.metadata.resourceVersion;
    // Changes after the first page are not visible in later pages.
    await call(h, "DELETE", `${PODS}/p9`);
    await call(h, "POST", PODS, pod("p99"));
    const second = await call(h, "GET", `${PODS}?limit=4&continue=${first.body.metadata.continue}`);
    expect(second.body.metadata.resourceVersion).toBe(rv);
    const third = await call(h, "GET", `${PODS}?limit=4&continue=${second.body.metadata.continue}`);
    expect(third.body.metadata.continue).toBeUndefined();
    const names = [...first.body.items, ...second.body.items, ...third.body.items].map(
      (p: { metadata: { name: string } }) => p.metadata.name,
    );
    expect(names).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"]);
  });

  it("refuses a resourceVersion together with continue (400)", async () => {
    const first = await call(h, "GET", `${PODS}?limit=2`);
    const r = await call(h, "GET", `${PODS}?limit=2&resourceVersion=5&continue=${first.body.metadata.continue}`);
    expect(r.body).toMatchObject({
      code: 400,
      message: "specifying resource version is not allowed when using continue",
    });
  });

  it("an expired continue token is 410 Expired", async () => {
    const first = await call(h, "GET", `${PODS}?limit=2`);
    now = new Date(now.getTime() + 6 * 60 * 1000);
    const r = await call(h, "GET", `${PODS}?limit=2&continue=${first.body.metadata.continue}`);
    expect(r.body).toMatchObject({ code: 410, reason: "Expired" });
  });

  it("resourceVersion=0 ignores limit like the v1.20 watch cache", async () => {
    const r = await call(h, "GET", `${PODS}?limit=2&resourceVersion=0`);
    expect(r.body.items.length).toBeGreaterThan(2);
    expect(r.body.metadata.continue).toBeUndefined();
  });
});
