import { expect, test } from "@playwright/test";
import { cloneSetManifest, kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { PROXY_URL } from "./paths";

// Proxy mode through the console's real server: the browser plays the auth proxy (the instance
// trusts 127.0.0.1) by sending X-Remote-User / X-Remote-Group; the console acts by impersonation.

const NS = "shop"; // the sandbox's deployer may patch CloneSets here, the viewer may only read
const NAME = `e2e-proxy-${Math.random().toString(36).slice(2, 7)}`;
const detail = () => `${PROXY_URL}/c/${encodeURIComponent(sandboxAdmin().context)}/ns/${NS}/clonesets/${NAME}`;
const as = (user: string, groups?: string) => ({
  "X-Remote-User": user,
  ...(groups ? { "X-Remote-Group": groups } : {}),
});

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

test("without the proxy's identity headers the API answers 401 and pages say to come through the proxy", async ({
  page,
  request,
}) => {
  const res = await request.get(`${PROXY_URL}/api/clusters`);
  expect(res.status()).toBe(401);
  expect((await res.json()).message).toMatch(/auth proxy sent no x-remote-user header/);
  await page.goto(`${PROXY_URL}/`);
  await expect(page.getByTestId("unauthorized")).toContainText(/auth proxy/i);
});

test("as the proxied deployer, a pause made in the UI is sent by impersonation and names the user in managedFields", async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: as("deployer", "release-managers") });
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
  const context = await browser.newContext({ extraHTTPHeaders: as("viewer") });
  const page = await context.newPage();
  await page.goto(detail());
  await expect(page.getByTestId("current-user")).toContainText("viewer");
  await expect(page.getByTestId("access-denied")).toContainText("You may not patch this CloneSet");
  await expect(page.getByRole("button", { name: /Resume rollout|Pause rollout/ })).toBeDisabled();
  await context.close();
});
