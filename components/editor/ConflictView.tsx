"use client";
import type { ConflictChoice, WireConflict } from "@/lib/client/editor";

const SIDES: { key: ConflictChoice; label: string }[] = [
  { key: "base", label: "base (when you opened it)" },
  { key: "mine", label: "mine (your edit)" },
  { key: "theirs", label: "theirs (on the cluster now)" },
];

const shown = (conflict: WireConflict, side: ConflictChoice) =>
  side in conflict ? JSON.stringify(conflict[side]) : "(absent)";

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
  choose(field: string, choice: ConflictChoice): void;
  busy: boolean;
  onReview(): void;
}) {
  const allChosen = conflicts.every((conflict) => choices[conflict.field]);
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
            {SIDES.map((side) => (
              <th key={side.key}>{side.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {conflicts.map((conflict) => (
            <tr key={conflict.field} data-testid="conflict-row" data-field={conflict.field}>
              <td className="mono">{conflict.field}</td>
              {SIDES.map((side) => (
                <td key={side.key}>
                  <label className="mono">
                    <input
                      type="radio"
                      name={`choice-${conflict.field}`}
                      checked={choices[conflict.field] === side.key}
                      onChange={() => choose(conflict.field, side.key)}
                      data-testid={`choose-${side.key}`}
                    />{" "}
                    <span data-testid={`value-${side.key}`}>{shown(conflict, side.key)}</span>
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
