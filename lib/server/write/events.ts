import "server-only";
import { CoreV1Api } from "@kubernetes/client-node";
import os from "node:os";
import type { K8sObject } from "@/lib/k8s/wire";
import type { Actor } from "../auth/actor";
import { FIELD_MANAGER } from "./patch";
import { exactCall } from "../exact";

export interface EventNote {
  reason: string;
  message: string;
  type?: "Normal" | "Warning";
}

// client-go's EventRecorder names events <object>.<unix nanos in hex> (tools/record/event.go makeEvent).
function eventName(objName: string, now: Date): string {
  const nanos = BigInt(now.getTime()) * 1_000_000n + BigInt(Math.floor(Math.random() * 1_000_000));
  return `${objName.slice(0, 200)}.${nanos.toString(16)}`;
}

/** The core/v1 Event body recordEvent posts (exported for tests). */
export function eventBody(obj: K8sObject, e: EventNote, now: Date = new Date()): Record<string, unknown> {
  const ts = now.toISOString().replace(/\.\d{3}Z$/, "Z");
  const m = obj.metadata;
  return {
    apiVersion: "v1",
    kind: "Event",
    metadata: { name: eventName(m.name, now), namespace: m.namespace },
    involvedObject: {
      apiVersion: obj.apiVersion,
      kind: obj.kind,
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
    },
    reason: e.reason,
    message: e.message,
    type: e.type ?? "Normal",
    source: { component: FIELD_MANAGER },
    reportingComponent: FIELD_MANAGER,
    reportingInstance: os.hostname(),
    firstTimestamp: ts,
    lastTimestamp: ts,
    count: 1,
  };
}

/**
 * Records a core/v1 Event on the object (shown by `kubectl describe`), like client-go's
 * EventRecorder (tools/record/event.go), as the acting user (their RBAC decides). Never fails the user's write: errors are logged.
 */
export async function recordEvent(actor: Actor, obj: K8sObject, e: EventNote): Promise<void> {
  try {
    const body = eventBody(obj, e);
    const namespace = obj.metadata.namespace ?? "default";
    const kc = actor.client.kc;
    await exactCall("application/json", JSON.stringify(body), (o) =>
      kc.makeApiClient(CoreV1Api).createNamespacedEvent({ namespace, body: {} as never }, o),
    );
  } catch (err) {
    console.warn(
      `kruise-console: could not record event ${e.reason} on ${obj.metadata.namespace}/${obj.metadata.name}:`,
      (err as { body?: unknown }).body ?? (err as Error).message,
    );
  }
}
