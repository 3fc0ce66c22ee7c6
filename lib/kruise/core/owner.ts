// Which objects a workload owns: the one ownership rule every layer uses (docs/kruise-rules.md §8.5).

/** The part of an owner reference the rule reads. */
export interface OwnerRef {
  uid?: string;
  controller?: boolean;
}
export interface Owned {
  metadata?: { ownerReferences?: readonly OwnerRef[] | null } | null;
}

/**
 * The object's controller reference: its first owner reference with `controller: true`, as apimachinery's
 * `metav1.GetControllerOf` picks it (kubernetes staging/src/k8s.io/apimachinery/pkg/apis/meta/v1/controller_ref.go).
 * A reference without `controller`, or with `controller: false`, names an owner but not the controller.
 */
export function controllerRefOf(o: Owned): OwnerRef | undefined {
  return (o.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
}

/**
 * Whether `o` is controlled by the object whose UID is `ownerUid`: its controller reference carries that UID. This is
 * how Kruise claims pods and revisions (openkruise/kruise pkg/util/refmanager/ref_manager.go `claimObject`, the
 * same rule as kubernetes pkg/controller/controller_ref_manager.go `ClaimObject`): a name or kind match is not
 * ownership, a same-named owner recreated with a new UID owns nothing of the old one's.
 */
export function isControlledBy(o: Owned, ownerUid: string | undefined | null): boolean {
  if (!ownerUid) return false;
  return controllerRefOf(o)?.uid === ownerUid;
}

/** The objects in `items` that `ownerUid` controls (isControlledBy), in list order. */
export function controlledBy<T extends Owned>(items: readonly T[], ownerUid: string | undefined | null): T[] {
  if (!ownerUid) return [];
  return items.filter((o) => isControlledBy(o, ownerUid));
}

/** What `controlledBy` selects, for every controller at once: objects by controller UID, in list order, in one pass. */
export function byController<T extends Owned>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const o of items) {
    const uid = controllerRefOf(o)?.uid;
    if (!uid) continue;
    const list = out.get(uid);
    if (list) list.push(o);
    else out.set(uid, [o]);
  }
  return out;
}
