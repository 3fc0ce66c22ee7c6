/** Small helpers shared by the hub and route integration tests. */
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import type { K8sObject } from "@/lib/k8s/wire";
import type { Frame } from "@/lib/server/hub/frame";

/** Polls until `cond` holds; generous timeout, no fixed sleeps (common.md: no timed assertions). */
export async function waitFor<T>(
  what: string,
  cond: () => T | undefined | false | null,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = cond();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Records what one subscriber sees, and keeps its own copy of the list like a browser would. */
export class Recorder {
  frames: Frame[] = [];
  objects = new Map<string, K8sObject>();
  listener = (f: Frame) => {
    this.frames.push(f);
    const p = f.payload;
    if (p.event === "snapshot") this.objects = new Map(p.data.items.map((o) => [o.metadata.name, o]));
    if (p.event === "change") {
      if (p.data.type === "DELETED") this.objects.delete(p.data.object.metadata.name);
      else this.objects.set(p.data.object.metadata.name, p.data.object);
    }
  };
  states(): string[] {
    return this.frames
      .filter((f) => f.payload.event === "status")
      .map((f) => (f.payload.data as { state: string }).state);
  }
  lastStatus() {
    const s = [...this.frames].reverse().find((f) => f.payload.event === "status");
    return s?.payload.event === "status" ? s.payload.data : undefined;
  }
  snapshots(): number {
    return this.frames.filter((f) => f.event === "snapshot").length;
  }
  has(name: string): boolean {
    return this.objects.has(name);
  }
}

export function podManifest(name: string, labels: Record<string, string> = { app: "hub-test" }) {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, labels },
    spec: { containers: [{ name: "app", image: "nginx:1.25" }] },
  };
}

export async function createPod(kc: KubeConfig, ns: string, name: string): Promise<void> {
  await kc
    .makeApiClient(CoreV1Api)
    .createNamespacedPod({ namespace: ns, body: podManifest(name), fieldManager: "hub-test" });
}
