import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { ScriptedBrowser } from "./browser";
import { KINDS, unique, useConsole } from "./harness";
import { until } from "../contract/lib/wait";

// Pod logs in token mode: read as the signed-in user (RBAC decides, and a refusal says which permission), only with a
// session for that cluster, every parameter checked before anything reaches the cluster, a few logs per session,
// and a signed-out session's log ending like its live streams.
describe.each(KINDS)("pod logs in token mode (%s)", (kind) => {
  const con = useConsole(kind, {
    KRUISE_CONSOLE_MODE: "token",
    KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: "1",
    KRUISE_CONSOLE_MAX_LOG_STREAMS: "2",
  });
  const ns = unique("seclogs");
  const POD = "web";
  let ctl: RunningControllers;
  const core = () => con.c.kubeConfig().makeApiClient(CoreV1Api);
  const signedIn = async (user: "viewer" | "viewer-no-logs") => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens[user])).status).toBe(200);
    return b;
  };

  beforeAll(async () => {
    await core().createNamespace({ body: { metadata: { name: ns } } });
    ctl = await startControllers({ kc: con.c.kubeConfig(), fast: true, nodes: 1, namespace: ns, nodePrefix: ns });
    await core().createNamespacedPod({
      namespace: ns,
      body: { metadata: { name: POD }, spec: { containers: [{ name: "app", image: "registry.example.com/web:1.0" }] } },
    });
    await until("the pod running", async () => {
      const p = await core().readNamespacedPod({ name: POD, namespace: ns });
      return !!p.status?.containerStatuses?.[0]?.state?.running;
    });
  });
  afterAll(async () => {
    await ctl?.stop();
    await core()
      .deleteNode({ name: `${ns}-1` })
      .catch(() => undefined);
  });

  it("a user who may read pods but not pods/log is refused, told which permission, and the access review agrees", async () => {
    const b = await signedIn("viewer-no-logs");
    const res = await b.podLog("admin", ns, POD, "container=app");
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toMatchObject({ code: 403, reason: "Forbidden" });
    expect(body.message).toBe(
      `you may not get pods/log in ${ns} (Kubernetes: pods "${POD}" is forbidden: User "viewer-no-logs" cannot get resource "pods/log" in API group "" in the namespace "${ns}")`,
    );
    expect(await (await b.logAccess("admin", ns, POD)).json()).toMatchObject({ allowed: false });
    expect((await b.object("admin", ns, "pods", POD)).status).toBe(200);
  });

  it("a user who may read the log reads it as text, as themselves", async () => {
    const b = await signedIn("viewer");
    expect(await (await b.logAccess("admin", ns, POD)).json()).toMatchObject({ allowed: true });
    const res = await b.podLog("admin", ns, POD, "container=app&tailLines=100");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toMatch(/^INFO starting web 1\.0 container=app /);
  });

  it("a session for one cluster cannot read a log through another", async () => {
    const b = await signedIn("viewer");
    // Every context of the test kubeconfig is a cluster of its own to the console; the session is for `admin`.
    const res = await b.podLog("deployer", ns, POD, "container=app");
    expect(res.status).toBe(401);
    expect((await res.json()).message).toMatch(/sign in to/);
    expect((await new ScriptedBrowser().podLog("admin", ns, POD, "")).status).toBe(401);
  });

  it.each([
    ["a path in the container name", "container=../../etc/passwd", "container"],
    ["an upper-case container name", "container=App", "container"],
    ["a container given twice", "container=app&container=other", "container"],
    ["a tailLines in exponent form", "tailLines=1e9", "tailLines"],
    ["a negative tailLines", "tailLines=-1", "tailLines"],
    ["a tailLines above the console's bound", "tailLines=100001", "tailLines"],
    ["a limitBytes above a gibibyte", "limitBytes=99999999999", "limitBytes"],
    ["a sinceSeconds of zero", "sinceSeconds=0", "sinceSeconds"],
    ["a follow that is not a boolean", "follow=yes", "follow"],
    ["a download that also follows", "download=true&follow=true", "follow"],
    ["a parameter the console does not pass on", "sinceTime=2020-01-01T00:00:00Z", "sinceTime"],
    ["a parameter meant for the kubelet", "insecureSkipTLSVerifyBackend=true", "insecureSkipTLSVerifyBackend"],
  ])("%s is a 400 naming the parameter, before the cluster is asked", async (_what, query, field) => {
    const b = await signedIn("viewer");
    const res = await b.podLog("admin", ns, POD, query);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 400, reason: "BadRequest", details: { field } });
  });

  it("hostile names and kinds are refused: a pod name with dots and slashes, a namespace, a kind without logs", async () => {
    const b = await signedIn("viewer");
    expect((await b.podLog("admin", ns, "../secrets", "")).status).toBe(400);
    expect((await b.podLog("admin", "Bad_NS", POD, "")).status).toBe(400);
    expect((await b.podLog("admin", ns, POD, "", {}, "secrets")).status).toBe(400);
    const cs = await b.podLog("admin", ns, POD, "", {}, "clonesets");
    expect(cs.status).toBe(404);
    expect((await cs.json()).message).toMatch(/logs are read from pods/);
  });

  it("a session holds at most KRUISE_CONSOLE_MAX_LOG_STREAMS logs at once; closing one frees its slot", async () => {
    const b = await signedIn("viewer");
    const open = [1, 2].map(() => b.podLog("admin", ns, POD, "container=app&follow=true"));
    const [first, second] = await Promise.all(open);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await b.podLog("admin", ns, POD, "container=app");
    expect(third.status).toBe(429);
    expect((await third.json()).message).toMatch(/too many open logs for this session \(2\)/);
    await first.body!.cancel();
    await until("a slot free again", async () => {
      const again = await b.podLog("admin", ns, POD, "container=app&tailLines=1");
      if (again.status !== 200) return false;
      await again.text();
      return true;
    });
    await second.body!.cancel();
  });

  it("signing out ends the session's open log, as it ends its live streams", async () => {
    const b = await signedIn("viewer");
    const res = await b.podLog("admin", ns, POD, "container=app&follow=true");
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = "";
    while (!text.includes("INFO ready")) {
      const next = await reader.read();
      if (next.done) throw new Error(`the log ended before its start-up lines: ${text}`);
      text += dec.decode(next.value, { stream: true });
    }
    expect((await b.signOut()).status).toBe(200);
    // The log keeps coming (a line every 2 s) until the session's re-check ends it; then the body is done.
    for (;;) if ((await reader.read()).done) break;
  });
});
