"use client";
import type { ConflictChoice, WireConflict } from "@/lib/client/editor";

const SIDES: { key: ConflictChoice; label: string }[] = [
  { key: "base", label: "base (when you opened it)" },
  { key: "mine", label: "mine (your edit)" },
  { key: "theirs", label: "theirs (on the cluster now)" },
];

const show = (c: WireConflict, k: ConflictChoice) => (k in c ? JSON.stringify(c[k]) : "(absent)");

/** Per conflicting field: base / mine / theirs and a choice each. The request is computed again once all are chosen. */
export function ConflictView({
  conflicts,
  choices,
  choose,
  busy,
  onReview,
}: {
  conflicts: WireConflict[];
  choices: Record<string, ConflictChoice>;
  choose(field: string, c: ConflictChoice): void;
  busy: boolean;
  onReview(): void;
}) {
  const allChosen = conflicts.every((c) => choices[c.field]);
  return (
    <section className="panel" data-testid="conflicts">
      <h2>Conflicts: changed by you and on the cluster</h2>
      <p className="small">
        Nothing has been written. Pick the value to keep for each field, then review the request again.
      </p>
      <table>
        <thead>
          <tr>
            <th>FIELD</th>
            {SIDES.map((s) => (
              <th key={s.key}>{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {conflicts.map((c) => (
            <tr key={c.field} data-testid="conflict-row" data-field={c.field}>
              <td className="mono">{c.field}</td>
              {SIDES.map((s) => (
                <td key={s.key}>
                  <label className="mono">
                    <input
                      type="radio"
                      name={`choice-${c.field}`}
                      checked={choices[c.field] === s.key}
                      onChange={() => choose(c.field, s.key)}
                      data-testid={`choose-${s.key}`}
                    />{" "}
                    <span data-testid={`value-${s.key}`}>{show(c, s.key)}</span>
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" disabled={!allChosen || busy} onClick={onReview} data-testid="review-choices">
          Review request with these choices
        </button>
      </p>
    </section>
  );
}
