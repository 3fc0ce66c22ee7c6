import type { Obj } from "./types";

/**
 * Compact OpenAPI schemas for the built-in kinds, with the strategic-merge-patch metadata kubectl reads
 * (`x-kubernetes-patch-merge-key`/`-strategy`, from the `patchMergeKey`/`patchStrategy` tags in
 * `k8s.io/api/core/v1/types.go`). Nested details kube models but the sandbox does not are left open.
 */
const ref = (n: string) => ({ $ref: `#/components/schemas/${n}` });
const str = { type: "string" };
const int = { type: "integer", format: "int32" };
const open = { type: "object", "x-kubernetes-preserve-unknown-fields": true };
const strMap = { type: "object", additionalProperties: { type: "string" } };
const merged = (items: Obj, key: string, extra: Obj = {}) => ({
  type: "array",
  items,
  "x-kubernetes-patch-merge-key": key,
  "x-kubernetes-patch-strategy": "merge",
  ...extra,
});
const gvk = (group: string, version: string, kind: string) => ({
  "x-kubernetes-group-version-kind": [{ group, version, kind }],
});
const top = (kind: string, group: string, version: string, props: Obj, description: string) => ({
  description,
  type: "object",
  ...gvk(group, version, kind),
  properties: {
    apiVersion: str,
    kind: str,
    metadata: ref("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"),
    ...props,
  },
});

export function builtinSchemas(): Record<string, Obj> {
  return {
    "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": {
      description: "ObjectMeta is metadata that all persisted resources must have.",
      type: "object",
      properties: {
        name: str,
        generateName: str,
        namespace: str,
        uid: str,
        resourceVersion: str,
        generation: { type: "integer", format: "int64" },
        creationTimestamp: { type: "string", format: "date-time" },
        deletionTimestamp: { type: "string", format: "date-time" },
        deletionGracePeriodSeconds: { type: "integer", format: "int64" },
        labels: strMap,
        annotations: strMap,
        finalizers: { type: "array", items: str, "x-kubernetes-patch-strategy": "merge" },
        ownerReferences: merged(ref("io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference"), "uid"),
        managedFields: { type: "array", items: open },
      },
    },
    "io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference": {
      type: "object",
      required: ["apiVersion", "kind", "name", "uid"],
      properties: {
        apiVersion: str,
        kind: str,
        name: str,
        uid: str,
        controller: { type: "boolean" },
        blockOwnerDeletion: { type: "boolean" },
      },
    },
    "io.k8s.api.core.v1.Container": {
      description: "A single application container that you want to run within a pod.",
      type: "object",
      required: ["name"],
      properties: {
        name: str,
        image: str,
        imagePullPolicy: str,
        command: { type: "array", items: str },
        args: { type: "array", items: str },
        workingDir: str,
        env: merged(ref("io.k8s.api.core.v1.EnvVar"), "name"),
        envFrom: { type: "array", items: open },
        ports: merged(ref("io.k8s.api.core.v1.ContainerPort"), "containerPort", {
          "x-kubernetes-list-map-keys": ["containerPort", "protocol"],
          "x-kubernetes-list-type": "map",
        }),
        volumeMounts: merged(open, "mountPath"),
        resources: open,
        livenessProbe: open,
        readinessProbe: open,
        startupProbe: open,
        lifecycle: open,
        securityContext: open,
        terminationMessagePath: str,
        terminationMessagePolicy: str,
        stdin: { type: "boolean" },
        tty: { type: "boolean" },
      },
    },
    "io.k8s.api.core.v1.EnvVar": {
      type: "object",
      required: ["name"],
      properties: { name: str, value: str, valueFrom: open },
    },
    "io.k8s.api.core.v1.ContainerPort": {
      type: "object",
      required: ["containerPort"],
      properties: { name: str, containerPort: int, hostPort: int, hostIP: str, protocol: str },
    },
    "io.k8s.api.core.v1.PodSpec": {
      description: "PodSpec is a description of a pod.",
      type: "object",
      required: ["containers"],
      properties: {
        containers: merged(ref("io.k8s.api.core.v1.Container"), "name"),
        initContainers: merged(ref("io.k8s.api.core.v1.Container"), "name"),
        volumes: merged(open, "name", { "x-kubernetes-patch-strategy": "merge,retainKeys" }),
        imagePullSecrets: merged(open, "name"),
        tolerations: { type: "array", items: open },
        readinessGates: { type: "array", items: open },
        nodeName: str,
        nodeSelector: strMap,
        restartPolicy: str,
        dnsPolicy: str,
        schedulerName: str,
        serviceAccountName: str,
        hostname: str,
        subdomain: str,
        terminationGracePeriodSeconds: { type: "integer", format: "int64" },
        activeDeadlineSeconds: { type: "integer", format: "int64" },
        securityContext: open,
        affinity: open,
        priority: int,
        priorityClassName: str,
        enableServiceLinks: { type: "boolean" },
        topologySpreadConstraints: { type: "array", items: open },
        hostAliases: merged(open, "ip"),
      },
    },
    "io.k8s.api.core.v1.PodStatus": {
      type: "object",
      properties: {
        phase: str,
        reason: str,
        message: str,
        hostIP: str,
        podIP: str,
        qosClass: str,
        startTime: { type: "string", format: "date-time" },
        conditions: merged(open, "type"),
        podIPs: merged(open, "ip"),
        containerStatuses: { type: "array", items: open },
        initContainerStatuses: { type: "array", items: open },
        nominatedNodeName: str,
      },
    },
    "io.k8s.api.core.v1.Pod": top(
      "Pod",
      "",
      "v1",
      { spec: ref("io.k8s.api.core.v1.PodSpec"), status: ref("io.k8s.api.core.v1.PodStatus") },
      "Pod is a collection of containers that can run on a host.",
    ),
    "io.k8s.api.core.v1.Namespace": top(
      "Namespace",
      "",
      "v1",
      { spec: open, status: open },
      "Namespace provides a scope for Names.",
    ),
    "io.k8s.api.core.v1.Node": top(
      "Node",
      "",
      "v1",
      {
        spec: open,
        status: {
          type: "object",
          properties: { conditions: merged(open, "type"), addresses: merged(open, "type") },
          "x-kubernetes-preserve-unknown-fields": true,
        },
      },
      "Node is a worker node in Kubernetes.",
    ),
    "io.k8s.api.core.v1.Event": top(
      "Event",
      "",
      "v1",
      {
        involvedObject: open,
        reason: str,
        message: str,
        type: str,
        count: int,
        source: open,
        firstTimestamp: str,
        lastTimestamp: str,
        eventTime: str,
        action: str,
        reportingComponent: str,
        reportingInstance: str,
        related: open,
        series: open,
      },
      "Event is a report of an event somewhere in the cluster.",
    ),
    "io.k8s.api.apps.v1.ControllerRevision": top(
      "ControllerRevision",
      "apps",
      "v1",
      { data: open, revision: { type: "integer", format: "int64" } },
      "ControllerRevision implements an immutable snapshot of state data.",
    ),
    "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition": top(
      "CustomResourceDefinition",
      "apiextensions.k8s.io",
      "v1",
      { spec: open, status: open },
      "CustomResourceDefinition represents a resource that should be exposed on the API server.",
    ),
    "io.k8s.api.autoscaling.v1.Scale": top(
      "Scale",
      "autoscaling",
      "v1",
      {
        spec: { type: "object", properties: { replicas: int } },
        status: { type: "object", properties: { replicas: int, selector: str } },
      },
      "Scale represents a scaling request for a resource.",
    ),
  };
}

/** Schema name of a built-in kind (the Go package path kube uses). */
export function builtinSchemaName(group: string, kind: string): string | undefined {
  const names = Object.keys(builtinSchemas());
  const pkg =
    group === ""
      ? "io.k8s.api.core.v1."
      : group === "apps"
        ? "io.k8s.api.apps.v1."
        : group === "apiextensions.k8s.io"
          ? "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1."
          : "";
  return names.find((n) => n === `${pkg}${kind}`);
}
