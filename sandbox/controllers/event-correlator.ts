// client-go's EventCorrelator, which every Kruise controller's recorder runs each Event through before writing it
// (kubernetes staging/src/k8s.io/client-go/tools/record/events_cache.go, default options from record.NewBroadcaster):
// aggregate similar events, count repeats, and drop what exceeds the per-object spam budget. Pure apart from the
// injected clock, so the recorder's writes follow from the events recorded.
import type { EventSpec, InvolvedObject } from "./events";

/** defaultAggregateIntervalInSeconds / defaultAggregateMaxEvents */
const SIMILAR_WINDOW_MS = 600_000;
const SIMILAR_MAX = 10;
/** defaultSpamBurst / defaultSpamQPS (one event per 300 s once the burst is spent) */
const SPAM_BURST = 25;
const SPAM_REFILL_MS = 300_000;

export type Decision =
  /** a new Event object */
  | { write: "create"; name: string; message: string; count: number; firstTimestamp: number }
  /** a repeat: the existing Event's count and lastTimestamp */
  | { write: "patch"; name: string; message: string; count: number; firstTimestamp: number }
  /** the spam filter dropped it */
  | { write: "none" };

interface Seen {
  name: string;
  count: number;
  firstTimestamp: number;
  /** false while every occurrence so far was dropped: the next accepted one creates the Event */
  written: boolean;
}

export class EventCorrelator {
  private exact = new Map<string, Seen>();
  private similar = new Map<string, { messages: Set<string>; since: number }>();
  private buckets = new Map<string, { tokens: number; at: number }>();
  private names = 0;

  constructor(private now: () => number) {}

  /**
   * What to write for `ev` on `obj`, in client-go's order (EventCorrelate): aggregate by reason (more than 10
   * distinct messages in 10 minutes fold into "(combined from similar events): …"), observe (a repeat of the same
   * message counts up, even when it is then dropped), then the spam filter: a token bucket per source and object
   * (EventSourceObjectSpamFilter, keyed without reason or type) of 25 that refills one per 5 minutes.
   */
  correlate(obj: InvolvedObject, ev: EventSpec): Decision {
    const now = this.now();
    const message = this.aggregate(obj, ev, now);
    const combined = message !== ev.message;
    const key = combined ? `${obj.uid}|${ev.type}|${ev.reason}|*` : `${obj.uid}|${ev.type}|${ev.reason}|${message}`;
    let seen = this.exact.get(key);
    if (seen) seen.count++;
    else {
      // client-go names an Event <object>.<UnixNano in hex>; the counter keeps names unique within one millisecond
      const name = `${obj.name}.${(BigInt(now) * 1_000_000n + BigInt(this.names++ % 1_000_000)).toString(16)}`;
      this.exact.set(key, (seen = { name, count: 1, firstTimestamp: now, written: false }));
    }
    if (!this.accept(obj, now)) return { write: "none" };
    const write = seen.written ? "patch" : "create";
    seen.written = true;
    return { write, name: seen.name, message, count: seen.count, firstTimestamp: seen.firstTimestamp };
  }

  private aggregate(obj: InvolvedObject, ev: EventSpec, now: number): string {
    const key = `${obj.uid}|${ev.type}|${ev.reason}`;
    let s = this.similar.get(key);
    if (!s || now - s.since > SIMILAR_WINDOW_MS) this.similar.set(key, (s = { messages: new Set(), since: now }));
    s.messages.add(ev.message);
    return s.messages.size > SIMILAR_MAX ? `(combined from similar events): ${ev.message}` : ev.message;
  }

  /** One token from the object's bucket, if it has one (flowcontrol token bucket TryAccept). */
  private accept(obj: InvolvedObject, now: number): boolean {
    const key = `${obj.apiVersion}|${obj.kind}|${obj.namespace}|${obj.name}|${obj.uid}`;
    const b = this.buckets.get(key) ?? { tokens: SPAM_BURST, at: now };
    b.tokens = Math.min(SPAM_BURST, b.tokens + (now - b.at) / SPAM_REFILL_MS);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens--;
    return true;
  }
}
