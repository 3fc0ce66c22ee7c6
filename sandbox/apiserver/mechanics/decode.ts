/**
 * Body decoding with Go's encoding/json error wording, because kube-apiserver returns those texts
 * verbatim in 400 BadRequest bodies (apiserver pkg/endpoints/handlers/patch.go).
 */
import { errors } from "../status";

/** Go's text for a syntax error, e.g. "invalid character 'x' looking for beginning of value". */
export function goSyntaxError(text: string, err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (text.trim() === "" || /end of (JSON )?input/i.test(msg)) return "unexpected end of JSON input";
  const at = /position (\d+)/.exec(msg);
  const tok = /Unexpected token '(.)'/.exec(msg);
  const pos = at ? Number(at[1]) : tok ? text.indexOf(tok[1]) : -1;
  if (pos < 0 || pos >= text.length) return "unexpected end of JSON input";
  return `invalid character '${text[pos]}' ${goSyntaxContext(text, pos)}`;
}

/** What Go's scanner was expecting at `pos`, from the structure before it. */
function goSyntaxContext(text: string, pos: number): string {
  const word = /[a-z]+$/.exec(text.slice(0, pos))?.[0];
  const literal = word && ["true", "false", "null"].find((l) => l.startsWith(word) && l !== word);
  if (word && literal) return `in literal ${literal} (expecting '${literal[word.length]}')`;
  const stack: { c: string; colon: boolean }[] = [];
  let inString = false;
  let last = "";
  for (let i = 0; i < pos; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') {
        inString = false;
        last = '"';
      }
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{" || c === "[") stack.push({ c, colon: false });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === ":" && stack.length) stack[stack.length - 1].colon = true;
    else if (c === "," && stack.length) stack[stack.length - 1].colon = false;
    if (!/\s/.test(c)) last = c;
  }
  const top = stack[stack.length - 1];
  if (last === "{" || (last === "," && top?.c === "{")) return "looking for beginning of object key string";
  if (last === "" || last === "[" || last === "," || last === ":") return "looking for beginning of value";
  if (top?.c === "[") return "after array element";
  if (top?.c === "{") return top.colon ? "after object key:value pair" : "after object key";
  return "after top-level value";
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
