// core/v1 Pod (kubernetes pkg/apis/core/types.go).
import type { K8sObject } from "@/lib/k8s/wire";
import type { Pod } from "@/lib/k8s/objects";
import { cachedPodView } from "@/lib/kruise/view/row-cache";
import type { ViewPod } from "@/lib/kruise/view/types";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    pods: Pod;
  }
}

// What the console never reads from a pod (checked against lib/client, lib/kruise and components/): defaulted
// spec plumbing and addressing. Everything the pod table, the detail page and the update preview read stays:
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

/** A pod as the hub keeps it: without the fields above, so the cache and every frame stay small. */
export function trimPod(obj: K8sObject): K8sObject {
  return {
    ...obj,
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

const PATCH = { verb: "patch" } as const;
/** `kubectl logs` needs get on pods/log (kubernetes pkg/registry/core/pod/rest/log.go). */
export const POD_LOG = { verb: "get", subresource: "log" } as const;

export const podHome: KindHome<"pods"> = {
  resource: "pods",
  group: "",
  version: "v1",
  kind: "Pod",
  scope: "Namespaced",
  readable: true,
  // what `kubectl get pods` prints that is a plain field (READY and RESTARTS are computed by the server's table)
  printerColumns: [
    { name: "STATUS", jsonPath: ".status.phase", type: "string" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
    { name: "IP", jsonPath: ".status.podIP", type: "string", priority: 1 },
    { name: "NODE", jsonPath: ".spec.nodeName", type: "string", priority: 1 },
  ],
  writes: { edit: { needs: [PATCH], audit: PATCH } },
  reads: { log: { needs: [POD_LOG] } },
  cache: { leanListText: true, trim: trimPod },
  // The detail page's pod rows and the list's pod facts both read cachedPodView (lib/kruise/view/row-cache.ts).
  prepareView: (items, now) => {
    for (const p of items) cachedPodView(p as ViewPod, now);
  },
};
