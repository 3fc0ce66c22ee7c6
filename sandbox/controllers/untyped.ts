// client-node calls whose responses the controllers read as plain JSON, as they read watch events. client-node
// 1.4.0 decodes every response body into typed models (V1Pod and the objects inside it, strings to Dates); the
// controllers never use those models (their objects are the wire shapes of lib/k8s/objects.ts), and the decoding
// plus node-fetch's wrapping cost a tenth of a rollout's CPU. So for these calls client-node still builds and
// authenticates the request (URL, query, body, credentials, the agent from the kubeconfig), and the response
// processor still turns an error status into an ApiException with the server's body; only a 2xx body is handed
// back as text, and client-node decodes an empty object in its place.
import {
  ResponseContext,
  wrapHttpLibrary,
  type ConfigurationOptions,
  type HttpLibrary,
  type RequestContext,
} from "@kubernetes/client-node";
import http from "node:http";
import https from "node:https";
import { metadataResourceVersion } from "./json-meta";

interface Exchange {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** One request over node's http(s) with the agent client-node's authentication chose for it. */
function exchange(req: RequestContext): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const url = new URL(req.getUrl());
    const send = url.protocol === "https:" ? https.request : http.request;
    const body = req.getBody() as string | undefined;
    // Node sends a DELETE's body without a length unless told (it chunks only POST, PUT and PATCH by default): the
    // server would read the body as the next request on the connection.
    const headers =
      body === undefined
        ? req.getHeaders()
        : { ...req.getHeaders(), "Content-Length": String(Buffer.byteLength(body)) };
    const out = send(
      url,
      { method: req.getHttpMethod(), headers, agent: req.getAgent(), signal: req.getSignal() },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
          resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString("utf8") });
        });
      },
    );
    out.on("error", reject);
    out.end(body);
  });
}

const text = (t: string) => ({ text: async () => t, binary: async () => Buffer.from(t) });
const EMPTY = text("{}");

/** A call's options and, after it resolved, its 2xx body as JSON (parsed on first use). */
export interface Untyped<T> {
  options: ConfigurationOptions;
  body(): T;
  /** The body's metadata.resourceVersion, read without parsing the rest when the text allows (json-meta.ts). */
  resourceVersion(): string | undefined;
}

/** Options for one client-node call whose response is read untyped; `contentType` sets the request's. */
export function untyped<T>(contentType?: string): Untyped<T> {
  let raw: string | undefined;
  let parsed: T | undefined;
  const body = () => (parsed ??= JSON.parse(raw ?? "null") as T);
  const httpApi: HttpLibrary = wrapHttpLibrary({
    send: async (req) => {
      if (contentType) req.setHeaderParam("Content-Type", contentType);
      const res = await exchange(req);
      if (res.status < 200 || res.status > 299) return new ResponseContext(res.status, res.headers, text(res.text));
      raw = res.text;
      return new ResponseContext(res.status, res.headers, EMPTY);
    },
  });
  return {
    options: { httpApi },
    body,
    resourceVersion: () =>
      (raw !== undefined && metadataResourceVersion(raw)) ||
      (body() as { metadata?: { resourceVersion?: string } } | null)?.metadata?.resourceVersion,
  };
}
