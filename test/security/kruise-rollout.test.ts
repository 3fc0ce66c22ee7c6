import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { getAccess, postWrite } from "@/lib/server/write";
import { api } from "@/lib/urls";
import { ScriptedBrowser, type SendOptions } from "./browser";
import { NS, unique, useConsole, type ConsoleUnderTest } from "./harness";
import { runtime } from "@/lib/server/runtime";

// Kruise Rollout actions go through the same gate as every write: identity, read-only mode, same-origin, anti-CSRF,
// the user's own RBAC, and a Rollout that really manages the CloneSet the page shows.

const RO = { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts", namespace: NS };

/** A CloneSet with a Rollout paused at step 1, as the Rollout controller leaves it. */
async function pausedRollout(con: ConsoleUnderTest): Promise<string> {
  const name = unique("kr");
  await con.createCloneSet(name);
  const custom = con.c.kubeConfig().makeApiClient(CustomObjectsApi);
  await custom.createNamespacedCustomObject({
    ...RO,
    body: {
      apiVersion: "rollouts.kruise.io/v1beta1",
      kind: "Rollout",
      metadata: { name },
      spec: {
        workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name },
        strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "100%" }] } },
      },
    },
  });
  const canaryStatus = {
    currentStepIndex: 1,
    nextStepIndex: 2,
    currentStepState: "StepPaused",
    canaryRevision: "h2",
    podTemplateHash: "h2",
    canaryReplicas: 1,
    canaryReadyReplicas: 1,
    finalisingStep: "",
  };
  await custom.patchNamespacedCustomObjectStatus(
    {
      ...RO,
      name,
      body: { status: { phase: "Progressing", currentStepIndex: 1, currentStepState: "StepPaused", canaryStatus } },
    },
    setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
  );
  return name;
}

const state = async (con: ConsoleUnderTest, name: string) =>
  (
    (await con.c
      .kubeConfig()
      .makeApiClient(CustomObjectsApi)
      .getNamespacedCustomObject({ ...RO, name })) as {
      status: { canaryStatus: { currentStepState: string } };
    }
  ).status.canaryStatus.currentStepState;

function post(b: ScriptedBrowser, cluster: string, rollout: string, body: unknown, o: SendOptions = {}) {
  const req = b.request(api.kruiseRolloutAction(cluster, NS, rollout), o, JSON.stringify(body));
  return postWrite(runtime(), req, cluster, NS, "rollouts", rollout, "action");
}

const approve = (cloneSet: string) => ({ action: "approve", cloneSet, base: { generation: 1, step: 1 } });

describe("Kruise Rollout actions, local mode (sandbox)", () => {
  const con = useConsole("sandbox", { KRUISE_CONSOLE_MODE: "local" });

  it("refuses a cross-site approve, one without the anti-CSRF token, and a forged Rollout/CloneSet pair; nothing changes", async () => {
    const name = await pausedRollout(con);
    const b = new ScriptedBrowser();
    b.csrf = (await (await b.session()).json()).csrf;
    expect((await post(b, "admin", name, approve(name), { origin: "http://evil.example" })).status).toBe(403);
    expect((await post(b, "admin", name, approve(name), { csrf: null })).status).toBe(403);
    const forged = await post(b, "admin", name, approve("some-other-cloneset"));
    expect(forged.status).toBe(400);
    expect((await forged.json()).message).toBe(
      `Rollout shop/${name} does not manage CloneSet shop/some-other-cloneset`,
    );
    expect((await post(b, "admin", "../secrets", approve(name))).status).toBe(400);
    expect(await state(con, name)).toBe("StepPaused");
    expect(con.audit.at(-1)).toMatchObject({
      object: { resource: "rollouts.rollouts.kruise.io" },
      result: { code: 400 },
    });
  });
});

describe("Kruise Rollout actions, read-only mode (sandbox)", () => {
  const con = useConsole("sandbox", { KRUISE_CONSOLE_MODE: "local", KRUISE_CONSOLE_READ_ONLY: "1" });

  it("refuses approve with 403 whatever the RBAC, and the page is told beforehand", async () => {
    const name = await pausedRollout(con);
    const b = new ScriptedBrowser();
    b.csrf = (await (await b.session()).json()).csrf;
    const res = await post(b, "admin", name, approve(name));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/read-only mode/);
    for (const subresource of [undefined, "status"]) {
      const need = { verb: "patch", ...(subresource ? { subresource } : {}) };
      const access = await getAccess(
        runtime(),
        b.request(api.access("admin", NS, "rollouts", name, need)),
        "admin",
        NS,
        "rollouts",
        name,
      );
      expect(await access.json()).toEqual({ allowed: false, reason: "this console runs in read-only mode" });
    }
    expect(await state(con, name)).toBe("StepPaused");
  });
});
