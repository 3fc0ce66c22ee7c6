/**
 * What a controller did to a workload's pods, as a watch sees it (every event, not samples): the pods it created, the
 * pods it deleted (and of those, the ones it deleted to update them), the pods it moved to another revision keeping
 * their uid (in place), and the most pods alive at once. A spec starts the watch before it sends a change and reads
 * it once the workload has settled and the watch has caught up with it (`caughtUp`): a watch's events may arrive after
 * a read already shows their outcome.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { podsOf, until, type E2ECluster } from "./workload-cluster";

export interface PodHistory {
  /** names of pods first seen after the watch started */
  created: string[];
  /** names of pods that were there when the watch started and were deleted (or marked for deletion) */
  deleted: string[];
  /**
   * of those deleted, the pods Kruise deleted to update them (ReCreate): it labels such a pod
   * `apps.kruise.io/specified-delete` and its scale step deletes it (openkruise/kruise
   * pkg/controller/cloneset/sync/cloneset_update.go updatePod); a pod deleted rather than updated never carries it
   */
  recreated: string[];
  /** names of pods that were there at the start and changed revision label, same uid */
  inPlace: string[];
  /** the most pods not marked for deletion at once */
  mostAlive: number;
}

export interface PodWatch {
  /** resolves once the watch has listed the pods there at the start */
  ready: Promise<void>;
  history(): PodHistory;
  /** the pods alive (not marked for deletion) as the watch has seen so far, as `name uid revision` */
  alive(): string[];
  stop(): void;
}

interface Seen {
  uid: string;
  revision: string;
  deleting: boolean;
}

const label = (key: string) => `{{or (index .object.metadata.labels "${key}") "-"}}`;
/** One line per event: type, name, uid, revision label, deleting, specified-delete (none holds whitespace). */
const TEMPLATE = [
  "{{.type}} {{.object.metadata.name}} {{.object.metadata.uid}}",
  label("controller-revision-hash"),
  "{{if .object.metadata.deletionTimestamp}}deleting{{else}}alive{{end}}",
  `${label("apps.kruise.io/specified-delete")}{{"\\n"}}`,
].join(" ");

/** `kubectl get pods --watch` on `app=<name>` in `ns`. */
export function watchPods(c: E2ECluster, ns: string, name: string): PodWatch {
  const child = spawn(
    "kubectl",
    [
      ...["--kubeconfig", c.kubeconfig, "--context", c.context],
      ...["get", "pods", "-n", ns, "-l", `app=${name}`, "--watch", "--output-watch-events"],
      ...["-o", `go-template=${TEMPLATE}`],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  // The watch lists the pods there first, as ADDED events; a read of them tells when that list is complete.
  const initial = new Set(
    c
      .json<{ items: { metadata: { name: string } }[] }>("get", "pods", "-n", ns, "-l", `app=${name}`)
      .items.map((p) => p.metadata.name),
  );
  const start = new Map<string, Seen>();
  const now = new Map<string, Seen>();
  const created = new Set<string>(),
    deleted = new Set<string>(),
    inPlace = new Set<string>(),
    recreated = new Set<string>();
  let mostAlive = 0;
  let listed = false;
  let markListed = () => undefined as void;
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    markListed = resolve;
    child.on("error", reject);
    child.on(
      "exit",
      (code) => !listed && reject(new Error(`kubectl watch exited ${code} before it listed: ${stderr}`)),
    );
  });
  const checkListed = () => {
    if (!listed && [...initial].every((n) => start.has(n))) {
      listed = true;
      markListed();
    }
  };
  createInterface({ input: child.stdout }).on("line", (line) => {
    const [type, pod, uid, revision, state, specified] = line.trim().split(" ");
    if (!pod) return;
    const seen = { uid, revision, deleting: state === "deleting" };
    const first = start.get(pod);
    if (!listed && type === "ADDED" && initial.has(pod)) start.set(pod, seen);
    else if (type === "ADDED" && (!first || first.uid !== uid)) created.add(pod);
    if (first?.uid === uid) {
      if (specified === "true") recreated.add(pod);
      if (seen.deleting || type === "DELETED") deleted.add(pod);
      else if (revision !== first.revision) inPlace.add(pod);
    } else if (first) deleted.add(pod); // gone, and a new pod of the same name made
    if (type === "DELETED") now.delete(pod);
    else now.set(pod, seen);
    mostAlive = Math.max(mostAlive, [...now.values()].filter((s) => !s.deleting).length);
    checkListed();
  });
  checkListed();
  return {
    ready,
    history: () => ({
      created: [...created].sort(),
      deleted: [...deleted].sort(),
      recreated: [...recreated].filter((n) => deleted.has(n)).sort(),
      inPlace: [...inPlace].filter((n) => !deleted.has(n)).sort(),
      mostAlive,
    }),
    alive: () =>
      [...now.entries()]
        .filter(([, s]) => !s.deleting)
        .map(([n, s]) => `${n} ${s.uid} ${s.revision}`)
        .sort(),
    stop: () => void child.kill(),
  };
}

/**
 * Waits until the watch has seen every pod a read now shows, each with its uid and revision, and no other: its
 * history is then complete (a pod updated in place keeps its name, so names alone would not tell).
 */
export async function caughtUp(w: PodWatch, c: E2ECluster, ns: string, name: string): Promise<void> {
  await until("the pod watch caught up with the pods", () => {
    const read = podsOf(c, ns, name)
      .map((p) => `${p.metadata.name} ${p.metadata.uid} ${p.metadata.labels?.["controller-revision-hash"] ?? "-"}`)
      .sort();
    return read.join() === w.alive().join();
  });
}
