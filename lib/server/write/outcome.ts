import "server-only";
import type { ApiErrorBody, WriteFailure, WriteOutcome } from "@/lib/k8s/wire";

const NO_STORE = { "Cache-Control": "no-store" };

/** The one status mapping of the write contract (docs/architecture.md §4): a refusal keeps its Status code, the rest 200. */
export function statusOf(o: WriteOutcome): number {
  return "code" in o ? o.code : 200;
}

/** A write's answer: its outcome as JSON, with its status. */
export function answer(o: WriteOutcome): Response {
  return Response.json(o, { status: statusOf(o), headers: NO_STORE });
}

const FAILURES: Record<number, WriteFailure["kind"]> = { 403: "denied", 404: "deleted", 409: "stale", 422: "invalid" };

/** A cluster's (or a write's own) refusal the page acts on, named; other errors (400, 5xx) stay errors. */
export function failureOf(body: ApiErrorBody): WriteFailure | null {
  const kind = FAILURES[body.code];
  return kind ? { ...body, kind } : null;
}
