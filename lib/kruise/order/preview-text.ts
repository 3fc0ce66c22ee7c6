// Words for the preview's tie groups and hook-held pods (kept beside the preview so tests read them).
import type { TieGroup } from "./ties";

const pods = (n: number) => `${n} pod${n === 1 ? "" : "s"}`;

export const TIE_REASON = "they tie on every key Kruise sorts by; Kruise picks among them";

/** "3 of these 7 pods (they tie …)"; "2 more of these 7 pods (…)" when earlier rounds took some. */
export function tieGroupText(g: TieGroup<unknown>): string {
  const n = g.of.length;
  return `${g.count}${g.earlier ? " more" : ""} of these ${pods(n)} (${TIE_REASON})`;
}

/** One line for a whole pick, e.g. "web-04, web-08 and 1 of these 7 pods (…): web-00, …". */
export function pickText(p: {
  exact: { name: string }[];
  ties: TieGroup<{ name: string }>[];
  held: { name: string }[];
}): string {
  const parts = [
    ...(p.exact.length ? [p.exact.map((x) => x.name).join(", ")] : []),
    ...p.ties.map((g) => `${tieGroupText(g)}: ${g.of.map((x) => x.name).join(", ")}`),
  ];
  const held = p.held.length
    ? `${parts.length ? "; " : ""}${pods(p.held.length)} held by the in-place-update hook: ${p.held.map((x) => x.name).join(", ")}`
    : "";
  return parts.join(" and ") + held;
}
