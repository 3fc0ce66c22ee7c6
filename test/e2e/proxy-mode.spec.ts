import { type Browser, type BrowserContextOptions } from "@playwright/test";
import { expect, test } from "./fixtures";
import { proxyPkiIn, type ProxyPki } from "../support/proxy-pki";
import { cloneSetManifest, kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { pages, PROXY_PKI_DIR, PROXY_URL } from "./paths";

// Proxy mode through the console's real https server: the browser plays the auth proxy by presenting the
// proxy's TLS client certificate (from this run's own CA, made by serve.ts) and sending X-Remote-User /
// X-Remote-Group; the console acts by impersonation. Without that certificate the headers count for nothing.

const NS = "shop"; // the sandbox's deployer may patch CloneSets here, the viewer may only read
const NAME = `e2e-proxy-${Math.random().toString(36).slice(2, 7)}`;
const detail = () => `${PROXY_URL}${pages.cloneSet(sandboxAdmin().context, NS, NAME)}`;
const as = (user: string, groups?: string) => ({
  "X-Remote-User": user,
  ...(groups ? { "X-Remote-Group": groups } : {}),
});
const pki = (): ProxyPki => proxyPkiIn(PROXY_PKI_DIR);
/** A browser context whose connections present `cert` (none: no client certificate) and send these headers. */
function proxyContext(
  browser: Browser,
  headers: Record<string, string>,
  cert?: keyof Pick<ProxyPki, "proxy" | "foreign">,
) {
  const o: BrowserContextOptions = { ignoreHTTPSErrors: true, extraHTTPHeaders: headers };
  if (cert) o.clientCertificates = [{ origin: PROXY_URL, certPath: pki()[cert].cert, keyPath: pki()[cert].key }];
  return browser.newContext(o);
}

interface CsJ {
  metadata: { managedFields?: { manager: string }[] };
  spec: { updateStrategy: { paused?: boolean } };
}

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  kubectlApply(cloneSetManifest(NS, NAME, { replicas: 1 }));
});

test.afterAll(() => {
  kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=true", "--timeout=120s");
});

test("without the proxy's client certificate the API answers 401 and pages say to come through the proxy, whatever headers are sent", async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({
    ignoreHTTPSErrors: true,
    extraHTTPHeaders: as("admin", "system:masters"),
  });
  const res = await api.get(`${PROXY_URL}/api/clusters`);
  expect(res.status()).toBe(401);
  expect((await res.json()).message).toMatch(/identity headers ignored: no client certificate/);
  await api.dispose();
  const context = await proxyContext(browser, as("admin", "system:masters"));
  const page = await context.newPage();
  await page.goto(`${PROXY_URL}/`);
  await expect(page.getByTestId("unauthorized")).toContainText(/auth proxy/i);
  await expect(page.getByTestId("unauthorized")).toContainText("no client certificate");
  await context.close();
});

test("a client certificate from another CA is refused: the page says it was not accepted", async ({ browser }) => {
  const context = await proxyContext(browser, as("deployer"), "foreign");
  const page = await context.newPage();
  await page.goto(detail());
  await expect(page.getByTestId("unauthorized")).toContainText("client certificate was not accepted");
  await context.close();
});

test("as the proxied deployer, a pause made in the UI is sent by impersonation and names the user in managedFields", async ({
  browser,
}) => {
  const context = await proxyContext(browser, as("deployer", "release-managers"), "proxy");
  const page = await context.newPage();
  await page.goto(detail());
  await expect(page.getByTestId("current-user")).toContainText("deployer");
  const pause = page.getByRole("button", { name: "Pause rollout" });
  await expect(pause).toBeEnabled();
  await pause.click();
  await expect(page.getByTestId("paused-state")).toHaveText("paused");
  const cs = kubectlJson<CsJ>("get", "clonesets.apps.kruise.io", NAME, "-n", NS, "--show-managed-fields");
  expect(cs.spec.updateStrategy.paused).toBe(true);
  expect((cs.metadata.managedFields ?? []).map((m) => m.manager)).toContain("kruise-console/deployer");
  await context.close();
});

test("as the proxied viewer, the controls are disabled with the reason the cluster gives", async ({ browser }) => {
  const context = await proxyContext(browser, as("viewer"), "proxy");
  const page = await context.newPage();
  await page.goto(detail());
  await expect(page.getByTestId("current-user")).toContainText("viewer");
  await expect(page.getByTestId("access-denied")).toContainText("You may not patch this CloneSet");
  await expect(page.getByRole("button", { name: /Resume rollout|Pause rollout/ })).toBeDisabled();
  await context.close();
});

test("a proxied user claiming system:masters is refused with 403, even through the real proxy", async ({ browser }) => {
  const context = await proxyContext(browser, as("mallory", "system:masters"), "proxy");
  const page = await context.newPage();
  await page.goto(detail());
  await expect(page.getByTestId("unauthorized")).toContainText("403");
  await expect(page.getByTestId("unauthorized")).toContainText('group "system:masters" is refused');
  await context.close();
});
