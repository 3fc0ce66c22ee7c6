/**
 * Kubernetes `Status` error bodies, shaped and worded like apimachinery's
 * `pkg/api/errors/errors.go` and `pkg/util/validation/field/errors.go`
 * (see docs/kruise-rules.md §11.2, §11.8).
 * Every failure the sandbox API server returns is an ApiError carrying one of these.
 */

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}
export interface Status {
  kind: "Status";
  apiVersion: "v1";
  metadata: Record<string, never>;
  status: "Failure" | "Success";
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** group + plural resource, e.g. {group: "apps.kruise.io", resource: "clonesets"}; group "" for core. */
export interface GroupResource {
  group: string;
  resource: string;
}
/** group + Kind, e.g. {group: "apps.kruise.io", kind: "CloneSet"}. */
export interface GroupKind {
  group: string;
  kind: string;
}

export class ApiError extends Error {
  constructor(public readonly status: Status) {
    super(status.message ?? status.reason ?? `HTTP ${status.code}`);
  }
  get code() {
    return this.status.code;
  }
}

function failure(code: number, reason: string | undefined, message: string, details?: StatusDetails): ApiError {
  const s: Status = { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, code };
  if (reason) s.reason = reason;
  if (details) s.details = details;
  return new ApiError(s);
}

/** "clonesets.apps.kruise.io" or "pods" (core group has no suffix). */
export function qualified(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

// ---- field errors (field.Error) -------------------------------------------------------------

export type FieldErrorType =
  | "FieldValueInvalid"
  | "FieldValueRequired"
  | "FieldValueNotSupported"
  | "FieldValueForbidden"
  | "FieldValueTypeInvalid"
  | "FieldValueDuplicate"
  | "FieldValueNotFound"
  | "FieldValueTooLong"
  | "FieldValueTooMany";

export interface FieldError {
  type: FieldErrorType;
  field: string;
  value?: unknown;
  detail?: string;
  omitValue?: boolean;
}

const typeText: Record<FieldErrorType, string> = {
  FieldValueInvalid: "Invalid value",
  FieldValueRequired: "Required value",
  FieldValueNotSupported: "Unsupported value",
  FieldValueForbidden: "Forbidden",
  FieldValueTypeInvalid: "Invalid value",
  FieldValueDuplicate: "Duplicate value",
  FieldValueNotFound: "Not found",
  FieldValueTooLong: "Too long",
  FieldValueTooMany: "Too many",
};
// Required and Forbidden carry no value in their text (field.Error.ErrorBody).
const valueless = new Set<FieldErrorType>([
  "FieldValueRequired",
  "FieldValueForbidden",
  "FieldValueTooLong",
  "FieldValueTooMany",
]);

/** Go-style rendering of a value in an error ("string" quoted, numbers bare, nil as 0x0 for pointers). */
export function goValue(v: unknown): string {
  if (v === undefined || v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

/** field.Error.ErrorBody(): "Invalid value: \"x\": detail" */
export function fieldErrorBody(e: FieldError): string {
  let s = typeText[e.type];
  if (!valueless.has(e.type) && !e.omitValue) s += `: ${goValue(e.value)}`;
  if (e.detail) s += `: ${e.detail}`;
  return s;
}

/** field.Error.Error(): "spec.replicas: Invalid value: ..." */
export function fieldErrorText(e: FieldError): string {
  return e.field ? `${e.field}: ${fieldErrorBody(e)}` : fieldErrorBody(e);
}

// ---- constructors (errors.NewXxx) ----------------------------------------------------------

export const errors = {
  notFound: (gr: GroupResource, name: string) =>
    failure(404, "NotFound", `${qualified(gr)} "${name}" not found`, { name, group: gr.group, kind: gr.resource }),

  /** 404 for an unknown path or resource type, as kube-apiserver answers it. */
  pathNotFound: () => failure(404, "NotFound", "the server could not find the requested resource", {}),

  alreadyExists: (gr: GroupResource, name: string) =>
    failure(409, "AlreadyExists", `${qualified(gr)} "${name}" already exists`, {
      name,
      group: gr.group,
      kind: gr.resource,
    }),

  conflict: (
    gr: GroupResource,
    name: string,
    why = "the object has been modified; please apply your changes to the latest version and try again",
  ) =>
    failure(409, "Conflict", `Operation cannot be fulfilled on ${qualified(gr)} "${name}": ${why}`, {
      name,
      group: gr.group,
      kind: gr.resource,
    }),

  /** 422 built from a Kind (errors.NewInvalid). */
  invalid: (gk: GroupKind, name: string, errs: FieldError[]) =>
    invalidWith(`${gk.group ? `${gk.kind}.${gk.group}` : gk.kind}`, gk.group, gk.kind, name, errs),

  /** 422 built from a resource name (used for the "resourceVersion must be specified" case). */
  invalidForResource: (gr: GroupResource, name: string, errs: FieldError[]) =>
    invalidWith(qualified(gr), gr.group, gr.resource, name, errs),

  badRequest: (message: string) => failure(400, "BadRequest", message),

  unsupportedMediaType: (accepted: string[]) =>
    failure(
      415,
      "UnsupportedMediaType",
      `the body of the request was in an unknown format - accepted media types include: ${accepted.join(", ")}`,
      {},
    ),

  notAcceptable: (message: string) => failure(406, "NotAcceptable", message, {}),

  methodNotSupported: (gr: GroupResource, verb: string) =>
    failure(405, "MethodNotAllowed", `${verb} is not supported on resources of kind "${qualified(gr)}"`, {
      group: gr.group,
      kind: gr.resource,
    }),

  tooLarge: (message = "the request is too large") => failure(413, "RequestEntityTooLarge", message),

  unauthorized: () => failure(401, "Unauthorized", "Unauthorized"),

  /** RBAC denial worded like the authorizer's "forbidden" message. */
  forbidden: (a: {
    user: string;
    verb: string;
    gr: GroupResource;
    subresource?: string;
    namespace?: string;
    name?: string;
    reason?: string;
  }) => {
    const res = a.subresource ? `${a.gr.resource}/${a.subresource}` : a.gr.resource;
    const scope = a.namespace ? `in the namespace "${a.namespace}"` : "at the cluster scope";
    const subject = a.name ? `${qualified(a.gr)} "${a.name}"` : qualified(a.gr);
    const why = `User "${a.user}" cannot ${a.verb} resource "${res}" in API group "${a.gr.group}" ${scope}${a.reason ? `: ${a.reason}` : ""}`;
    const details: StatusDetails = { group: a.gr.group, kind: a.gr.resource };
    if (a.name) details.name = a.name;
    return failure(403, "Forbidden", `${subject} is forbidden: ${why}`, details);
  },

  /** 410 Expired, e.g. a too-old resourceVersion or an expired continue token. */
  expired: (message: string) => failure(410, "Expired", message),

  internal: (message: string) =>
    failure(500, "InternalError", `Internal error occurred: ${message}`, { causes: [{ message }] }),

  serviceUnavailable: (message: string) => failure(503, "ServiceUnavailable", message),

  tooManyRequests: (message: string, retryAfterSeconds = 1) =>
    failure(429, "TooManyRequests", message, { retryAfterSeconds }),

  /** An arbitrary failure (e.g. an admission webhook denial: code 422, message only). */
  raw: (code: number, message: string, reason?: string, details?: StatusDetails) =>
    failure(code, reason, message, details),
};

function invalidWith(prefix: string, group: string, kind: string, name: string, errs: FieldError[]): ApiError {
  const texts = errs.map(fieldErrorText);
  const joined = texts.length === 1 ? texts[0] : `[${texts.join(", ")}]`;
  const causes = errs.map((e) => ({ reason: e.type, message: fieldErrorBody(e), field: e.field }));
  return failure(422, "Invalid", `${prefix} "${name}" is invalid: ${joined}`, { name, group, kind, causes });
}

/** The JSON body for a successful delete of a collection-less object, or "Success" statuses. */
export function success(details?: StatusDetails): Status {
  const s: Status = { kind: "Status", apiVersion: "v1", metadata: {}, status: "Success", code: 200 };
  if (details) s.details = details;
  return s;
}
