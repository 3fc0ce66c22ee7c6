/**
 * Which empty state the list shows when it has no row: each says what to do next.
 */
export type ListEmpty =
  | { kind: "no-crd" }
  | { kind: "empty-cluster" }
  | { kind: "empty-namespace"; namespace: string }
  | { kind: "no-match" };

export interface ListEmptyInputs {
  /** The CloneSet list's error, if the stream reported one. */
  error?: { code?: number } | undefined;
  /** CloneSets in the cluster (before filters). */
  all: number;
  /** CloneSets the filters leave. */
  shown: number;
  namespace: string;
  nameFilter: string;
}

/**
 * null when there are rows. A 404 for the CloneSet resource means the API server does not serve
 * apps.kruise.io/v1alpha1 clonesets at all: the CRD (OpenKruise) is not installed.
 */
export function listEmptyState(i: ListEmptyInputs): ListEmpty | null {
  if (i.error?.code === 404) return { kind: "no-crd" };
  if (i.shown > 0) return null;
  if (i.all === 0) return { kind: "empty-cluster" };
  if (i.namespace && !i.nameFilter.trim()) return { kind: "empty-namespace", namespace: i.namespace };
  return { kind: "no-match" };
}
