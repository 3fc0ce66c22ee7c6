// GET pods/{name}/log: kube-apiserver reads no log itself; it proxies the request to the kubelet of the pod's node,
// which the sandbox does the same way, so logs read alike from the sandbox and from a real API server.
import type { IncomingMessage, ServerResponse } from "node:http";
import { request } from "node:https";
import type { Services } from "./handler-types";
import {
  DecodeError,
  decodePodLogOptions,
  kubeletQuery,
  validatePodLogOptions,
  type PodLogOptions,
} from "./mechanics/pod-log-options";
import { errors, type ApiError } from "./status";
import type { Obj, ResourceType } from "./types";

/** kube-apiserver's default --kubelet-port, for a Node that advertises none. */
const DEFAULT_KUBELET_PORT = 10250;
/** What of a kubelet's error body is kept (apiserver pkg/registry/generic/rest/response_checker.go maxReadLength). */
const MAX_ERROR_READ = 50_000;

/** kubernetes pkg/registry/core/pod/strategy.go validateContainer: the container to read, or a 400 saying which. */
function containerOf(pod: Obj, asked: string | undefined, name: string): string {
  const all = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c: Obj) => c.name as string);
  if (!asked) {
    const containers = (pod.spec?.containers ?? []) as Obj[];
    if (containers.length === 1) return containers[0].name;
    if (containers.length === 0) throw errors.badRequest(`a container name must be specified for pod ${name}`);
    throw errors.badRequest(`a container name must be specified for pod ${name}, choose one of: [${all.join(" ")}]`);
  }
  if (!all.includes(asked)) throw errors.badRequest(`container ${asked} is not valid for pod ${name}`);
  return asked;
}

/**
 * The node's address and kubelet port (kubernetes pkg/kubelet/client/kubelet_client.go GetConnectionInfo): its
 * InternalIP, as kube-apiserver with --kubelet-preferred-address-types=InternalIP picks it, and
 * status.daemonEndpoints.kubeletEndpoint.Port.
 */
function kubeletOf(s: Services, nodeName: string): string {
  const nodes = s.c.registry.find("", "v1", "nodes")!;
  const node = s.c.mustGet(nodes, undefined, nodeName);
  const addresses = (node.status?.addresses ?? []) as { type: string; address: string }[];
  const ip = addresses.find((a) => a.type === "InternalIP")?.address;
  if (!ip)
    throw errors.raw(
      500,
      `no preferred addresses found; known addresses: [${addresses.map((a) => `{${a.type} ${a.address}}`).join(" ")}]`,
    );
  const port = Number(node.status?.daemonEndpoints?.kubeletEndpoint?.Port) || DEFAULT_KUBELET_PORT;
  return `${ip.includes(":") ? `[${ip}]` : ip}:${port}`;
}

/** A kubelet's refusal as kube-apiserver passes it on (GenericHttpResponseChecker.Check). */
function checked(code: number, body: string, pod: string): ApiError {
  if (code === 400) return errors.badRequest(body);
  if (code === 500) return errors.internal(body);
  if (code === 404)
    return errors.raw(404, `the server could not find the requested resource ( pods/log ${pod})`, "NotFound", {
      name: pod,
      kind: "pods/log",
    });
  return errors.raw(code, `an error on the server (${JSON.stringify(body)}) has prevented the request from succeeding`);
}

/** Go's net/http error text for a kubelet that cannot be reached. */
function unreachable(url: string, e: NodeJS.ErrnoException & { address?: string; port?: number }): ApiError {
  const why =
    e.code === "ECONNREFUSED"
      ? `dial tcp ${e.address}:${e.port}: connect: connection refused`
      : (e.message ?? String(e));
  return errors.raw(500, `Get ${JSON.stringify(url)}: ${why}`);
}

/** Opens the kubelet's log; resolves once its answer started (2xx), rejects with the API error otherwise. */
function openKubelet(url: string, pod: string, res: ServerResponse): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // No CA: kube-apiserver without --kubelet-certificate-authority skips verifying the kubelet's certificate.
    const up = request(url, { method: "GET", rejectUnauthorized: false, agent: false }, (answer) => {
      const code = answer.statusCode ?? 500;
      if (code >= 200 && code <= 206) return resolve(answer);
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on("data", (c: Buffer) => {
        if (size < MAX_ERROR_READ) chunks.push(c.subarray(0, MAX_ERROR_READ - size));
        size += c.length;
      });
      answer.on("end", () => reject(checked(code, Buffer.concat(chunks).toString("utf8"), pod)));
      answer.on("error", (e) => reject(errors.internal(e.message)));
    });
    up.on("error", (e) => reject(unreachable(url, e)));
    // The client went away: stop reading from the kubelet.
    res.on("close", () => up.destroy());
    up.end();
  });
}

/**
 * kubernetes pkg/registry/core/pod/rest/log.go LogREST.Get and LogLocation, then apiserver StreamObject: validate the
 * options, find the container and the pod's node, and stream the kubelet's answer as text/plain (204 for a pod not
 * yet on a node). The copy follows the reader: a slow client slows the kubelet rather than filling memory.
 */
export async function servePodLog(
  s: Services,
  rt: ResourceType,
  ns: string | undefined,
  name: string,
  q: URLSearchParams,
  res: ServerResponse,
): Promise<void> {
  let o: PodLogOptions;
  try {
    o = decodePodLogOptions(q);
  } catch (e) {
    if (e instanceof DecodeError) throw errors.badRequest(e.message);
    throw e;
  }
  const invalid = validatePodLogOptions(o);
  if (invalid.length) throw errors.invalid({ group: "", kind: "PodLogOptions" }, name, invalid);
  const pod = s.c.mustGet(rt, ns, name);
  const container = containerOf(pod, o.container, name);
  if (!pod.spec?.nodeName) {
    res.writeHead(204);
    return void res.end();
  }
  const url = `https://${kubeletOf(s, pod.spec.nodeName)}/containerLogs/${ns}/${name}/${container}${kubeletQuery(o)}`;
  const answer = await openKubelet(url, name, res);
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.flushHeaders();
  answer.pipe(res);
  answer.on("error", () => res.destroy());
}
