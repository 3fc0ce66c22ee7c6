import "server-only";
import { KINDS, qualifiedResource } from "@/lib/kinds";
import type { AuditTarget } from "../auth";

/**
 * What the audit line (and a 403's explanation) names for a write: the permission its kind's home says it needs,
 * e.g. `patch clonesets.apps.kruise.io`. A resource the registry does not know (refused later with a 400) is named
 * as the URL gave it.
 */
export function auditedWrite(resource: string, write: string, namespace: string, name: string): AuditTarget {
  const spec = KINDS.has(resource) ? KINDS.get(resource).writes[write] : undefined;
  if (!spec || !KINDS.has(resource)) return { verb: "patch", resource, namespace, name };
  return {
    verb: spec.audit.verb,
    resource: qualifiedResource(KINDS.get(resource), spec.audit.subresource),
    namespace,
    name,
  };
}
