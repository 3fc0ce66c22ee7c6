/**
 * A scripted browser for the security suite: it calls the real route logic (the same functions the
 * app/api route files call) with the cookies, Origin and anti-CSRF header a browser page would send,
 * so each test states exactly which of those a request carries.
 */
import { getObject, getStream } from "@/lib/server/routes";
import { getClusterList, getSession, postActivity, postSignIn, postSignOut } from "@/lib/server/auth";
import { getAccess, postWrite } from "@/lib/server/write";
import type { ResourceName } from "@/lib/k8s/wire";
import { api } from "@/lib/urls";
import { requestWith } from "../support/request";
import { runtime } from "@/lib/server/runtime";

export const ORIGIN = "http://127.0.0.1:3000";

/** Specs probe resources the console refuses ("secrets"); the URL carries them as the route would receive them. */
const probe = (resource: string) => resource as ResourceName;

export interface SendOptions {
  origin?: string | null;
  csrf?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export class ScriptedBrowser {
  cookie?: string;
  csrf?: string;
  /** every response body this browser received, to search for secrets */
  readonly received: string[] = [];
  constructor(readonly base: Record<string, string> = {}) {}

  private headers(o: SendOptions, write: boolean): Record<string, string> {
    const h: Record<string, string> = { ...this.base, ...(this.cookie ? { cookie: this.cookie } : {}) };
    if (write) {
      const origin = o.origin === undefined ? ORIGIN : o.origin;
      if (origin) h.origin = origin;
      h["content-type"] = o.contentType ?? "application/json";
      const csrf = o.csrf === undefined ? this.csrf : o.csrf;
      if (csrf) h["x-csrf-token"] = csrf;
    }
    return { ...h, ...o.headers };
  }

  request(path: string, o: SendOptions = {}, body?: string): Request {
    const write = body !== undefined;
    return requestWith(`${ORIGIN}${path}`, {
      method: write ? "POST" : "GET",
      headers: this.headers(o, write),
      body,
      signal: o.signal,
    });
  }

  async keep(res: Response): Promise<Response> {
    this.received.push(await res.clone().text());
    return res;
  }

  /** signs in to `cluster` (the kubeconfig's current context when omitted); keeps the re-issued cookie */
  async signIn(token: string, cluster?: string): Promise<Response> {
    const res = await this.keep(
      await postSignIn(
        runtime(),
        this.request(api.signIn(), { csrf: null }, JSON.stringify(cluster ? { token, cluster } : { token })),
      ),
    );
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0];
    if (res.ok) this.csrf = (await (await this.session()).json()).csrf;
    return res;
  }
  async session(cluster?: string): Promise<Response> {
    return this.keep(await getSession(runtime(), this.request(api.session(cluster))));
  }
  /** signs out of `cluster`, or of every cluster when omitted */
  async signOut(cluster?: string): Promise<Response> {
    const res = await this.keep(
      await postSignOut(runtime(), this.request(api.signOut(), {}, JSON.stringify(cluster ? { cluster } : {}))),
    );
    if (/Max-Age=0/.test(res.headers.get("set-cookie") ?? "")) this.cookie = undefined;
    return res;
  }
  /** the page's heartbeat (visible and interacted with) */
  async activity(): Promise<Response> {
    return this.keep(await postActivity(runtime(), this.request(api.activity(), {}, "{}")));
  }
  async clusters(): Promise<Response> {
    return this.keep(await getClusterList(runtime(), this.request(api.clusters())));
  }
  async object(cluster: string, ns: string, resource: string, name: string): Promise<Response> {
    return this.keep(
      await getObject(
        runtime(),
        this.request(api.object(cluster, ns, probe(resource), name)),
        cluster,
        ns,
        resource,
        name,
      ),
    );
  }
  /** may the user patch this CloneSet (the review behind its update controls and its editor's Save) */
  async access(cluster: string, ns: string, name: string): Promise<Response> {
    const url = api.access(cluster, ns, "clonesets", name, { verb: "patch" });
    return this.keep(await getAccess(runtime(), this.request(url), cluster, ns, "clonesets", name));
  }
  /** the stream's Response; read it with readSse */
  stream(cluster: string, query: string, o: SendOptions = {}): Promise<Response> {
    return getStream(runtime(), this.request(`${api.stream(cluster, [])}?${query}`, o), cluster);
  }
  async rollout(cluster: string, ns: string, name: string, intent: unknown, o: SendOptions = {}): Promise<Response> {
    const body = typeof intent === "string" ? intent : JSON.stringify(intent);
    return this.keep(
      await postWrite(
        runtime(),
        this.request(api.update(cluster, ns, name), o, body),
        cluster,
        ns,
        "clonesets",
        name,
        "update",
      ),
    );
  }
  async edit(
    cluster: string,
    ns: string,
    resource: string,
    name: string,
    input: unknown,
    o: SendOptions = {},
  ): Promise<Response> {
    const req = this.request(api.edit(cluster, ns, probe(resource), name), o, JSON.stringify(input));
    return this.keep(await postWrite(runtime(), req, cluster, ns, resource, name, "edit"));
  }
}

/** Reads an SSE response until `until` says stop (or the time runs out); returns the raw text. */
export async function readSse(res: Response, until: (text: string) => boolean, timeoutMs = 20_000): Promise<string> {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!until(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
    ]);
    if (!next || next.done) break;
    text += dec.decode(next.value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text;
}

/** Reads an SSE response until the server ends it; true when it ended within `timeoutMs` (false: still open). */
export async function streamEnds(res: Response, timeoutMs: number, seen: string[] = []): Promise<boolean> {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const next = await Promise.race([
        reader.read(),
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
      ]);
      if (!next) return false;
      if (next.done) return true;
      seen.push(dec.decode(next.value, { stream: true }));
    }
    return false;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
