import type { IncomingMessage, ServerResponse } from "node:http";
import type { Attributes, User } from "./auth";
import { apiGroup, apiGroupList, apiResourceList, apiVersions, versionInfo } from "./discovery";
import type { Faults, FaultConfig } from "./faults";
import { handleResource, type Reply, type Services } from "./handlers";
import { v2Document, v3Document, v3Root } from "./openapi";
import { readBody, requestInfo, type RequestInfo } from "./request";
import { ApiError, errors } from "./status";
import { encodeBody } from "./encoded";
import { PlainNotFound } from "./request";
import type { Obj } from "./types";

export interface ServerDeps extends Services {
  faults: Faults;
  hostPort: () => string;
  log: (msg: string) => void;
}

const OPEN = new Set(["/version", "/healthz", "/readyz", "/livez"]);

function send(res: ServerResponse, code: number, body: unknown, warnings: string[] = []) {
  if (res.headersSent) {
    if (!res.writableEnded) res.end();
    return;
  }
  const headers: Record<string, string | string[]> = {
    "Content-Type": "application/json",
    "Cache-Control": "no-cache, private",
  };
  if (warnings.length) headers.Warning = warnings.map((w) => `299 - ${JSON.stringify(w)}`);
  res.writeHead(code, headers);
  res.end(encodeBody(body));
}

/** Go encodes StatusDetails/StatusCause string fields with omitempty: drop empty ones. */
function goOmitEmpty(st: Obj): Obj {
  if (!st.details) return st;
  const d: Obj = Object.fromEntries(Object.entries(st.details).filter(([, v]) => v !== ""));
  if (Array.isArray(d.causes))
    d.causes = d.causes.map((c: Obj) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== "")));
  return { ...st, details: d };
}

function sendError(res: ServerResponse, e: ApiError) {
  if (e instanceof PlainNotFound) {
    if (res.headersSent) return void res.end();
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
    return void res.end("404 page not found\n");
  }
  send(res, e.code, goOmitEmpty(e.status));
}

function impersonate(d: ServerDeps, user: User, req: IncomingMessage): User {
  const target = req.headers["impersonate-user"];
  // Each Impersonate-Group header is one group, commas and all (an LDAP DN), as kube-apiserver reads it
  // (staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation.go: req.Header[headerImpersonateGroup]);
  // req.headers would have joined repeated headers with commas.
  const groups = req.headersDistinct["impersonate-group"] ?? [];
  if (target === undefined && !groups.length) return user;
  if (target === undefined) throw errors.internal("requested impersonation of groups without a user");
  const checks: Attributes[] = [
    { verb: "impersonate", group: "", resource: "users", name: String(target) },
    ...groups.map((g) => ({ verb: "impersonate", group: "", resource: "groups", name: g })),
  ];
  for (const a of checks) {
    if (!d.auth.authorize(user, a).allowed) {
      throw errors.forbidden({
        user: user.name,
        verb: "impersonate",
        gr: { group: "", resource: a.resource! },
        name: a.name,
      });
    }
  }
  return { name: String(target), groups: [...groups, "system:authenticated"] };
}

function authorizeRequest(d: ServerDeps, user: User, info: RequestInfo) {
  if (!info.isResource) {
    const a = { verb: info.verb, path: info.path };
    if (!d.auth.authorize(user, a).allowed)
      throw errors.raw(403, `forbidden: User "${user.name}" cannot ${info.verb} path "${info.path}"`, "Forbidden", {});
    return;
  }
  const a: Attributes = {
    verb: info.verb,
    group: info.group,
    resource: info.resource,
    subresource: info.subresource,
    namespace: info.namespace,
    name: info.name,
  };
  if (!d.auth.authorize(user, a).allowed) {
    throw errors.forbidden({
      user: user.name,
      verb: info.verb,
      gr: { group: info.group, resource: info.resource! },
      subresource: info.subresource,
      namespace: info.namespace,
      name: info.name,
    });
  }
}

function discovery(d: ServerDeps, path: string): Obj | undefined {
  const segs = path.split("/").filter(Boolean);
  const reg = d.c.registry;
  if (path === "/api") return apiVersions(d.hostPort());
  if (path === "/apis") return apiGroupList(reg);
  if (segs[0] === "api" && segs.length === 2) return apiResourceList(reg, "", segs[1]);
  if (segs[0] === "apis" && segs.length === 2) return apiGroup(reg, segs[1]);
  if (segs[0] === "apis" && segs.length === 3) return apiResourceList(reg, segs[1], segs[2]);
  if (path === "/openapi/v2") return v2Document(reg);
  if (path === "/openapi/v3") return v3Root(reg);
  if (segs[0] === "openapi" && segs[1] === "v3") {
    if (segs[2] === "api" && segs.length === 4) return v3Document(reg, "", segs[3]);
    if (segs[2] === "apis" && segs.length === 5) return v3Document(reg, segs[3], segs[4]);
  }
  return undefined;
}

async function faultsEndpoint(d: ServerDeps, user: User, req: IncomingMessage): Promise<Reply> {
  if (!d.auth.isAdmin(user))
    throw errors.raw(
      403,
      `forbidden: User "${user.name}" cannot ${req.method?.toLowerCase()} path "/sandbox/faults"`,
      "Forbidden",
      {},
    );
  if (req.method === "GET") return { code: 200, body: d.faults.get() };
  if (req.method !== "PUT")
    throw errors.raw(405, "only GET and PUT are supported on /sandbox/faults", "MethodNotAllowed", {});
  let p: Obj;
  try {
    p = JSON.parse((await readBody(req)).toString("utf8"));
  } catch {
    throw errors.badRequest("body must be JSON");
  }
  const result: Obj = {};
  if (p.dropWatches) result.droppedWatches = d.faults.dropWatches();
  if (p.restart) {
    d.faults.restart();
    result.restarted = true;
  }
  const cfg = d.faults.set(p as Partial<FaultConfig>);
  return { code: 200, body: { ...cfg, ...result } };
}

/** Per-request pipeline: open endpoints, authentication, impersonation, faults, authorization, dispatch. */
export function createHandler(d: ServerDeps) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? "/", "http://sandbox");
      const path = url.pathname.replace(/\/+$/, "") || "/";
      if (OPEN.has(path) || path.startsWith("/readyz/") || path.startsWith("/livez/") || path.startsWith("/healthz/")) {
        return path === "/version" ? send(res, 200, versionInfo()) : send(res, 200, "ok");
      }
      const authed = d.auth.authenticate(req.headers.authorization);
      if (!authed) return sendError(res, errors.unauthorized());
      const user = impersonate(d, authed, req);
      if (path === "/sandbox/faults") {
        const r = await faultsEndpoint(d, user, req);
        return send(res, r.code, r.body);
      }
      const info = requestInfo(req.method ?? "GET", path, url.searchParams);
      if (d.faults.latency() > 0) await new Promise((r) => setTimeout(r, d.faults.latency()));
      const injected = d.faults.failureFor(info.verb);
      if (injected) return sendError(res, injected);
      authorizeRequest(d, user, info);
      if (!info.isResource) {
        const doc = req.method === "GET" ? discovery(d, path) : undefined;
        if (doc) return send(res, 200, doc);
        // Under /apis, paths no group serves fall through to the mux's plain-text NotFound handler.
        return sendError(res, path.startsWith("/apis/") ? new PlainNotFound() : errors.pathNotFound());
      }
      const reply = await handleResource(d, info, req, res, user, url.searchParams);
      if (reply) send(res, reply.code, reply.json ?? reply.body, reply.warnings);
    } catch (e) {
      if (e instanceof ApiError) return sendError(res, e);
      d.log(`internal error: ${(e as Error).stack ?? e}`);
      sendError(res, errors.internal((e as Error).message));
    }
  };
}
