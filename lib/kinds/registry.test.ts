import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { ResourceName } from "@/lib/k8s/wire";
import { collectionPath, objectPath } from "@/lib/server/resources";
import { trim } from "@/lib/server/hub/trim";
import { api, pages } from "@/lib/urls";
import { accessAttributes, accessDenial, accessNeeds, needsAccess, qualifiedResource, streamNamespace } from "./api";
import { printerRow } from "./printer";
import { KINDS } from "./registry";
import type { KindHome } from "./types";

// A kind no file of the console names: if it reaches every generic layer from its home alone, adding the next kind
// (an Advanced StatefulSet, an Advanced DaemonSet) takes its home and its own views and rules, no switch elsewhere.
const widgets: KindHome<"widgets"> = {
  resource: "widgets",
  group: "example.kruise.io",
  version: "v1beta1",
  kind: "Widget",
  scope: "Namespaced",
  readable: true,
  printerColumns: [{ name: "DESIRED", jsonPath: ".spec.replicas", type: "integer" }],
  writes: {
    update: { needs: [{ verb: "patch" }], audit: { verb: "patch" } },
    edit: { needs: [{ verb: "patch" }], audit: { verb: "patch" } },
  },
};
const kinds = KINDS.with(widgets);
const widget = "widgets" as ResourceName;

describe("one home per kind", () => {
  it("a kind registered only in a test reaches the hub's resource table, the access checks and the URL builder", () => {
    const home = kinds.get(widget);
    expect(kinds.has("widgets")).toBe(true);
    expect(KINDS.has("widgets")).toBe(false); // the registry in use is left as it was
    expect(collectionPath(home, "shop")).toBe("/apis/example.kruise.io/v1beta1/namespaces/shop/widgets");
    expect(collectionPath(home, null)).toBe("/apis/example.kruise.io/v1beta1/widgets");
    expect(objectPath(home, "shop", "w1", "status")).toBe(
      "/apis/example.kruise.io/v1beta1/namespaces/shop/widgets/w1/status",
    );
    expect(trim(home, { metadata: { name: "w1", managedFields: [{}] } })).toEqual({ metadata: { name: "w1" } });
    expect(kinds.readable()).toContain("widgets");
    expect(kinds.offering("edit")).toContain("widgets");

    expect(needsAccess(home, { verb: "patch" })).toBe(true);
    expect(needsAccess(home, { verb: "delete" })).toBe(false);
    expect(accessAttributes(home, { verb: "patch" }, "shop", "w1")).toEqual({
      verb: "patch",
      group: "example.kruise.io",
      resource: "widgets",
      namespace: "shop",
      name: "w1",
    });
    expect(accessDenial(home, { verb: "patch" }, { allowed: false })).toBe(
      "You may not patch this Widget (RBAC: no patch permission on widgets.example.kruise.io)",
    );

    expect(api.write("dev", "shop", widget, "w1", "update")).toBe("/api/c/dev/ns/shop/widgets/w1/update");
    expect(api.access("dev", "shop", widget, "w1", { verb: "patch" })).toBe(
      "/api/c/dev/ns/shop/widgets/w1/access?verb=patch",
    );
    expect(pages.edit("dev", "shop", widget, "w1")).toBe("/c/dev/ns/shop/widgets/w1/edit");
    expect(printerRow(home, { metadata: { name: "w1" }, spec: { replicas: 3 } }).cells).toEqual(["3"]);
  });

  it("watches a cluster-scoped kind cluster-wide, whatever namespace the page streams, and keeps a node lean", () => {
    const nodes = KINDS.get("nodes");
    expect(streamNamespace(nodes, "shop")).toBeNull();
    expect(streamNamespace(KINDS.get("pods"), "shop")).toBe("shop");
    expect(collectionPath(nodes, streamNamespace(nodes, "shop"))).toBe("/api/v1/nodes");
    const node = {
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "n1", labels: { zone: "a" }, annotations: { big: "x" }, managedFields: [{}] },
      spec: { taints: [{ key: "k", effect: "NoSchedule" }], podCIDR: "10.0.0.0/24" },
      status: { images: [{ names: ["nginx"] }], conditions: [{ type: "Ready", status: "True" }], capacity: {} },
    };
    expect(trim(nodes, node)).toEqual({
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "n1", labels: { zone: "a" } },
      spec: { taints: [{ key: "k", effect: "NoSchedule" }] },
      status: { conditions: [{ type: "Ready", status: "True" }] },
    });
  });

  it("refuses a kind registered twice", () => {
    expect(() => kinds.with(widgets)).toThrow(/registered twice/);
  });

  it("says the same words every kind's controls say when RBAC says no, and when it does not know yet", () => {
    const cs = KINDS.get("clonesets");
    expect(accessDenial(cs, { verb: "patch" }, { allowed: false })).toBe(
      "You may not patch this CloneSet (RBAC: no patch permission on clonesets.apps.kruise.io)",
    );
    expect(accessDenial(KINDS.get("rollouts"), { verb: "patch", subresource: "status" }, { allowed: false })).toMatch(
      /^You may not patch rollouts\/status \(RBAC: no patch permission on rollouts\/status\.rollouts\.kruise\.io\)$/,
    );
    expect(accessDenial(cs, { verb: "patch" }, { allowed: undefined })).toBe("Checking permissions…");
    expect(accessDenial(cs, { verb: "patch" }, { allowed: true })).toBeUndefined();
    expect(qualifiedResource(KINDS.get("pods"))).toBe("pods");
    // A pod's reads, its log (get on pods/log), and its edit's patch.
    expect(accessNeeds(KINDS.get("pods")).map((n) => [n.verb, n.subresource ?? ""])).toEqual([
      ["get", ""],
      ["list", ""],
      ["watch", ""],
      ["get", "log"],
      ["patch", ""],
    ]);
    expect(accessDenial(KINDS.get("pods"), { verb: "get", subresource: "log" }, { allowed: false })).toBe(
      "You may not get pods/log (RBAC: no get permission on pods/log)",
    );
  });

  it("describes each kind the console shows from a CRD as its CRD does: group, version served and stored, plural, kind, scope, printer columns", () => {
    const dir = path.resolve(__dirname, "../../sandbox/crds");
    // The sandbox also serves CRDs the console has no view of yet (an Advanced StatefulSet, an Advanced DaemonSet):
    // a kind is shown once it has a home, and then its home must say what its CRD says.
    const crds = readdirSync(dir).map((file) => parse(readFileSync(path.join(dir, file), "utf8")));
    const homed = crds.filter((crd) => KINDS.has(crd.spec.names.plural));
    expect(homed.map((crd) => crd.spec.names.plural).sort()).toEqual(
      KINDS.all()
        .filter((h) => h.group.endsWith("kruise.io"))
        .map((h) => h.resource)
        .sort(),
    );
    for (const crd of homed) {
      const home = KINDS.get(crd.spec.names.plural);
      const stored = crd.spec.versions.find((v: { storage: boolean }) => v.storage);
      expect([home.group, home.version, home.kind, home.scope]).toEqual([
        crd.spec.group,
        stored.name,
        crd.spec.names.kind,
        crd.spec.scope,
      ]);
      const columns = (stored.additionalPrinterColumns ?? []).map(
        (c: { name: string; jsonPath: string; type: string; priority?: number }) => ({
          name: c.name,
          jsonPath: c.jsonPath,
          type: c.type,
          ...(c.priority ? { priority: c.priority } : {}),
        }),
      );
      expect(home.printerColumns).toEqual(columns);
    }
  });
});

/** Source files under `dir` (recursively), tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe("the registry is the only place kinds are enumerated", () => {
  // The layers every kind goes through. A kind's own rules and views (lib/server/write/update*.ts, the CloneSet pages,
  // the Kruise Rollout panel) name their kind; these must not name any.
  const root = path.resolve(__dirname, "../..");
  const GENERIC = [
    "lib/server/hub",
    "lib/server/kube.ts",
    "lib/server/resources.ts",
    "lib/server/validate.ts",
    "lib/server/routes",
    "lib/server/stream",
    "lib/server/write/routes.ts",
    "lib/server/write/patch.ts",
    "lib/server/write/audited.ts",
    "lib/server/write/outcome.ts",
    "lib/server/auth/list-access.ts",
    "lib/client/api.ts",
    "lib/client/access.ts",
    "lib/client/stream.ts",
    "lib/client/queries.ts",
    "lib/client/keys.ts",
    "lib/client/reducer.ts",
    "lib/client/editor.ts",
    "components/editor/EditView.tsx",
    "components/editor/monaco-setup.ts",
    "components/actions",
  ].flatMap((p) => {
    const abs = path.join(root, p);
    return statSync(abs).isDirectory() ? sources(abs) : [abs];
  });

  it.each(KINDS.names())("no generic layer names %s", (resource) => {
    const naming = GENERIC.filter((file) =>
      new RegExp(`["'\`]${resource}["'\`]|/${resource}/`).test(readFileSync(file, "utf8")),
    );
    expect(naming.map((f) => path.relative(root, f))).toEqual([]);
  });
});
