/** Helpers for the sandbox API server's own tests: plain HTTP calls and a line reader for watches. */
import type { ApiServerHandle } from "./index";
import type { Obj } from "./types";

export interface CallOpts {
  token?: string;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
}

export async function call(
  h: ApiServerHandle,
  method: string,
  path: string,
  body?: unknown,
  o: CallOpts = {},
): Promise<{ code: number; body: Obj; headers: Headers }> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${o.token ?? h.tokens.admin}`,
    ...(o.headers ?? {}),
  };
  if (o.accept) headers.Accept = o.accept;
  if (body !== undefined) headers["Content-Type"] = o.contentType ?? "application/json";
  const res = await fetch(h.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Obj;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { code: res.status, body: parsed, headers: res.headers };
}

/** An open watch: collects events; `until` polls (no fixed sleeps) for a condition on what arrived. */
export interface WatchStream {
  events: Obj[];
  status: number;
  ended: () => boolean;
  until(pred: (evs: Obj[]) => boolean, timeoutMs?: number): Promise<Obj[]>;
  close(): void;
}

export async function watch(h: ApiServerHandle, path: string, o: CallOpts = {}): Promise<WatchStream> {
  const ctl = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${o.token ?? h.tokens.admin}` };
  if (o.accept) headers.Accept = o.accept;
  const res = await fetch(h.url + path, { headers, signal: ctl.signal });
  const events: Obj[] = [];
  let done = false;
  void (async () => {
    const dec = new TextDecoder();
    let buf = "";
    try {
      for await (const chunk of res.body ?? []) {
        buf += dec.decode(chunk, { stream: true });
        let i;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.trim()) events.push(JSON.parse(line));
        }
      }
    } catch {
      /* aborted */
    }
    done = true;
  })();
  return {
    events,
    status: res.status,
    ended: () => done,
    until: async (pred, timeoutMs = 10000) => {
      const start = Date.now();
      while (!pred(events)) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`watch condition not met; got ${JSON.stringify(events.map((e) => e.type))}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return events;
    },
    close: () => ctl.abort(),
  };
}

/** Polls until `fn` returns a truthy value (for asynchronous effects such as garbage collection). */
export async function eventually<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 10000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const cloneSet = (name: string, ns = "default", replicas = 2): Obj => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name, namespace: ns },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "main", image: "nginx:1.25" }] } },
  },
});

export const pod = (name: string, ns = "default", extra: Obj = {}): Obj => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: ns, ...(extra.metadata ?? {}) },
  spec: { containers: [{ name: "main", image: "nginx:1.25" }], ...(extra.spec ?? {}) },
});
