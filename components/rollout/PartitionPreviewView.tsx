import type { PartitionPreview } from "@/lib/kruise/order/preview";
import { plural } from "@/lib/kruise/view/format";

/** What the chosen partition will do, in Kruise's arithmetic and update order. */
export function PartitionPreviewView({ p }: { p: PartitionPreview }) {
  if (p.error) return <div className="callout bad">{p.error}</div>;
  return (
    <div data-testid="partition-preview" aria-live="polite">
      <p>
        <strong data-testid="preview-keep">{plural(p.keepOld, "pod")} stay on the old revision</strong>,{" "}
        <strong data-testid="preview-update">{plural(p.toUpdate, "pod")} on the update revision</strong>{" "}
        (expectedUpdatedReplicas {p.toUpdate}; {p.alreadyUpdated} already there).
      </p>
      {p.willMove.length > 0 ? (
        <>
          <p>
            Will move next, in this order ({plural(p.willMove.length, "pod")}, at most {p.perRound} of the update
            revision unavailable at a time — maxUnavailable {p.maxUnavailable}, maxSurge {p.maxSurge}):
          </p>
          <ol data-testid="preview-pods" className="mono small">
            {p.rounds.map((round, i) => (
              <li key={i} data-testid="preview-round">
                round {i + 1}:{" "}
                {round.map((x) => (
                  <span key={x.name} data-testid="preview-pod" data-name={x.name} style={{ marginRight: 8 }}>
                    {x.name}
                  </span>
                ))}
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
