import "server-only";
import { ApiException, CoreV1Api, Log } from "@kubernetes/client-node";
import type { LogQuery } from "@/lib/logs/params";
import type { Actor } from "../auth/actor";
import { explainForbidden } from "../auth/guard";
import { HttpError, toApiErrorBody } from "../errors";
import { logPipe, type LogPipe } from "./pipe";

/** The pod whose log is read, and how. */
export interface LogTarget {
  namespace: string;
  pod: string;
  query: LogQuery;
}

const optionsOf = (q: LogQuery) => ({
  follow: q.follow,
  previous: q.previous,
  timestamps: q.timestamps,
  ...(q.tailLines !== undefined ? { tailLines: q.tailLines } : {}),
  ...(q.limitBytes !== undefined ? { limitBytes: q.limitBytes } : {}),
  ...(q.sinceSeconds !== undefined ? { sinceSeconds: q.sinceSeconds } : {}),
});

/**
 * client-node's Log keeps no body for a refusal other than a 500 ("Error occurred in log request"): the same request
 * is asked again without follow and at most one byte through CoreV1Api, whose ApiException carries the API server's
 * Status — "previous terminated container … not found", "… is waiting to start: trying and failing to pull image",
 * RBAC's "cannot get resource pods/log" — so the user reads why, not an HTTP code.
 */
async function explain(actor: Actor, t: LogTarget, e: unknown): Promise<unknown> {
  if (!(e instanceof ApiException) || e.body !== undefined) return e;
  try {
    await actor.client.kc.makeApiClient(CoreV1Api).readNamespacedPodLog({
      name: t.pod,
      namespace: t.namespace,
      ...(t.query.container ? { container: t.query.container } : {}),
      ...optionsOf({ ...t.query, follow: false }),
      limitBytes: 1,
    });
  } catch (again) {
    return again;
  }
  return new HttpError({
    code: 503,
    reason: "ServiceUnavailable",
    message: `the log of pod ${t.pod} could not be opened (HTTP ${e.code}) and can be read now: open it again`,
  });
}

/**
 * Opens a pod's log as the user (their token, impersonation, or the kubeconfig in local mode) through client-node's
 * log API (GET pods/{name}/log: kubernetes pkg/registry/core/pod/rest/log.go), streamed with backpressure into the
 * returned pipe. Resolves once the API server answered 2xx (204, a pod not on a node yet, is an empty log); a refusal
 * is thrown as an HttpError that says why, a 403 naming the permission. `onClose` runs once when the stream ends.
 */
export async function openPodLog(
  actor: Actor,
  t: LogTarget,
  onClose: (why: string) => void,
): Promise<{ pipe: LogPipe; abort: () => void }> {
  let upstream: AbortController | undefined;
  const pipe = logPipe((why) => {
    if (why === "cancelled" || why === "ended") upstream?.abort();
    onClose(why);
  });
  const what = `cluster "${actor.cluster}"`;
  try {
    upstream = await new Log(actor.client.kc).log(
      t.namespace,
      t.pod,
      t.query.container ?? "",
      pipe.writable,
      optionsOf(t.query),
    );
  } catch (e) {
    if (e instanceof ApiException && e.code === 204) {
      pipe.writable.end();
      return { pipe, abort: () => pipe.end() };
    }
    pipe.end();
    const why = await explain(actor, t, e);
    throw new HttpError(
      toApiErrorBody(explainForbidden(why, { verb: "get", resource: "pods/log", namespace: t.namespace }, what), what),
    );
  }
  return { pipe, abort: () => pipe.end() };
}
