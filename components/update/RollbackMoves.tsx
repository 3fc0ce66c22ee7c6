import type { RollbackPrediction } from "@/lib/kruise/order/rollback";

/** Which pods a rollback moves, and how; which stay (docs/kruise-rules.md §13.10, §14.10). */
export function RollbackMoves({ p }: { p: RollbackPrediction }) {
  const how = { "in-place": "in place", recreate: "recreated", blocked: "blocked (InPlaceOnly)" } as const;
  return (
    <div data-testid="rollback-prediction" data-revision={p.revision}>
      <p>
        {p.revision} comes back as revision #{p.revisionNumber}.{" "}
        {p.moves.length === 0
          ? "No pod moves."
          : `${p.moves.length} ${p.moves.length === 1 ? "pod moves" : "pods move"}, in this order:`}
      </p>
      {p.moves.length ? (
        <ol className="mono small" data-testid="rollback-moves">
          {p.moves.map((m) => (
            <li key={m.pod} data-testid="rollback-move" data-name={m.pod} data-how={m.how}>
              {m.pod}
              {m.node ? ` on ${m.node}` : ""} — {how[m.how]}
            </li>
          ))}
        </ol>
      ) : null}
      {p.alreadyThere.length ? (
        <p className="small" data-testid="rollback-there">
          Already on it: <span className="mono">{p.alreadyThere.join(", ")}</span>
        </p>
      ) : null}
      {p.kept.length ? (
        <p className="small" data-testid="rollback-kept">
          Kept where they are: <span className="mono">{p.kept.join(", ")}</span>
        </p>
      ) : null}
      {p.notes.map((n) => (
        <div key={n} className="small muted">
          • {n}
        </div>
      ))}
    </div>
  );
}
