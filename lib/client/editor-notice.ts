// The editor's notice line, written from the typed notice (lib/client/editor-state.ts): the one place
// that turns an outcome into words and decides which button goes with it.
import { describeKept } from "@/lib/patch";
import type { EditOutcome, KeptField } from "../k8s/wire";
import type { EditNotice } from "./editor-state";

export interface NoticeView {
  tone: "ok" | "warn" | "bad";
  text: string;
  /** One line per field the server did not store as asked. */
  fields?: string[];
  /** A button beside the text. */
  action?: "discard-draft";
}

const rvOf = (o: { metadata?: unknown }) => String((o.metadata as { resourceVersion?: string })?.resourceVersion ?? "");
const keptLines = (kept: KeptField[]) => (kept.length ? { fields: kept.map(describeKept) } : {});

function outcomeView(outcome: EditOutcome): NoticeView | null {
  switch (outcome.kind) {
    case "no-changes":
      return { tone: "ok", text: outcome.message };
    case "refused":
      return { tone: "bad", text: outcome.message };
    case "deleted":
      return { tone: "bad", text: outcome.message };
    case "denied":
    case "invalid":
    case "stale":
    case "owned":
      return null; // the error panel shows the cluster's Status (and a 422 marks its lines)
    case "conflict":
      return {
        tone: "warn",
        text: `${outcome.conflicts.length} field(s) changed both by you and on the cluster. Choose a value for each; nothing is written until you do.`,
      };
    case "preview":
      if (outcome.changed)
        return {
          tone: "warn",
          text: "The object changed on the cluster since your review, so the request changed too. Nothing was sent: review the new request.",
        };
      if (outcome.dryRun && !outcome.dryRun.ok)
        return { tone: "bad", text: `The server's dry run refuses this request: ${outcome.dryRun.error.message}` };
      if (outcome.dryRun?.kept.length)
        return {
          tone: "warn",
          text: "The server's dry run would not store every change as asked; sending will not change these fields:",
          ...keptLines(outcome.dryRun.kept),
        };
      return null;
    case "dry-run":
      return {
        tone: outcome.kept.length ? "warn" : "ok",
        text: "Dry run: the server accepted the request; the diff shows what it would store (defaults included). Nothing was written.",
        ...keptLines(outcome.kept),
      };
    case "saved":
      if (outcome.metadataOnly)
        return {
          tone: "warn",
          text: `Nothing in the spec changed: the server stored only its own record of who manages which field (resourceVersion ${rvOf(outcome.object)}, generation unchanged).`,
          ...keptLines(outcome.kept),
        };
      return outcome.kept.length
        ? {
            tone: "warn",
            text: `Saved: resourceVersion ${rvOf(outcome.object)}, but the server did not store every change as asked:`,
            ...keptLines(outcome.kept),
          }
        : {
            tone: "ok",
            text: `Saved: resourceVersion ${rvOf(outcome.object)}. The request sent is shown under "Request".`,
          };
    case "no-op":
      return {
        tone: "warn",
        text: `Nothing was stored: the server accepted the request but the object is unchanged (resourceVersion ${rvOf(outcome.object)}).`,
        ...keptLines(outcome.kept),
      };
  }
}

export function noticeView(notice: EditNotice | undefined): NoticeView | null {
  if (!notice) return null;
  switch (notice.kind) {
    case "draft-restored":
      return { tone: "warn", text: `Restored your unsaved draft from ${notice.savedAt}.`, action: "discard-draft" };
    case "draft-rebased":
      return {
        tone: "warn",
        text: `Your draft from ${notice.savedAt} was made against resourceVersion ${notice.baseResourceVersion}; the object has changed since. It is merged with the current object below: review before saving.`,
      };
    case "syntax-error":
      return {
        tone: "bad",
        text: `YAML syntax error at line ${notice.line}, column ${notice.column}: ${notice.message}`,
      };
    case "local-check":
      return { tone: notice.check.kind === "refused" ? "bad" : "ok", text: notice.check.message };
    case "outcome":
      return outcomeView(notice.outcome);
  }
}
