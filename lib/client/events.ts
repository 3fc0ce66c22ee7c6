import type { ResourceName, StreamEvent } from "../k8s/wire";
import { api } from "../urls";

export const STREAM_EVENT_NAMES = ["snapshot", "change", "status"] as const;

/** The SSE endpoint for one page: one EventSource carries every resource it shows. */
export function streamUrl(cluster: string, resources: readonly ResourceName[], namespace?: string | null): string {
  return api.stream(cluster, resources, namespace);
}

/** Decodes one SSE message; returns null for anything malformed instead of breaking the page. */
export function parseStreamMessage(event: string, data: string): StreamEvent | null {
  if (!(STREAM_EVENT_NAMES as readonly string[]).includes(event)) return null;
  try {
    const payload: unknown = JSON.parse(data);
    if (!payload || typeof payload !== "object" || typeof (payload as { resource?: unknown }).resource !== "string")
      return null;
    return { event, data: payload } as StreamEvent;
  } catch {
    return null;
  }
}
