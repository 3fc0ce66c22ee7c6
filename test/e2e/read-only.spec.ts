import { expect, test } from "./fixtures";
import { cloneSetManifest, kubectl, kubectlApply, sandboxAdmin } from "./cluster";
import { api, pages, READONLY_URL } from "./paths";
import { editorLines } from "./monaco";

// Read-only mode (local --read-only on the same sandbox): everything reads, nothing offers to
// write, and a write sent anyway is refused by the console before it reaches the cluster.

const NS = `e2e-ro-${Math.random().toString(36).slice(2, 7)}`;
const NAME = "web";
const detail = () => pages.cloneSet(sandboxAdmin().context, NS, NAME);

test.beforeAll(() => {
  kubectl("create", "namespace", NS);
  // Two revisions, so "Roll back" would be offered if writes were allowed.
  kubectlApply(cloneSetManifest(NS, NAME, { replicas: 2, image: "nginx:1.25" }));
  kubectlApply(cloneSetManifest(NS, NAME, { replicas: 2, image: "nginx:1.26" }));
});

test.afterAll(() => {
  // The CloneSet goes first and synchronously, so specs that pick "any steady CloneSet" never pick this one.
  kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=true", "--timeout=120s");
  kubectl("delete", "namespace", NS, "--wait=false");
});

test("the read-only console shows the CloneSet without any control that writes, and refuses a forged write", async ({
  page,
}) => {
  await page.goto(`${READONLY_URL}${detail()}`);
  await expect(page.getByTestId("rollout-controls")).toBeVisible();
  await expect(page.getByTestId("revision-row")).toHaveCount(2);
  await expect(page.getByTestId("read-only-note")).toContainText("read-only");
  await expect(page.getByTestId("read-only-badge")).toContainText("Read-only");
  // Previews stay: the slider still moves and shows what would happen.
  await expect(page.getByRole("slider", { name: /Partition/ })).toBeEnabled();
  for (const name of [/^Apply/, /^Show request/, /^(Pause|Resume) rollout/, /^Roll back/, /^Confirm rollback/]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
  await expect(page.getByTestId("edit-yaml")).toHaveCount(0);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`read-only-detail-${colorScheme}.png`), fullPage: true });
  }

  await page.goto(`${READONLY_URL}${pages.edit(sandboxAdmin().context, NS, "clonesets", NAME)}`);
  await expect(editorLines(page)).toContainText("kind: CloneSet", {
    timeout: 60_000,
  });
  await expect(page.getByTestId("read-only-note")).toBeVisible();
  await expect(page.getByTestId("save")).toHaveCount(0);
  await expect(page.getByTestId("dry-run")).toHaveCount(0);

  const forged = await page.evaluate(
    async ({ url, session }) => {
      const s = (await (await fetch(session)).json()) as { csrf: string; readOnly: boolean };
      const r = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": s.csrf },
        body: JSON.stringify({ action: "pause", base: { generation: 1 } }),
      });
      return { readOnly: s.readOnly, status: r.status, body: (await r.json()) as { message: string } };
    },
    { url: api.update(sandboxAdmin().context, NS, NAME), session: api.session() },
  );
  expect(forged.readOnly).toBe(true);
  expect(forged.status).toBe(403);
  expect(forged.body.message).toMatch(/read-only/);
  expect(
    kubectl("get", "clonesets.apps.kruise.io", NAME, "-n", NS, "-o", "jsonpath={.spec.updateStrategy.paused}"),
  ).not.toBe("true");
});
