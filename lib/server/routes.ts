import "server-only";
import { actorFor, asCaller, consoleConfig, sessionStore } from "./auth";
import { listAccess } from "./auth/list-access";
import { clusterName, listClusters } from "./clusters";
import { getHub } from "./hub";
import { READABLE, RESOURCES } from "./resources";
import { HttpError, httpErrors } from "./errors";
import { acquireStreamSlot, SSE_HEADERS, sseStream, type StreamViewer } from "./sse";
import { validateNamespace, validateObjectName, validateResource } from "./validate";

// The logic behind app/api/** route handlers, which stay one-liners.

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/clusters */
export function getClusters(req: Request): Promise<Response> {
  return asCaller(req, null, () => Response.json({ clusters: listClusters() }, { headers: NO_STORE }));
}

/**
 * GET /api/c/<cluster>/stream?r=<resource>&r=…&ns=<namespace?> — everything is validated before streaming.
 * Token/proxy callers see only what they may list themselves (SubjectAccessReviews, lib/server/auth/list-access.ts);
 * at most KRUISE_CONSOLE_MAX_STREAMS open streams per session (429 beyond). The cluster is reduced to its one
 * canonical name first (400 otherwise), and the hub's watch limits are checked before streaming (503 beyond).
 */
export function getStream(req: Request, raw: string): Promise<Response> {
  return asCaller(req, raw, (caller) => {
    const cluster = clusterName(raw); // before any scope exists: one hub scope per real cluster
    const url = new URL(req.url);
    const rs = url.searchParams
      .getAll("r")
      .flatMap((r) => r.split(","))
      .filter(Boolean);
    if (rs.length === 0)
      throw httpErrors.badRequest(
        "no resources requested: add ?r=clonesets (also pods, controllerrevisions, events)",
        "r",
      );
    const resources = [...new Set(rs.map((r) => validateResource(r)))];
    const ns = url.searchParams.get("ns");
    const namespace = ns ? validateNamespace(ns) : null;
    const hub = getHub();
    hub.admit(resources.map((resource) => ({ cluster, resource, namespace })));
    const cfg = consoleConfig();
    const release = acquireStreamSlot(caller.limitKey, cfg.maxStreamsPerSession);
    if (!release) {
      throw new HttpError({
        code: 429,
        reason: "TooManyRequests",
        message: `too many open streams for this session (${cfg.maxStreamsPerSession}): close other tabs`,
      });
    }
    const access = listAccess();
    const { session } = caller;
    const viewer: StreamViewer | undefined =
      caller.mode === "local"
        ? undefined
        : {
            mayList: (r, n) => access.mayList(caller, cluster, r, n),
            recheckMs: cfg.accessCacheMs / 2,
            ...(session ? { alive: () => sessionStore().isLive(session) } : {}),
          };
    const body = sseStream(hub, cluster, resources, namespace, req.signal, { viewer, onClose: release });
    return new Response(body, { headers: SSE_HEADERS });
  });
}

/** GET /api/c/<cluster>/ns/<ns>/<resource>/<name> — one object, read through client-node as the caller. */
export function getObject(
  req: Request,
  cluster: string,
  ns: string,
  resource: string,
  name: string,
): Promise<Response> {
  return asCaller(req, cluster, async (caller) => {
    const { client } = actorFor(caller, clusterName(cluster));
    const r = validateResource(resource, READABLE);
    const obj = await client.get(RESOURCES[r], validateNamespace(ns), validateObjectName(name));
    if (obj.metadata && "managedFields" in obj.metadata) delete obj.metadata.managedFields;
    return Response.json(obj, { headers: NO_STORE });
  });
}
