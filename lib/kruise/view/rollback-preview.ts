/**
 * The rollback preview's view model: what rolling the pod template back to a revision does to each pod
 * (predictRollback, lib/kruise/order/change-prediction.ts; docs/kruise-rules.md §6.2, §6.6). The revision comes back
 * under its own name, so only the pods off it move; a partition above 0 keeps its share of them where they are, on
 * the revision being rolled back from. Two choices: every pod (the template and partition 0 in one request, the
 * default) and keep the partition (the template alone), whose preview names the pods it leaves behind and what they
 * run. Under a Kruise Rollout the template goes alone and the Rollout decides the partition (docs/kruise-rollouts.md
 * §8.2).
 */
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { partitionReplicas } from "../core/partition";
import { plural, verb } from "../core/plural";
import { predictRollback } from "../order/change-prediction";
import type { PreviewPod } from "../order/preview";
import type { CloneSet, ControllerRevision, Pod } from "../../k8s/objects";
import { changesText, fateLists, type FateGroupView, type FateLists } from "./fates";
import { LABEL_REVISION_HASH } from "../core/names";

/** A pod the rollback leaves off the target revision, with what it runs. */
export interface StayingPod {
  name: string;
  revision: string;
  images: string[];
}

export interface RollbackOption {
  /** true: partition 0 goes in the same request, so every pod ends on the target */
  everyPod: boolean;
  fates: FateLists;
  /** pods already on the target: Kruise does not touch them */
  untouched: PreviewPod[];
  /** pods left off the target by the partition, named where Kruise decides which */
  stays: StayingPod[];
  /** "2 of these 8 pods stay …": groups where Kruise's order decides which pods the partition keeps */
  staysGroups: FateGroupView[];
  /** how many pods stay off the target (at least / at most) */
  stayCount: { min: number; max: number };
  summary: string;
}

export interface RollbackPreviewModel {
  target: string;
  /** the partition now, as set ("0" when unset) and the pods it keeps */
  partition: { set: string; kept: number };
  everyPod: RollbackOption;
  /** only when the partition keeps pods: the same rollback with the partition left as it is */
  keepPartition?: RollbackOption;
}

const imagesOf = (p: Pod) => (p.spec?.containers ?? []).map((c) => c.image ?? "").filter(Boolean);

function option(
  cs: CloneSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  target: ControllerRevision,
  now: number,
  everyPod: boolean,
): RollbackOption {
  const next = everyPod
    ? { ...cs, spec: { ...cs.spec, updateStrategy: { ...cs.spec.updateStrategy, partition: 0 } } }
    : cs;
  const p = predictRollback(next, pods, revisions, target, now);
  const fates = fateLists(p);
  const off = new Set(p.offTarget.map((x) => x.name));
  const byName = new Map(pods.map((x) => [x.metadata.name ?? "", x]));
  const stays = p.exact
    .filter((e) => e.fate === "kept" && off.has(e.pod.name))
    .map((e) => {
      const pod = byName.get(e.pod.name);
      return {
        name: e.pod.name,
        revision: pod?.metadata.labels?.[LABEL_REVISION_HASH] ?? "",
        images: pod ? imagesOf(pod) : [],
      };
    });
  const staysGroups = fates.groups.filter((g) => g.fates.includes("kept") && g.of.some((x) => off.has(x.name)));
  const groupKept = p.groups.filter((g) => g.counts.kept && g.of.some((x) => off.has(x.name)));
  const stayCount = {
    min: stays.length + groupKept.reduce((n, g) => n + g.counts.kept!.min, 0),
    max: stays.length + groupKept.reduce((n, g) => n + g.counts.kept!.max, 0),
  };
  const base = { everyPod, fates, untouched: p.alreadyOn, stays, staysGroups, stayCount };
  return { ...base, summary: summaryOf(cs, p.target, base) };
}

function summaryOf(cs: CloneSet, target: string, o: Omit<RollbackOption, "summary">): string {
  const partition = String(cs.spec.updateStrategy?.partition ?? 0);
  const head = o.everyPod
    ? `Rolls back every pod: the template to ${target} and the partition ${partition} → 0 in one request`
    : `Rolls back the template to ${target} and keeps partition ${partition}`;
  const changes = `${changesText(o.fates)} ${o.fates.changes.max === 1 ? "changes" : "change"}`;
  const untouched = o.untouched.length
    ? `; ${plural(o.untouched.length, "pod")} already on ${target} ${verb(o.untouched.length, "is", "are")} not touched`
    : "";
  if (o.stayCount.max === 0) return `${head}. ${changes}${untouched}; afterwards every pod runs ${target}.`;
  const n =
    o.stayCount.min === o.stayCount.max ? plural(o.stayCount.max, "pod") : `${o.stayCount.min}–${o.stayCount.max} pods`;
  const where = o.stays.length ? `: ${o.stays.map((s) => `${s.name} (${s.images.join(", ")})`).join(", ")}` : "";
  return `${head}. ${changes}${untouched}; ${n} ${o.stayCount.max === 1 ? "stays" : "stay"} off ${target}, on the revision you are rolling back from${where}.`;
}

/**
 * Both rollback choices for `target`, from the CloneSet's own pods and revisions. The keep-partition choice is
 * offered only when the partition keeps pods (otherwise both are the same request's effect).
 */
export function rollbackPreviewModel(
  cs: CloneSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  target: ControllerRevision,
  now: number,
): RollbackPreviewModel {
  const replicas = cs.spec.replicas ?? 1;
  const set = cs.spec.updateStrategy?.partition;
  const kept = partitionReplicas(set, replicas).value;
  const everyPod = option(cs, pods, revisions, target, now, true);
  const active = pods.filter(isPodActive);
  const offTarget = active.filter((p) => !isPodOnRevision(p, target.metadata.name ?? "")).length;
  return {
    target: target.metadata.name ?? "",
    partition: { set: String(set ?? 0), kept },
    everyPod,
    ...(kept > 0 && offTarget > 0 ? { keepPartition: option(cs, pods, revisions, target, now, false) } : {}),
  };
}
