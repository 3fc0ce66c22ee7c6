import "server-only";
import { KINDS } from "@/lib/kinds";
import { LogParamError, logFileName, parseLogQuery, type LogQuery } from "@/lib/logs/params";
import { actorFor, asCaller, streamViewer, type Caller } from "../auth";
import { HttpError, httpErrors } from "../errors";
import type { Runtime } from "../runtime";
import { validateNamespace, validateObjectName, validateResource } from "../validate";
import { openPodLog } from "./open";

/** The read a kind's home offers for this route (lib/kinds: the pod's `reads.log`). */
const READ = "log";

function queryOf(req: Request): LogQuery {
  try {
    return parseLogQuery(new URL(req.url).searchParams);
  } catch (e) {
    if (e instanceof LogParamError) throw httpErrors.badRequest(e.message, e.field);
    throw e;
  }
}

/** One of this session's log stream slots (429 when they are all open). */
async function takeSlot(rt: Runtime, caller: Caller): Promise<() => void> {
  const max = rt.config.maxLogStreamsPerSession;
  const slot = await rt.shared.streams.acquire([{ key: `${caller.limitKey}#logs`, max, what: "this session" }]);
  if ("full" in slot)
    throw new HttpError({
      code: 429,
      reason: "TooManyRequests",
      message: `too many open logs for this session (${max}): close another log or download first`,
    });
  return slot.release;
}

function headersFor(pod: string, q: LogQuery): HeadersInit {
  return {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...(q.follow ? { "X-Accel-Buffering": "no" } : {}),
    ...(q.download ? { "Content-Disposition": `attachment; filename="${logFileName(pod, q)}"` } : {}),
  };
}

/**
 * Ends the log (`abort`) when the browser goes away, on shutdown, and — token mode — when the session ended or idled
 * out (`alive`, re-asked every `recheckMs`, as open live streams are). Returns the undo.
 */
function watchEnds(
  rt: Runtime,
  req: Request,
  abort: () => void,
  alive: (() => boolean | Promise<boolean>) | undefined,
  recheckMs: number,
): () => void {
  const unregister = rt.shutdown.onShutdown(abort);
  req.signal.addEventListener("abort", abort);
  const recheck = alive
    ? setInterval(
        () => {
          void Promise.resolve(alive())
            .catch(() => false)
            .then((ok) => ok || abort());
        },
        Math.max(100, recheckMs),
      )
    : undefined;
  if (req.signal.aborted) abort();
  return () => {
    clearInterval(recheck);
    unregister();
    req.signal.removeEventListener("abort", abort);
  };
}

/**
 * GET /api/c/<cluster>/ns/<ns>/pods/<name>/log?container=&previous=&follow=&timestamps=&tailLines=&limitBytes=
 * &sinceSeconds=&download= — the pod's log as text, streamed from the API server as the user (docs/architecture.md
 * §5): every parameter checked first (400 naming it, lib/logs/params.ts), one of the session's log slots taken (429),
 * a refusal explained (403 names pods/log). Memory stays bounded whatever the log's size or the browser's speed
 * (lib/server/logs/pipe.ts). The stream ends when the browser goes away, on shutdown, and — token mode — when the
 * session ends or idles out, as the live streams do (auth/stream-viewer.ts).
 */
export function getPodLog(
  rt: Runtime,
  req: Request,
  raw: string,
  ns: string,
  resource: string,
  name: string,
): Promise<Response> {
  return asCaller(rt, req, raw, async (caller) => {
    if (rt.shutdown.shuttingDown())
      throw new HttpError({ code: 503, reason: "ServiceUnavailable", message: "this replica is shutting down: retry" });
    const cluster = rt.clusters.name(raw);
    const r = validateResource(resource);
    if (!Object.hasOwn(KINDS.get(r).reads ?? {}, READ))
      throw httpErrors.notFound(`${KINDS.get(r).kind} has no log: logs are read from pods`);
    const target = { namespace: validateNamespace(ns), pod: validateObjectName(name), query: queryOf(req) };
    const actor = actorFor(rt.clusters, caller, cluster);
    const release = await takeSlot(rt, caller);
    const viewer = streamViewer(rt, caller, cluster);
    let closed = false;
    let cleanup = () => {};
    let opened: Awaited<ReturnType<typeof openPodLog>>;
    try {
      opened = await openPodLog(actor, target, () => {
        closed = true;
        cleanup();
        release();
      });
    } catch (e) {
      release();
      throw e;
    }
    const { pipe, abort } = opened;
    if (!closed) cleanup = watchEnds(rt, req, abort, viewer?.alive, viewer?.recheckMs ?? 0);
    return new Response(pipe.readable, { headers: headersFor(target.pod, target.query) });
  });
}
