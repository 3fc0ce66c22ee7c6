// Template equality as the Rollout's workload webhook compares it (docs/kruise-rollouts.md §9).
import type { PodTemplateSpec } from "../../k8s/objects";
import { LABEL_POD_TEMPLATE_HASH } from "../core/names";

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

function withoutHash(t: PodTemplateSpec | undefined): unknown {
  if (!t) return {};
  const labels = { ...(t.metadata?.labels ?? {}) };
  delete labels[LABEL_POD_TEMPLATE_HASH];
  return { ...t, metadata: { ...(t.metadata ?? {}), labels } };
}

/**
 * Equal pod templates once the `pod-template-hash` label is dropped from both. Upstream: openkruise/rollouts
 * pkg/util/controller_finder.go `EqualIgnoreHash`.
 */
export function isEqualIgnoringHash(a: PodTemplateSpec | undefined, b: PodTemplateSpec | undefined): boolean {
  return same(withoutHash(a), withoutHash(b));
}
