// core/v1 Events for a controller, correlated like client-go's recorder (event-correlator.ts): identical events
// bump `count`/`lastTimestamp`; more than 10 distinct messages for the same reason within 10 minutes
// fold into one "(combined from similar events): …" event; past 25 events an object gets one per 5 minutes.
import type { CoreV1Event } from "@kubernetes/client-node";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import type { Clock } from "./clock";
import { EventCorrelator, type Decision } from "./event-correlator";
import { errorCode, errorMessage, type Kube } from "./kube";

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

export class EventRecorder {
  private correlator: EventCorrelator;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private kube: Kube,
    private clock: Clock,
    private component: string,
    private log?: (m: string) => void,
  ) {
    this.correlator = new EventCorrelator(() => clock.now());
  }

  /** Correlates at once, in the order events are recorded; the writes queue behind each other. */
  record(obj: InvolvedObject, ev: EventSpec): void {
    const d = this.correlator.correlate(obj, ev);
    if (d.write === "none") return;
    const now = rfc3339(this.clock.now());
    this.chain = this.chain
      .then(() => this.write(obj, ev, d, now))
      .catch((e) => this.log?.(`event ${ev.reason} failed: ${errorMessage(e)}`));
  }

  /** Resolves when queued events have been written (tests, shutdown). */
  flush(): Promise<void> {
    return this.chain;
  }

  private async write(obj: InvolvedObject, ev: EventSpec, d: Exclude<Decision, { write: "none" }>, now: string) {
    if (d.write === "patch") {
      // As client-go's recordEvent: a repeat whose Event is gone (or was never written) is created again.
      try {
        await this.kube.patchEvent(obj.namespace, d.name, { count: d.count, lastTimestamp: now, message: d.message });
        return;
      } catch (e) {
        if (errorCode(e) !== 404) throw e;
      }
    }
    const body: CoreV1Event = {
      metadata: { name: d.name, namespace: obj.namespace },
      involvedObject: { ...obj },
      reason: ev.reason,
      message: d.message,
      type: ev.type,
      source: { component: this.component },
      count: d.count,
      firstTimestamp: new Date(rfc3339(d.firstTimestamp)),
      lastTimestamp: new Date(now),
      reportingComponent: this.component,
      reportingInstance: "",
    };
    await this.kube.createEvent(body);
  }
}
