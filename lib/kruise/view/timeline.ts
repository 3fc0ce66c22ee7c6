/**
 * The rollout over time: counts sampled while the page is open, and the marks that explain them, from Events
 * (kept by the cluster, so a reload still has them), from managedFields (who last wrote partition, paused, images)
 * and from spec changes seen live (partition 10 → 7, paused, resumed, image changed).
 */
import { fieldOwners, type FieldOwner, type ManagedEntry } from "./managed";
import type { EventRow } from "./events";
import { timeOf } from "./format";
import type { ViewWorkload } from "./types";

export interface Sample {
  at: number;
  updated: number;
  ready: number;
  available: number;
}

export type MarkKind = "partition" | "paused" | "resumed" | "image" | "failed" | "pods";

export interface TimelineMark {
  at: number;
  kind: MarkKind;
  text: string;
  /** Field manager (who), when managedFields name one; the user, for the console's own Event. */
  by?: string;
  /** The console's own Event for one of its writes. */
  console?: boolean;
}

/** Appends a sample when a count changed (identical samples would only thicken the line). */
export function addSample(samples: Sample[], s: Sample, max = 2000): Sample[] {
  const last = samples[samples.length - 1];
  if (last && last.updated === s.updated && last.ready === s.ready && last.available === s.available) return samples;
  const next = [...samples, s];
  return next.length > max ? next.slice(next.length - max) : next;
}

const WARNING_FAILED = /fail|backoff|error|unhealthy/i;

/** The console's own field manager: `kruise-console` in local mode, `kruise-console/<user>` in shared modes. */
export const CONSOLE_MANAGER = /^kruise-console(?:[/:]|$)/;

/**
 * The Events the console records for its writes (lib/server/write/update-build.ts, rollback.ts), each the mark of one
 * change: their message names the person ("partition 8 → 6 by alice"), where managedFields can only name the
 * console's field manager.
 */
const CONSOLE_REASONS: Record<string, MarkKind> = {
  PartitionChanged: "partition",
  RolloutPaused: "paused",
  RolloutResumed: "resumed",
  RolledBack: "image",
  EditedYAML: "image",
};

/**
 * Warnings about pods are "a pod failed"; the controller's own Normal events on the workload (of `kind`, default
 * CloneSet) say pods were updated/created/deleted; the console's own Events are the change they record.
 */
export function eventMarks(events: EventRow[], kind = "CloneSet"): TimelineMark[] {
  const own = `${kind.toLowerCase()}/`;
  return events
    .filter((e) => e.last && (e.type === "Warning" || e.object.startsWith(own)))
    .map((e): TimelineMark => {
      const change = CONSOLE_MANAGER.test(e.source) ? CONSOLE_REASONS[e.reason] : undefined;
      if (change) {
        const by = / by (.+)$/.exec(e.message)?.[1];
        return { at: timeOf(e.last), kind: change, text: e.message, by, console: true };
      }
      const failed = e.type === "Warning" && WARNING_FAILED.test(`${e.reason} ${e.message}`);
      return {
        at: timeOf(e.last),
        kind: failed ? "failed" : "pods",
        text: `${e.object}: ${e.reason}${e.count > 1 ? ` ×${e.count}` : ""} — ${e.message}`,
      };
    });
}

function images(cs: ViewWorkload): string {
  return (cs.spec?.template?.spec?.containers ?? []).map((c) => `${c.name}=${c.image}`).join(", ");
}

/** Who last wrote each rollout field, from managedFields, as marks at the write's time. */
export function managedMarks(cs: ViewWorkload): TimelineMark[] {
  const us = cs.spec?.updateStrategy ?? {};
  const owners = fieldOwners((cs.metadata as { managedFields?: ManagedEntry[] } | undefined)?.managedFields);
  // Only the newest writer of each field: older entries own the field too but did not set today's value.
  const newest = new Map<string, FieldOwner>();
  for (const o of owners) if (!newest.has(o.field)) newest.set(o.field, o);
  return [...newest.values()].map((o) => {
    const by = o.manager;
    if (o.field === "partition")
      return {
        at: timeOf(o.time),
        kind: "partition",
        by,
        text: `partition set to ${String(us.partition ?? 0)} by ${by}`,
      };
    if (o.field === "paused")
      return us.paused
        ? { at: timeOf(o.time), kind: "paused", by, text: `paused by ${by}` }
        : { at: timeOf(o.time), kind: "resumed", by, text: `resumed by ${by}` };
    return { at: timeOf(o.time), kind: "image", by, text: `images set to ${images(cs)} by ${by}` };
  });
}

/** Spec changes between two moments of the same CloneSet (seen live), attributed to managedFields' newest writer. */
export function specChangeMarks(prev: ViewWorkload, next: ViewWorkload, at: number): TimelineMark[] {
  const a = prev.spec?.updateStrategy ?? {};
  const b = next.spec?.updateStrategy ?? {};
  const owners = fieldOwners((next.metadata as { managedFields?: ManagedEntry[] } | undefined)?.managedFields);
  const who = (f: FieldOwner["field"]) => {
    const o = owners.find((x) => x.field === f);
    return o ? { by: o.manager, suffix: ` by ${o.manager}` } : { by: undefined, suffix: "" };
  };
  const out: TimelineMark[] = [];
  if (String(a.partition ?? 0) !== String(b.partition ?? 0)) {
    const w = who("partition");
    out.push({
      at,
      kind: "partition",
      by: w.by,
      text: `partition ${String(a.partition ?? 0)} → ${String(b.partition ?? 0)}${w.suffix}`,
    });
  }
  if (!!a.paused !== !!b.paused) {
    const w = who("paused");
    out.push({
      at,
      kind: b.paused ? "paused" : "resumed",
      by: w.by,
      text: `${b.paused ? "paused" : "resumed"}${w.suffix}`,
    });
  }
  if (images(prev) !== images(next)) {
    const w = who("image");
    out.push({ at, kind: "image", by: w.by, text: `image changed: ${images(prev)} → ${images(next)}${w.suffix}` });
  }
  return out;
}

// A write and the Event the console records for it land within moments; a minute covers a slow server.
const SAME_WRITE_MS = 60_000;

/**
 * Marks merged, oldest first, each change once. A live mark ("partition 10 → 7") says more than the managedFields
 * mark of the same write ("partition set to 7"), so the latter is dropped when a live mark of its kind came at or
 * after it. A change the console made is recorded twice more, as its Event (naming the user) and in managedFields
 * and the live diff (naming the console's field manager): the Event is kept, the console-written marks of its kind
 * near it are dropped.
 */
export function mergeMarks(live: TimelineMark[], managed: TimelineMark[], events: TimelineMark[]): TimelineMark[] {
  const consoleEvents = events.filter((e) => e.console);
  const byConsole = (m: TimelineMark) =>
    consoleEvents.some(
      (e) =>
        e.kind === m.kind &&
        Math.abs(e.at - m.at) <= SAME_WRITE_MS &&
        (m.by === undefined || CONSOLE_MANAGER.test(m.by) || m.by === e.by),
    );
  const liveKept = live.filter((l) => !byConsole(l));
  const kept = managed.filter((m) => !live.some((l) => l.kind === m.kind && l.at >= m.at - 5000) && !byConsole(m));
  return [...liveKept, ...kept, ...events].filter((m) => m.at > 0).sort((x, y) => x.at - y.at);
}
