/**
 * The editor's save scenarios on the sandbox, typing into Monaco (find/replace, as a user would):
 * (1) status churn never conflicts, (2)+(3) unrelated concurrent changes survive, (4) a real
 * conflict shows base/mine/theirs and writes nothing until resolved, (5) deletion keeps the text,
 * (6) syntax and schema errors are marked, (7) the reviewed request is the one sent; a write the
 * server does not store (a webhook puts the field back) is said field by field, never "Saved".
 */
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { execFileSync } from "node:child_process";
import { ensureNamespace, kubectl, kubectlJson, sandboxAdmin } from "./cluster";
import { focusEditor, editorLines, replaceAll } from "./monaco";
import { E2E_KUBECONFIG, pages } from "./paths";

const NS = "editor-e2e";
type Obj = {
  metadata: { resourceVersion: string };
  spec: {
    replicas: number;
    template: { spec: { containers: { name: string; image: string; env?: { name: string; value: string }[] }[] } };
  };
};

function apply(yaml: string) {
  execFileSync("kubectl", ["--kubeconfig", E2E_KUBECONFIG, "apply", "-f", "-"], {
    input: yaml,
    encoding: "utf8",
    timeout: 30_000,
  });
}
const get = (name: string) => kubectlJson<Obj>("get", "clonesets.apps.kruise.io", "-n", NS, name);

/** The CloneSets this worker's test made, deleted after it: repeats would otherwise fill the list other specs read. */
const made: string[] = [];
test.afterEach(() => {
  for (const name of made.splice(0))
    kubectl("delete", "clonesets.apps.kruise.io", "-n", NS, name, "--ignore-not-found", "--wait=false");
});

/** A fresh CloneSet: one left by an earlier run (or an earlier repeat of this spec) is deleted, pods first, so every run starts from the same object. */
function createCloneSet(base: string, opts: { replicas?: number; sidecar?: boolean } = {}): string {
  // One object per repeat: `--repeat-each` runs repeats of a test side by side on two workers.
  const name = `${base}-${test.info().repeatEachIndex}`;
  kubectl("delete", "clonesets.apps.kruise.io", "-n", NS, name, "--ignore-not-found", "--cascade=foreground", "--wait");
  made.push(name);
  const sidecar = opts.sidecar
    ? `
      - name: sidecar
        image: envoy:1.0
        env:
        - name: LOG
          value: info`
    : "";
  apply(`apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: ${name}, namespace: ${NS} }
spec:
  replicas: ${opts.replicas ?? 2}
  selector: { matchLabels: { app: ${name} } }
  updateStrategy: { type: InPlaceIfPossible }
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      containers:
      - name: app
        image: nginx:1.0${sidecar}
`);
  return name;
}

async function openEditor(page: Page, name: string) {
  await page.goto(pages.edit(sandboxAdmin().context, NS, "clonesets", name));
  // Generous: the first visit loads Monaco's chunks and workers on a busy machine.
  await expect(editorLines(page)).toContainText("kind: CloneSet", {
    timeout: 60_000,
  });
}

/** Review & save, check the reviewed request, send it, and return what was reviewed and what was sent. */
async function reviewAndSend(page: Page) {
  await page.getByTestId("save").click();
  const body = await page.getByTestId("request-body").textContent();
  const sent = page.waitForResponse((r) => r.url().endsWith("/edit") && r.request().method() === "POST");
  await page.getByTestId("send").click();
  const res = await (await sent).json();
  await expect(page.getByTestId("notice")).toContainText("Saved");
  return { reviewed: JSON.parse(body!), sent: JSON.parse(res.request.body) };
}

test.beforeAll(() => {
  ensureNamespace(NS); // an earlier run may have made it
});

test("Monaco, its workers and the CloneSet schema load offline from the dashboard itself", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (!/^(https?:\/\/127\.0\.0\.1[:/]|data:|blob:)/.test(r.url())) foreign.push(r.url());
  });
  const name = createCloneSet("e2e-offline");
  await openEditor(page, name);
  await focusEditor(page);
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\nbogusField: 1");
  await expect(page.getByTestId("problems")).toContainText(/bogusField is not allowed/);
  await page.screenshot({ path: ".tmp/editor-offline.png" });
  expect(foreign).toEqual([]);
});

test("(1)+(7) an image change saves while status churns; the reviewed request is exactly the one sent", async ({
  page,
}) => {
  const name = createCloneSet("e2e-status");
  await openEditor(page, name);
  await replaceAll(page, "image: nginx:1.0", "image: nginx:1.1");
  await expect(page.getByTestId("inplace-prediction")).toHaveAttribute("data-mode", "in-place");
  const before = get(name).metadata.resourceVersion;
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    "-n",
    NS,
    name,
    "--subresource=status",
    "--type=merge",
    "-p",
    '{"status":{"observedGeneration":12345}}',
  );
  await expect.poll(() => get(name).metadata.resourceVersion).not.toBe(before);
  const { reviewed, sent } = await reviewAndSend(page);
  expect(sent).toEqual(reviewed);
  await expect(page.getByTestId("tab-conflicts")).toHaveCount(0);
  expect(get(name).spec.template.spec.containers[0].image).toBe("nginx:1.1");
});

test("(2) an image change and a concurrent kubectl scale both land", async ({ page }) => {
  const name = createCloneSet("e2e-scale");
  await openEditor(page, name);
  await replaceAll(page, "image: nginx:1.0", "image: nginx:1.2");
  kubectl("scale", "clonesets.apps.kruise.io", "-n", NS, name, "--replicas=4");
  await expect(page.getByTestId("live-banner")).toContainText("spec.replicas: 2 → 4");
  await reviewAndSend(page);
  const after = get(name);
  expect([after.spec.replicas, after.spec.template.spec.containers[0].image]).toEqual([4, "nginx:1.2"]);
});

test("(3) my image change in container app and kubectl's env change in container sidecar both survive", async ({
  page,
}) => {
  const name = createCloneSet("e2e-sidecar", { sidecar: true });
  await openEditor(page, name);
  await replaceAll(page, "image: nginx:1.0", "image: nginx:1.3");
  const containers = get(name).spec.template.spec.containers;
  containers[1].env = [{ name: "LOG", value: "debug" }];
  kubectl(
    "patch",
    "clonesets.apps.kruise.io",
    "-n",
    NS,
    name,
    "--type=merge",
    "-p",
    JSON.stringify({ spec: { template: { spec: { containers } } } }),
  );
  await reviewAndSend(page);
  const [app, sidecar] = get(name).spec.template.spec.containers;
  expect([app.image, sidecar.env]).toEqual(["nginx:1.3", [{ name: "LOG", value: "debug" }]]);
});

test("(4) replicas changed here and by kubectl: base/mine/theirs, nothing written until chosen, then the choice lands", async ({
  page,
}) => {
  const name = createCloneSet("e2e-conflict", { replicas: 2 });
  await openEditor(page, name);
  await replaceAll(page, "replicas: 2", "replicas: 3");
  kubectl("scale", "clonesets.apps.kruise.io", "-n", NS, name, "--replicas=5");
  await expect(page.getByTestId("live-banner")).toContainText("spec.replicas");
  await page.getByTestId("save").click();
  const row = page.locator("[data-testid=conflict-row][data-field='spec.replicas']");
  await expect(row.getByTestId("value-base")).toHaveText("2");
  await expect(row.getByTestId("value-mine")).toHaveText("3");
  await expect(row.getByTestId("value-theirs")).toHaveText("5");
  expect(get(name).spec.replicas).toBe(5);
  await row.getByTestId("choose-mine").check();
  await page.getByTestId("review-choices").click();
  await expect(page.getByTestId("request-body")).toContainText('"value": 3');
  expect(get(name).spec.replicas).toBe(5);
  await page.getByTestId("send").click();
  await expect(page.getByTestId("notice")).toContainText("Saved");
  expect(get(name).spec.replicas).toBe(3);
});

test("(5) an object deleted while editing gives a clear error and keeps the text", async ({ page }) => {
  const name = createCloneSet("e2e-deleted");
  await openEditor(page, name);
  await replaceAll(page, "image: nginx:1.0", "image: nginx:9.9");
  kubectl("delete", "clonesets.apps.kruise.io", "-n", NS, name, "--wait=false");
  await expect(page.getByTestId("live-deleted")).toBeVisible();
  await page.getByTestId("save").click();
  await expect(page.getByTestId("notice")).toContainText("deleted while you were editing");
  await expect(editorLines(page)).toContainText("nginx:9.9");
});

test("(6) invalid YAML and a schema violation are marked in the editor", async ({ page }) => {
  const name = createCloneSet("e2e-invalid");
  await openEditor(page, name);
  await replaceAll(page, "replicas: 2", "replicas: two");
  await expect(page.getByTestId("problems")).toContainText(/Incorrect type\. Expected "integer"/);
  await expect(page.locator("[data-testid=yaml-editor] [class*=squiggly-]").first()).toBeVisible();
  await replaceAll(page, "replicas: two", "replicas: [2");
  await expect(page.getByTestId("problems")).toContainText(/line \d+:\d+ — /);
  await expect(page.locator("[data-testid=yaml-editor] .squiggly-error").first()).toBeVisible();
  await page.getByTestId("save").click();
  await expect(page.getByTestId("notice")).toContainText("YAML syntax error at line");
});

test("removing partition: 0, which the CloneSet webhook puts back, is said field by field at review and after send; never Saved", async ({
  page,
}) => {
  const name = createCloneSet("e2e-noop");
  await openEditor(page, name);
  await replaceAll(page, "partition: 0", "");
  const kept = "the server kept spec.updateStrategy.partition: 0 (you removed it) — a webhook or default sets it";
  await page.getByTestId("save").click();
  await expect(page.getByTestId("review-kept")).toContainText(kept);
  await expect(page.getByTestId("notice")).toContainText("would not store every change as asked");
  const before = get(name).metadata.resourceVersion;
  await page.getByTestId("send").click();
  await expect(page.getByTestId("notice")).toContainText("Nothing was stored");
  await expect(page.getByTestId("server-kept")).toContainText(kept);
  await expect(page.getByTestId("notice")).not.toContainText("Saved");
  expect(get(name).metadata.resourceVersion).toBe(before);
});

test("drafts: a reload restores the edit; after the object changed, the old draft opens in the conflict view", async ({
  page,
}) => {
  const name = createCloneSet("e2e-draft", { replicas: 2 });
  await openEditor(page, name);
  await replaceAll(page, "replicas: 2", "replicas: 3");
  await page.reload();
  await expect(page.getByTestId("notice")).toContainText("Restored your unsaved draft");
  await expect(editorLines(page)).toContainText("replicas: 3", { timeout: 60_000 });
  kubectl("scale", "clonesets.apps.kruise.io", "-n", NS, name, "--replicas=6");
  await page.reload();
  const row = page.locator("[data-testid=conflict-row][data-field='spec.replicas']");
  await expect(row.getByTestId("value-mine")).toHaveText("3", { timeout: 60_000 });
  await expect(row.getByTestId("value-theirs")).toHaveText("6");
  expect(get(name).spec.replicas).toBe(6);
});
