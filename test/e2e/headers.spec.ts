/**
 * Security headers in a real browser: every response (pages, API, static chunks) carries the
 * CSP and its companions, and the list, a CloneSet's detail page and the YAML editor (Monaco + its
 * schema worker) run under that policy without a single violation.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { execFileSync } from "node:child_process";
import { sandboxAdmin } from "./cluster";
import { eventually, midRollout } from "./demo";
import { E2E_KUBECONFIG, pages } from "./paths";
import { focusEditor, editorLines } from "./monaco";

const NS = "headers-e2e";
const ctx = () => sandboxAdmin().context;

/** Collects CSP violations as the page reports them (the DOM event) and as Chromium logs them ("Refused to …"). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("__reportCspViolation", (v: string) => {
    seen.push(v);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      );
    });
  });
  page.on("console", (m) => {
    if (/Refused to|Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (/Content Security Policy|unsafe-eval/i.test(e.message)) seen.push(e.message);
  });
  // Workers report their violations to the console of the worker, which Playwright surfaces per worker.
  page.on("worker", (w) =>
    w
      .evaluate(() => {
        self.addEventListener("securitypolicyviolation", (e) =>
          console.error(`Refused to ${(e as SecurityPolicyViolationEvent).violatedDirective}`),
        );
      })
      .catch(() => undefined),
  );
  return seen;
}

/** A browser navigation or an API request: both expose the response headers. */
type Answer = { headers(): Record<string, string> };

function expectSecurityHeaders(res: Answer | null, what: string) {
  expect(res, what).toBeTruthy();
  const h = res!.headers();
  const csp = h["content-security-policy"] ?? "";
  const scriptSrc =
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src ")) ?? "";
  expect(scriptSrc, `${what}: script-src`).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc, `${what}: no inline or eval scripts`).not.toMatch(/unsafe-inline|unsafe-eval|\*|https?:|data:/);
  for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"])
    expect(csp, `${what}: ${d}`).toContain(d);
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("no-referrer");
  expect(h["x-frame-options"], what).toBe("DENY");
}

test("pages, API and static files carry the CSP and security headers; a page's nonce is fresh per request", async ({
  page,
  request,
}) => {
  const first = await request.get(pages.cloneSets(ctx()));
  expectSecurityHeaders(first, "list page");
  const second = await request.get(pages.cloneSets(ctx()));
  const nonce = (r: Answer) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"])?.[1];
  expect(nonce(second)).not.toBe(nonce(first));
  expect(await first.text()).toContain(`nonce="${nonce(first)}"`);
  expectSecurityHeaders(await request.get("/api/clusters"), "API");
  expectSecurityHeaders(await request.get("/no-such-page"), "404 page");
  const home = await page.goto("/");
  expectSecurityHeaders(home, "home page");
  const chunk = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
  expectSecurityHeaders(await request.get(chunk!), "static chunk");
});

test("the list and a CloneSet's detail page render under the policy without a violation", async ({ page }) => {
  const seen = await watchViolations(page);
  const cs = await eventually(midRollout, "a mid-rollout CloneSet");
  // Prerendered pages (the home redirect, the 404 page) run their stored bootstrap scripts too (allowed by hash).
  await page.goto("/");
  await expect(page).toHaveURL(new RegExp(pages.workloads(ctx())));
  await page.goto("/no-such-page");
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.getByRole("link", { name: "Go to the workload list" }).click();
  await expect(page).toHaveURL(new RegExp(pages.workloads(ctx())));
  expectSecurityHeaders(await page.goto(pages.cloneSets(ctx(), { ns: cs.metadata.namespace })), "list");
  await expect(page.getByTestId("connection")).toHaveAttribute("data-state", "live");
  await expect(page.locator(`[data-testid=cloneset-row][data-name="${cs.metadata.name}"]`).first()).toBeVisible({
    timeout: 60_000,
  });
  expectSecurityHeaders(await page.goto(pages.cloneSet(ctx(), cs.metadata.namespace, cs.metadata.name)), "detail");
  await expect(page.getByRole("heading", { level: 1, name: cs.metadata.name })).toBeVisible();
  await expect(page.getByTestId("revision-row").first()).toBeVisible();
  expect(seen).toEqual([]);
});

test("the YAML editor, its workers and schema validation work under the policy without a violation", async ({
  page,
}) => {
  const seen = await watchViolations(page);
  execFileSync("kubectl", ["--kubeconfig", E2E_KUBECONFIG, "apply", "-f", "-"], {
    encoding: "utf8",
    timeout: 30_000,
    input: `apiVersion: v1
kind: Namespace
metadata: { name: ${NS} }
---
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: csp, namespace: ${NS} }
spec:
  replicas: 1
  selector: { matchLabels: { app: csp } }
  template:
    metadata: { labels: { app: csp } }
    spec:
      containers:
      - name: app
        image: nginx:1.0
`,
  });
  expectSecurityHeaders(await page.goto(pages.edit(ctx(), NS, "clonesets", "csp")), "editor");
  const editor = editorLines(page);
  await expect(editor).toContainText("kind: CloneSet", { timeout: 60_000 });
  await focusEditor(page);
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nbogusField: 1");
  // The message comes from monaco-yaml's worker validating against the CRD schema: the worker ran.
  await expect(page.getByTestId("problems")).toContainText(/bogusField is not allowed/);
  await expect(editor).toContainText("bogusField: 1");
  expect(seen).toEqual([]);
});
