import "server-only";
import { KINDS } from "@/lib/kinds";
import { actorFor, asCaller, streamViewer } from "../auth";
import { HttpError, httpErrors } from "../errors";
import type { Runtime } from "../runtime";
import { SSE_HEADERS, sseStream } from "../stream/sse";
import { validateNamespace, validateObjectName, validateResource } from "../validate";

// The logic behind app/api/** route handlers, which stay one-liners.

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/c/<cluster>/stream?r=<resource>&r=…&ns=<namespace?> — everything is validated before streaming.
 * Token/proxy callers see only what they may list themselves (SubjectAccessReviews, lib/server/auth/list-access.ts);
 * at most KRUISE_CONSOLE_MAX_STREAMS open streams per browser session and KRUISE_CONSOLE_MAX_STREAMS_PER_USER
 * per user (429 beyond). The cluster is reduced to its one canonical name first (400 otherwise), and the hub's
 * watch limits are checked before streaming (503 beyond). Token mode: only with the browser's session for THIS
 * cluster; holding the stream open is not use (the idle timeout still applies), and its token is re-checked
 * (auth/stream-viewer.ts).
 */
export function getStream(rt: Runtime, req: Request, raw: string): Promise<Response> {
  return asCaller(
    rt,
    req,
    raw,
    async (caller) => {
      if (rt.shutdown.shuttingDown())
        throw new HttpError({
          code: 503,
          reason: "ServiceUnavailable",
          message: "this replica is shutting down: reconnect (another replica will answer)",
        });
      const cluster = rt.clusters.name(raw); // before any scope exists: one hub scope per real cluster
      const url = new URL(req.url);
      const rs = url.searchParams
        .getAll("r")
        .flatMap((r) => r.split(","))
        .filter(Boolean);
      if (rs.length === 0)
        throw httpErrors.badRequest(
          `no resources requested: add ?r=${KINDS.names()[0]} (any of ${KINDS.names().join(", ")})`,
          "r",
        );
      const resources = [...new Set(rs.map((r) => validateResource(r)))];
      const ns = url.searchParams.get("ns");
      const namespace = ns ? validateNamespace(ns) : null;
      const hub = rt.hub;
      hub.admit(resources.map((resource) => ({ cluster, resource, namespace })));
      const cfg = rt.config;
      const slot = await rt.shared.streams.acquire([
        { key: caller.limitKey, max: cfg.maxStreamsPerSession, what: "this session" },
        ...(caller.mode === "local"
          ? []
          : [{ key: caller.userKey, max: cfg.maxStreamsPerUser, what: `user ${caller.user.name}` }]),
      ]);
      if ("full" in slot) {
        throw new HttpError({
          code: 429,
          reason: "TooManyRequests",
          message: `too many open streams for ${slot.full.what} (${slot.full.max}): close other tabs`,
        });
      }
      const viewer = streamViewer(rt, caller, cluster);
      const body = sseStream(hub, cluster, resources, namespace, req.signal, {
        viewer,
        onClose: slot.release,
        shutdown: rt.shutdown,
      });
      return new Response(body, { headers: SSE_HEADERS });
    },
    { use: false },
  );
}

/** GET /api/c/<cluster>/ns/<ns>/<resource>/<name> — one object, read through client-node as the caller. */
export function getObject(
  rt: Runtime,
  req: Request,
  cluster: string,
  ns: string,
  resource: string,
  name: string,
): Promise<Response> {
  return asCaller(rt, req, cluster, async (caller) => {
    const { client } = actorFor(rt.clusters, caller, rt.clusters.name(cluster));
    const r = validateResource(resource, KINDS.readable());
    const obj = await client.get(KINDS.get(r), validateNamespace(ns), validateObjectName(name));
    if (obj.metadata && "managedFields" in obj.metadata) delete obj.metadata.managedFields;
    return Response.json(obj, { headers: NO_STORE });
  });
}
