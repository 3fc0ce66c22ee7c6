import type { ResourceName } from "@/lib/k8s/wire";
import { httpErrors } from "./errors";
import { KINDS, type KindRegistry } from "@/lib/kinds";

// apimachinery pkg/util/validation/validation.go: IsDNS1123Label / IsDNS1123Subdomain.
const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const LABEL_RE = new RegExp(`^${LABEL}$`);
const SUBDOMAIN_RE = new RegExp(`^${LABEL}(\\.${LABEL})*$`);

/** Namespaces are DNS-1123 labels (apimachinery validation.IsDNS1123Label): ≤ 63 chars. */
export function validateNamespace(ns: string): string {
  if (ns.length > 63 || !LABEL_RE.test(ns)) {
    throw httpErrors.badRequest(
      `invalid namespace ${JSON.stringify(ns.slice(0, 80))}: a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (at most 63 characters)`,
      "namespace",
    );
  }
  return ns;
}

/** Object names are DNS-1123 subdomains (apimachinery validation.IsDNS1123Subdomain): ≤ 253 chars. */
export function validateObjectName(name: string): string {
  if (name.length > 253 || !SUBDOMAIN_RE.test(name)) {
    throw httpErrors.badRequest(
      `invalid name ${JSON.stringify(name.slice(0, 80))}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (at most 253 characters)`,
      "name",
    );
  }
  return name;
}

/** Only the kinds the registry knows (lib/kinds), or the `allowed` few of them; anything else is a 400, never forwarded. */
export function validateResource(
  r: string,
  allowed?: readonly ResourceName[],
  kinds: KindRegistry = KINDS,
): ResourceName {
  if (!kinds.has(r) || (allowed && !allowed.includes(r))) {
    const list = (allowed ?? kinds.names()).join(", ");
    throw httpErrors.badRequest(
      `unknown resource ${JSON.stringify(r.slice(0, 80))}: expected one of ${list}`,
      "resource",
    );
  }
  return r;
}
