import type { Obj, PrinterColumn, ResourceType } from "./types";

const RW = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"];

function builtin(
  p: Partial<ResourceType> & Pick<ResourceType, "group" | "version" | "resource" | "kind">,
): ResourceType {
  return {
    listKind: `${p.kind}List`,
    singular: p.kind.toLowerCase(),
    namespaced: true,
    shortNames: [],
    categories: [],
    verbs: RW,
    status: false,
    builtin: true,
    unconditionalUpdate: true,
    ...p,
  };
}

/** The built-in kinds the sandbox serves (kube's discovery data for them, e.g. `kubectl api-resources`). */
export function builtinTypes(): ResourceType[] {
  return [
    builtin({
      group: "",
      version: "v1",
      resource: "namespaces",
      kind: "Namespace",
      namespaced: false,
      shortNames: ["ns"],
      status: true,
      verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
    }),
    builtin({
      group: "",
      version: "v1",
      resource: "pods",
      kind: "Pod",
      shortNames: ["po"],
      categories: ["all"],
      status: true,
      extraSubresources: ["binding", "log"],
    }),
    builtin({
      group: "",
      version: "v1",
      resource: "nodes",
      kind: "Node",
      namespaced: false,
      shortNames: ["no"],
      status: true,
    }),
    builtin({ group: "", version: "v1", resource: "events", kind: "Event", shortNames: ["ev"] }),
    builtin({ group: "apps", version: "v1", resource: "controllerrevisions", kind: "ControllerRevision" }),
    builtin({
      group: "apiextensions.k8s.io",
      version: "v1",
      resource: "customresourcedefinitions",
      kind: "CustomResourceDefinition",
      namespaced: false,
      shortNames: ["crd", "crds"],
      status: true,
    }),
    builtin({
      group: "authorization.k8s.io",
      version: "v1",
      resource: "selfsubjectaccessreviews",
      kind: "SelfSubjectAccessReview",
      namespaced: false,
      verbs: ["create"],
    }),
    builtin({
      group: "authorization.k8s.io",
      version: "v1",
      resource: "subjectaccessreviews",
      kind: "SubjectAccessReview",
      namespaced: false,
      verbs: ["create"],
    }),
    builtin({
      group: "authentication.k8s.io",
      version: "v1",
      resource: "tokenreviews",
      kind: "TokenReview",
      namespaced: false,
      verbs: ["create"],
    }),
  ];
}

/** Review kinds are create-only and never stored (kube's authorization/authentication registries). */
export const virtualResources = new Set(["selfsubjectaccessreviews", "subjectaccessreviews", "tokenreviews"]);

/**
 * Every served version of a CRD as a ResourceType (apiextensions-apiserver serves each `served` version
 * with that version's subresources and printer columns; `pkg/apiserver/customresource_handler.go`).
 */
export function crdTypes(crd: Obj): ResourceType[] {
  const spec = crd.spec ?? {};
  const names = spec.names ?? {};
  return (spec.versions ?? [])
    .filter((v: Obj) => v.served !== false)
    .map((v: Obj): ResourceType => ({
      group: spec.group,
      version: v.name,
      resource: names.plural,
      kind: names.kind,
      listKind: names.listKind ?? `${names.kind}List`,
      singular: names.singular ?? String(names.kind).toLowerCase(),
      namespaced: spec.scope !== "Cluster",
      shortNames: names.shortNames ?? [],
      categories: names.categories ?? [],
      verbs: RW,
      status: !!v.subresources?.status,
      scale: v.subresources?.scale,
      builtin: false,
      crd,
      columns: (v.additionalPrinterColumns ?? []) as PrinterColumn[],
      unconditionalUpdate: false,
    }));
}

/** The storage version of a CRD (the one marked `storage: true`). */
export function storageVersion(crd: Obj): string {
  const vs: Obj[] = crd.spec?.versions ?? [];
  return (vs.find((v) => v.storage) ?? vs[0])?.name;
}

/** Lookup table of served types by group/version/resource, kept in sync with installed CRDs. */
export class Registry {
  private types: ResourceType[] = builtinTypes();

  all(): ResourceType[] {
    return this.types;
  }

  find(group: string, version: string, resource: string): ResourceType | undefined {
    return this.types.find((t) => t.group === group && t.version === version && t.resource === resource);
  }

  /** Any version of a group/resource (the store is keyed without version). */
  anyVersion(group: string, resource: string): ResourceType | undefined {
    return this.types.find((t) => t.group === group && t.resource === resource);
  }

  byKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.types.find((t) => (t.group ? `${t.group}/${t.version}` : t.version) === apiVersion && t.kind === kind);
  }

  /** Replaces the types served for a CRD (install, update) — only once it is Established. */
  setCrd(crd: Obj): void {
    this.removeCrd(crd);
    this.types.push(...crdTypes(crd));
  }

  removeCrd(crd: Obj): void {
    const g = crd.spec?.group,
      r = crd.spec?.names?.plural;
    this.types = this.types.filter((t) => t.builtin || !(t.group === g && t.resource === r));
  }

  groups(): Map<string, string[]> {
    const m = new Map<string, string[]>();
    for (const t of this.types) {
      const vs = m.get(t.group) ?? [];
      if (!vs.includes(t.version)) vs.push(t.version);
      m.set(t.group, vs);
    }
    return m;
  }
}
