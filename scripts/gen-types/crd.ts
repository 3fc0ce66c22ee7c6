/**
 * TypeScript types for Kruise objects, generated from the CRD schemas the project ships (`npm run gen:types`).
 *
 * Generator: json-schema-to-typescript. A CRD's `openAPIV3Schema` is a JSON Schema (draft 4 dialect plus
 * `x-kubernetes-*` extensions), which is exactly that tool's input; it emits plain interfaces and nothing that
 * runs, and its `tsType` keyword lets us hand a field to client-node's model where the CRD leaves it open.
 * The alternatives: openapi-typescript wants a whole OpenAPI document and emits one nested `components`
 * tree indexed by strings, with no per-field override; @kubernetes-models/crd-generate emits classes with
 * runtime validation on top of its own object model, which a types-only lib/k8s cannot hold.
 *
 * What the generator adds to the schema before compiling:
 * - `external`: fields the CRD leaves open (`x-kubernetes-preserve-unknown-fields`) or types that are
 *   Kubernetes' own (`metadata`, label selectors), typed with client-node's models as the Go types are.
 * - `x-kubernetes-int-or-string` becomes `number | string`.
 * - `named`: sub-schemas that get an interface of their own, named as in the Go source. Several paths may
 *   share a name only if their schemas are the same apart from descriptions; otherwise generation fails.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { compile, type JSONSchema } from "json-schema-to-typescript";
import prettier from "prettier";
import { parseAllDocuments } from "yaml";

export interface Target {
  /** CRD file and served version, relative to the repository root. */
  crd: string;
  version: string;
  /** Generated file, relative to the repository root. */
  out: string;
  /** Property path (dot-separated, `[]` for array items) → client-node type expression. */
  external: Record<string, string>;
  /** Property path → interface name. The root is named after the CRD's kind. */
  named: Record<string, string>;
}

const LIFECYCLE_HOOKS = ["preDelete", "inPlaceUpdate", "preNormal"].map((hook) => `spec.lifecycle.${hook}`);

export const TARGETS: Target[] = [
  {
    // openkruise/kruise apis/apps/v1alpha1/cloneset_types.go
    crd: "sandbox/crds/apps.kruise.io_clonesets.yaml",
    version: "v1alpha1",
    out: "lib/k8s/generated/cloneset.ts",
    external: {
      metadata: "V1ObjectMeta",
      "spec.selector": "V1LabelSelector",
      "spec.template": "V1PodTemplateSpec",
      "spec.volumeClaimTemplates": "V1PersistentVolumeClaim[]",
      "spec.updateStrategy.priorityStrategy.weightPriority[].matchSelector": "V1LabelSelector",
    },
    named: {
      spec: "CloneSetSpec",
      status: "CloneSetStatus",
      "status.conditions[]": "CloneSetCondition",
      "spec.scaleStrategy": "CloneSetScaleStrategy",
      "spec.updateStrategy": "CloneSetUpdateStrategy",
      "spec.updateStrategy.inPlaceUpdateStrategy": "InPlaceUpdateStrategy",
      "spec.updateStrategy.priorityStrategy": "UpdatePriorityStrategy",
      "spec.updateStrategy.priorityStrategy.weightPriority[]": "UpdatePriorityWeightTerm",
      "spec.updateStrategy.priorityStrategy.orderPriority[]": "UpdatePriorityOrderTerm",
      "spec.updateStrategy.scatterStrategy[]": "CloneSetUpdateScatterTerm",
      "spec.lifecycle": "Lifecycle",
      ...Object.fromEntries(LIFECYCLE_HOOKS.map((hook) => [hook, "LifecycleHook"])),
    },
  },
  {
    // openkruise/kruise v1.6.2 apis/apps/v1beta1/statefulset_types.go (v1beta1 is the storage version)
    crd: "sandbox/crds/apps.kruise.io_statefulsets.yaml",
    version: "v1beta1",
    out: "lib/k8s/generated/statefulset.ts",
    external: {
      metadata: "V1ObjectMeta",
      "spec.selector": "V1LabelSelector",
      "spec.template": "V1PodTemplateSpec",
      "spec.volumeClaimTemplates": "V1PersistentVolumeClaim[]",
      "spec.updateStrategy.rollingUpdate.unorderedUpdate.priorityStrategy.weightPriority[].matchSelector":
        "V1LabelSelector",
    },
    named: {
      spec: "StatefulSetSpec",
      status: "StatefulSetStatus",
      "status.conditions[]": "StatefulSetCondition",
      "spec.scaleStrategy": "StatefulSetScaleStrategy",
      "spec.updateStrategy": "StatefulSetUpdateStrategy",
      "spec.updateStrategy.rollingUpdate": "RollingUpdateStatefulSetStrategy",
      "spec.updateStrategy.rollingUpdate.unorderedUpdate": "UnorderedUpdateStrategy",
      "spec.updateStrategy.rollingUpdate.inPlaceUpdateStrategy": "InPlaceUpdateStrategy",
      "spec.updateStrategy.rollingUpdate.unorderedUpdate.priorityStrategy": "UpdatePriorityStrategy",
      "spec.updateStrategy.rollingUpdate.unorderedUpdate.priorityStrategy.weightPriority[]": "UpdatePriorityWeightTerm",
      "spec.updateStrategy.rollingUpdate.unorderedUpdate.priorityStrategy.orderPriority[]": "UpdatePriorityOrderTerm",
      "spec.persistentVolumeClaimRetentionPolicy": "StatefulSetPersistentVolumeClaimRetentionPolicy",
      "spec.lifecycle": "Lifecycle",
      ...Object.fromEntries(LIFECYCLE_HOOKS.map((hook) => [hook, "LifecycleHook"])),
    },
  },
  {
    // openkruise/kruise v1.6.2 apis/apps/v1alpha1/daemonset_types.go
    crd: "sandbox/crds/apps.kruise.io_daemonsets.yaml",
    version: "v1alpha1",
    out: "lib/k8s/generated/daemonset.ts",
    external: {
      metadata: "V1ObjectMeta",
      "spec.selector": "V1LabelSelector",
      "spec.template": "V1PodTemplateSpec",
      "spec.updateStrategy.rollingUpdate.selector": "V1LabelSelector",
    },
    named: {
      spec: "DaemonSetSpec",
      status: "DaemonSetStatus",
      "status.conditions[]": "DaemonSetCondition",
      "spec.updateStrategy": "DaemonSetUpdateStrategy",
      "spec.updateStrategy.rollingUpdate": "RollingUpdateDaemonSet",
      "spec.lifecycle": "Lifecycle",
      ...Object.fromEntries(LIFECYCLE_HOOKS.map((hook) => [hook, "LifecycleHook"])),
    },
  },
  {
    // openkruise/rollouts v0.6.2 api/v1beta1/rollout_types.go (v1beta1 is the storage version both controllers use)
    crd: "sandbox/crds/rollouts.kruise.io_rollouts.yaml",
    version: "v1beta1",
    out: "lib/k8s/generated/rollout.ts",
    external: { metadata: "V1ObjectMeta" },
    named: {
      spec: "RolloutSpec",
      status: "RolloutStatus",
      "spec.workloadRef": "ObjectRef",
      "spec.strategy": "RolloutStrategy",
      "spec.strategy.canary": "CanaryStrategy",
      "spec.strategy.blueGreen": "BlueGreenStrategy",
      "spec.strategy.canary.steps[]": "CanaryStep",
      "spec.strategy.blueGreen.steps[]": "CanaryStep",
      "spec.strategy.canary.trafficRoutings[]": "TrafficRoutingRef",
      "spec.strategy.blueGreen.trafficRoutings[]": "TrafficRoutingRef",
      "status.canaryStatus": "CanaryStatus",
      "status.blueGreenStatus": "BlueGreenStatus",
      "status.conditions[]": "RolloutCondition",
    },
  },
  {
    // openkruise/rollouts v0.6.2 api/v1beta1/batchrelease_types.go, batchrelease_plan_types.go
    crd: "sandbox/crds/rollouts.kruise.io_batchreleases.yaml",
    version: "v1beta1",
    out: "lib/k8s/generated/batchrelease.ts",
    external: { metadata: "V1ObjectMeta" },
    named: {
      spec: "BatchReleaseSpec",
      status: "BatchReleaseStatus",
      "spec.releasePlan": "ReleasePlan",
      "spec.releasePlan.batches[]": "ReleaseBatch",
      "status.canaryStatus": "BatchReleaseCanaryStatus",
      "status.conditions[]": "RolloutCondition",
    },
  },
];

type Schema = JSONSchema & Record<string, unknown>;

function crdSchema(root: string, target: Target): { kind: string; schema: Schema } {
  const text = readFileSync(path.join(root, target.crd), "utf8");
  for (const doc of parseAllDocuments(text)) {
    const crd = doc.toJS();
    const version = crd?.spec?.versions?.find((v: { name: string }) => v.name === target.version);
    if (crd?.kind === "CustomResourceDefinition" && version?.schema?.openAPIV3Schema) {
      return { kind: crd.spec.names.kind, schema: structuredClone(version.schema.openAPIV3Schema) };
    }
  }
  throw new Error(`${target.crd}: no CustomResourceDefinition serving ${target.version} with an openAPIV3Schema`);
}

/** The sub-schema at a path like `spec.updateStrategy.scatterStrategy[]`, with a setter to replace it. */
function locate(root: Schema, at: string): { get: () => Schema; set: (s: Schema) => void } {
  let get = (): Schema => root;
  let set = (s: Schema): void => void Object.assign(root, s);
  for (const part of at.split(".")) {
    const [name, ...items] = part.split("[]");
    const props = get().properties;
    if (!props?.[name]) throw new Error(`schema has no property ${at} (stopped at ${name})`);
    get = () => props[name] as Schema;
    set = (s) => void (props[name] = s);
    for (let i = 0; i < items.length; i++) {
      const array = get();
      if (!array.items || Array.isArray(array.items)) throw new Error(`schema at ${at} is not an array of one item`);
      get = () => array.items as Schema;
      set = (s) => void (array.items = s);
    }
  }
  return { get, set };
}

/** A schema without its descriptions, as a stable string, to check that shared names share a shape. */
function shape(schema: unknown): string {
  return JSON.stringify(schema, (key, value) => (key === "description" ? undefined : value));
}

/** Long description lines wrapped to fit the 120-column files (Prettier leaves comments alone). */
function wrap(text: string, width = 110): string {
  return text
    .split("\n")
    .flatMap((line) => {
      const out: string[] = [];
      let rest = line;
      while (rest.length > width) {
        const cut = rest.lastIndexOf(" ", width);
        if (cut <= 0) break;
        out.push(rest.slice(0, cut));
        rest = rest.slice(cut + 1);
      }
      return [...out, rest];
    })
    .join("\n");
}

/** `x-kubernetes-int-or-string` → `number | string`, and descriptions wrapped, at every depth. */
function tidy(schema: Schema): void {
  if (schema["x-kubernetes-int-or-string"] === true) {
    delete schema.anyOf;
    schema.tsType = "number | string";
  }
  if (typeof schema.description === "string") schema.description = wrap(schema.description);
  for (const child of Object.values(schema.properties ?? {})) tidy(child as Schema);
  if (schema.items && !Array.isArray(schema.items)) tidy(schema.items as Schema);
  if (typeof schema.additionalProperties === "object") tidy(schema.additionalProperties as Schema);
}

function prepare(kind: string, schema: Schema, target: Target): Schema {
  for (const [at, tsType] of Object.entries(target.external)) {
    const { get, set } = locate(schema, at);
    set({ description: get().description, tsType });
  }
  tidy(schema);
  const definitions: Record<string, Schema> = {};
  // Deepest first, so a parent's definition holds its children's references.
  const deepestFirst = Object.entries(target.named).sort(([a], [b]) => b.split(".").length - a.split(".").length);
  for (const [at, name] of deepestFirst) {
    const { get, set } = locate(schema, at);
    const here = get();
    const first = definitions[name];
    if (first && shape(first) !== shape(here)) throw new Error(`${at} is not the same shape as other ${name}s`);
    definitions[name] ??= here;
    set({ $ref: `#/definitions/${name}` });
  }
  const titled = Object.entries(definitions).map(([name, def]) => [name, { ...def, title: name }]);
  return { ...schema, title: kind, definitions: Object.fromEntries(titled) };
}

/** The generated file's text for one target, formatted as the repository's Prettier config says. */
export async function render(root: string, target: Target): Promise<string> {
  const { kind, schema } = crdSchema(root, target);
  const imports = [...new Set(Object.values(target.external).map((t) => t.replace(/\[\]$/, "")))].sort();
  const banner = [
    "// Generated by `npm run gen:types` (scripts/gen-types/crd.ts). Do not edit: change the CRD or the generator",
    "// and run it again; a unit test fails when this file is stale.",
    `// Source: ${target.crd}, version ${target.version}.`,
    `import type { ${imports.join(", ")} } from "@kubernetes/client-node";`,
  ].join("\n");
  const source = await compile(prepare(kind, schema, target), kind, {
    additionalProperties: false,
    bannerComment: banner,
    format: false,
    unknownAny: true,
    // Bounded arrays (`maxItems: 16`) as plain arrays, not a union of every tuple length.
    maxItems: -1,
  });
  const out = path.join(root, target.out);
  const config = (await prettier.resolveConfig(out)) ?? {};
  return prettier.format(source, { ...config, filepath: out });
}
