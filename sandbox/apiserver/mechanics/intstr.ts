/**
 * Kruise's int-or-percent parser as the validating webhook uses it for partition / maxUnavailable /
 * maxSurge: the one in lib/kruise/intorstr.ts (integer, or "<number>%" with a fractional percent
 * allowed; a bare numeric string is rejected since v1.9), with errors thrown as the webhook reports them.
 */
import { scaledValue } from "@/lib/kruise/core/intorstr";
import type { IntOrString } from "@/lib/k8s/objects";

export type { IntOrString };

/** The scaled value, rounding percentages up or down; throws Error with the Go message on bad input. */
export function scaledValueFromIntOrPercent(
  v: IntOrString | undefined | null,
  total: number,
  roundUp: boolean,
): number {
  const r = scaledValue(v, total, roundUp);
  if (r.error) throw new Error(r.error);
  return r.value;
}

/** The string form IntOrString.String() gives (used as the bad value in webhook errors). */
export function intOrStringText(v: IntOrString | undefined | null): string {
  if (v === undefined || v === null) return "<nil>";
  return String(v);
}
