import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { kubectl, kubectlApply, kubectlJson, sandboxAdmin } from "./cluster";
import { pages } from "./paths";

// Request hygiene: cluster data is attacker-controlled text. Annotations, pod-template
// annotations (so revisions carry them) and Event messages hold HTML/JS payloads; every view shows them
// literally and none of them runs or becomes an element.

const NS = `e2e-xss-${Math.random().toString(36).slice(2, 7)}`;
const NAME = "xss";
const PAYLOADS = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>", '"><svg onload=alert(1)>'];
const detail = () => pages.cloneSet(sandboxAdmin().context, NS, NAME);

const annotations = (prefix: string) =>
  Object.fromEntries(PAYLOADS.map((p, i) => [`e2e.kruise-console/${prefix}${i}`, p]));

function cloneSet(templateNote: string) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name: NAME, namespace: NS, annotations: annotations("a") },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: NAME } },
      template: {
        metadata: {
          labels: { app: NAME },
          annotations: { ...annotations("t"), "e2e.kruise-console/note": templateNote },
        },
        spec: { containers: [{ name: "app", image: "nginx:1.25" }] },
      },
      updateStrategy: { type: "InPlaceIfPossible" },
    },
  };
}

test.beforeAll(() => {
  kubectl("create", "namespace", NS);
  kubectlApply(cloneSet(PAYLOADS[0]));
  // A second revision whose template differs in a payload, so the revision compare shows it.
  kubectlApply(cloneSet(PAYLOADS[2]));
  const uid = kubectlJson<{ metadata: { uid: string } }>("get", "clonesets.apps.kruise.io", NAME, "-n", NS).metadata
    .uid;
  const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  PAYLOADS.forEach((message, i) =>
    kubectlApply({
      apiVersion: "v1",
      kind: "Event",
      metadata: { name: `${NAME}.xss${i}`, namespace: NS },
      involvedObject: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: NAME, namespace: NS, uid },
      reason: `Xss${i}`,
      message,
      type: "Warning",
      count: 1,
      firstTimestamp: now,
      lastTimestamp: now,
      source: { component: "e2e" },
    }),
  );
});

test.afterAll(() => {
  // The CloneSet goes first and synchronously, so specs that pick "any steady CloneSet" never pick this one.
  kubectl("delete", "clonesets.apps.kruise.io", NAME, "-n", NS, "--wait=true", "--timeout=120s");
  kubectl("delete", "namespace", NS, "--wait=false");
});

/** No payload became markup: no dialog (checked by the listener), no injected element in the page. */
async function expectInert(page: Page) {
  await expect(page.locator("img[src=x]")).toHaveCount(0);
  await expect(page.locator("svg[onload]")).toHaveCount(0);
  expect(
    await page.evaluate(() => [...document.scripts].filter((s) => (s.textContent ?? "").includes("alert(1)")).length),
  ).toBe(0);
  expect(await page.evaluate(() => document.querySelectorAll("[onerror],[onload]").length)).toBe(0);
}

const text = async (page: Page, selector: string) =>
  ((await page.locator(selector).first().textContent()) ?? "").replace(/\u00a0/g, " ");

test("HTML and script in annotations and Event messages are shown as text on every view and never run", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await page.goto(pages.cloneSets(sandboxAdmin().context));
  await expect(page.locator(`[data-testid=cloneset-row][data-name="${NAME}"]`)).toBeVisible();
  await expectInert(page);

  await page.goto(detail());
  const events = page.getByTestId("events");
  for (const p of PAYLOADS) await expect(events.getByText(p, { exact: true })).toBeVisible();
  await expect(page.getByTestId("revision-row")).toHaveCount(2);
  const diff = page.getByTestId("template-diff");
  await expect(diff).toContainText(PAYLOADS[0]);
  await expect(diff).toContainText(PAYLOADS[2]);
  await expectInert(page);

  await page.goto(pages.cloneSetYaml(sandboxAdmin().context, NS, NAME));
  await expect(page.getByTestId("yaml")).toContainText("e2e.kruise-console/a0");
  const yaml = await text(page, "[data-testid=yaml]");
  for (const p of [PAYLOADS[0], PAYLOADS[1], "<svg onload=alert(1)>"]) expect(yaml).toContain(p);
  await expectInert(page);

  await page.goto(pages.edit(sandboxAdmin().context, NS, "clonesets", NAME));
  const lines = page.locator("[data-testid=yaml-editor] .view-lines");
  await expect(lines).toContainText("kind: CloneSet", { timeout: 60_000 });
  await expect.poll(() => text(page, "[data-testid=yaml-editor] .view-lines")).toContain(PAYLOADS[1]);
  await expectInert(page);

  expect(dialogs).toEqual([]);
});
