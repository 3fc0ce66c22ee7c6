/**
 * Kruise's int-or-percent parser for partition / maxUnavailable / maxSurge
 * (kruise pkg/util/intstr: integer, or "<number>%" with a fractional percent allowed; a bare numeric
 * string such as "5" is rejected since v1.9). Errors are worded like apimachinery's intstr helpers.
 */

export type IntOrString = number | string;

/** The scaled value, rounding percentages up or down; throws Error with the Go message on bad input. */
export function scaledValueFromIntOrPercent(v: IntOrString | undefined | null, total: number, roundUp: boolean): number {
  if (v === undefined || v === null) throw new Error("nil value for IntOrString");
  if (typeof v === "number") return v;
  if (!v.endsWith("%")) throw new Error("invalid value for IntOrString: invalid type: string is not a percentage");
  const num = v.slice(0, -1);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(num)) {
    throw new Error(`invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.ParseFloat: parsing ${JSON.stringify(num)}: invalid syntax`);
  }
  const scaled = (Number(num) * total) / 100;
  return roundUp ? Math.ceil(scaled) : Math.floor(scaled);
}

/** The string form IntOrString.String() gives (used as the bad value in webhook errors). */
export function intOrStringText(v: IntOrString | undefined | null): string {
  if (v === undefined || v === null) return "<nil>";
  return String(v);
}
