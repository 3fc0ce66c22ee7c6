/**
 * The scenario harness's view of a workload kind: how to build one, where it lives, how to find its pods and
 * when its status has caught up. A new kind (Advanced StatefulSet, Advanced DaemonSet) adds one `WorkloadKind`
 * and its scenario tables; `WorkloadClient` (create, patch, observe pods and events, clean up) is shared.
 */
import { ApiException, CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import type { ControllerRevision, Event, Pod } from "@/lib/k8s/objects";
import { isPodActive } from "@/lib/kruise/core/pod-state";
import type { ControllerHandle } from "./harness";
import { Timeline } from "./timeline";
import { until } from "./wait";

/** The fields every workload object here has (CloneSet, StatefulSet, DaemonSet of apps.kruise.io). */
export interface WorkloadObject {
  apiVersion?: string;
  kind?: string;
  metadata: { name?: string; namespace?: string; uid?: string; generation?: number; resourceVersion?: string };
  spec: object;
  status?: { observedGeneration?: number; updateRevision?: string; currentRevision?: string };
}

export interface WorkloadKind<T extends WorkloadObject> {
  kind: string;
  group: string;
  version: string;
  plural: string;
  /** label selector of the object's pods (the scenarios label pods `app=<name>`) */
  podSelector(name: string): string;
  /** the status describes the current spec and the pods have reached what it asks for */
  settled(obj: T): boolean;
}

export type Merge = Record<string, unknown>;

export class WorkloadClient<T extends WorkloadObject> {
  constructor(
    readonly h: ControllerHandle,
    readonly w: WorkloadKind<T>,
  ) {}

  private ref(name: string) {
    const { group, version, plural } = this.w;
    return { group, version, plural, namespace: this.h.ns, name };
  }
  private custom() {
    return this.h.kc().makeApiClient(CustomObjectsApi);
  }
  private core() {
    return this.h.kc().makeApiClient(CoreV1Api);
  }

  async create(obj: T): Promise<T> {
    return (await this.custom().createNamespacedCustomObject({ ...this.ref(obj.metadata.name!), body: obj })) as T;
  }
  async get(name: string): Promise<T> {
    return (await this.custom().getNamespacedCustomObject(this.ref(name))) as T;
  }
  /** A JSON merge patch of the object (what `kubectl patch --type merge` sends). */
  async patch(name: string, body: Merge): Promise<T> {
    return (await this.custom().patchNamespacedCustomObject(
      { ...this.ref(name), body },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    )) as T;
  }
  /** The object's active pods (not terminating, not finished). */
  async pods(name: string): Promise<Pod[]> {
    const list = await this.core().listNamespacedPod({ namespace: this.h.ns, labelSelector: this.w.podSelector(name) });
    return (list.items as Pod[]).filter(isPodActive);
  }
  async events(name: string): Promise<Event[]> {
    const obj = await this.get(name);
    const list = await this.core().listNamespacedEvent({
      namespace: this.h.ns,
      fieldSelector: `involvedObject.uid=${obj.metadata.uid}`,
    });
    return list.items as Event[];
  }
  /** How many times each event reason was recorded (a folded or repeated Event counts its `count`). */
  async reasons(name: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const e of await this.events(name)) out[e.reason ?? ""] = (out[e.reason ?? ""] ?? 0) + (e.count ?? 1);
    return out;
  }
  /**
   * Waits until the Events on the object count exactly `counts` per reason and hold each of `recorded` at least once
   * (an Event is written after the action it reports, by the controller's recorder, in its own time).
   */
  async eventsReach(name: string, counts: Record<string, number>, recorded: string[] = []): Promise<void> {
    let last: Record<string, number> = {};
    try {
      await until(
        `${name}: Events ${JSON.stringify(counts)}`,
        async () => {
          last = await this.reasons(name);
          return Object.entries(counts).every(([r, n]) => last[r] === n) && recorded.every((r) => (last[r] ?? 0) > 0);
        },
        30_000,
      );
    } catch (e) {
      throw new Error(`${(e as Error).message}; recorded ${JSON.stringify(last)} (${this.h.hint()})`);
    }
  }
  async revisions(name: string): Promise<ControllerRevision[]> {
    const list = (await this.custom().listNamespacedCustomObject({
      group: "apps",
      version: "v1",
      plural: "controllerrevisions",
      namespace: this.h.ns,
      labelSelector: this.w.podSelector(name),
    })) as { items: ControllerRevision[] };
    return list.items;
  }
  /** Waits until `test` holds for the object, and returns it. */
  until(name: string, what: string, test: (o: T) => boolean, ms = 90_000): Promise<T> {
    return until(
      `${name}: ${what} (${this.h.hint()})`,
      async () => {
        const o = await this.get(name);
        return test(o) && o;
      },
      ms,
    );
  }
  settled(name: string, what = "settled"): Promise<T> {
    return this.until(name, what, (o) => this.w.settled(o));
  }
  /** Waits until the controller has observed the last spec change and names its update revision. */
  observed(name: string): Promise<T> {
    return this.until(name, "the last change observed", (o) => o.status?.observedGeneration === o.metadata.generation);
  }
  /**
   * After a scenario writes pods for the controller to read (labels, annotations): a spec change the controller must
   * observe (revisionHistoryLimit one higher, which moves no pod) is written after them, and waited for. The
   * controller's next reconcile then comes after its pod cache had them (a watch event takes milliseconds; the
   * round trip through its status takes longer), so a following change is decided on the pods as written.
   */
  async barrier(name: string): Promise<void> {
    const o = await this.get(name);
    const limit = (o.spec as { revisionHistoryLimit?: number }).revisionHistoryLimit ?? 10;
    const written = await this.patch(name, { spec: { revisionHistoryLimit: limit + 1 } });
    await this.until(
      name,
      "the pod writes seen",
      (x) => (x.status?.observedGeneration ?? 0) >= written.metadata.generation!,
    );
  }
  watch(name: string): Promise<Timeline> {
    return Timeline.start(this.h.kc(), this.h.ns, this.w.podSelector(name));
  }
  /**
   * Deletes the object, its pods and revisions: kube-apiserver alone has no garbage collector, and a scenario's
   * pods left running would only load the kubelet for the next one.
   */
  async remove(name: string): Promise<void> {
    await this.custom().deleteNamespacedCustomObject(this.ref(name));
    await this.core().deleteCollectionNamespacedPod({
      namespace: this.h.ns,
      labelSelector: this.w.podSelector(name),
      gracePeriodSeconds: 0,
    });
    await this.custom().deleteCollectionNamespacedCustomObject({
      group: "apps",
      version: "v1",
      plural: "controllerrevisions",
      namespace: this.h.ns,
      labelSelector: this.w.podSelector(name),
    });
  }
}

/** Awaits a write that must fail: its HTTP code and the Status message. */
export async function failure(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (!(e instanceof ApiException)) throw e;
    const body = typeof e.body === "string" ? e.body : JSON.stringify(e.body);
    let message = body;
    try {
      message = String((JSON.parse(body) as { message?: string }).message ?? body);
    } catch {
      // not a Status
    }
    return { code: e.code, message };
  }
  throw new Error("expected the write to be refused, but it succeeded");
}
