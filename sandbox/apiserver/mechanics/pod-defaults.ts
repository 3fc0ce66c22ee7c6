/**
 * Pod spec defaulting as k8s.io/kubernetes pkg/apis/core/v1/defaults.go does it (SetDefaults_PodSpec,
 * SetDefaults_Container, SetDefaults_ContainerPort, SetDefaults_Probe, SetDefaults_Volume, …).
 * Kruise's mutating webhook applies the same to CloneSet templates (apis/apps/defaults/v1alpha1.go SetDefaultPodSpec).
 * Mutates in place.
 */
import { isObject, type Json, type JsonObject } from "./json";

function setIfAbsent(o: JsonObject, k: string, v: Json) {
  if (o[k] === undefined || o[k] === null || o[k] === "") o[k] = v;
}

/** imagePullPolicy default: Always for `:latest` or an untagged image, else IfNotPresent (digests count as tagged). */
export function defaultPullPolicy(image: string): string {
  if (image.includes("@")) return "IfNotPresent";
  const last = image.split("/").pop() ?? image;
  const tag = last.includes(":") ? last.split(":").pop() : "";
  return !tag || tag === "latest" ? "Always" : "IfNotPresent";
}

function defaultProbe(p: Json | undefined) {
  if (!isObject(p)) return;
  setIfAbsent(p, "timeoutSeconds", 1);
  setIfAbsent(p, "periodSeconds", 10);
  setIfAbsent(p, "successThreshold", 1);
  setIfAbsent(p, "failureThreshold", 3);
  if (isObject(p.httpGet)) {
    setIfAbsent(p.httpGet, "path", "/");
    setIfAbsent(p.httpGet, "scheme", "HTTP");
  }
}

function defaultContainer(c: Json) {
  if (!isObject(c)) return;
  if (!isObject(c.resources)) c.resources = {}; // a non-pointer struct: Go always encodes it
  setIfAbsent(c, "terminationMessagePath", "/dev/termination-log");
  setIfAbsent(c, "terminationMessagePolicy", "File");
  if (typeof c.image === "string") setIfAbsent(c, "imagePullPolicy", defaultPullPolicy(c.image));
  for (const p of Array.isArray(c.ports) ? c.ports : []) if (isObject(p)) setIfAbsent(p, "protocol", "TCP");
  for (const e of Array.isArray(c.env) ? c.env : []) {
    if (isObject(e) && isObject(e.valueFrom) && isObject(e.valueFrom.fieldRef))
      setIfAbsent(e.valueFrom.fieldRef, "apiVersion", "v1");
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
}

const volumeSources = (v: JsonObject) => Object.keys(v).filter((k) => k !== "name");

function defaultVolume(v: Json) {
  if (!isObject(v)) return;
  if (volumeSources(v).length === 0) v.emptyDir = {};
  if (isObject(v.configMap)) setIfAbsent(v.configMap, "defaultMode", 420);
  if (isObject(v.secret)) setIfAbsent(v.secret, "defaultMode", 420);
}

/**
 * The pod template defaults Kruise's webhooks inject into a CloneSet's or Advanced StatefulSet's template: the pod
 * spec defaults, except that a container (not an init container) without an imagePullPolicy gets Always, "for
 * in-place update", whatever its tag. Upstream: kruise apis/apps/defaults/pod.go SetDefaultPodSpec.
 */
export function defaultKruiseTemplateSpec(spec: JsonObject): void {
  for (const c of Array.isArray(spec.containers) ? spec.containers : [])
    if (isObject(c)) setIfAbsent(c, "imagePullPolicy", "Always");
  defaultPodSpec(spec);
}

/** SetDefaults_PodSpec and the per-container/volume defaults. */
export function defaultPodSpec(spec: JsonObject): void {
  setIfAbsent(spec, "dnsPolicy", "ClusterFirst");
  setIfAbsent(spec, "restartPolicy", "Always");
  setIfAbsent(spec, "terminationGracePeriodSeconds", 30);
  if (!isObject(spec.securityContext)) spec.securityContext = {};
  setIfAbsent(spec, "schedulerName", "default-scheduler");
  for (const c of Array.isArray(spec.containers) ? spec.containers : []) defaultContainer(c);
  for (const c of Array.isArray(spec.initContainers) ? spec.initContainers : []) defaultContainer(c);
  for (const v of Array.isArray(spec.volumes) ? spec.volumes : []) defaultVolume(v);
}

/** SetDefaults_Pod: a resource with a limit but no request gets the limit as its request. */
function defaultRequests(c: Json) {
  if (!isObject(c) || !isObject(c.resources) || !isObject(c.resources.limits)) return;
  const r = c.resources;
  const requests = isObject(r.requests) ? r.requests : {};
  for (const [k, v] of Object.entries(r.limits as JsonObject)) if (requests[k] === undefined) requests[k] = v;
  r.requests = requests;
}

/** GetPodQOS (pkg/apis/core/helper/qos): BestEffort without any cpu/memory request or limit, Guaranteed when all equal. */
export function podQosClass(spec: JsonObject): string {
  const cs = [
    ...(Array.isArray(spec.containers) ? spec.containers : []),
    ...(Array.isArray(spec.initContainers) ? spec.initContainers : []),
  ];
  let any = false;
  let guaranteed = true;
  for (const c of cs) {
    const r = isObject(c) && isObject(c.resources) ? c.resources : {};
    const req = isObject(r.requests) ? r.requests : {};
    const lim = isObject(r.limits) ? r.limits : {};
    for (const res of ["cpu", "memory"]) {
      if (req[res] !== undefined || lim[res] !== undefined) any = true;
      if (lim[res] === undefined || (req[res] !== undefined && String(req[res]) !== String(lim[res])))
        guaranteed = false;
    }
  }
  if (!any) return "BestEffort";
  return guaranteed ? "Guaranteed" : "Burstable";
}

/**
 * What a real apiserver adds to a created Pod beyond the spec defaults: SetDefaults_Pod (enableServiceLinks),
 * the Priority admission plugin (priority 0, preemptionPolicy) and DefaultTolerationSeconds (300 s
 * not-ready/unreachable tolerations) and the pod strategy's PrepareForCreate (status phase Pending, qosClass).
 * ServiceAccount token injection is not simulated.
 */
export function defaultPod(pod: JsonObject): void {
  if (!isObject(pod.spec)) return;
  const spec = pod.spec;
  defaultPodSpec(spec);
  for (const c of [
    ...(Array.isArray(spec.containers) ? spec.containers : []),
    ...(Array.isArray(spec.initContainers) ? spec.initContainers : []),
  ])
    defaultRequests(c);
  pod.status = { phase: "Pending", qosClass: podQosClass(spec) };
  if (spec.enableServiceLinks === undefined) spec.enableServiceLinks = true;
  if (spec.priority === undefined) spec.priority = 0;
  setIfAbsent(spec, "preemptionPolicy", "PreemptLowerPriority");
  const tolerations = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  for (const key of ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"]) {
    const has = tolerations.some(
      (t) =>
        isObject(t) &&
        (t.key === key || (t.operator === "Exists" && !t.key)) &&
        (!t.effect || t.effect === "NoExecute"),
    );
    if (!has) tolerations.push({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 });
  }
  spec.tolerations = tolerations;
}

const timeFields: Record<string, string[]> = { running: ["startedAt"], terminated: ["startedAt", "finishedAt"] };

/**
 * Go's encoding of PodStatus writes metav1.Time fields without omitempty as null; kube-apiserver returns
 * conditions with lastProbeTime/lastTransitionTime and container states with startedAt (observed on 1.20).
 */
export function normalizePodStatus(pod: JsonObject): void {
  const st = isObject(pod.status) ? pod.status : undefined;
  if (!st) return;
  for (const c of Array.isArray(st.conditions) ? st.conditions : []) {
    if (!isObject(c)) continue;
    if (!("lastProbeTime" in c)) c.lastProbeTime = null;
    if (!("lastTransitionTime" in c)) c.lastTransitionTime = null;
  }
  for (const key of ["containerStatuses", "initContainerStatuses"]) {
    for (const cs of Array.isArray(st[key]) ? (st[key] as Json[]) : []) {
      if (!isObject(cs)) continue;
      for (const stateKey of ["state", "lastState"]) {
        const state = cs[stateKey];
        if (!isObject(state)) continue;
        for (const [phase, fields] of Object.entries(timeFields)) {
          const ph = state[phase];
          if (isObject(ph)) for (const f of fields) if (!(f in ph)) ph[f] = null;
        }
      }
    }
  }
}
