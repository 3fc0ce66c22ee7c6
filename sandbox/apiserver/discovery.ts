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

/** apimachinery `version.CompareKubeAwareVersionStrings` as a sort key: GA, then beta, then alpha, newer first. */
function kubeAwareOrder(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [3, 0, 0, v] as const;
    return [m[2] === "alpha" ? 2 : m[2] === "beta" ? 1 : 0, -Number(m[1]), -Number(m[3] ?? 0), v] as const;
  };
  const x = parse(a),
    y = parse(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
  return x[3] < y[3] ? -1 : x[3] > y[3] ? 1 : 0;
}

/** A CRD group lists its versions by Kubernetes version priority (v1beta1 before v1alpha1), the first preferred. */
function group(name: string, versions: string[], crd: boolean): Obj {
  const ordered = crd ? [...versions].sort(kubeAwareOrder) : versions;
  const vs = ordered.map((v) => ({ groupVersion: `${name}/${v}`, version: v }));
  return { name, versions: vs, preferredVersion: vs[0] };
}

const crdGroup = (reg: Registry, name: string) => reg.all().some((t) => t.group === name && !!t.crd);

export function apiGroupList(reg: Registry): Obj {
  const groups = [...reg.groups()].filter(([g]) => g !== "").map(([g, vs]) => group(g, vs, crdGroup(reg, g)));
  return { kind: "APIGroupList", apiVersion: "v1", groups };
}

export function apiGroup(reg: Registry, name: string): Obj | undefined {
  const vs = reg.groups().get(name);
  return vs && name ? { kind: "APIGroup", apiVersion: "v1", ...group(name, vs, crdGroup(reg, name)) } : undefined;
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
  if (t.extraSubresources?.includes("log"))
    out.push({ name: `${t.resource}/log`, singularName: "", namespaced: t.namespaced, kind: "Pod", verbs: ["get"] });
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
