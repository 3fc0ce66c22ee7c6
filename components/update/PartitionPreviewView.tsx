import type { PartitionPreview, PodPick } from "@/lib/kruise/order/preview";
import { tieGroupText } from "@/lib/kruise/order/preview-text";
import { plural } from "@/lib/kruise/view/format";

/**
 * Pods of one pick: named pods move for certain; a tie group says how many Kruise takes from it and
 * lists them all; hook-held pods are set apart. `kind` prefixes the test ids (whole pick vs one round).
 */
function Pick({ pick, kind }: { pick: PodPick; kind: "preview" | "round" }) {
  return (
    <>
      {pick.exact.map((x) => (
        <span key={x.name} data-testid={`${kind}-pod`} data-name={x.name} data-node={x.node} style={{ marginRight: 8 }}>
          {x.name}
          {x.node ? <span className="muted"> on {x.node}</span> : null}
        </span>
      ))}
      {pick.ties.map((g) => (
        <span
          key={g.of.map((x) => x.name).join(",")}
          data-testid={`${kind}-tie`}
          data-count={g.count}
          data-of={g.of.map((x) => x.name).join(",")}
          style={{ marginRight: 8 }}
        >
          {tieGroupText(g)}: {g.of.map((x) => (x.node ? `${x.name} (${x.node})` : x.name)).join(", ")}
        </span>
      ))}
      {pick.held.length > 0 ? (
        <span data-testid={`${kind}-held`} data-of={pick.held.map((x) => x.name).join(",")}>
          held by the in-place-update hook: {pick.held.map((x) => x.name).join(", ")}
        </span>
      ) : null}
    </>
  );
}

/**
 * What the chosen partition will do, in the kind's arithmetic and update order (docs/kruise-rules.md §3.2–§4.1,
 * §13.9, §14.9): what it keeps and updates counted in `unit` (pods, or nodes), then the pods that move.
 */
export function PartitionPreviewView({
  p,
  unit = "pod",
  targetField,
}: {
  p: PartitionPreview;
  unit?: "pod" | "node";
  /** the status field the target is written to, where the kind has one (a CloneSet's expectedUpdatedReplicas) */
  targetField?: string;
}) {
  if (p.error)
    return (
      <div className="callout bad" data-testid="preview-error">
        {p.error}
      </div>
    );
  const keep = p.keepOld === 1 ? "stays" : "stay";
  return (
    <div data-testid="partition-preview" aria-live="polite">
      <p>
        <strong data-testid="preview-keep">
          {plural(p.keepOld, unit)} {keep} on the old revision
        </strong>
        , <strong data-testid="preview-update">{plural(p.toUpdate, unit)} on the update revision</strong> (
        {targetField ? `${targetField} ${p.toUpdate}; ` : ""}
        {p.alreadyUpdated} already there).
      </p>
      {p.moveCount > 0 ? (
        <>
          <p data-testid="preview-will-move" data-count={p.moveCount} className="mono small">
            Will move next ({plural(p.moveCount, "pod")}): <Pick pick={p.willMove} kind="preview" />
          </p>
          <p>
            In rounds, at most {p.perRound} of the update revision unavailable at a time (maxUnavailable{" "}
            {p.maxUnavailable}, maxSurge {p.maxSurge}):
          </p>
          <ol data-testid="preview-pods" className="mono small">
            {p.rounds.map((round, i) => (
              <li key={i} data-testid="preview-round">
                round {i + 1}: <Pick pick={round} kind="round" />
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="muted" data-testid="preview-none">
          No pod moves with this partition.
        </p>
      )}
      {p.notes.map((n) => (
        <div key={n} className="small muted">
          • {n}
        </div>
      ))}
    </div>
  );
}
