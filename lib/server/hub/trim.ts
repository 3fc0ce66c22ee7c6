import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { slimManagedFields, type ManagedEntry } from "@/lib/kruise/view/managed";

// What the console never reads from a pod (checked against lib/client, lib/kruise and components/): defaulted
// spec plumbing and addressing. Everything the pod table, the detail page and the rollout preview read stays:
// metadata (labels, annotations, owner, times), spec.containers' names/images/resources, nodeName,
// readinessGates, and status phase, conditions and containerStatuses (state, ready, restarts, image, imageID).
const POD_SPEC = [
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
];
const CONTAINER = ["volumeMounts", "terminationMessagePath", "terminationMessagePolicy", "imagePullPolicy"];
const POD_STATUS = ["podIP", "podIPs", "hostIP", "qosClass", "startTime"];
const CONTAINER_STATUS = ["containerID", "lastState"];

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === "object" && !Array.isArray(v);

function drop(o: unknown, keys: string[]): void {
  if (isRec(o)) for (const k of keys) delete o[k];
}

function dropEach(list: unknown, keys: string[]): void {
  if (Array.isArray(list)) for (const x of list) drop(x, keys);
}

/**
 * Drops what the console never shows, in place (the object is parsed JSON the hub owns), so the cache and every
 * frame stay small: `metadata.managedFields` of every object (often half its bytes; a CloneSet keeps only the
 * entries naming who wrote its partition, paused flag or images, for the detail's timeline), and for pods the
 * fields listed above. CloneSets, revisions and events keep everything else: their YAML and diffs are shown whole.
 */
export function trim(resource: ResourceName, obj: K8sObject): K8sObject {
  if (obj.metadata && "managedFields" in obj.metadata) {
    const md = obj.metadata as { managedFields?: unknown };
    const slim = resource === "clonesets" ? slimManagedFields(md.managedFields as ManagedEntry[] | undefined) : [];
    if (slim.length) md.managedFields = slim;
    else delete md.managedFields;
  }
  if (resource !== "pods") return obj;
  const spec = obj.spec as Rec | undefined;
  drop(spec, POD_SPEC);
  if (isRec(spec)) {
    dropEach(spec.containers, CONTAINER);
    dropEach(spec.initContainers, CONTAINER);
  }
  const status = obj.status as Rec | undefined;
  drop(status, POD_STATUS);
  if (isRec(status)) {
    dropEach(status.containerStatuses, CONTAINER_STATUS);
    dropEach(status.initContainerStatuses, CONTAINER_STATUS);
  }
  return obj;
}
