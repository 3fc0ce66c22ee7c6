// Thin typed access to the API server through @kubernetes/client-node, with explicit patch content
// types and field managers (client-node 1.4.0 defaults PATCH to JSON patch otherwise).
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  type ConfigurationOptions,
  type CoreV1Event,
  type V1ControllerRevision,
  type V1Node,
  type V1Pod,
} from "@kubernetes/client-node";
import type { CloneSet, ControllerRevision, Node, Pod, PodCondition } from "@/lib/k8s/objects";
import { withConnectionReuse } from "./connections";
import { errorCode } from "./kube-support";
import { untyped } from "./untyped";

/** What the controllers read of a write's response. */
export interface Written {
  resourceVersion?: string;
}

/** A LIST response, read untyped. */
export interface List<T> {
  items: T[];
  metadata?: { resourceVersion?: string; continue?: string };
}

export const GROUP = "apps.kruise.io";
export const VERSION = "v1alpha1";
export const PLURAL = "clonesets";

/** Where a custom resource kind is served. */
export interface CustomRef {
  group: string;
  version: string;
  plural: string;
}

export { errorCode, errorMessage, loadKubeConfig, withServer } from "./kube-support";

/**
 * Writes sent by every Kube client of this process, by field manager and kind ("kubelet pods/status patch"):
 * what `bench/controller.ts` prints per pod update. A counter per call, nothing more.
 */
export const writeCounts = new Map<string, number>();

const MERGE = PatchStrategy.MergePatch;
const STRATEGIC = PatchStrategy.StrategicMergePatch;

/** Runs one client-node call with untyped options and returns its body as plain JSON (untyped.ts). */
async function plain<T>(call: (options: ConfigurationOptions) => Promise<unknown>, contentType?: string): Promise<T> {
  const u = untyped<T>(contentType);
  await call(u.options);
  return u.body();
}

/** Runs one call and returns the written object's resourceVersion, all a write's caller reads of its response. */
async function written(
  call: (options: ConfigurationOptions) => Promise<unknown>,
  contentType?: string,
): Promise<Written> {
  const u = untyped(contentType);
  await call(u.options);
  return { resourceVersion: u.resourceVersion() };
}

/** The same, for calls whose response nobody reads: the body is never parsed. */
async function sent(call: (options: ConfigurationOptions) => Promise<unknown>, contentType?: string): Promise<void> {
  await call(untyped(contentType).options);
}

export class Kube {
  readonly core: CoreV1Api;
  readonly apps: AppsV1Api;
  readonly custom: CustomObjectsApi;

  constructor(
    readonly kc: KubeConfig,
    readonly fieldManager: string,
  ) {
    const reusing = withConnectionReuse(kc);
    this.core = reusing.makeApiClient(CoreV1Api);
    this.apps = reusing.makeApiClient(AppsV1Api);
    this.custom = reusing.makeApiClient(CustomObjectsApi);
  }

  private countKeys = new Map<string, string>();

  private count(what: string): void {
    let key = this.countKeys.get(what);
    if (!key) this.countKeys.set(what, (key = `${this.fieldManager} ${what}`));
    writeCounts.set(key, (writeCounts.get(key) ?? 0) + 1);
  }

  /** Pods, cluster-wide or in one namespace, as plain JSON like the watch's. */
  listPods(ns?: string): Promise<List<Pod>> {
    return plain((o) =>
      ns ? this.core.listNamespacedPod({ namespace: ns }, o) : this.core.listPodForAllNamespaces({}, o),
    );
  }

  listRevisions(ns?: string): Promise<List<ControllerRevision>> {
    return plain((o) =>
      ns
        ? this.apps.listNamespacedControllerRevision({ namespace: ns }, o)
        : this.apps.listControllerRevisionForAllNamespaces({}, o),
    );
  }

  async createPod(pod: Pod): Promise<void> {
    this.count("pods create");
    const body = { namespace: pod.metadata.namespace!, body: pod as V1Pod, fieldManager: this.fieldManager };
    await sent((o) => this.core.createNamespacedPod(body, o));
  }

  /** Creates a pod and returns its name (the server makes one up from generateName). */
  async createPodNamed(pod: Pod): Promise<string> {
    this.count("pods create");
    const body = { namespace: pod.metadata.namespace!, body: pod as V1Pod, fieldManager: this.fieldManager };
    const created = await plain<Pod>((o) => this.core.createNamespacedPod(body, o));
    return created.metadata.name;
  }

  /** Strategic merge patch on a pod (allowed for built-ins; keyed lists such as conditions merge by type). */
  async patchPod(ns: string, name: string, body: object, status = false): Promise<Written> {
    this.count(status ? "pods/status patch" : "pods patch");
    const p = { name, namespace: ns, body, fieldManager: this.fieldManager };
    return written(
      (o) => (status ? this.core.patchNamespacedPodStatus(p, o) : this.core.patchNamespacedPod(p, o)),
      STRATEGIC,
    );
  }

  /**
   * Sets each condition whole, as Kruise's util.SetPodCondition replaces the stored one (openkruise/kruise
   * `pkg/util/pods.go`, written with UpdatePodStatus): a reason or message the new condition lacks is removed
   * (null in the strategic merge patch), so InPlaceUpdateReady turned True no longer says StartInPlaceUpdate.
   */
  patchPodConditions(ns: string, name: string, conditions: PodCondition[]): Promise<Written> {
    const whole = conditions.map((c) => ({ reason: null, message: null, ...c }));
    return this.patchPod(ns, name, { status: { conditions: whole } }, true);
  }

  async deletePod(ns: string, name: string, gracePeriodSeconds?: number, uid?: string): Promise<void> {
    this.count("pods delete");
    const body = uid
      ? { preconditions: { uid }, ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}) }
      : undefined;
    await sent((o) => this.core.deleteNamespacedPod({ name, namespace: ns, gracePeriodSeconds, body }, o));
  }

  async bindPod(ns: string, name: string, node: string): Promise<void> {
    this.count("pods/binding create");
    const body = { metadata: { name, namespace: ns }, target: { apiVersion: "v1", kind: "Node", name: node } };
    await sent((o) =>
      this.core.createNamespacedPodBinding({ name, namespace: ns, fieldManager: this.fieldManager, body }, o),
    );
  }

  async createRevision(rev: ControllerRevision): Promise<void> {
    this.count("controllerrevisions create");
    const body = { namespace: rev.metadata.namespace!, body: rev as V1ControllerRevision };
    await sent((o) => this.apps.createNamespacedControllerRevision({ ...body, fieldManager: this.fieldManager }, o));
  }

  readRevision(ns: string, name: string): Promise<ControllerRevision> {
    return plain((o) => this.apps.readNamespacedControllerRevision({ name, namespace: ns }, o));
  }

  async patchRevisionNumber(ns: string, name: string, revision: number): Promise<void> {
    this.count("controllerrevisions patch");
    const p = { name, namespace: ns, body: { revision }, fieldManager: this.fieldManager };
    await sent((o) => this.apps.patchNamespacedControllerRevision(p, o), MERGE);
  }

  async deleteRevision(ns: string, name: string): Promise<void> {
    this.count("controllerrevisions delete");
    await sent((o) => this.apps.deleteNamespacedControllerRevision({ name, namespace: ns }, o));
  }

  getCloneSet(ns: string, name: string): Promise<CloneSet> {
    const ref = { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name };
    return plain((o) => this.custom.getNamespacedCustomObject(ref, o));
  }

  /** PUT /status (read-modify-write; 409 when the object moved on). */
  replaceCloneSetStatus(cs: CloneSet): Promise<Written> {
    this.count("clonesets/status update");
    const ref = { group: GROUP, version: VERSION, namespace: cs.metadata.namespace!, plural: PLURAL };
    const req = { ...ref, name: cs.metadata.name!, body: cs, fieldManager: this.fieldManager };
    return written((o) => this.custom.replaceNamespacedCustomObjectStatus(req, o));
  }

  /** JSON merge patch on a CloneSet (CRs reject strategic merge). */
  mergePatchCloneSet(ns: string, name: string, body: object): Promise<CloneSet> {
    this.count("clonesets patch");
    const req = { group: GROUP, version: VERSION, namespace: ns, plural: PLURAL, name, body };
    return plain((o) => this.custom.patchNamespacedCustomObject({ ...req, fieldManager: this.fieldManager }, o), MERGE);
  }

  /** JSON merge patch on a namespaced custom object (an Advanced StatefulSet driven by a BatchRelease). */
  mergePatchCustom<T>(ref: CustomRef, ns: string, name: string, body: object): Promise<T> {
    this.count(`${ref.plural} patch`);
    const req = { ...ref, namespace: ns, name, body, fieldManager: this.fieldManager };
    return plain((o) => this.custom.patchNamespacedCustomObject(req, o), MERGE);
  }

  /** Custom objects of one kind, cluster-wide or in one namespace, as plain JSON like the watch's. */
  listCustom<T>(ref: CustomRef, ns?: string): Promise<List<T>> {
    return plain((o) =>
      ns
        ? this.custom.listNamespacedCustomObject({ ...ref, namespace: ns }, o)
        : this.custom.listClusterCustomObject(ref, o),
    );
  }

  getCustom<T>(ref: CustomRef, ns: string, name: string): Promise<T> {
    return plain((o) => this.custom.getNamespacedCustomObject({ ...ref, namespace: ns, name }, o));
  }

  /** PUT /status of a custom object (read-modify-write; 409 when the object moved on). */
  replaceCustomStatus(ref: CustomRef, obj: { metadata: { namespace?: string; name?: string } }): Promise<Written> {
    this.count(`${ref.plural}/status update`);
    const req = { ...ref, namespace: obj.metadata.namespace!, name: obj.metadata.name!, body: obj };
    return written((o) =>
      this.custom.replaceNamespacedCustomObjectStatus({ ...req, fieldManager: this.fieldManager }, o),
    );
  }

  listNodes(): Promise<List<Node>> {
    return plain((o) => this.core.listNode({}, o));
  }

  /** JSON merge patch on a Node (its spec, e.g. the taints). */
  async mergePatchNode(name: string, body: object): Promise<void> {
    this.count("nodes patch");
    await sent((o) => this.core.patchNode({ name, body, fieldManager: this.fieldManager }, o), MERGE);
  }

  async createEvent(ev: CoreV1Event): Promise<void> {
    this.count("events create");
    const req = { namespace: ev.metadata!.namespace!, body: ev, fieldManager: this.fieldManager };
    await sent((o) => this.core.createNamespacedEvent(req, o));
  }

  async patchEvent(ns: string, name: string, body: object): Promise<void> {
    this.count("events patch");
    const req = { name, namespace: ns, body, fieldManager: this.fieldManager };
    await sent((o) => this.core.patchNamespacedEvent(req, o), MERGE);
  }

  readNode(name: string): Promise<Node> {
    return plain((o) => this.core.readNode({ name }, o));
  }

  async ensureNode(node: V1Node): Promise<void> {
    try {
      await sent((o) => this.core.createNode({ body: node, fieldManager: this.fieldManager }, o));
    } catch (e) {
      if (errorCode(e) !== 409) throw e;
    }
    const req = { name: node.metadata!.name!, body: { status: node.status }, fieldManager: this.fieldManager };
    await sent((o) => this.core.patchNodeStatus(req, o), STRATEGIC);
  }
}
