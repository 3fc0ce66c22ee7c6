/**
 * What a fresh test cluster gets after it is ready: the test users' RBAC (the same rights as the sandbox's users
 * file), the CloneSet, Advanced StatefulSet, Advanced DaemonSet and Kruise Rollout CRDs (Established and served)
 * and the `shop` namespace. Everything goes through client-node as the admin user.
 */
import {
  ApiextensionsV1Api,
  CoreV1Api,
  loadYaml,
  CustomObjectsApi,
  RbacAuthorizationV1Api,
  type KubeConfig,
  type V1ClusterRole,
  type V1CustomResourceDefinition,
  type V1PolicyRule,
} from "@kubernetes/client-node";
import fs from "node:fs";
import path from "node:path";
import { waitUntil } from "./proc";

const FIELD_MANAGER = "kruise-console-tests";
const REPO = path.resolve(__dirname, "../..");

// RBAC has no "all but": list the core resources except secrets, and whole groups elsewhere.
const CORE_READABLE = [
  "pods",
  "pods/status",
  "pods/log",
  "namespaces",
  "nodes",
  "events",
  "services",
  "endpoints",
  "configmaps",
  "serviceaccounts",
  "persistentvolumeclaims",
  "persistentvolumes",
  "replicationcontrollers",
  "resourcequotas",
  "limitranges",
  "componentstatuses",
];
const READ = ["get", "list", "watch"];
export const READ_ALL_BUT_SECRETS: V1PolicyRule[] = [
  { apiGroups: [""], resources: CORE_READABLE, verbs: READ },
  {
    apiGroups: [
      "apps",
      "apps.kruise.io",
      "rollouts.kruise.io",
      "apiextensions.k8s.io",
      "events.k8s.io",
      "batch",
      "policy",
      "coordination.k8s.io",
      "rbac.authorization.k8s.io",
      "storage.k8s.io",
      "networking.k8s.io",
    ],
    resources: ["*"],
    verbs: READ,
  },
];

function readerRole(name: string): V1ClusterRole {
  return { metadata: { name }, rules: READ_ALL_BUT_SECRETS };
}

/** What the reader role grants, but pod logs. */
function noLogsRole(name: string): V1ClusterRole {
  const [core, ...rest] = READ_ALL_BUT_SECRETS;
  return {
    metadata: { name },
    rules: [{ ...core, resources: core.resources!.filter((r) => r !== "pods/log") }, ...rest],
  };
}

/**
 * viewer: read everything but secrets; viewer-no-logs: the same but pods/log; deployer: the same as viewer + patch/update
 * clonesets and create events in `shop`.
 */
export async function createTestRbac(kc: KubeConfig): Promise<void> {
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  await rbac.createClusterRole({ body: readerRole("kruise-console-test:reader"), fieldManager: FIELD_MANAGER });
  await rbac.createClusterRole({ body: noLogsRole("kruise-console-test:reader-no-logs"), fieldManager: FIELD_MANAGER });
  for (const [user, role] of [
    ["viewer", "reader"],
    ["deployer", "reader"],
    ["viewer-no-logs", "reader-no-logs"],
  ]) {
    await rbac.createClusterRoleBinding({
      fieldManager: FIELD_MANAGER,
      body: {
        metadata: { name: `kruise-console-test:${user}` },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: `kruise-console-test:${role}` },
        subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: user }],
      },
    });
  }
  await rbac.createNamespacedRole({
    namespace: "shop",
    fieldManager: FIELD_MANAGER,
    body: {
      metadata: { name: "kruise-console-test:deployer", namespace: "shop" },
      rules: [
        { apiGroups: ["apps.kruise.io"], resources: ["clonesets"], verbs: ["patch", "update"] },
        { apiGroups: [""], resources: ["events"], verbs: ["create"] },
      ],
    },
  });
  await rbac.createNamespacedRoleBinding({
    namespace: "shop",
    fieldManager: FIELD_MANAGER,
    body: {
      metadata: { name: "kruise-console-test:deployer", namespace: "shop" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "kruise-console-test:deployer" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "deployer" }],
    },
  });
}

/** shop-reader / payments-reader: read all but secrets in their one namespace (it must exist). */
export async function createNamespaceReaders(kc: KubeConfig): Promise<void> {
  const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
  for (const [user, namespace] of [
    ["shop-reader", "shop"],
    ["payments-reader", "payments"],
  ]) {
    await rbac.createNamespacedRoleBinding({
      namespace,
      fieldManager: FIELD_MANAGER,
      body: namespaceReaderBinding(user, namespace),
    });
  }
}

/** The RoleBinding granting `user` the reader ClusterRole in `namespace` (tests delete it to revoke). */
export function namespaceReaderBinding(user: string, namespace: string) {
  return {
    metadata: { name: `kruise-console-test:${user}`, namespace },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "kruise-console-test:reader" },
    subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: user }],
  };
}

/** A CRD the sandbox serves (sandbox/crds), so both servers get the same one. */
function sandboxCrd(file: string): V1CustomResourceDefinition {
  // loadYaml maps `x-kubernetes-*` keys onto client-node's model; a plain YAML parse would
  // lose them on serialization and the real server rejects the schema.
  return loadYaml<V1CustomResourceDefinition>(fs.readFileSync(path.join(REPO, "sandbox/crds", file), "utf8"));
}

/** The kruise v1.9.0 CloneSet CRD. */
export function cloneSetCrd(): V1CustomResourceDefinition {
  return sandboxCrd("apps.kruise.io_clonesets.yaml");
}

/** Creates a CRD and waits until it is Established and its plural answers at `version`. */
async function installCrd(kc: KubeConfig, crd: V1CustomResourceDefinition, version: string): Promise<void> {
  const ext = kc.makeApiClient(ApiextensionsV1Api);
  await ext.createCustomResourceDefinition({ body: crd, fieldManager: FIELD_MANAGER });
  const name = crd.metadata!.name!;
  await waitUntil(`CRD ${name} Established`, async () => {
    const got = await ext.readCustomResourceDefinition({ name });
    return !!got.status?.conditions?.some((c) => c.type === "Established" && c.status === "True");
  });
  const co = kc.makeApiClient(CustomObjectsApi);
  const { group, names } = crd.spec;
  await waitUntil(`${names.plural} served`, async () => {
    await co.listClusterCustomObject({ group, version, plural: names.plural });
    return true;
  });
}

/** Installs the CloneSet CRD and waits until it is Established and its endpoint answers. */
export async function installCloneSetCrd(kc: KubeConfig): Promise<void> {
  await installCrd(kc, cloneSetCrd(), "v1alpha1");
}

/**
 * Installs Kruise v1.6.2's Advanced StatefulSet (v1beta1 stored, v1alpha1 served) and Advanced DaemonSet CRDs as the
 * sandbox serves them.
 */
export async function installWorkloadCrds(kc: KubeConfig): Promise<void> {
  await installCrd(kc, sandboxCrd("apps.kruise.io_statefulsets.yaml"), "v1beta1");
  await installCrd(kc, sandboxCrd("apps.kruise.io_daemonsets.yaml"), "v1alpha1");
}

/** Installs Kruise Rollout's v0.6.2 CRDs (Rollout, BatchRelease; v1beta1 stored) as the sandbox serves them. */
export async function installRolloutCrds(kc: KubeConfig): Promise<void> {
  await installCrd(kc, sandboxCrd("rollouts.kruise.io_rollouts.yaml"), "v1beta1");
  await installCrd(kc, sandboxCrd("rollouts.kruise.io_batchreleases.yaml"), "v1beta1");
}

export async function createNamespace(kc: KubeConfig, name: string): Promise<void> {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name } }, fieldManager: FIELD_MANAGER });
}
