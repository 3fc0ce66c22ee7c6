/**
 * The partition slider's model, one per kind (docs/kruise-rules.md §3.2, §13.4, §14.6): its range, the grammar of what
 * a user types, presets, the words of its label, and its preview by the kind's own rules. The control
 * (components/update/PartitionControl.tsx) is the same for every kind; what it means is here.
 */
import type { CloneSet, ControllerRevision, IntOrString, Pod } from "../../k8s/objects";
import { partitionReplicas } from "../core/partition";
import { partitionPresets, previewPartition, type PartitionPreview } from "../order/preview";
import { parsePartitionInput, type ParsedInput } from "../order/preview-input";
import { partitionPreviewModel, type PartitionPreviewModel } from "./partition-preview";

export interface PartitionModel {
  /** As set ("3", "50%"), "0" when unset. */
  current: string;
  /** The slider runs 0..max. */
  max: number;
  /** Where a value sits on the slider (a percentage resolves to pods). */
  position(value: IntOrString): number;
  /** What the user typed, by the kind's grammar, with a note on how Kruise reads it. */
  parse(text: string): ParsedInput;
  /** Which pods move, in what rounds, by the kind's own order and budget. */
  preview(value: IntOrString, now: number): PartitionPreview;
  /**
   * The preview with what happens to each pod that moves (in place, recreated, deleted rather than updated, surge pods
   * first), where the kind predicts it (./partition-preview.ts, a CloneSet's: it needs the revisions, ctx.revisions).
   */
  detail?(value: IntOrString, now: number): PartitionPreviewModel;
  presets: { label: string; value: IntOrString }[];
  /** The slider's accessible name: starts with "Partition". */
  sliderLabel: string;
  textLabel: string;
  /** What the partition does, with its value now, for the heading. */
  meaning: string;
  unit: "pod" | "node";
  /** The status field the preview's target is written to, where the kind has one. */
  targetField?: string;
  /** The revision pods move to, for what the controller then chose. */
  updateRevision: string;
}

const str = (v: unknown) => (v === undefined || v === null ? "0" : String(v));

/**
 * A CloneSet's: pods kept on old revisions, an int or "p%" (pkg/util/tools.go CalculatePartitionReplicas), previewed
 * by its update order (lib/kruise/order/preview.ts).
 */
export function cloneSetPartitionModel(
  cs: CloneSet,
  pods: readonly Pod[],
  revisions?: readonly ControllerRevision[],
): PartitionModel {
  const replicas = cs.spec.replicas ?? 1;
  const current = cs.spec.updateStrategy?.partition;
  return {
    current: str(current),
    max: replicas,
    position: (v) => partitionReplicas(v, replicas).value,
    parse: (t) => parsePartitionInput(t, replicas),
    preview: (v, now) => previewPartition(cs, [...pods], v, now),
    detail: revisions ? (v, now) => partitionPreviewModel(cs, [...pods], [...revisions], v, now) : undefined,
    presets: partitionPresets(replicas),
    sliderLabel: `Partition (0 to ${replicas})`,
    textLabel: "Partition value (integer or percentage)",
    meaning: `pods kept on old revisions; now ${str(current)} of ${replicas}`,
    unit: "pod",
    targetField: "expectedUpdatedReplicas",
    updateRevision: cs.status?.updateRevision ?? "",
  };
}

const WHOLE = /^\d+$/;

/** A whole-number partition (an ordinal, a count of nodes): refuses a percentage and what is not a number. */
export function parseWholePartition(text: string, what: string): ParsedInput {
  const t = text.trim();
  if (t === "") return { ok: false, error: `Partition is empty: enter ${what}` };
  if (/^-\s*\d/.test(t)) return { ok: false, error: `Partition cannot be negative (${t})` };
  if (/%$/.test(t)) return { ok: false, error: `This partition is ${what}, not a percentage (${t})` };
  if (!WHOLE.test(t) || Number(t) > 2147483647)
    return { ok: false, error: `Partition ${JSON.stringify(t.slice(0, 40))} is not ${what}` };
  return { ok: true, value: Number(t) };
}

/** The limits a user typed (null: back to the default). */
export interface LimitsInput {
  maxUnavailable: IntOrString | null;
  maxSurge: IntOrString | null;
}

/** What they will do: the webhook's refusals (sending is disabled) and how the controller counts them. */
export interface LimitsNotes {
  errors: string[];
  notes: string[];
}
