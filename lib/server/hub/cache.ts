import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { trim } from "./trim";

/** `namespace/name`, the identity watch events refer to (same as the browser reducer's key). */
export function keyOf(obj: K8sObject): string {
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${obj.metadata.name}` : obj.metadata.name;
}

/** The objects of one scope plus a version counter that invalidates the memoised snapshot. */
export class ObjectCache {
  private objects = new Map<string, K8sObject>();
  version = 0;

  constructor(private resource: ResourceName) {}

  get size(): number {
    return this.objects.size;
  }
  replace(items: K8sObject[]): void {
    this.objects = new Map(items.map((o) => [keyOf(o), trim(this.resource, o)]));
    this.version++;
  }
  upsert(obj: K8sObject): void {
    this.objects.set(keyOf(obj), trim(this.resource, obj));
    this.version++;
  }
  remove(obj: K8sObject): void {
    trim(this.resource, obj); // the DELETED frame carries it
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
