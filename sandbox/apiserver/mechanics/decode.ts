/**
 * Body decoding with Go's encoding/json error wording, because kube-apiserver returns those texts
 * verbatim in 400 BadRequest bodies (apiserver pkg/endpoints/handlers/patch.go).
 */
import { errors } from "../status";

/** Go's text for a syntax error: "invalid character 'x' looking for beginning of value" or "unexpected end of JSON input". */
export function goSyntaxError(text: string, err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const m = /position (\d+)/.exec(msg);
  const pos = m ? Number(m[1]) : -1;
  if (text.trim() === "" || pos >= text.length || /end of (JSON )?input/i.test(msg)) return "unexpected end of JSON input";
  const ch = pos >= 0 ? text[pos] : text.trim()[0];
  return `invalid character '${ch}' looking for beginning of value`;
}

/** Parses JSON or throws 400 with `prefix + Go message`. */
export function parseJsonOr400(text: string, prefix = ""): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw errors.badRequest(prefix + goSyntaxError(text, e));
  }
}

/** Go's json type name for an "cannot unmarshal X into ..." message. */
export function goJsonKind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  if (typeof v === "number") return "number";
  if (typeof v === "boolean") return "bool";
  return "string";
}
