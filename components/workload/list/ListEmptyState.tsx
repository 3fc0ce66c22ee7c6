import type { ListEmpty } from "@/lib/kruise/view/list-empty";

const SAMPLE = `kubectl apply -f - <<'YAML'
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: sample, namespace: default }
spec:
  replicas: 3
  selector: { matchLabels: { app: sample } }
  template:
    metadata: { labels: { app: sample } }
    spec: { containers: [{ name: web, image: "nginx:1.25" }] }
YAML`;

/** The list's designed empty states: each says what is missing and what to do about it. */
export function ListEmptyState({
  empty,
  cluster,
  what = "CloneSets",
  onClear,
}: {
  empty: ListEmpty;
  cluster: string;
  /** what the list lists, plural: "CloneSets", "Advanced StatefulSets", "Workloads" */
  what?: string;
  onClear: () => void;
}) {
  const noun = what === "Workloads" ? "workloads" : what;
  const one = noun.replace(/s$/, "");
  const create = one === "workload" ? "a CloneSet" : `${/^[AEIOU]/.test(one) ? "an" : "a"} ${one}`;
  switch (empty.kind) {
    case "no-crd":
      return (
        <div className="empty-state" data-testid="empty" data-empty="no-crd">
          <h2>OpenKruise is not installed on {cluster}</h2>
          <p>
            The API server does not serve <code>clonesets.apps.kruise.io</code>: the CloneSet CRD is missing. Install
            OpenKruise (its Helm chart <code>openkruise/kruise</code> brings the CRDs and the controller), then reload
            this page.
          </p>
          <pre className="yaml">
            {"helm repo add openkruise https://openkruise.github.io/charts/\nhelm install kruise openkruise/kruise"}
          </pre>
        </div>
      );
    case "empty-cluster":
      return (
        <div className="empty-state" data-testid="empty" data-empty="empty-cluster">
          <h2>
            No {noun} on {cluster} yet
          </h2>
          <p>OpenKruise is installed and nothing uses it yet. Create {create}; it appears here as soon as it exists.</p>
          {one === "workload" || one === "CloneSet" ? <pre className="yaml">{SAMPLE}</pre> : null}
        </div>
      );
    case "empty-namespace":
      return (
        <div className="empty-state" data-testid="empty" data-empty="empty-namespace">
          <h2>
            No {noun} in namespace <span className="mono">{empty.namespace}</span>
          </h2>
          <p>Other namespaces have some. Pick another namespace, or create one here with kubectl.</p>
          <button type="button" onClick={onClear}>
            Show all namespaces
          </button>
        </div>
      );
    default:
      return (
        <div className="empty-state" data-testid="empty" data-empty="no-match">
          <h2>No {one} matches these filters</h2>
          <button type="button" onClick={onClear}>
            Clear filters
          </button>
        </div>
      );
  }
}
