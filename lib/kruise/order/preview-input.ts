// Parsing what a user types into the partition / maxUnavailable / maxSurge fields, with the
// messages shown before anything is sent (docs/kruise-rules.md §2.3, §3.2, §3.3).
import { legacyScaledValue, scaledValue } from "../core/intorstr";
import { partitionReplicas } from "../core/partition";
import type { IntOrString } from "../../k8s/objects";

export type ParsedInput =
  | { ok: true; value: IntOrString; /** how Kruise reads it, when that is not obvious */ note?: string }
  | { ok: false; error: string };

const INT = /^\d+$/;
const PERCENT = /^(\d+(?:\.\d+)?)%$/;

/** Text → int or "p%" (the webhook's grammar, §2.3), or a message; `what` names the field. */
export function parseIntOrPercentText(text: string, what: string): ParsedInput {
  const t = text.trim();
  if (t === "")
    return { ok: false, error: `${what} is empty: enter a number of pods (e.g. 3) or a percentage (e.g. 25%)` };
  if (/^-\s*\d/.test(t)) return { ok: false, error: `${what} cannot be negative (${t})` };
  if (INT.test(t)) return { ok: true, value: Number(t) };
  const m = PERCENT.exec(t);
  if (m) {
    if (Number(m[1]) > 100) return { ok: false, error: `${what} ${t} is above 100%` };
    return { ok: true, value: `${m[1]}%` };
  }
  return {
    ok: false,
    error: `${what} ${JSON.stringify(t.slice(0, 40))} is neither a whole number of pods nor a percentage like 25%`,
  };
}

/**
 * Partition input checked against `replicas`: negative, over 100 %, not a number are refused. An integer above
 * replicas is accepted, as the webhook accepts it (it refuses only negative values, docs/kruise-rules.md §2.3): Kruise
 * clamps it to replicas, so no pod moves, and a scale-out up to it creates its pods on the current revision (a freeze
 * before a scale-out). A fractional percentage is accepted (the webhook allows it) with how Kruise resolves it:
 * ceil(p × R / 100), plus the v1.2 at-least-one rule. Upstream: kruise pkg/util/tools.go CalculatePartitionReplicas,
 * pkg/webhook/cloneset/validating/validation.go.
 */
export function parsePartitionInput(text: string, replicas: number): ParsedInput {
  const p = parseIntOrPercentText(text, "Partition");
  if (!p.ok) return p;
  if (typeof p.value === "number") {
    if (p.value > replicas)
      return {
        ...p,
        note: `Partition ${p.value} is above replicas (${replicas}): Kruise keeps every pod on its revision, and a scale-out up to ${p.value} replicas creates its pods on the current revision`,
      };
    return p;
  }
  const pct = Number(p.value.slice(0, -1));
  const kept = partitionReplicas(p.value, replicas).value;
  const raw = (pct * replicas) / 100;
  const notes: string[] = [];
  if (!Number.isInteger(pct) || !Number.isInteger(raw)) {
    notes.push(
      `Kruise rounds up: ${p.value} of ${replicas} = ${round(raw)} → ${scaledValue(p.value, replicas, true).value} pods kept on the old revision`,
    );
  }
  if (kept !== scaledValue(p.value, replicas, true).value) {
    notes.push(`the at-least-one rule (Kruise v1.2) keeps ${kept}, so one pod is still updated`);
  }
  return notes.length ? { ...p, note: notes.join("; ") } : p;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * maxUnavailable / maxSurge input. The controller reads them with the legacy integer-percent parser
 * (§3.3): "12.5%" passes the webhook but counts as 0 — said in the note. Empty text means "default".
 * Upstream: apimachinery intstr.GetValueFromIntOrPercent via kruise sync/cloneset_sync_utils.go.
 */
export function parseLimitInput(
  text: string,
  what: "maxUnavailable" | "maxSurge",
  replicas: number,
): ParsedInput | { ok: true; value: null } {
  if (text.trim() === "") return { ok: true, value: null };
  const p = parseIntOrPercentText(text, what);
  if (!p.ok || typeof p.value === "number") return p;
  if (legacyScaledValue(p.value, replicas, true).error) {
    return {
      ...p,
      note: `the CloneSet controller cannot read a fractional percentage here: ${p.value} is accepted by the webhook but counts as 0`,
    };
  }
  return p;
}
