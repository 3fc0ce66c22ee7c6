import type { FieldDiff } from "@/lib/patch/diff";

const fmt = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** Side-by-side field table of two pod templates (lib/patch diffObjects: keyed lists by name). */
export function TemplateDiff({ rows, left, right }: { rows: FieldDiff[]; left: string; right: string }) {
  if (rows.length === 0) return <p className="muted">The pod templates are identical.</p>;
  return (
    <table data-testid="template-diff">
      <thead>
        <tr>
          <th>FIELD</th>
          <th>{left}</th>
          <th>{right}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.field}>
            <td className="mono small">{d.field}</td>
            <td className="mono small wrap">{fmt(d.before)}</td>
            <td className="mono small wrap">{fmt(d.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
