/**
 * What the per-kind scenarios (statefulset-scenarios.ts, daemonset-scenarios.ts) need from a cluster, as a
 * parameter: the console's name for it and kubectl against it. The specs run them on the sandbox; the same functions
 * run on any context of the e2e kubeconfig (a cluster with the real kruise-manager) by passing `e2eCluster(context)`.
 */
import { type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures";
import { sandboxAdmin } from "./cluster";
import { E2E_KUBECONFIG, KRUISE_CONTEXT, KRUISE_KUBECONFIG } from "./paths";

export interface E2ECluster {
  /** The console's name for the cluster: a context of the e2e kubeconfig. */
  context: string;
  /** The kubeconfig file that holds `context`. */
  kubeconfig: string;
  kubectl(...args: string[]): string;
  json<T>(...args: string[]): T;
  /** `kubectl apply -f -` of one object. */
  apply(obj: unknown): string;
}

/**
 * The cluster behind `context`; by default the e2e kubeconfig's current context (the sandbox). Context `kruise` (the
 * real controller) lives in a kubeconfig of its own, written once it is up (test/e2e/real.ts waits for it).
 */
export function e2eCluster(context: string = sandboxAdmin().context): E2ECluster {
  const kubeconfig = context === KRUISE_CONTEXT ? KRUISE_KUBECONFIG : E2E_KUBECONFIG;
  const run = (args: string[], input?: string) =>
    execFileSync("kubectl", ["--kubeconfig", kubeconfig, "--context", context, ...args], {
      encoding: "utf8",
      timeout: 120_000,
      maxBuffer: 256 * 1024 * 1024,
      ...(input !== undefined ? { input } : {}),
    });
  return {
    context,
    kubeconfig,
    kubectl: (...args) => run(args),
    json: <T>(...args: string[]) => JSON.parse(run([...args, "-o", "json"])) as T,
    apply: (obj) => run(["apply", "-f", "-"], JSON.stringify(obj)),
  };
}

/** A namespace of the scenario's own, unique per run and per repeat (`--repeat-each` runs repeats side by side). */
export function ownNamespace(c: E2ECluster, base: string): string {
  const ns = `${base}-${Math.random().toString(36).slice(2, 7)}-${test.info().repeatEachIndex}`;
  c.kubectl("create", "namespace", ns);
  return ns;
}

/** Runs `body` in a namespace of its own on `c`, dropped afterwards whatever happens. */
export async function inOwnNamespace(c: E2ECluster, base: string, body: (ns: string) => Promise<void>): Promise<void> {
  const ns = ownNamespace(c, base);
  try {
    await body(ns);
  } finally {
    c.kubectl("delete", "namespace", ns, "--wait=false");
  }
}

/** Polls until `f` gives a value: generous, for a loaded machine; never a fixed sleep. */
export async function until<T>(what: string, f: () => T | undefined | false, timeout = 120_000): Promise<T> {
  let v: T | undefined | false;
  await expect
    .poll(
      () => {
        try {
          v = f();
        } catch {
          v = undefined; // a busy API server timed kubectl out: ask again
        }
        return !!v;
      },
      { message: what, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return v as T;
}

/** The partition slider moved with the keyboard, once the control may be used (its access check answered). */
/** The slider moved by keyboard, and its preview once it is for that value (one helper for every spec: ./slider.ts). */
export { setSlider } from "./slider";

export interface ShownPreview {
  count: number;
  exact: string[];
  ties: { count: number; of: string[] }[];
  /** every pod the preview allows to move */
  allowed: string[];
  /** each round's named pods and groups, in order */
  rounds: { exact: string[]; ties: { count: number; of: string[] }[] }[];
}

/** The preview's whole pick as the page shows it, read in one pass (never across two renders). */
export async function readPreview(page: Page): Promise<ShownPreview> {
  await expect(page.getByTestId("preview-will-move")).toBeVisible();
  return page.getByTestId("partition-preview").evaluate((root) => {
    const attr = (e: Element, a: string) => e.getAttribute(a) ?? "";
    const pick = (el: Element, kind: string) => ({
      exact: [...el.querySelectorAll(`[data-testid="${kind}-pod"]`)].map((e) => attr(e, "data-name")),
      ties: [...el.querySelectorAll(`[data-testid="${kind}-tie"]`)].map((e) => ({
        count: Number(attr(e, "data-count")),
        of: attr(e, "data-of").split(","),
      })),
    });
    const block = root.querySelector('[data-testid="preview-will-move"]')!;
    const whole = pick(block, "preview");
    return {
      count: Number(attr(block, "data-count")),
      ...whole,
      allowed: [...whole.exact, ...whole.ties.flatMap((g) => g.of)],
      rounds: [...root.querySelectorAll('[data-testid="preview-round"]')].map((r) => pick(r, "round")),
    };
  });
}

export interface PodJ {
  metadata: { name: string; uid: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { nodeName?: string };
  status?: { conditions?: { type: string; status: string }[] };
}

/** The live pods of `app=<name>` in `ns`. */
export function podsOf(c: E2ECluster, ns: string, name: string): PodJ[] {
  return c
    .json<{ items: PodJ[] }>("get", "pods", "-n", ns, "-l", `app=${name}`)
    .items.filter((p) => !p.metadata.deletionTimestamp);
}

export const isReady = (p: PodJ) => p.status?.conditions?.some((x) => x.type === "Ready" && x.status === "True");
