import { describe, expect, it } from "vitest";
import { cloneSetDetailView } from "./detail";
import { NOW, cloneSet, events, pods, revisions } from "./fixtures";
import { slimManagedFields } from "./managed";
import { addSample, eventMarks, managedMarks, mergeMarks, specChangeMarks } from "./timeline";
import type { ViewCloneSet } from "./types";

const managed = [
  {
    manager: "kubectl-client-side-apply",
    operation: "Update",
    time: "2026-11-22T10:00:00Z",
    fieldsV1: {
      "f:spec": { "f:template": { "f:spec": { "f:containers": { 'k:{"name":"app"}': { "f:image": {} } } } } },
    },
  },
  {
    manager: "kruise-console:alice",
    operation: "Update",
    time: "2026-11-22T11:10:00Z",
    fieldsV1: { "f:spec": { "f:updateStrategy": { "f:partition": {}, "f:paused": {} } } },
  },
  { manager: "kruise-manager", operation: "Update", subresource: "status", time: "2026-11-22T11:11:00Z", fieldsV1: {} },
];
const withManaged = (cs: ViewCloneSet) =>
  ({ ...cs, metadata: { ...cs.metadata, managedFields: managed } }) as ViewCloneSet;

describe("rollout timeline", () => {
  it("names who last wrote the partition, paused and the images, from managedFields", () => {
    const marks = managedMarks(withManaged(cloneSet()));
    expect(marks.map((m) => [m.kind, m.text])).toEqual([
      ["partition", "partition set to 7 by kruise-console:alice"],
      ["resumed", "resumed by kruise-console:alice"],
      ["image", "images set to app=nginx:2.0, sidecar=busybox:1 by kubectl-client-side-apply"],
    ]);
  });

  it("a partition change seen live reads 10 → 7 with its writer, and replaces the managedFields mark", () => {
    const before = withManaged(cloneSet({}, 10));
    const after = withManaged(cloneSet({}, 7));
    after.spec!.updateStrategy!.paused = true;
    const live = specChangeMarks(before, after, Date.parse("2026-11-22T11:10:01Z"));
    expect(live.map((m) => m.text)).toEqual([
      "partition 10 → 7 by kruise-console:alice",
      "paused by kruise-console:alice",
    ]);
    const merged = mergeMarks(live, managedMarks(after), []);
    expect(merged.filter((m) => m.kind === "partition").map((m) => m.text)).toEqual([
      "partition 10 → 7 by kruise-console:alice",
    ]);
  });

  it("turns a pod's warning event into a failed mark that survives a reload (Events are the cluster's)", () => {
    const d = cloneSetDetailView(cloneSet(), pods(), revisions(), events(), NOW);
    const marks = eventMarks(d.events);
    expect(marks.find((m) => m.kind === "failed")?.text).toBe("pod/ro-p9: Failed ×4 — Error: ImagePullBackOff");
    expect(marks.find((m) => m.kind === "pods")?.text).toContain("SuccessfulUpdatePodInPlace");
  });

  it("samples only changes, and keeps the newest when capped", () => {
    let s = addSample([], { at: 1, updated: 0, ready: 0, available: 0 });
    s = addSample(s, { at: 2, updated: 0, ready: 0, available: 0 });
    s = addSample(s, { at: 3, updated: 1, ready: 0, available: 0 }, 1);
    expect(s).toEqual([{ at: 3, updated: 1, ready: 0, available: 0 }]);
  });

  it("slims managedFields to the rollout's fields and drops the status writer", () => {
    const slim = slimManagedFields(managed);
    expect(slim.map((e) => e.manager)).toEqual(["kubectl-client-side-apply", "kruise-console:alice"]);
    expect(
      managedMarks({ ...cloneSet(), metadata: { ...cloneSet().metadata, managedFields: slim } } as ViewCloneSet),
    ).toHaveLength(3);
  });
});

describe("each change once on the timeline", () => {
  const at = Date.parse("2026-11-22T11:10:01Z");
  const consoleEvent = {
    key: "shop/ro.1",
    type: "Normal",
    reason: "PartitionChanged",
    message: "partition 10 → 7 by sandbox:sandbox-admin",
    object: "cloneset/ro",
    count: 1,
    last: "2026-11-22T11:10:02Z",
    age: "1m",
    source: "kruise-console",
  };
  const console = (cs: ViewCloneSet) => ({
    ...cs,
    metadata: {
      ...cs.metadata,
      managedFields: [
        {
          manager: "kruise-console",
          operation: "Update",
          time: "2026-11-22T11:10:01Z",
          fieldsV1: { "f:spec": { "f:updateStrategy": { "f:partition": {} } } },
        },
      ],
    },
  });

  it("the console's own Event is the mark of its write, naming the user", () => {
    const [m] = eventMarks([consoleEvent]);
    expect(m).toMatchObject({ kind: "partition", text: "partition 10 → 7 by sandbox:sandbox-admin" });
  });

  it("a partition change the console made is one mark, not the console's field manager and again the user", () => {
    const before = console(cloneSet({}, 10)) as ViewCloneSet;
    const after = console(cloneSet({}, 7)) as ViewCloneSet;
    const merged = mergeMarks(specChangeMarks(before, after, at), managedMarks(after), eventMarks([consoleEvent]));
    expect(merged.filter((m) => m.kind === "partition").map((m) => m.text)).toEqual([
      "partition 10 → 7 by sandbox:sandbox-admin",
    ]);
  });

  it("a partition change by another writer beside the console's stays its own mark", () => {
    const cs = cloneSet({}, 7);
    const after = {
      ...cs,
      metadata: {
        ...cs.metadata,
        managedFields: [
          {
            manager: "kubectl-edit",
            operation: "Update",
            time: "2026-11-22T11:10:30Z",
            fieldsV1: { "f:spec": { "f:updateStrategy": { "f:partition": {} } } },
          },
        ],
      },
    } as ViewCloneSet;
    const merged = mergeMarks([], managedMarks(after), eventMarks([consoleEvent]));
    expect(merged.filter((m) => m.kind === "partition")).toHaveLength(2);
  });
});
