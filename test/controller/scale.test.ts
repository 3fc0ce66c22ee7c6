/**
 * Scale out and in: how many pods are created or deleted, at what pace (scaleStrategy.maxUnavailable), which pods
 * go (podsToDelete and the specified-delete label first, then Kruise's scale-in order with pod-deletion-cost and
 * node crowding, ties as groups), and the Events (docs/kruise-rules.md §3.5, §4.2, §4.3, §8.4, §9.2). Each scale-in
 * is predicted with predictScaleIn from the live objects first.
 */
import { describe, expect, it } from "vitest";
import type { CloneSet } from "@/lib/k8s/objects";
import { predictScaleIn } from "@/lib/kruise/order/scale-in";
import { CLONESET, cloneSet } from "./lib/cloneset";
import { sliceBreaks } from "./lib/fates";
import { CONTROLLERS, useController, type ControllerHandle } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, start } from "./lib/scenario";
import { WorkloadClient } from "./lib/workload";

interface ScaleRow {
  name: string;
  replicas: number;
  to: number;
  scaleStrategy?: CloneSet["spec"]["scaleStrategy"];
  /** annotations put on the first pods (by name) before the change */
  annotate?: Record<string, string>[];
  /** how many of the first pods (by name) the change names in podsToDelete */
  podsToDelete?: number;
  /** instead of a patch, the change labels the first pod (by name) apps.kruise.io/specified-delete */
  label?: true;
  created: number;
  deleted: number;
  /** most pods not Ready at once */
  maxUnready?: number;
  /** Events on the CloneSet after the change, counted (its creation's included) */
  events: Record<string, number>;
  /** Events that must have been recorded at least once (their count depends on how often Kruise reconciled) */
  recorded?: string[];
}

const COST = "controller.kubernetes.io/pod-deletion-cost";

const SCALE: ScaleRow[] = [
  {
    name: "scale out 2 → 5 creates 3 pods, one SuccessfulCreate each",
    replicas: 2,
    to: 5,
    created: 3,
    deleted: 0,
    events: { SuccessfulCreate: 5 },
  },
  {
    name: "scaleStrategy.maxUnavailable 1: scale out 2 → 5 one pod at a time, saying ScaleUpLimited",
    replicas: 2,
    to: 5,
    scaleStrategy: { maxUnavailable: 1 },
    created: 3,
    deleted: 0,
    maxUnready: 1,
    events: { SuccessfulCreate: 5 },
    recorded: ["ScaleUpLimited"],
  },
  {
    name: "scale in 6 → 3: the lowest pod-deletion-cost pods go first, then the previewed group",
    replicas: 6,
    to: 3,
    annotate: [{ [COST]: "-5" }, { [COST]: "-1" }, { [COST]: "100" }],
    created: 0,
    deleted: 3,
    events: { SuccessfulCreate: 6, SuccessfulDelete: 3 },
  },
  {
    name: "scale in 5 → 3 with two pods in podsToDelete: exactly those two go",
    replicas: 5,
    to: 3,
    podsToDelete: 2,
    created: 0,
    deleted: 2,
    events: { SuccessfulCreate: 5, SuccessfulDelete: 2 },
  },
  {
    name: "podsToDelete without lowering replicas replaces the pod: one deleted, one created",
    replicas: 3,
    to: 3,
    podsToDelete: 1,
    created: 1,
    deleted: 1,
    events: { SuccessfulCreate: 4, SuccessfulDelete: 1 },
  },
  {
    name: "a pod labelled apps.kruise.io/specified-delete is replaced: one deleted, one created",
    replicas: 3,
    to: 3,
    label: true,
    created: 1,
    deleted: 1,
    events: { SuccessfulCreate: 4, SuccessfulDelete: 1 },
  },
];

const annotate = (h: ControllerHandle, name: string, annotations: Record<string, string>) =>
  patchPodMeta(h, name, { annotations });

describe.each(CONTROLLERS)("scale out and in: the preview holds (%s)", (kind) => {
  const h = useController(kind, { ns: "scale" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);

  it.each(SCALE.map((r, i) => ({ ...r, id: `scale-${i}` })))("$name", async (row) => {
    const initial = await start(cs(), cloneSet(row.id, { replicas: row.replicas, scaleStrategy: row.scaleStrategy }));
    const names = initial.pods.map((p) => p.metadata.name!).sort();
    for (const [i, a] of (row.annotate ?? []).entries()) await annotate(h, names[i], a);
    if (row.annotate) await cs().barrier(row.id);
    const listed = names.slice(0, row.podsToDelete ?? 0);
    const labelled = row.label ? names.slice(0, 1) : [];
    const gone = [...listed, ...labelled];

    // The prediction from the live objects, as they will be once the change is written.
    const object = await cs().get(row.id);
    const planned: CloneSet = {
      ...object,
      spec: { ...object.spec, scaleStrategy: { ...object.spec.scaleStrategy, podsToDelete: listed } },
    };
    const live = (await cs().pods(row.id)).map((p) =>
      labelled.includes(p.metadata.name!)
        ? { ...p, metadata: { ...p.metadata, labels: { ...p.metadata.labels, [SPECIFIED]: "true" } } }
        : p,
    );
    const prediction = predictScaleIn(planned, live, row.to, Date.now());
    expect([prediction.deleteCount, prediction.replacements]).toEqual([
      row.deleted,
      Math.max(row.deleted - Math.max(row.replicas - row.to, 0), 0),
    ]);

    const act = row.label
      ? () => setLabel(h, labelled[0])
      : {
          spec: {
            replicas: row.to,
            ...(listed.length ? { scaleStrategy: { ...row.scaleStrategy, podsToDelete: listed } } : {}),
          },
        };
    const ran = await change(cs(), row.id, act, {
      what: `${row.to} ready pods, none of ${gone.join(", ") || "the named pods"}`,
      test: (o, pods) =>
        CLONESET.settled(o) && pods.length === row.to && !pods.some((p) => gone.includes(p.metadata.name!)),
    });
    const deleted = [...ran.timeline.names("deleted"), ...ran.timeline.names("recreate")];
    expect(deleted).toHaveLength(row.deleted);
    expect(ran.timeline.names("created")).toHaveLength(row.created);
    const expected = { exact: [...prediction.specified, ...prediction.chosen.exact], ties: prediction.chosen.ties };
    expect(sliceBreaks(expected, deleted), h.hint()).toEqual([]);
    if (row.maxUnready !== undefined) expect(ran.timeline.maxUnready).toBeLessThanOrEqual(row.maxUnready);
    await cs().eventsReach(row.id, row.events, row.recorded);
    await cs().remove(row.id);
  });
});

const SPECIFIED = "apps.kruise.io/specified-delete";

const setLabel = (h: ControllerHandle, name: string) => patchPodMeta(h, name, { labels: { [SPECIFIED]: "true" } });
