import type { Registry } from "./resources";
import type { Obj, ResourceType } from "./types";

/** `/version`: the sandbox reports the Kubernetes line it imitates. */
export function versionInfo(): Obj {
  return {
    major: "1",
    minor: "20",
    gitVersion: "v1.20.2-sandbox",
    gitCommit: "0000000000000000000000000000000000000000",
    gitTreeState: "clean",
    buildDate: "2021-01-13T13:20:00Z",
    goVersion: "go1.15.5",
    compiler: "gc",
    platform: "linux/amd64",
  };
}

export function apiVersions(hostPort: string): Obj {
  return {
    kind: "APIVersions",
    versions: ["v1"],
    serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: hostPort }],
  };
}

function group(name: string, versions: string[]): Obj {
  const vs = versions.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: vs, preferredVersion: vs[0] };
}

export function apiGroupList(reg: Registry): Obj {
  const groups = [...reg.groups()].filter(([g]) => g !== "").map(([g, vs]) => group(g, vs));
  return { kind: "APIGroupList", apiVersion: "v1", groups };
}

export function apiGroup(reg: Registry, name: string): Obj | undefined {
  const vs = reg.groups().get(name);
  return vs && name ? { kind: "APIGroup", apiVersion: "v1", ...group(name, vs) } : undefined;
}

/** Main resource plus its subresources as discovery lists them (e.g. `clonesets/scale` of kind autoscaling/v1 Scale). */
function entries(t: ResourceType): Obj[] {
  const main: Obj = {
    name: t.resource,
    singularName: t.singular,
    namespaced: t.namespaced,
    kind: t.kind,
    verbs: t.verbs,
  };
  if (t.shortNames.length) main.shortNames = t.shortNames;
  if (t.categories.length) main.categories = t.categories;
  const out = [main];
  if (t.status)
    out.push({
      name: `${t.resource}/status`,
      singularName: "",
      namespaced: t.namespaced,
      kind: t.kind,
      verbs: ["get", "patch", "update"],
    });
  if (t.scale)
    out.push({
      name: `${t.resource}/scale`,
      singularName: "",
      namespaced: t.namespaced,
      group: "autoscaling",
      version: "v1",
      kind: "Scale",
      verbs: ["get", "patch", "update"],
    });
  if (t.extraSubresources?.includes("binding"))
    out.push({
      name: `${t.resource}/binding`,
      singularName: "",
      namespaced: t.namespaced,
      kind: "Binding",
      verbs: ["create"],
    });
  return out;
}

export function apiResourceList(reg: Registry, groupName: string, version: string): Obj | undefined {
  const types = reg.all().filter((t) => t.group === groupName && t.version === version);
  if (!types.length) return undefined;
  return {
    kind: "APIResourceList",
    apiVersion: "v1",
    groupVersion: groupName ? `${groupName}/${version}` : version,
    resources: types.flatMap(entries),
  };
}
