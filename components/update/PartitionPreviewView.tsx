import type { PartitionPreview, PodPick } from "@/lib/kruise/order/preview";
import { tieGroupText } from "@/lib/kruise/order/preview-text";
import type { PodFate } from "@/lib/kruise/order/rollout-prediction";
import type { FateLists } from "@/lib/kruise/view/fates";
import { plural } from "@/lib/kruise/view/format";
import { verb } from "@/lib/kruise/core/plural";
import { FatesView, fateTag } from "./FatesView";

type FateOf = Record<string, PodFate[]>;

function Tag({ fates }: { fates?: PodFate[] }) {
  const t = fateTag(fates);
  return t ? <span className="muted"> ({t})</span> : null;
}

/**
 * Pods of one pick: named pods move for certain; a tie group says how many Kruise takes from it and
 * lists them all; hook-held pods are set apart. `kind` prefixes the test ids (whole pick vs one round); each named pod
 * carries what happens to it, where the prediction knows, and its node, where the kind is laid out by node.
 */
function Pick({ pick, kind, fateOf = {} }: { pick: PodPick; kind: "preview" | "round"; fateOf?: FateOf }) {
  return (
    <>
      {pick.exact.map((x) => (
        <span
          key={x.name}
          data-testid={`${kind}-pod`}
          data-name={x.name}
          data-node={x.node}
          data-fate={fateOf[x.name]?.join(",")}
          style={{ marginRight: 8 }}
        >
          {x.name}
          {x.node ? <span className="muted"> on {x.node}</span> : null}
          {kind === "round" ? <Tag fates={fateOf[x.name]} /> : null}
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

/** The preview, and where the kind predicts it, what happens to each pod that moves (lib/kruise/view/partition-preview.ts). */
export interface PreviewShown {
  preview: PartitionPreview;
  fates?: FateLists;
  strategyText?: string;
}

/**
 * What the chosen partition will do, in the kind's arithmetic and update order (docs/kruise-rules.md §3.2–§4.1,
 * §13.9, §14.9): what it keeps and updates counted in `unit` (pods, or nodes), then the pods that move and what happens
 * to each: in place, recreated, or deleted rather than updated under maxSurge (§3.8).
 */
export function PartitionPreviewView({
  m,
  unit = "pod",
  targetField,
  value,
  stale = false,
}: {
  m: PreviewShown;
  unit?: "pod" | "node";
  /** the status field the target is written to, where the kind has one (a CloneSet's expectedUpdatedReplicas) */
  targetField?: string;
  /** the partition this preview is for */
  value?: string;
  /** the control already shows another value: this preview is being redone for it (Apply waits) */
  stale?: boolean;
}) {
  const p = m.preview;
  if (p.error)
    return (
      <div className="callout bad" data-testid="preview-error" data-partition={value}>
        {p.error}
      </div>
    );
  const f = m.fates;
  return (
    <div
      data-testid="partition-preview"
      data-partition={value}
      aria-live="polite"
      aria-busy={stale || undefined}
      style={stale ? { opacity: 0.6 } : undefined}
    >
      <p>
        <strong data-testid="preview-keep">
          {plural(p.keepOld, unit)} {verb(p.keepOld, "stays", "stay")} on the old revision
        </strong>
        , <strong data-testid="preview-update">{plural(p.toUpdate, unit)} on the update revision</strong> (
        {targetField ? `${targetField} ${p.toUpdate}; ` : ""}
        {p.alreadyUpdated} already there).
      </p>
      {p.moveCount > 0 ? (
        <>
          <p data-testid="preview-will-move" data-count={p.moveCount} className="mono small">
            Will move next ({plural(p.moveCount, "pod")}): <Pick pick={p.willMove} kind="preview" fateOf={f?.fateOf} />
          </p>
          {f && m.strategyText ? <FatesView f={f} strategyText={m.strategyText} /> : null}
          <p data-testid="preview-budget">
            {f && f.surge > 0
              ? "In rounds:"
              : f
                ? `In rounds, ${f.budgetText} unavailable or being replaced:`
                : `In rounds, at most ${p.perRound} of the update revision unavailable at a time (maxUnavailable ${p.maxUnavailable}, maxSurge ${p.maxSurge}):`}
          </p>
          <ol data-testid="preview-pods" className="mono small">
            {p.rounds.map((round, i) => (
              <li key={i} data-testid="preview-round">
                round {i + 1}: <Pick pick={round} kind="round" fateOf={f?.fateOf} />
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
