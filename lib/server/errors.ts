import type { ApiErrorBody } from "@/lib/k8s/wire";
import { PatchInputError } from "@/lib/patch/limits";

export type { ApiErrorBody };

/** An error that already knows its HTTP answer; route handlers serve `body` with status `body.code`. */
export class HttpError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
    this.name = "HttpError";
  }
}

export const httpErrors = {
  badRequest: (message: string, field?: string) =>
    new HttpError({
      code: 400,
      reason: "BadRequest",
      message,
      ...(field ? { details: { field, causes: [{ field, message, reason: "FieldValueInvalid" }] } } : {}),
    }),
  notFound: (message: string) => new HttpError({ code: 404, reason: "NotFound", message }),
};

// Reasons apimachinery uses for codes when a response carries no Status (pkg/api/errors/errors.go: NewGenericServerResponse).
const REASONS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  406: "NotAcceptable",
  409: "Conflict",
  410: "Expired",
  413: "RequestEntityTooLarge",
  415: "UnsupportedMediaType",
  422: "Invalid",
  429: "TooManyRequests",
  500: "InternalError",
  502: "Unreachable",
  503: "ServiceUnavailable",
  504: "Timeout",
};

export function reasonForCode(code: number): string {
  return REASONS[code] ?? (code >= 500 ? "InternalError" : "Unknown");
}

interface StatusLike {
  kind?: string;
  code?: number;
  reason?: string;
  message?: string;
  details?: { causes?: { field?: string; message?: string; reason?: string }[] };
}

/** Kubernetes `Status` (metav1.Status, apimachinery pkg/apis/meta/v1/types.go) → ApiErrorBody. */
export function statusToBody(status: StatusLike, httpCode?: number): ApiErrorBody {
  const code = status.code || httpCode || 500;
  const body: ApiErrorBody = {
    code,
    reason: status.reason || reasonForCode(code),
    message: status.message || `HTTP ${code}`,
  };
  const causes = status.details?.causes?.map((c) => ({
    ...(c.field ? { field: c.field } : {}),
    ...(c.message ? { message: c.message } : {}),
    ...(c.reason ? { reason: c.reason } : {}),
  }));
  if (causes?.length) body.details = { causes, ...(causes[0].field ? { field: causes[0].field } : {}) };
  return body;
}

function parseBody(body: unknown): StatusLike | string | undefined {
  if (typeof body !== "string") return body && typeof body === "object" ? (body as StatusLike) : undefined;
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === "object" ? (v as StatusLike) : body;
  } catch {
    return body;
  }
}

// node-fetch FetchError `type: "system"` / socket error codes that mean "could not talk to the API server".
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

function networkCode(e: { code?: unknown; errno?: unknown; type?: unknown; cause?: unknown }): string | undefined {
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || e.type === "system")) return e.code;
  if (e.type === "system") return String(e.errno ?? "network error");
  if (e.cause && typeof e.cause === "object") return networkCode(e.cause as typeof e);
  return undefined;
}

/**
 * Maps anything a client-node call can throw to an ApiErrorBody: `ApiException` (`.code`, `.body` as a JSON
 * string holding a Status), a watch's HTTP error (`.statusCode`), a Status object from a watch ERROR event,
 * network failures (→ 502 Unreachable), our own HttpError, or lib/patch's refusal of oversized or unsafe input.
 */
export function toApiErrorBody(e: unknown, what = "the cluster"): ApiErrorBody {
  if (e instanceof HttpError) return e.body;
  if (e instanceof PatchInputError) return { code: e.status, reason: e.reason, message: e.message };
  if (!e || typeof e !== "object") return { code: 500, reason: "InternalError", message: String(e) };
  const o = e as Record<string, unknown>;
  if (o.kind === "Status") return statusToBody(o as StatusLike);
  if (typeof o.code === "number" && "body" in o) {
    const parsed = parseBody(o.body);
    if (parsed && typeof parsed === "object" && (parsed.kind === "Status" || parsed.message))
      return statusToBody(parsed, o.code);
    return {
      code: o.code,
      reason: reasonForCode(o.code),
      message: (typeof parsed === "string" && parsed.trim()) || `HTTP ${o.code} from ${what}`,
    };
  }
  if (typeof o.statusCode === "number") {
    return {
      code: o.statusCode,
      reason: reasonForCode(o.statusCode),
      message: `${String(o.message || "HTTP " + o.statusCode)} (from ${what})`,
    };
  }
  const net = networkCode(o);
  if (net) return { code: 502, reason: "Unreachable", message: `${what} is unreachable: ${String(o.message || net)}` };
  return { code: 500, reason: "InternalError", message: String(o.message || e) };
}

/** A JSON error response with the same HTTP status as the body's code. */
export function errorResponse(e: unknown, what?: string): Response {
  const body = toApiErrorBody(e, what);
  const status = body.code >= 400 && body.code <= 599 ? body.code : 500;
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * A 404 on a collection LIST/WATCH means the cluster does not serve that API at all — for
 * CloneSets, the Kruise CRD (apps.kruise.io/v1alpha1) is not installed. Say so instead of
 * "the server could not find the requested resource".
 */
export function explainCollectionError(
  err: ApiErrorBody,
  api: { group: string; version: string; resource: string; absentHint?: string },
  cluster: string,
): ApiErrorBody {
  if (err.code !== 404) return err;
  const gv = api.group ? `${api.group}/${api.version}` : api.version;
  const hint = api.absentHint ? ` — ${api.absentHint}` : "";
  return { ...err, message: `cluster "${cluster}" does not serve ${api.resource} (${gv})${hint} (${err.message})` };
}
