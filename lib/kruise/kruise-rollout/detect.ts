// Is a workload (a CloneSet or an Advanced StatefulSet) under a Kruise Rollout, and which one
// (docs/kruise-rollouts.md §3, §9, §15).
import type { CloneSet, Rollout, StatefulSet } from "../../k8s/objects";
import { ANNOTATION_CONTROL_INFO, ANNOTATION_IN_PROGRESSING } from "./names";

export type RolloutLink =
  /** A Rollout in the namespace names the CloneSet; `rollout` is that object. */
  | { how: "workloadRef"; name: string; rollout: Rollout; releasing: boolean }
  /** Only the CloneSet's annotations say so (the Rollout is not visible, deleted, or disabled mid-finalising). */
  | { how: "annotation"; name: string; rollout?: Rollout; releasing: true };

const GROUP = "apps.kruise.io";

/** The workload kinds a Rollout may drive that the console shows: both in group apps.kruise.io. */
export type RolloutWorkloadKind = "CloneSet" | "StatefulSet";
export type RolloutWorkload = CloneSet | StatefulSet;

function groupOf(apiVersion: string | undefined): string {
  const slash = (apiVersion ?? "").indexOf("/");
  return slash < 0 ? "" : (apiVersion ?? "").slice(0, slash);
}

/**
 * Whether the Rollout's workloadRef names this workload: same namespace (workloadRef has none), group
 * apps.kruise.io in any version, the workload's kind (CloneSet unless said). Upstream: openkruise/rollouts
 * pkg/util/controller_finder.go `verifyGroupKind`; pkg/webhook/workload/mutating/workload_update_handler.go and
 * unified_update_handler.go `fetchMatchedRollout`.
 */
export function refersTo(r: Rollout, cs: Pick<CloneSet, "metadata">, kind: RolloutWorkloadKind = "CloneSet"): boolean {
  const ref = r.spec?.workloadRef;
  return (
    !!ref &&
    r.metadata.namespace === cs.metadata.namespace &&
    ref.kind === kind &&
    groupOf(ref.apiVersion) === GROUP &&
    ref.name === cs.metadata.name
  );
}

/** A Rollout that no longer acts on new releases: `spec.disabled`, or the phase already Disabled. */
export function isDisabled(r: Rollout): boolean {
  return r.spec?.disabled === true || r.status?.phase === "Disabled";
}

function parseJson(s: string | undefined): Record<string, unknown> | undefined {
  if (!s) return undefined;
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Rollout name the CloneSet's own annotations carry: `rollouts.kruise.io/in-progressing`
 * (`{"rolloutName":…}`, written by the workload webhook) or `batchrelease.rollouts.kruise.io/control-info`
 * (the BatchRelease's owner reference; the BatchRelease is named after its Rollout). Upstream:
 * openkruise/rollouts pkg/util/constant.go, batchrelease/control/util.go `BuildReleaseControlInfo`.
 */
export function annotatedRolloutName(cs: Pick<CloneSet, "metadata">): string | undefined {
  const a = cs.metadata.annotations ?? {};
  const inProgress = parseJson(a[ANNOTATION_IN_PROGRESSING])?.rolloutName;
  if (typeof inProgress === "string" && inProgress) return inProgress;
  if (a[ANNOTATION_IN_PROGRESSING] !== undefined) return "";
  const control = parseJson(a[ANNOTATION_CONTROL_INFO]);
  if (control?.kind === "BatchRelease" && typeof control.name === "string") return control.name;
  return a[ANNOTATION_CONTROL_INFO] !== undefined ? "" : undefined;
}

/**
 * The Rollout a workload is under, or null: a Rollout in its namespace that names it (and its kind) in
 * workloadRef and is not disabled, or the Rollout's annotations on the workload (a release in flight, whatever
 * the Rollout says). A release in flight always wins: while the annotations are there the Rollout system owns
 * the partition.
 */
export function rolloutOf(
  cs: RolloutWorkload,
  rollouts: readonly Rollout[],
  kind: RolloutWorkloadKind = "CloneSet",
): RolloutLink | null {
  const annotated = annotatedRolloutName(cs);
  const releasing = annotated !== undefined;
  const names = (r: Rollout) => refersTo(r, cs, kind);
  const named = rollouts.filter((r) => names(r) && !r.metadata.deletionTimestamp);
  const byAnnotation = annotated ? rollouts.find((r) => r.metadata.name === annotated && names(r)) : undefined;
  if (byAnnotation) return { how: "workloadRef", name: byAnnotation.metadata.name, rollout: byAnnotation, releasing };
  const active = named.find((r) => !isDisabled(r));
  if (active) return { how: "workloadRef", name: active.metadata.name, rollout: active, releasing };
  if (releasing) {
    const seen = named[0] ?? rollouts.find(names);
    return { how: "annotation", name: annotated || seen?.metadata.name || "", rollout: seen, releasing: true };
  }
  return null;
}
