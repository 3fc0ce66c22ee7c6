import type { IncomingMessage } from "node:http";
import { parse as parseYaml } from "yaml";
import { goJsonKind, goSyntaxError } from "./mechanics/decode";
import { ApiError, errors } from "./status";
import type { Obj } from "./types";

/** Parsed request path, like apiserver `pkg/endpoints/request/requestinfo.go`. */
export interface RequestInfo {
  isResource: boolean;
  path: string;
  verb: string; // get list watch create update patch delete deletecollection (or http verb lowercased)
  apiPrefix?: "api" | "apis";
  group: string;
  version: string;
  namespace?: string;
  resource?: string;
  name?: string;
  subresource?: string;
  parts: string[]; // path segments after /api or /apis/<group>
}

const namespaceSubresources = new Set(["status", "finalize"]);

/** Path segments, percent-decoded (only segments that hold a `%` need decoding). */
function segments(path: string): string[] {
  const segs: string[] = [];
  for (const s of path.split("/")) if (s !== "") segs.push(s.includes("%") ? decodeURIComponent(s) : s);
  return segs;
}

export function requestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const segs = segments(path);
  const prefix = segs[0];
  const verb = method.toLowerCase();
  if (prefix !== "api" && prefix !== "apis")
    return { isResource: false, path, verb, group: "", version: "", parts: segs };
  // One object with every field, built once: spreading a base object per request cost more than the rest of this.
  const at = prefix === "apis" ? 2 : 1; // index of the version
  const group = prefix === "apis" ? (segs[1] ?? "") : "";
  const version = segs[at] ?? "";
  let rest = segs.slice(at + 1);
  const info: RequestInfo = {
    isResource: false,
    path,
    verb,
    apiPrefix: prefix,
    group,
    version,
    namespace: undefined,
    resource: undefined,
    name: undefined,
    subresource: undefined,
    parts: rest,
  };
  if (!version || rest.length === 0 || (prefix === "apis" && !group)) return info;
  info.isResource = true;
  if (rest[0] === "namespaces" && rest.length > 1) {
    info.namespace = rest[1];
    if (rest.length > 2 && !namespaceSubresources.has(rest[2])) rest = rest.slice(2);
  }
  info.resource = rest[0];
  info.name = rest[1];
  info.subresource = rest[2];
  if (rest.length > 3) info.isResource = false; // deeper paths are not resources (404)
  if (info.resource === "namespaces") info.namespace = undefined;
  info.verb = resourceVerb(method, !!info.name, query);
  return info;
}

function resourceVerb(method: string, named: boolean, q: URLSearchParams): string {
  const watch = q.get("watch") === "true" || q.get("watch") === "1";
  switch (method) {
    case "GET":
    case "HEAD":
      return watch ? "watch" : named ? "get" : "list";
    case "POST":
      return "create";
    case "PUT":
      return "update";
    case "PATCH":
      return "patch";
    case "DELETE":
      return named ? "delete" : "deletecollection";
    default:
      return method.toLowerCase();
  }
}

/** kube's mux NotFound (plain text "404 page not found"), for /apis paths no group handler serves. */
export class PlainNotFound extends ApiError {
  constructor() {
    super(errors.pathNotFound().status);
  }
}

/** Largest request body accepted (kube's default MaxRequestBodyBytes is 3 MiB). */
export const MAX_BODY = 3 * 1024 * 1024;

/**
 * The request body. Plain stream events (an async iterator over the request cost more per write than the body);
 * past MAX_BODY the rest is read and dropped, so the connection stays usable for the 413.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size <= MAX_BODY) return void chunks.push(c);
      failed = true;
      reject(errors.tooLarge(`Request entity too large: limit is ${MAX_BODY}`));
    });
    req.once("end", () => failed || resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    req.once("error", (e) => {
      failed = true;
      reject(e);
    });
  });
}

const mediaType = (ct: string | undefined) => (ct ?? "").split(";")[0].trim().toLowerCase();

/** The struct Go's json decoder names when the body is not an object (apimachinery SimpleMetaFactory.Interpret). */
const TYPE_META_STRUCT =
  'struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';

/**
 * The body excerpt kube-apiserver appends to decode errors (apiserver handlers/rest.go summarizeData):
 * up to 30 bytes as text when the body starts with `{`, else as hex; `<empty>` for no body.
 */
export function summarizeBody(body: string): string {
  const b = Buffer.from(body, "utf8");
  if (b.length === 0) return "<empty>";
  const head = b.subarray(0, 30);
  const text = b[0] === 0x7b ? head.toString("utf8") : head.toString("hex");
  return b.length > 30 ? `${text} ...` : text;
}

/** Reads apiVersion/kind the way SimpleMetaFactory.Interpret does; its failures are "json parse error"s. */
function interpretTypeMeta(body: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    throw new Error(`couldn't get version/kind; json parse error: ${goSyntaxError(body, e)}`);
  }
  if (!v || typeof v !== "object" || Array.isArray(v))
    throw new Error(
      `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(v)} into Go value of type ${TYPE_META_STRUCT}`,
    );
  for (const k of ["apiVersion", "kind"]) {
    const f = (v as Obj)[k];
    if (f !== undefined && f !== null && typeof f !== "string")
      throw new Error(
        `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonKind(f)} into Go struct field .${k} of type string`,
      );
  }
  return v;
}

function parseBody(body: string, mt: string): unknown {
  if (mt === "application/yaml" || mt === "application/apply-patch+yaml") return parseYaml(body);
  if (mt === "application/json" || mt === "" || mt === "*/*") return interpretTypeMeta(body);
  throw errors.unsupportedMediaType(["application/json", "application/yaml", "application/vnd.kubernetes.protobuf"]);
}

/**
 * Decodes a create/update body (JSON or YAML); anything unparsable → 400 like the apiserver's decoder
 * (handlers/rest.go transformDecodeError: `the object provided is unrecognized (must be of type K): <err> (<excerpt>)`).
 * The error text of a YAML body comes from our YAML parser, not Go's, so only its shape matches.
 */
export function decodeObject(body: string, contentType: string | undefined, kind = "Object"): Obj {
  const v = decodeRaw(
    body,
    contentType,
    (msg) => `the object provided is unrecognized (must be of type ${kind}): ${msg} (${summarizeBody(body)})`,
  );
  if (!v || typeof v !== "object" || Array.isArray(v)) {
    const msg = `json: cannot unmarshal ${goJsonKind(v)} into Go value of type ${TYPE_META_STRUCT}`;
    throw errors.badRequest(
      `the object provided is unrecognized (must be of type ${kind}): ${msg} (${summarizeBody(body)})`,
    );
  }
  return v as Obj;
}

/** Parses a body, turning a parser failure into 400 with `wrap(parser message)`. */
export function decodeRaw(body: string, contentType: string | undefined, wrap: (msg: string) => string): unknown {
  try {
    return parseBody(body, mediaType(contentType));
  } catch (e) {
    if ((e as { status?: unknown }).status) throw e;
    throw errors.badRequest(wrap((e as Error).message.split("\n")[0]));
  }
}

/** Parses an optional JSON body such as DeleteOptions; empty → {}. */
export function decodeOptional(body: string, contentType: string | undefined): Obj {
  return body.trim() === "" ? {} : decodeObject(body, contentType || "application/json", "DeleteOptions");
}
