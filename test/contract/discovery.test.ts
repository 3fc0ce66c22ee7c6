/**
 * Contract: discovery documents kubectl and client-node rely on (apiserver
 * pkg/endpoints/discovery, apiextensions-apiserver pkg/apiserver/customresource_discovery.go).
 */
import { describe, expect, it } from "vitest";
import { KINDS, useCluster } from "./lib/harness";
import { raw } from "./lib/raw";

interface Resource {
  name: string;
  singularName: string;
  namespaced: boolean;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  group?: string;
  version?: string;
}

describe.each(KINDS)("discovery (%s)", (kind) => {
  const h = useCluster(kind);
  const get = async <T>(path: string) => {
    const r = await raw(h.c, { path });
    expect(r.status, `${path}: ${r.text}`).toBe(200);
    return r.json<T>();
  };

  it("/version reports a 1.20 server", async () => {
    const v = await get<{ major: string; minor: string; gitVersion: string; platform: string }>("/version");
    expect(v).toMatchObject({ major: "1", minor: "20" });
    expect(v.gitVersion).toMatch(/^v1\.20\.\d+/);
    expect(typeof v.platform).toBe("string");
  });

  it("/api lists v1", async () => {
    expect(await get("/api")).toMatchObject({ kind: "APIVersions", versions: ["v1"] });
  });

  it("/api/v1 lists core resources with verbs, short names and subresources", async () => {
    const list = await get<{ kind: string; groupVersion: string; resources: Resource[] }>("/api/v1");
    expect(list).toMatchObject({ kind: "APIResourceList", groupVersion: "v1" });
    const by = (n: string) => list.resources.find((r) => r.name === n);
    // singularName of built-ins is "" on v1.20 and filled in on newer servers, so it is not asserted here.
    expect(by("pods")).toMatchObject({ namespaced: true, kind: "Pod", shortNames: ["po"], categories: ["all"] });
    expect(by("pods")?.verbs.sort()).toEqual([
      "create",
      "delete",
      "deletecollection",
      "get",
      "list",
      "patch",
      "update",
      "watch",
    ]);
    expect(by("pods/status")).toMatchObject({ namespaced: true, kind: "Pod" });
    expect(by("pods/binding")).toMatchObject({ namespaced: true, kind: "Binding", verbs: ["create"] });
    expect(by("namespaces")).toMatchObject({ namespaced: false, kind: "Namespace", shortNames: ["ns"] });
    expect(by("nodes")).toMatchObject({ namespaced: false, kind: "Node", shortNames: ["no"] });
    expect(by("events")).toMatchObject({ namespaced: true, kind: "Event", shortNames: ["ev"] });
  });

  it("/apis lists apps.kruise.io with preferred version v1beta1 (the Advanced StatefulSet's), next to the built-in groups", async () => {
    const groups = await get<{ kind: string; groups: { name: string; preferredVersion: { groupVersion: string } }[] }>(
      "/apis",
    );
    expect(groups.kind).toBe("APIGroupList");
    const names = groups.groups.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining(["apps", "apiextensions.k8s.io", "authorization.k8s.io", "apps.kruise.io"]),
    );
    expect(groups.groups.find((g) => g.name === "apps.kruise.io")?.preferredVersion).toEqual({
      groupVersion: "apps.kruise.io/v1beta1",
      version: "v1beta1",
    });
  });

  it("/apis/apps.kruise.io is the APIGroup document: v1beta1 first (preferred), then v1alpha1", async () => {
    expect(await get("/apis/apps.kruise.io")).toEqual({
      kind: "APIGroup",
      apiVersion: "v1",
      name: "apps.kruise.io",
      versions: [
        { groupVersion: "apps.kruise.io/v1beta1", version: "v1beta1" },
        { groupVersion: "apps.kruise.io/v1alpha1", version: "v1alpha1" },
      ],
      preferredVersion: { groupVersion: "apps.kruise.io/v1beta1", version: "v1beta1" },
    });
  });

  it("/apis/apps.kruise.io/v1alpha1 serves clonesets with status and scale subresources", async () => {
    const list = await get<{ kind: string; groupVersion: string; resources: Resource[] }>(
      "/apis/apps.kruise.io/v1alpha1",
    );
    expect(list).toMatchObject({ kind: "APIResourceList", apiVersion: "v1", groupVersion: "apps.kruise.io/v1alpha1" });
    const by = (n: string) => list.resources.find((r) => r.name === n);
    expect(by("clonesets")).toMatchObject({
      singularName: "cloneset",
      namespaced: true,
      kind: "CloneSet",
      shortNames: ["clone"],
    });
    expect(by("clonesets")?.verbs.sort()).toEqual([
      "create",
      "delete",
      "deletecollection",
      "get",
      "list",
      "patch",
      "update",
      "watch",
    ]);
    expect(by("clonesets/status")).toMatchObject({
      namespaced: true,
      kind: "CloneSet",
      verbs: ["get", "patch", "update"],
    });
    expect(by("clonesets/scale")).toMatchObject({
      namespaced: true,
      kind: "Scale",
      group: "autoscaling",
      version: "v1",
      verbs: ["get", "patch", "update"],
    });
  });

  it("/apis/authorization.k8s.io/v1 serves the access reviews", async () => {
    const list = await get<{ resources: Resource[] }>("/apis/authorization.k8s.io/v1");
    const names = list.resources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["selfsubjectaccessreviews", "subjectaccessreviews"]));
  });

  it("the scale subresource reads and writes spec.replicas as an autoscaling/v1 Scale", async () => {
    const ns = "shop";
    const path = `/apis/apps.kruise.io/v1alpha1/namespaces/${ns}/clonesets/disc-scale`;
    const create = await raw(h.c, {
      method: "POST",
      path: `/apis/apps.kruise.io/v1alpha1/namespaces/${ns}/clonesets`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        metadata: { name: "disc-scale" },
        spec: {
          replicas: 2,
          selector: { matchLabels: { app: "s" } },
          template: { metadata: { labels: { app: "s" } }, spec: { containers: [{ name: "a", image: "nginx:1.0" }] } },
        },
      }),
    });
    expect(create.status).toBe(201);
    const scale = await get<{ kind: string; apiVersion: string; spec: { replicas: number } }>(`${path}/scale`);
    expect(scale).toMatchObject({ kind: "Scale", apiVersion: "autoscaling/v1", spec: { replicas: 2 } });
    const patched = await raw(h.c, {
      method: "PATCH",
      path: `${path}/scale`,
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({ spec: { replicas: 4 } }),
    });
    expect(patched.status).toBe(200);
    expect((await get<{ spec: { replicas: number } }>(path)).spec.replicas).toBe(4);
    await raw(h.c, { method: "DELETE", path });
  });
});
