import type { PreviewPod } from "@/lib/kruise/order/preview";
import type { PodFate } from "@/lib/kruise/order/rollout-prediction";
import { FATE_WORDS, type FateLists } from "@/lib/kruise/view/fates";
import { plural } from "@/lib/kruise/view/format";

const names = (pods: PreviewPod[]) => pods.map((p) => p.name);

function FateLine({ fate, pods, label }: { fate: PodFate; pods: PreviewPod[]; label: string }) {
  if (pods.length === 0) return null;
  return (
    <li data-testid={`fate-${fate}`} data-pods={names(pods).join(",")}>
      <strong style={{ display: "inline" }}>
        {label} ({pods.length}):
      </strong>{" "}
      <span className="mono small">{names(pods).join(", ")}</span>
    </li>
  );
}

/** Short words for one pod's possible fates, as a round's tag: "deleted", "in place or deleted". */
export function fateTag(fates: PodFate[] | undefined): string {
  if (!fates?.length) return "";
  const short: Record<PodFate, string> = {
    kept: "stays",
    "in-place": "in place",
    recreate: "recreated",
    deleted: "deleted",
  };
  return fates.map((f) => short[f]).join(" or ");
}

/**
 * What a rollout prediction does to each pod (lib/kruise/view/fates.ts): the surge pods created first, the pods
 * updated in place, recreated, or deleted rather than updated, named where Kruise decides it and as groups where its
 * order or the pods' readiness leaves it open (docs/kruise-rules.md §3.8). `testId` names the block.
 */
export function FatesView({
  f,
  strategyText,
  testId = "preview-fates",
}: {
  f: FateLists;
  strategyText?: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      {strategyText ? <p className="small muted">{strategyText}.</p> : null}
      {f.error ? (
        <div className="callout bad" data-testid="fate-error">
          <strong>Kruise will stop here: nothing moves</strong>
          {f.error}
        </div>
      ) : null}
      {f.surge > 0 ? (
        <p data-testid="preview-surge" data-count={f.surge}>
          First <strong style={{ display: "inline" }}>{plural(f.surge, "surge pod")}</strong>{" "}
          {f.surge === 1 ? "is" : "are"} created at the update revision (maxSurge {f.maxSurge}); then {f.budgetText}.
        </p>
      ) : null}
      <ul style={{ margin: "4px 0", paddingLeft: 18 }}>
        <FateLine fate="in-place" pods={f.inPlace} label="Updated in place (same pod, containers restarted)" />
        <FateLine fate="recreate" pods={f.recreated} label="Recreated (deleted, then created anew)" />
        <FateLine
          fate="deleted"
          pods={f.deleted}
          label={`Deleted rather than updated (the surge pods take their place)`}
        />
        {f.groups.map((g) => (
          <li
            key={names(g.of).join(",")}
            data-testid="fate-group"
            data-of={names(g.of).join(",")}
            data-fates={g.fates.join(",")}
            data-counts={JSON.stringify(g.counts)}
          >
            <strong style={{ display: "inline" }}>Of these {plural(g.of.length, "pod")}:</strong> {g.text}{" "}
            <span className="muted small">
              (Kruise&apos;s order, or when the new pods become Ready, decides which):
            </span>{" "}
            <span className="mono small">{names(g.of).join(", ")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export { FATE_WORDS };
