/**
 * The steps every scenario table is made of, for any workload kind: start an object and wait until it has
 * settled, change it while a pod timeline records what the controller does, and wait until the change is done.
 */
import type { ControllerRevision, Pod } from "@/lib/k8s/objects";
import type { Timeline } from "./timeline";
import { until } from "./wait";
import type { Merge, WorkloadClient, WorkloadObject } from "./workload";

export interface Started<T> {
  object: T;
  pods: Pod[];
}

/** Creates `obj` and waits until it has settled; its pods then. */
export async function start<T extends WorkloadObject>(c: WorkloadClient<T>, obj: T): Promise<Started<T>> {
  await c.create(obj);
  const object = await c.settled(obj.metadata.name!);
  return { object, pods: await c.pods(obj.metadata.name!) };
}

/**
 * Changes the template (a new update revision) without anything moving yet (the scenario keeps every pod with its
 * partition): the object once the controller names the new revision, and every revision it has.
 */
export async function newRevision<T extends WorkloadObject>(
  c: WorkloadClient<T>,
  name: string,
  patch: Merge,
): Promise<{ object: T; revisions: ControllerRevision[] }> {
  const before = (await c.get(name)).status?.updateRevision;
  await c.patch(name, patch);
  const object = await c.until(
    name,
    "a new update revision",
    (o) => o.status?.observedGeneration === o.metadata.generation && o.status?.updateRevision !== before,
  );
  return { object, revisions: await c.revisions(name) };
}

export interface Ran<T> {
  timeline: Timeline;
  object: T;
  pods: Pod[];
}

export interface Done<T> {
  what: string;
  /** the object's status (and, when it says more, its active pods) show the change is complete */
  test: (o: T, pods: Pod[]) => boolean;
}

/**
 * Applies `act` (a merge patch of the object, or any writes) with a pod timeline running (in flight counted towards
 * `towards`), until `done` holds and the pod watch has caught up with the pods.
 */
export async function change<T extends WorkloadObject>(
  c: WorkloadClient<T>,
  name: string,
  act: Merge | (() => Promise<unknown>),
  done: Done<T>,
  towards?: string,
): Promise<Ran<T>> {
  const timeline = await c.watch(name);
  if (towards) timeline.towards(towards);
  try {
    await (typeof act === "function" ? act() : c.patch(name, act));
    // The object's status and the pods come through different watches: the pods' must have caught up too.
    return await until(
      `${name}: ${done.what} (${c.h.hint()})`,
      async () => {
        const object = await c.get(name);
        const pods = await c.pods(name);
        return done.test(object, pods) && timeline.hasSeen(pods) && { timeline, object, pods };
      },
      90_000,
    );
  } finally {
    timeline.close();
  }
}
