// The list row's cells that say more than a value: whether the pods run the update revision, the images they run,
// and camel-cased values broken between words.
import type { ReactNode } from "react";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";
import { StrayImages } from "@/components/workload/StrayImages";
import { ImageRef } from "@/components/workload/ImageRef";

/**
 * currentRevision = updateRevision and every pod on it (lib/kruise/view/pods-run.ts): after a rollback at a partition
 * the revisions are equal while the partition keeps pods on the revision rolled back from, and this says so.
 */
export function SyncCell({ r }: { r: WorkloadRow }) {
  if (r.revisionsSynced)
    return (
      <Badge tone="ok" icon="✓" title={`currentRevision = updateRevision = ${r.updateRevision}, every pod on it`}>
        yes
      </Badge>
    );
  const same = r.currentRevision === r.updateRevision;
  const off = r.offUpdate > 0 ? `${plural(r.offUpdate, "pod")} on another revision` : "";
  return (
    <>
      <Badge
        tone={same ? "warn" : "info"}
        icon={same ? "!" : "⇄"}
        title={
          same
            ? `currentRevision = updateRevision = ${r.updateRevision}, but ${off} runs elsewhere`
            : `currentRevision ${r.currentRevision} ≠ updateRevision ${r.updateRevision}`
        }
      >
        no
      </Badge>
      {same && off ? (
        <div className="small" style={{ whiteSpace: "normal" }} data-testid="row-off-update">
          {off}
        </div>
      ) : null}
    </>
  );
}

/**
 * The template's images, then any image some pods still run that the template does not name. An image longer than
 * the column is cut at its end, never mid-word across lines: its whole reference is its title, and it can be focused
 * (Tab), which shows it whole.
 */
export function ImagesCell({ r }: { r: WorkloadRow }) {
  return (
    <>
      {r.images.map((i) => (
        <ImageRef key={i} image={i} />
      ))}
      <StrayImages running={r.running} wrap={(i) => <ImageRef image={i} />} />
    </>
  );
}

/** Offers line breaks between the words of a camel-cased value ("InPlace|If|Possible"), never inside one. */
export function wordBreaks(v: string): ReactNode[] {
  return v.split(/(?<=[a-z])(?=[A-Z])/).flatMap((w, i) => (i ? [<wbr key={i} />, w] : [w]));
}
