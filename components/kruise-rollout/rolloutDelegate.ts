// The Kruise Rollout's actions on a workload's action bar (components/actions/WorkloadActionBar.tsx), for any kind
// a Rollout may drive: sent through the Rollout's action write, guarded by the Rollout as the page showed it.
import type { Rollout } from "@/lib/k8s/objects";
import { kruiseRolloutBase } from "@/lib/kruise/kruise-rollout/base";
import type { RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import type { BarAction } from "@/lib/kruise/view/actions";
import type { RollbackOwner } from "@/components/update/RollbackChoice";
import type { BarDelegate } from "@/components/actions/WorkloadActionBar";

const ROLLOUT_ACTION: Partial<Record<BarAction["id"], string>> = {
  approve: "approve",
  jump: "jump",
  "rollout-pause": "pause",
  "rollout-resume": "resume",
  disable: "disable",
};

/** `workload` is the name of the CloneSet or Advanced StatefulSet (`kind`) the Rollout drives. */
export function rolloutDelegate(
  workload: string,
  rollout: Rollout,
  rollbackOwner?: (revision: string) => RollbackOwner,
  kind: RolloutWorkloadKind = "CloneSet",
): BarDelegate {
  return {
    target: (a) =>
      ROLLOUT_ACTION[a.id]
        ? {
            resource: "rollouts",
            name: rollout.metadata.name,
            write: "action",
            need: a.id === "approve" || a.id === "jump" ? { verb: "patch", subresource: "status" } : { verb: "patch" },
          }
        : null,
    snapshot: () => rollout,
    request: (a, shown) => {
      const verb = ROLLOUT_ACTION[a.id];
      if (!verb) return null;
      const r = shown as Rollout;
      const body = {
        action: verb,
        cloneSet: workload,
        ...(kind === "CloneSet" ? {} : { kind }),
        base: kruiseRolloutBase(r),
        ...(a.to ? { to: a.to } : {}),
      };
      return { resource: "rollouts", name: r.metadata.name, write: "action", body };
    },
    rollbackOwner,
  };
}
