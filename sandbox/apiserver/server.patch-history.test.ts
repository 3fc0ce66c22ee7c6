// Patches share the parts they do not change with the stored object they replace; these tests prove that no
// write reaches back into an earlier version: a GET answer, a watch replay or a managedFields entry of an older
// resourceVersion stays exactly as it was written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, pod, watch } from "./testing";
import type { Obj } from "./types";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0 });
});
afterAll(async () => {
  await h.close();
});

const PODS = "/api/v1/namespaces/default/pods";
const strategic = { contentType: "application/strategic-merge-patch+json" };
const merge = { contentType: "application/merge-patch+json" };

const statusPatch = (ready: string, time: string) => ({
  status: {
    phase: "Running",
    conditions: [{ type: "Ready", status: ready, lastTransitionTime: time }],
    containerStatuses: [{ name: "main", image: "nginx:1.25", imageID: "", ready: ready === "True", restartCount: 0 }],
  },
});

describe("patches leave earlier versions as they were", () => {
  it("a watch resumed from before a series of patches replays every version exactly as each write returned it", async () => {
    const created = await call(h, "POST", PODS, pod("hist-a", "default", { metadata: { labels: { v: "1" } } }));
    expect(created.code).toBe(201);
    const answers: Obj[] = [];
    const steps: [string, unknown, { contentType: string }][] = [
      [`${PODS}/hist-a/status`, statusPatch("False", "2026-01-01T00:00:01.400Z"), strategic],
      [`${PODS}/hist-a/status`, statusPatch("True", "2026-01-01T00:00:02Z"), strategic],
      [
        `${PODS}/hist-a`,
        { metadata: { labels: { v: "2" } }, spec: { containers: [{ name: "main", image: "b" }] } },
        strategic,
      ],
      [`${PODS}/hist-a`, { metadata: { annotations: { note: "x" } } }, merge],
      [`${PODS}/hist-a/status`, statusPatch("False", "2026-01-01T00:00:03Z"), strategic],
    ];
    for (const [path, body, o] of steps) {
      const r = await call(h, "PATCH", path, body, o);
      expect(r.code).toBe(200);
      answers.push(r.body);
    }
    const w = await watch(
      h,
      `${PODS}?watch=1&fieldSelector=metadata.name=hist-a&resourceVersion=${created.body.metadata.resourceVersion}`,
    );
    const events = await w.until((evs) => evs.length >= answers.length);
    w.close();
    expect(events.map((e) => e.object)).toEqual(answers);
    // The times of the first write were stored at one-second resolution, and stayed so.
    expect(events[0].object.status.conditions[0].lastTransitionTime).toBe("2026-01-01T00:00:01Z");
  });

  it("a GET answer taken before a status patch still matches the version it names after the patch", async () => {
    await call(h, "POST", PODS, pod("hist-b"));
    await call(h, "PATCH", `${PODS}/hist-b/status`, statusPatch("True", "2026-01-01T00:00:05Z"), strategic);
    const before = await call(h, "GET", `${PODS}/hist-b`);
    const rv = before.body.metadata.resourceVersion;
    await call(h, "PATCH", `${PODS}/hist-b/status`, statusPatch("False", "2026-01-01T00:00:06Z"), strategic);
    const w = await watch(h, `${PODS}?watch=1&fieldSelector=metadata.name=hist-b&resourceVersion=${Number(rv) - 1}`);
    const [replayed] = await w.until((evs) => evs.length >= 1);
    w.close();
    expect(replayed.object).toEqual(before.body);
  });
});
