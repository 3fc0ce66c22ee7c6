// core/v1 Events for a controller, aggregated like client-go's EventCorrelator: identical events
// bump `count`/`lastTimestamp`; more than 10 distinct messages for the same reason within 10 minutes
// fold into one "(combined from similar events): …" event.
import type { CoreV1Event } from "@kubernetes/client-node";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import type { Clock } from "./clock";
import { errorMessage, type Kube } from "./kube";

export interface InvolvedObject {
  apiVersion: string;
  kind: string;
  name: string;
  namespace: string;
  uid: string;
  resourceVersion?: string;
}
export interface EventSpec {
  type: "Normal" | "Warning";
  reason: string;
  message: string;
}

interface Seen {
  name: string;
  count: number;
  firstTimestamp: string;
}
const SIMILAR_WINDOW_MS = 10 * 60_000;
const SIMILAR_MAX = 10;

export class EventRecorder {
  private exact = new Map<string, Seen>();
  private similar = new Map<string, { messages: Set<string>; since: number }>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private kube: Kube,
    private clock: Clock,
    private component: string,
    private log?: (m: string) => void,
  ) {}

  record(obj: InvolvedObject, ev: EventSpec): void {
    this.chain = this.chain
      .then(() => this.write(obj, ev))
      .catch((e) => this.log?.(`event ${ev.reason} failed: ${errorMessage(e)}`));
  }

  /** Resolves when queued events have been written (tests, shutdown). */
  flush(): Promise<void> {
    return this.chain;
  }

  private aggregate(obj: InvolvedObject, ev: EventSpec): string {
    const key = `${obj.uid}|${ev.type}|${ev.reason}`;
    const now = this.clock.now();
    let s = this.similar.get(key);
    if (!s || now - s.since > SIMILAR_WINDOW_MS) this.similar.set(key, (s = { messages: new Set(), since: now }));
    s.messages.add(ev.message);
    return s.messages.size > SIMILAR_MAX ? `(combined from similar events): ${ev.message}` : ev.message;
  }

  private async write(obj: InvolvedObject, ev: EventSpec): Promise<void> {
    const message = this.aggregate(obj, ev);
    const combined = message !== ev.message;
    const key = combined ? `${obj.uid}|${ev.type}|${ev.reason}|*` : `${obj.uid}|${ev.type}|${ev.reason}|${message}`;
    const now = rfc3339(this.clock.now());
    const seen = this.exact.get(key);
    if (seen) {
      seen.count++;
      await this.kube.patchEvent(obj.namespace, seen.name, { count: seen.count, lastTimestamp: now, message });
      return;
    }
    const name = `${obj.name}.${(BigInt(this.clock.now()) * 1_000_000n + BigInt(this.exact.size)).toString(16)}`;
    const body: CoreV1Event = {
      metadata: { name, namespace: obj.namespace },
      involvedObject: { ...obj },
      reason: ev.reason,
      message,
      type: ev.type,
      source: { component: this.component },
      count: 1,
      firstTimestamp: new Date(now),
      lastTimestamp: new Date(now),
      reportingComponent: this.component,
      reportingInstance: "",
    };
    await this.kube.createEvent(body);
    this.exact.set(key, { name, count: 1, firstTimestamp: now });
  }
}
