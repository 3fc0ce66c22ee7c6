import type { K8sObject } from "@/lib/k8s/wire";
import type { KindHome } from "@/lib/kinds";
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

  constructor(private home: KindHome) {}

  get size(): number {
    return this.objects.size;
  }
  replace(items: K8sObject[]): void {
    this.objects = new Map(items.map((o) => [keyOf(o), trim(this.home, o)]));
    this.version++;
  }
  /** Stores the trimmed object and returns it: the change frame carries the same trimmed form. */
  upsert(obj: K8sObject): K8sObject {
    const kept = trim(this.home, obj);
    this.objects.set(keyOf(obj), kept);
    this.version++;
    return kept;
  }
  /** Forgets the object; returns its trimmed last state, which the DELETED frame carries. */
  remove(obj: K8sObject): K8sObject {
    this.objects.delete(keyOf(obj));
    this.version++;
    return trim(this.home, obj);
  }
  items(): K8sObject[] {
    return Array.from(this.objects.values());
  }
  clear(): void {
    this.objects = new Map();
    this.version++;
  }
}
