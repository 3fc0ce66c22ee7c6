import type { Auth, User } from "./auth";
import { errors } from "./status";
import type { Obj } from "./types";

function attrsOf(spec: Obj) {
  const r = spec.resourceAttributes,
    n = spec.nonResourceAttributes;
  if (r)
    return {
      verb: r.verb ?? "",
      group: r.group ?? "",
      resource: r.resource ?? "",
      subresource: r.subresource || undefined,
      namespace: r.namespace || undefined,
      name: r.name || undefined,
    };
  if (n) return { verb: n.verb ?? "", path: n.path ?? "" };
  throw errors.invalid({ group: "authorization.k8s.io", kind: "SelfSubjectAccessReview" }, "", [
    {
      type: "FieldValueRequired",
      field: "spec.resourceAttributes",
      detail: "exactly one of nonResourceAttributes or resourceAttributes must be specified",
    },
  ]);
}

/**
 * SelfSubjectAccessReview / SubjectAccessReview answered from the users-file rules
 * (kube `pkg/registry/authorization/*accessreview/rest.go`): the request echoed with `status.allowed`.
 */
export function accessReview(
  auth: Auth,
  kind: "SelfSubjectAccessReview" | "SubjectAccessReview",
  body: Obj,
  requester: User,
): Obj {
  const spec = body.spec ?? {};
  const subject: User =
    kind === "SelfSubjectAccessReview" ? requester : { name: spec.user ?? "", groups: [...(spec.groups ?? [])] };
  if (kind === "SubjectAccessReview" && !spec.user && !(spec.groups ?? []).length) {
    throw errors.invalid({ group: "authorization.k8s.io", kind }, "", [
      {
        type: "FieldValueInvalid",
        field: "spec.user",
        value: "",
        detail: "at least one of user or group must be specified",
      },
    ]);
  }
  const d = auth.authorize(subject, attrsOf(spec));
  const status: Obj = { allowed: d.allowed };
  if (d.reason) status.reason = d.reason;
  const outSpec = kind === "SelfSubjectAccessReview" ? { ...spec } : spec;
  return { kind, apiVersion: "authorization.k8s.io/v1", metadata: { creationTimestamp: null }, spec: outSpec, status };
}

/** TokenReview: who a bearer token belongs to (kube's token-auth-file authenticator). */
export function tokenReview(auth: Auth, body: Obj): Obj {
  const token = body.spec?.token ?? "";
  const u = auth.authenticate(`Bearer ${token}`);
  const status: Obj = u ? { authenticated: true, user: { username: u.name, groups: u.groups } } : { user: {} };
  return {
    kind: "TokenReview",
    apiVersion: "authentication.k8s.io/v1",
    metadata: { creationTimestamp: null },
    spec: body.spec ?? {},
    status,
  };
}
