/**
 * Shared plumbing for the contract suite: one cluster handle per `describe.each` kind,
 * a fresh namespace per file, and helpers to turn client-node ApiExceptions into Status bodies.
 */
import { ApiException, CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, inject } from "vitest";
import {
  startSandboxCluster,
  type ClusterKind,
  type SandboxClusterOptions,
  type TestCluster,
} from "../../support/clusters";
import { kubeConfigFor, type TestUser } from "../../support/kubeconfig";

export const KINDS: ClusterKind[] = ["sandbox", "kube-apiserver"];

/** The shared kube-apiserver from global-setup as a TestCluster (its stop is global-setup's job). */
function providedKubeApiserver(): TestCluster {
  const p = inject("kubeApiserver");
  const ep = { server: p.server, caData: p.caData };
  return {
    kind: "kube-apiserver",
    server: p.server,
    kubeconfigPath: p.kubeconfigPath,
    tokens: p.tokens,
    caData: p.caData,
    kubeConfig: (user: TestUser = "admin") => kubeConfigFor(ep, p.tokens, user),
    stop: async () => {},
  };
}

/**
 * Registers beforeAll/afterAll for a cluster of this kind and returns an accessor.
 * `ns` (optional) creates a uniquely named namespace for the file's objects.
 */
export function useCluster(kind: ClusterKind, opts: SandboxClusterOptions & { ns?: string } = {}) {
  const state: { c?: TestCluster; ns: string } = { ns: "" };
  beforeAll(async () => {
    state.c = kind === "sandbox" ? await startSandboxCluster(opts) : providedKubeApiserver();
    if (opts.ns) {
      state.ns = `${opts.ns}-${Math.random().toString(36).slice(2, 7)}`;
      await state.c
        .kubeConfig()
        .makeApiClient(CoreV1Api)
        .createNamespace({ body: { metadata: { name: state.ns } } });
    }
  });
  afterAll(async () => {
    if (kind === "sandbox") await state.c?.stop();
  });
  return {
    get c(): TestCluster {
      return state.c!;
    },
    get ns(): string {
      return state.ns;
    },
  };
}

export interface Failure {
  code: number;
  body: Record<string, unknown>;
}

/** Awaits a call that must fail with an ApiException and returns its code and parsed Status body. */
export async function failure(p: Promise<unknown>): Promise<Failure> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiException) {
      const text = typeof e.body === "string" ? e.body : JSON.stringify(e.body);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text);
      } catch {
        body = { raw: text };
      }
      return { code: e.code, body };
    }
    throw e;
  }
  throw new Error("expected the request to fail, but it succeeded");
}

/** A Status failure body as kube-apiserver writes it (fields in its order do not matter to toEqual). */
export function statusBody(
  code: number,
  reason: string | undefined,
  message: string,
  details?: Record<string, unknown>,
) {
  const s: Record<string, unknown> = {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message,
    code,
  };
  if (reason) s.reason = reason;
  if (details) s.details = details;
  return s;
}

/** A 36-char lower-case uid (both servers use RFC 4122 style uids). */
export const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
