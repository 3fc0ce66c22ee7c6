import type { Cluster } from "./cluster";
import { storageVersion } from "./resources";
import { grKey, type Obj, type ResourceType } from "./types";

/** QoS class as kube computes it (pkg/apis/core/helper/qos): enough for BestEffort/Burstable/Guaranteed. */
function qosClass(pod: Obj): string {
  const cs: Obj[] = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  const any = cs.some(
    (c) => Object.keys(c.resources?.requests ?? {}).length || Object.keys(c.resources?.limits ?? {}).length,
  );
  if (!any) return "BestEffort";
  const guaranteed = cs.every((c) => {
    const l = c.resources?.limits ?? {},
      r = c.resources?.requests ?? {};
    return l.cpu && l.memory && (!r.cpu || r.cpu === l.cpu) && (!r.memory || r.memory === l.memory);
  });
  return guaranteed ? "Guaranteed" : "Burstable";
}

/**
 * Per-kind PrepareForCreate (kube's registry strategies): pods start Pending, namespaces Active, CRDs established;
 * and, as the default-on admission plugin TaintNodesByCondition does, a new Node gets the
 * `node.kubernetes.io/not-ready:NoSchedule` taint (kubernetes plugin/pkg/admission/nodetaint/admission.go) until
 * something that watches node health (the node lifecycle controller, here the kubelet simulator) removes it.
 */
export function prepareForCreate(rt: ResourceType, obj: Obj) {
  if (!rt.builtin) return;
  if (rt.resource === "nodes") {
    const taints: Obj[] = Array.isArray(obj.spec?.taints) ? obj.spec.taints : [];
    if (!taints.some((t) => t.key === "node.kubernetes.io/not-ready" && t.effect === "NoSchedule"))
      obj.spec = {
        ...(obj.spec ?? {}),
        taints: [...taints, { key: "node.kubernetes.io/not-ready", effect: "NoSchedule" }],
      };
  }
  if (rt.resource === "pods") obj.status = { phase: "Pending", qosClass: qosClass(obj) };
  if (rt.resource === "namespaces") {
    obj.spec = { finalizers: ["kubernetes"] };
    obj.status = { phase: "Active" };
    obj.metadata.labels = { ...(obj.metadata.labels ?? {}), "kubernetes.io/metadata.name": obj.metadata.name };
  }
  if (rt.resource === "customresourcedefinitions") {
    obj.metadata.finalizers = [
      ...new Set([...(obj.metadata.finalizers ?? []), "customresourcecleanup.apiextensions.k8s.io"]),
    ];
    obj.status = crdStatus(obj);
  }
}

/** The status the CRD controllers publish once names are accepted (apiextensions-apiserver `pkg/controller/status`). */
export function crdStatus(crd: Obj): Obj {
  const t = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    acceptedNames: crd.spec?.names ?? {},
    conditions: [
      {
        type: "NamesAccepted",
        status: "True",
        reason: "NoConflicts",
        message: "no conflicts found",
        lastTransitionTime: t,
      },
      {
        type: "Established",
        status: "True",
        reason: "InitialNamesAccepted",
        message: "the initial names have been accepted",
        lastTransitionTime: t,
      },
    ],
    storedVersions: [storageVersion(crd)],
  };
}

/** Side effects of a committed write: CRDs change what is served; deleting one drops its objects. */
export function onStored(c: Cluster, rt: ResourceType, obj: Obj, deleted = false) {
  if (rt.resource !== "customresourcedefinitions" || !rt.builtin) return;
  if (deleted) {
    const gr = grKey({ group: obj.spec.group, resource: obj.spec.names.plural });
    c.store.dropTable(gr);
    c.registry.removeCrd(obj);
  } else if (!obj.metadata.deletionTimestamp) {
    c.registry.setCrd(obj);
  }
}
