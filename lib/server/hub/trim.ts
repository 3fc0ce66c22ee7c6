import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { slimManagedFields, type ManagedEntry } from "@/lib/kruise/view/managed";

// What the console never reads from a pod (checked against lib/client, lib/kruise and components/): defaulted
// spec plumbing and addressing. Everything the pod table, the detail page and the rollout preview read stays:
// metadata (labels, annotations, owner, times), spec.containers' names/images/resources, nodeName,
// readinessGates, and status phase, conditions and containerStatuses (state, ready, restarts, image, imageID).
const POD_SPEC = new Set([
  "volumes",
  "tolerations",
  "securityContext",
  "dnsPolicy",
  "schedulerName",
  "serviceAccount",
  "serviceAccountName",
  "automountServiceAccountToken",
  "enableServiceLinks",
  "preemptionPolicy",
  "restartPolicy",
  "terminationGracePeriodSeconds",
]);
const CONTAINER = new Set(["volumeMounts", "terminationMessagePath", "terminationMessagePolicy", "imagePullPolicy"]);
const POD_STATUS = new Set(["podIP", "podIPs", "hostIP", "qosClass", "startTime"]);
const CONTAINER_STATUS = new Set(["containerID", "lastState"]);
const MANAGED = new Set(["managedFields"]);

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * A copy of `o` without `keys`. Copying rather than `delete`: a V8 object that loses properties turns into a slow
 * dictionary, and a 5,000-pod snapshot then costs several times more to trim and to serialise.
 */
function without(o: unknown, keys: Set<string>, then?: (out: Rec) => void): unknown {
  if (!isRec(o)) return o;
  const out: Rec = {};
  for (const k in o) if (!keys.has(k)) out[k] = o[k];
  then?.(out);
  return out;
}

const eachWithout = (list: unknown, keys: Set<string>) =>
  Array.isArray(list) ? list.map((x) => without(x, keys)) : list;

function slimMetadata(resource: ResourceName, md: Rec): Rec {
  if (!("managedFields" in md)) return md;
  const slim = resource === "clonesets" ? slimManagedFields(md.managedFields as ManagedEntry[] | undefined) : [];
  return slim.length ? { ...md, managedFields: slim } : (without(md, MANAGED) as Rec);
}

/**
 * What the console keeps of an object: without `metadata.managedFields` (often half its bytes; a CloneSet keeps
 * only the entries naming who wrote its partition, paused flag or images, for the detail's timeline), and for pods
 * without the fields listed above, so the cache and every frame stay small. CloneSets, revisions and events keep
 * everything else: their YAML and diffs are shown whole. Returns a new object when something was dropped.
 */
export function trim(resource: ResourceName, obj: K8sObject): K8sObject {
  const md = isRec(obj.metadata) ? slimMetadata(resource, obj.metadata) : obj.metadata;
  if (resource !== "pods") return md === obj.metadata ? obj : { ...obj, metadata: md as K8sObject["metadata"] };
  return {
    ...obj,
    metadata: md as K8sObject["metadata"],
    ...(obj.spec !== undefined && {
      spec: without(obj.spec, POD_SPEC, (s) => {
        if ("containers" in s) s.containers = eachWithout(s.containers, CONTAINER);
        if ("initContainers" in s) s.initContainers = eachWithout(s.initContainers, CONTAINER);
      }),
    }),
    ...(obj.status !== undefined && {
      status: without(obj.status, POD_STATUS, (s) => {
        if ("containerStatuses" in s) s.containerStatuses = eachWithout(s.containerStatuses, CONTAINER_STATUS);
        if ("initContainerStatuses" in s)
          s.initContainerStatuses = eachWithout(s.initContainerStatuses, CONTAINER_STATUS);
      }),
    }),
  };
}
