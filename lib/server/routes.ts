import "server-only";
import { clientFor, listClusters } from "./clusters";
import { errorResponse, httpErrors } from "./errors";
import { getHub } from "./hub";
import { READABLE, RESOURCES } from "./resources";
import { SSE_HEADERS, sseStream } from "./sse";
import { validateNamespace, validateObjectName, validateResource } from "./validate";

// The logic behind app/api/** route handlers, which stay one-liners.

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/clusters */
export function getClusters(): Response {
  try {
    return Response.json({ clusters: listClusters() }, { headers: NO_STORE });
  } catch (e) {
    return errorResponse(e, "the kubeconfig");
  }
}

/** GET /api/c/<cluster>/stream?r=<resource>&r=…&ns=<namespace?> — everything is validated before streaming. */
export function getStream(req: Request, cluster: string): Response {
  try {
    clientFor(cluster);
    const url = new URL(req.url);
    const rs = url.searchParams.getAll("r").flatMap((r) => r.split(",")).filter(Boolean);
    if (rs.length === 0) throw httpErrors.badRequest("no resources requested: add ?r=clonesets (also pods, controllerrevisions, events)", "r");
    const resources = [...new Set(rs.map((r) => validateResource(r)))];
    const ns = url.searchParams.get("ns");
    const namespace = ns ? validateNamespace(ns) : null;
    const body = sseStream(getHub(), cluster, resources, namespace, req.signal);
    return new Response(body, { headers: SSE_HEADERS });
  } catch (e) {
    return errorResponse(e, `cluster "${cluster}"`);
  }
}

/** GET /api/c/<cluster>/ns/<ns>/<resource>/<name> — one object, read through client-node. */
export async function getObject(cluster: string, ns: string, resource: string, name: string): Promise<Response> {
  try {
    const client = clientFor(cluster);
    const r = validateResource(resource, READABLE);
    const obj = await client.get(RESOURCES[r], validateNamespace(ns), validateObjectName(name));
    if (obj.metadata && "managedFields" in obj.metadata) delete obj.metadata.managedFields;
    return Response.json(obj, { headers: NO_STORE });
  } catch (e) {
    return errorResponse(e, `cluster "${cluster}"`);
  }
}
