// Benchmark (not a test): CPU of one CloneSet reconcile (the pure plan, with the counts the controller keeps) in the
// middle of an in-place rollout of N pods (20% updated, 20% in flight so the budget is spent, the rest old), one pod
// changing between reconciles as a watch event brings. The controller runs one such reconcile per batch of pod
// events, so this cost times the number of reconciles is what a large rollout pays on top of its writes.
// Run: npx tsx bench/reconcile.ts [--pods 5000] [--runs 300]
import { plan } from "../sandbox/controllers/cloneset/plan";
import { StatusTally } from "../sandbox/controllers/cloneset/tally";
import { seededRandom } from "../sandbox/controllers/clock";
import type { CloneSet, ControllerRevision, Pod } from "../lib/k8s/objects";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const N = arg("pods", 5000),
  runs = arg("runs", 300);
const now = Date.parse("2026-01-01T00:00:00Z");
const template = (image: string) => ({
  metadata: { labels: { app: "b" } },
  spec: { containers: [{ name: "w", image }] },
});
let cs: CloneSet = {
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "b", namespace: "ns", uid: "u1", generation: 1 },
  spec: {
    replicas: N,
    selector: { matchLabels: { app: "b" } },
    updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" },
    template: template("a:1"),
  },
  status: { replicas: 0, readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 },
};
const rnd = seededRandom(1);
let n = 0;
const rid = () => `x${(n++).toString(36).padStart(5, "0")}`;
const revs: ControllerRevision[] = [];
let pods: Pod[] = [];
const ready = (p: Pod): Pod => ({
  ...p,
  metadata: {
    ...p.metadata,
    uid: p.metadata.name,
    labels: { ...p.metadata.labels, "lifecycle.apps.kruise.io/state": "Normal" },
  },
  spec: { ...p.spec, nodeName: "n1" },
  status: {
    phase: "Running",
    conditions: [
      { type: "Ready", status: "True" },
      { type: "ContainersReady", status: "True" },
      { type: "InPlaceUpdateReady", status: "True" },
      { type: "KruisePodReady", status: "True" },
    ],
  },
});
const step = (extra = {}) => plan({ cs, pods, revisions: revs, now, randomId: rid, rand: rnd, ...extra });
for (const a of step().actions) if (a.kind === "createRevision") revs.push(a.revision);
for (const a of step().actions) if (a.kind === "createPods") pods.push(...a.pods.map(ready));
cs = { ...cs, spec: { ...cs.spec, template: template("a:2") } } as CloneSet;
for (const a of step().actions) if (a.kind === "createRevision") revs.push(a.revision);
const newRev = revs[1].metadata.name!;
// 20% updated and ready, 20% updating (in flight: the budget is spent), the rest old.
pods = pods.map((p, i) => {
  if (i >= (2 * N) / 5) return p;
  const labels = { ...p.metadata.labels, "controller-revision-hash": newRev };
  const conds =
    i < N / 5
      ? p.status!.conditions
      : [
          { type: "Ready", status: "False" },
          { type: "ContainersReady", status: "False" },
          { type: "InPlaceUpdateReady", status: "True" },
          { type: "KruisePodReady", status: "True" },
        ];
  return { ...p, metadata: { ...p.metadata, labels }, status: { ...p.status, conditions: conds } } as Pod;
});
pods.sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
const tally = new StatusTally();
const entries = () => pods.map((p) => [`ns/${p.metadata.name}`, p] as [string, Pod]);
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const counts = { keptCounts: (rev: string) => tally.counts(cs, rev, entries, byKey) };
step(counts);
const t0 = process.cpuUsage();
let acts = 0;
for (let i = 0; i < runs; i++) {
  // one pod changes between reconciles, as a watch event would bring
  const k = i % pods.length;
  pods[k] = { ...pods[k], metadata: { ...pods[k].metadata, annotations: { t: String(i) } } };
  tally.update(`ns/${pods[k].metadata.name}`, pods[k]);
  acts += step(counts).actions.length;
}
const c = process.cpuUsage(t0);
console.log(
  `${N} pods mid-rollout: ${((c.user + c.system) / 1000 / runs).toFixed(2)} ms CPU per reconcile ` +
    `(${runs} reconciles, ${acts} actions planned)`,
);
