"use client";
import type { ReactNode } from "react";
import type { ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import type { JsonObject, StrategyReading } from "@/lib/patch";
import { pages } from "@/lib/urls";
import { KruiseRolloutEditNotice } from "@/components/kruise-rollout/KruiseRolloutEditNotice";
import { InPlacePanel } from "./InPlacePanel";

interface EditContext {
  cluster: string;
  namespace: string;
  name: string;
  base: JsonObject;
  text: string;
}

/** What a kind's own view adds to the YAML editor: panels that read the text, lists they stream, where "back" goes. */
export interface EditorExtras {
  /** more lists the page streams beside the edited kind's (a panel reads them) */
  streams: ResourceName[];
  panels: (c: EditContext) => ReactNode;
  back: (c: Pick<EditContext, "cluster" | "namespace" | "name">) => string;
}

const NONE: EditorExtras = { streams: [], panels: () => null, back: (c) => pages.workloads(c.cluster) };

/** A workload kind's extras: its in-place prediction read by its lens, and its own detail page. */
function workloadExtras(resource: ResourceName): EditorExtras {
  const lens = KINDS.get(resource).lens;
  // The edited text is the kind's object as the user typed it; the lens reads it defensively.
  const reading = lens?.inPlaceReading
    ? (edited: JsonObject) => lens.inPlaceReading!(edited) as StrategyReading
    : undefined;
  return {
    streams: ["rollouts"],
    panels: (c) => (
      <InPlacePanel cluster={c.cluster} namespace={c.namespace} base={c.base} text={c.text} reading={reading} />
    ),
    back: (c) => pages.workload(c.cluster, c.namespace, resource, c.name),
  };
}

/**
 * The kinds whose editor page shows more than the generic one; a kind without an entry gets the generic page. The
 * CloneSet's: in place or recreate, what a Kruise Rollout will do with the change, and its own detail page.
 */
const EXTRAS: Partial<Record<ResourceName, EditorExtras>> = {
  clonesets: {
    streams: ["rollouts"],
    panels: (c) => (
      <>
        <InPlacePanel cluster={c.cluster} namespace={c.namespace} base={c.base} text={c.text} />
        <KruiseRolloutEditNotice cluster={c.cluster} namespace={c.namespace} base={c.base} text={c.text} />
      </>
    ),
    back: (c) => pages.cloneSet(c.cluster, c.namespace, c.name),
  },
  statefulsets: workloadExtras("statefulsets"),
  daemonsets: workloadExtras("daemonsets"),
};

export const editorExtras = (resource: ResourceName): EditorExtras => EXTRAS[resource] ?? NONE;
