// Thin typed access to the API server through @kubernetes/client-node, with explicit patch content
// types and field managers (client-node 1.4.0 defaults PATCH to JSON patch otherwise).
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  type CoreV1Event,
  type V1ControllerRevision,
  type V1Node,
  type V1Pod,
} from "@kubernetes/client-node";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { withConnectionReuse } from "./connections";

export const GROUP = "apps.kruise.io";
export const VERSION = "v1alpha1";
export const PLURAL = "clonesets";

export function loadKubeConfig(path: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return kc;
}

/** The same clusters, users and contexts with every cluster's server at `server`. */
export function withServer(kc: KubeConfig, server: string): KubeConfig {
  const moved = new KubeConfig();
  moved.loadFromOptions({
    clusters: kc.clusters.map((c) => ({ ...c, server })),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return moved;
}

/** HTTP status of a client-node error (ApiException.code), or undefined for network errors. */
export function errorCode(e: unknown): number | undefined {
  return e instanceof ApiException ? e.code : undefined;
}

/** Message of a Kubernetes Status body, else the error text. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiException) {
    try {
      return (JSON.parse(String(e.body)) as { message?: string }).message ?? `HTTP ${e.code}`;
    } catch {
      return `HTTP ${e.code}`;
    }
  }
  return e instanceof Error ? e.message : String(e);
}

/**
 * Writes sent by every Kube client of this process, by field manager and kind ("kubelet pods/status patch"):
 * what `bench/controller.ts` prints per pod update. A counter per call, nothing more.
 */
export const writeCounts = new Map<string, number>();

const merge = () => setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const strategic = () => setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch);

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

  private count(what: string): void {
    const key = `${this.fieldManager} ${what}`;
    writeCounts.set(key, (writeCounts.get(key) ?? 0) + 1);
  }

  async createPod(pod: Pod): Promise<Pod> {
    this.count("pods create");
    return (await this.core.createNamespacedPod({
      namespace: pod.metadata.namespace!,
      body: pod as V1Pod,
      fieldManager: this.fieldManager,
    })) as Pod;
  }

  async replacePod(pod: Pod): Promise<Pod> {
    this.count("pods update");
    return (await this.core.replaceNamespacedPod({
      name: pod.metadata.name!,
      namespace: pod.metadata.namespace!,
      body: pod as V1Pod,
      fieldManager: this.fieldManager,
    })) as Pod;
  }

  /** Strategic merge patch on a pod (allowed for built-ins; keyed lists such as conditions merge by type). */
  async patchPod(ns: string, name: string, body: object, status = false): Promise<Pod> {
    this.count(status ? "pods/status patch" : "pods patch");
    const p = { name, namespace: ns, body, fieldManager: this.fieldManager };
    return (
      status
        ? await this.core.patchNamespacedPodStatus(p, strategic())
        : await this.core.patchNamespacedPod(p, strategic())
    ) as Pod;
  }

  async deletePod(ns: string, name: string, gracePeriodSeconds?: number, uid?: string): Promise<void> {
    this.count("pods delete");
    await this.core.deleteNamespacedPod({
      name,
      namespace: ns,
      gracePeriodSeconds,
      body: uid
        ? { preconditions: { uid }, ...(gracePeriodSeconds !== undefined ? { gracePeriodSeconds } : {}) }
        : undefined,
    });
  }

  async bindPod(ns: string, name: string, node: string): Promise<void> {
    this.count("pods/binding create");
    await this.core.createNamespacedPodBinding({
      name,
      namespace: ns,
      fieldManager: this.fieldManager,
      body: { metadata: { name, namespace: ns }, target: { apiVersion: "v1", kind: "Node", name: node } },
    });
  }

  async createRevision(rev: ControllerRevision): Promise<ControllerRevision> {
    this.count("controllerrevisions create");
    return (await this.apps.createNamespacedControllerRevision({
      namespace: rev.metadata.namespace!,
      body: rev as V1ControllerRevision,
      fieldManager: this.fieldManager,
    })) as ControllerRevision;
  }

  async readRevision(ns: string, name: string): Promise<ControllerRevision> {
    return (await this.apps.readNamespacedControllerRevision({ name, namespace: ns })) as ControllerRevision;
  }

  async patchRevisionNumber(ns: string, name: string, revision: number): Promise<void> {
    this.count("controllerrevisions patch");
    await this.apps.patchNamespacedControllerRevision(
      { name, namespace: ns, body: { revision }, fieldManager: this.fieldManager },
      merge(),
    );
  }

  async deleteRevision(ns: string, name: string): Promise<void> {
    this.count("controllerrevisions delete");
    await this.apps.deleteNamespacedControllerRevision({ name, namespace: ns });
  }

  async getCloneSet(ns: string, name: string): Promise<CloneSet> {
    return (await this.custom.getNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      namespace: ns,
      plural: PLURAL,
      name,
    })) as CloneSet;
  }

  /** PUT /status (read-modify-write; 409 when the object moved on). */
  async replaceCloneSetStatus(cs: CloneSet): Promise<CloneSet> {
    this.count("clonesets/status update");
    return (await this.custom.replaceNamespacedCustomObjectStatus({
      group: GROUP,
      version: VERSION,
      namespace: cs.metadata.namespace!,
      plural: PLURAL,
      name: cs.metadata.name!,
      body: cs,
      fieldManager: this.fieldManager,
    })) as CloneSet;
  }

  /** JSON merge patch on a CloneSet (CRs reject strategic merge). */
  async mergePatchCloneSet(ns: string, name: string, body: object): Promise<CloneSet> {
    this.count("clonesets patch");
    return (await this.custom.patchNamespacedCustomObject(
      {
        group: GROUP,
        version: VERSION,
        namespace: ns,
        plural: PLURAL,
        name,
        body,
        fieldManager: this.fieldManager,
      },
      merge(),
    )) as CloneSet;
  }

  async createEvent(ev: CoreV1Event): Promise<CoreV1Event> {
    this.count("events create");
    return this.core.createNamespacedEvent({
      namespace: ev.metadata!.namespace!,
      body: ev,
      fieldManager: this.fieldManager,
    });
  }

  async patchEvent(ns: string, name: string, body: object): Promise<void> {
    this.count("events patch");
    await this.core.patchNamespacedEvent({ name, namespace: ns, body, fieldManager: this.fieldManager }, merge());
  }

  async ensureNode(node: V1Node): Promise<void> {
    try {
      await this.core.createNode({ body: node, fieldManager: this.fieldManager });
    } catch (e) {
      if (errorCode(e) !== 409) throw e;
    }
    await this.core.patchNodeStatus(
      { name: node.metadata!.name!, body: { status: node.status }, fieldManager: this.fieldManager },
      strategic(),
    );
  }
}
