// Pod template defaults that Kruise's mutating webhook (and Go's typed JSON encoding) add before a
// template is hashed into a ControllerRevision (docs/kruise-rules.md §2.1 "template", §6.1). Applying them is
// idempotent, so a template that was already defaulted by the API server hashes the same.
// Simplification: only the common defaults are applied (k8s pkg/apis/core/v1/defaults.go subset).
import type { Container, PodSpec, PodTemplateSpec } from "../../k8s/objects";

type Probe = NonNullable<Container["livenessProbe"]>;

function defaultProbe(p: Probe): Probe {
  const probe: Probe = { timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3, ...p };
  if (probe.httpGet) probe.httpGet = { scheme: "HTTP", path: "/", ...probe.httpGet };
  return probe;
}

function pullPolicy(image: string | undefined): string {
  if (!image) return "IfNotPresent";
  const last = image.split("/").pop() ?? "";
  if (image.includes("@")) return "IfNotPresent";
  const tag = last.includes(":") ? last.slice(last.lastIndexOf(":") + 1) : "";
  return tag === "" || tag === "latest" ? "Always" : "IfNotPresent";
}

/** `init`: an init container keeps Kubernetes' pull policy default; a container gets Always (see below). */
function defaultContainer(c: Container, init = false): Container {
  const out: Container = {
    terminationMessagePath: "/dev/termination-log",
    terminationMessagePolicy: "File",
    imagePullPolicy: init ? pullPolicy(c.image) : "Always",
    resources: {},
    ...c,
  };
  if (Array.isArray(c.ports)) out.ports = c.ports.map((p) => ({ protocol: "TCP", ...p }));
  if (Array.isArray(c.env)) {
    out.env = c.env.map((e) =>
      e.valueFrom?.fieldRef
        ? { ...e, valueFrom: { ...e.valueFrom, fieldRef: { apiVersion: "v1", ...e.valueFrom.fieldRef } } }
        : e,
    );
  }
  for (const k of ["livenessProbe", "readinessProbe", "startupProbe"] as const) {
    const probe = c[k];
    if (probe) out[k] = defaultProbe(probe);
  }
  return out;
}

/**
 * Pod template with the standard pod-spec defaults (restartPolicy Always, terminationGracePeriodSeconds 30,
 * dnsPolicy ClusterFirst, schedulerName default-scheduler, securityContext {}, container
 * terminationMessage*, imagePullPolicy, resources {}, port protocol, probe timings) and
 * `metadata.creationTimestamp: null` as Go's typed encoding writes it. A container's imagePullPolicy defaults to
 * Always whatever its tag ("for in-place update"); an init container's to Kubernetes' rule.
 * Upstream: kruise apis/apps/defaults/v1alpha1.go SetDefaultsCloneSet → apis/apps/defaults/pod.go SetDefaultPodSpec.
 */
export function defaultPodTemplate(t: PodTemplateSpec): PodTemplateSpec {
  const spec: PodSpec = {
    restartPolicy: "Always",
    terminationGracePeriodSeconds: 30,
    dnsPolicy: "ClusterFirst",
    schedulerName: "default-scheduler",
    securityContext: {},
    ...(t.spec ?? { containers: [] }),
  };
  spec.containers = (t.spec?.containers ?? []).map((c) => defaultContainer(c));
  if (t.spec?.initContainers) spec.initContainers = t.spec.initContainers.map((c) => defaultContainer(c, true));
  return { ...t, metadata: { creationTimestamp: null, ...(t.metadata ?? {}) }, spec };
}
