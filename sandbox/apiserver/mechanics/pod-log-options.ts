// PodLogOptions (core/v1) as kube-apiserver and the kubelet read them from a query string, and their validation.
import type { FieldError } from "../status";

export interface PodLogOptions {
  container?: string;
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  sinceSeconds?: number;
  /** ms since the epoch */
  sinceTime?: number;
  tailLines?: number;
  limitBytes?: number;
}

/** A query value the parameter codec cannot convert: its error text is what the server answers (400). */
export class DecodeError extends Error {}

/**
 * apimachinery pkg/runtime/conversion.go Convert_Slice_string_To_bool: only "0" and "false" (any case) are false, any
 * other value given is true.
 */
function bool(q: URLSearchParams, key: string): boolean {
  const v = q.get(key);
  return v !== null && v !== "0" && v.toLowerCase() !== "false";
}

const INT64_MAX = 2n ** 63n - 1n;

/** strconv.ParseInt(v, 10, 64), with Go's error text. */
function int64(q: URLSearchParams, key: string): number | undefined {
  const v = q.get(key);
  if (v === null) return undefined;
  if (!/^[+-]?\d+$/.test(v)) throw new DecodeError(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  const n = BigInt(v);
  if (n > INT64_MAX || n < -INT64_MAX - 1n)
    throw new DecodeError(`strconv.ParseInt: parsing ${JSON.stringify(v)}: value out of range`);
  return Number(n);
}

/** The query as PodLogOptions (`kubectl logs` sends these); a value that does not convert throws DecodeError. */
export function decodePodLogOptions(q: URLSearchParams): PodLogOptions {
  const since = q.get("sinceTime");
  let sinceTime: number | undefined;
  if (since !== null) {
    sinceTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(since)
      ? Date.parse(since)
      : NaN;
    if (!Number.isFinite(sinceTime))
      throw new DecodeError(`parsing time ${JSON.stringify(since)} as "2006-01-02T15:04:05Z07:00": cannot parse`);
  }
  const o: PodLogOptions = {
    follow: bool(q, "follow"),
    previous: bool(q, "previous"),
    timestamps: bool(q, "timestamps"),
  };
  const container = q.get("container");
  if (container) o.container = container;
  const sinceSeconds = int64(q, "sinceSeconds");
  if (sinceSeconds !== undefined) o.sinceSeconds = sinceSeconds;
  if (sinceTime !== undefined) o.sinceTime = sinceTime;
  const tailLines = int64(q, "tailLines");
  if (tailLines !== undefined) o.tailLines = tailLines;
  const limitBytes = int64(q, "limitBytes");
  if (limitBytes !== undefined) o.limitBytes = limitBytes;
  return o;
}

/** kubernetes pkg/apis/core/validation/validation.go ValidatePodLogOptions. */
export function validatePodLogOptions(o: PodLogOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (o.tailLines !== undefined && o.tailLines < 0)
    errs.push({
      type: "FieldValueInvalid",
      field: "tailLines",
      value: o.tailLines,
      detail: "must be greater than or equal to 0",
    });
  if (o.limitBytes !== undefined && o.limitBytes < 1)
    errs.push({
      type: "FieldValueInvalid",
      field: "limitBytes",
      value: o.limitBytes,
      detail: "must be greater than 0",
    });
  if (o.sinceSeconds !== undefined && o.sinceTime !== undefined)
    errs.push({
      type: "FieldValueForbidden",
      field: "",
      detail: "at most one of `sinceTime` or `sinceSeconds` may be specified",
    });
  else if (o.sinceSeconds !== undefined && o.sinceSeconds < 1)
    errs.push({
      type: "FieldValueInvalid",
      field: "sinceSeconds",
      value: o.sinceSeconds,
      detail: "must be greater than 0",
    });
  return errs;
}

/**
 * The kubelet's query for one log request (kubernetes pkg/registry/core/pod/strategy.go LogLocation): only what is
 * set, in url.Values.Encode's key order.
 */
export function kubeletQuery(o: PodLogOptions): string {
  const p: [string, string][] = [];
  if (o.follow) p.push(["follow", "true"]);
  if (o.limitBytes !== undefined) p.push(["limitBytes", String(o.limitBytes)]);
  if (o.previous) p.push(["previous", "true"]);
  if (o.sinceSeconds !== undefined) p.push(["sinceSeconds", String(o.sinceSeconds)]);
  if (o.sinceTime !== undefined)
    p.push(["sinceTime", new Date(Math.floor(o.sinceTime / 1000) * 1000).toISOString().replace(".000Z", "Z")]);
  if (o.tailLines !== undefined) p.push(["tailLines", String(o.tailLines)]);
  if (o.timestamps) p.push(["timestamps", "true"]);
  return p.length ? `?${new URLSearchParams(p).toString()}` : "";
}
