import { describe, expect, it } from "vitest";
import { eventsView } from "./events";
import { cloneSetDetailView } from "./detail";
import { cloneSet, events, NOW, pods, revisions } from "./fixtures";
import { cloneSetView, filterAndSortRows } from "./list";
import { fieldOwners } from "./managed";
import { eventMarks } from "./timeline";
import { cloneSetLens, workloadDetailPods, workloadDetailView, workloadRow, type WorkloadLens } from "./workload";
import type { ViewWorkload } from "./types";

describe("one set of views for every workload kind", () => {
  it("reads a CloneSet through its lens exactly as the CloneSet row reads it", () => {
    const cs = cloneSet();
    expect(workloadRow(cloneSetLens, cs, NOW)).toEqual(cloneSetView(cs, NOW));
  });

  it("takes the partition, its unit and words, the strategy and the limits from the kind's lens", () => {
    const lens: WorkloadLens<ViewWorkload> = {
      ...cloneSetLens,
      resource: "widgets",
      kind: "Widget",
      unit: "node",
      partition: () => ({ set: "4", resolved: 2, note: "1 node the selector leaves out" }),
      strategy: () => "RollingUpdate · Standard",
      maxSurge: () => "—",
    };
    const row = workloadRow(lens, cloneSet(), NOW);
    expect(row).toMatchObject({
      resource: "widgets",
      kind: "Widget",
      partitionSet: "4",
      partitionResolved: 2,
      partitionUnit: "node",
      partitionNote: "1 node the selector leaves out",
      strategyType: "RollingUpdate · Standard",
      maxSurge: "—",
    });
  });

  it("builds a CloneSet's detail through its lens exactly as the CloneSet's detail", () => {
    const cs = cloneSet();
    const half = workloadDetailPods(cloneSetLens, cs, pods(), revisions(), NOW);
    expect(workloadDetailView(cloneSetLens, cs, half, events(), NOW)).toEqual(
      cloneSetDetailView(cs, pods(), revisions(), events(), NOW),
    );
  });

  it("finds the workload's own events by its kind, not the CloneSet's", () => {
    const ev = (kind: string, name: string) => ({
      metadata: { name: `${name}.1`, namespace: "shop" },
      involvedObject: { kind, name, namespace: "shop" },
      reason: "SuccessfulCreate",
      message: "created",
      lastTimestamp: "2026-11-22T11:59:00Z",
    });
    const set = { metadata: { name: "ro", namespace: "shop" } };
    const rows = eventsView(
      set,
      "StatefulSet",
      new Set(),
      new Set(),
      [ev("StatefulSet", "ro"), ev("CloneSet", "ro")],
      NOW,
    );
    expect(rows.map((r) => r.object)).toEqual(["statefulset/ro"]);
    expect(eventMarks(rows, "StatefulSet").map((m) => m.kind)).toEqual(["pods"]);
    expect(eventMarks(rows)).toEqual([]);
  });

  it("names who wrote a partition and paused kept in updateStrategy.rollingUpdate (Advanced StatefulSet, DaemonSet)", () => {
    const owners = fieldOwners([
      {
        manager: "kubectl-patch",
        operation: "Update",
        time: "2026-11-22T11:30:00Z",
        fieldsV1: { "f:spec": { "f:updateStrategy": { "f:rollingUpdate": { "f:partition": {}, "f:paused": {} } } } },
      },
    ]);
    expect(owners.map((o) => `${o.field} by ${o.manager}`)).toEqual([
      "partition by kubectl-patch",
      "paused by kubectl-patch",
    ]);
  });

  it("lists several kinds in one list: filtered by kind, sorted by kind, a CloneSet and a namesake of another kind apart", () => {
    const other: WorkloadLens<ViewWorkload> = { ...cloneSetLens, resource: "statefulsets", kind: "StatefulSet" };
    const rows = [workloadRow(cloneSetLens, cloneSet(), NOW), workloadRow(other, cloneSet(), NOW)];
    expect(filterAndSortRows(rows, { kind: "statefulsets" }).map((r) => r.kind)).toEqual(["StatefulSet"]);
    expect(filterAndSortRows(rows, { sort: "kind", desc: true }).map((r) => r.kind)).toEqual([
      "StatefulSet",
      "CloneSet",
    ]);
    expect(filterAndSortRows(rows, {}).map((r) => r.kind)).toEqual(["CloneSet", "StatefulSet"]);
  });
});
