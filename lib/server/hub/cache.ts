import type { K8sObject } from "@/lib/k8s/wire";

/** `namespace/name`, the identity watch events refer to (same as the browser reducer's key). */
export function keyOf(obj: K8sObject): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata.name}` : obj.metadata.name;
}

/**
 * Drops `metadata.managedFields` (often half an object's bytes; the read path never shows it) so the
 * cache and every snapshot stay small. The object is the parsed JSON we own, so trim in place.
 */
export function trim(obj: K8sObject): K8sObject {
  if (obj.metadata && "managedFields" in obj.metadata) delete obj.metadata.managedFields;
  return obj;
}

/** The objects of one scope plus a version counter that invalidates the memoised snapshot. */
export class ObjectCache {
  private objects = new Map<string, K8sObject>();
  version = 0;

  get size(): number {
    return this.objects.size;
  }
  replace(items: K8sObject[]): void {
    this.objects = new Map(items.map((o) => [keyOf(o), trim(o)]));
    this.version++;
  }
  upsert(obj: K8sObject): void {
    this.objects.set(keyOf(obj), trim(obj));
    this.version++;
  }
  remove(obj: K8sObject): void {
    this.objects.delete(keyOf(obj));
    this.version++;
  }
  items(): K8sObject[] {
    return Array.from(this.objects.values());
  }
  clear(): void {
    this.objects = new Map();
    this.version++;
  }
}
