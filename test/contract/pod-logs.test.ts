/**
 * Contract: `pods/log` (kubernetes pkg/registry/core/pod/rest/log.go) on both servers, with the kubelet simulator as
 * the kubelet of every node. The API server reads no log itself: it checks the options and the container, then
 * proxies to the kubelet of the pod's node at its InternalIP and advertised port
 * (status.daemonEndpoints.kubeletEndpoint.Port), which picks the run from the container's status
 * (pkg/kubelet/kubelet_pods.go validateContainerLogStatus) — so the sandbox and kube-apiserver answer alike.
 */
import { CoreV1Api, type V1Pod } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { failure, KINDS, statusBody, useCluster } from "./lib/harness";
import { raw } from "./lib/raw";
import { until } from "./lib/wait";
import http from "node:http";
import https from "node:https";

const RFC3339_NANO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z /;

describe.each(KINDS)("pod logs through the kubelet (%s)", (kind) => {
  const h = useCluster(kind, { ns: "logs" });
  let ctl: RunningControllers;
  const core = (user: "admin" | "viewer-no-logs" = "admin") => h.c.kubeConfig(user).makeApiClient(CoreV1Api);
  const logPath = (pod: string, q = "") => `/api/v1/namespaces/${h.ns}/pods/${pod}/log${q}`;

  beforeAll(async () => {
    // Nodes of this file's own: on the shared kube-apiserver a Node advertises the kubelet that registered it last.
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, nodes: 2, namespace: h.ns, nodePrefix: h.ns });
  });
  afterAll(async () => {
    await ctl?.stop();
    for (const n of [1, 2])
      await core()
        .deleteNode({ name: `${h.ns}-${n}` })
        .catch(() => undefined);
  });

  const createPod = (
    name: string,
    containers: { name: string; image: string; env?: { name: string; value: string }[] }[],
    extra: Partial<V1Pod["spec"]> = {},
  ) => core().createNamespacedPod({ namespace: h.ns, body: { metadata: { name }, spec: { containers, ...extra } } });
  const pod = (name: string) => core().readNamespacedPod({ name, namespace: h.ns });
  const running = (name: string) =>
    until(`${name} running`, async () => {
      const p = await pod(name);
      return p.status?.containerStatuses?.every((s) => s.state?.running) && p;
    });
  const log = (name: string, o: Record<string, unknown> = {}) =>
    core().readNamespacedPodLog({ name, namespace: h.ns, ...o }) as Promise<string>;
  const lines = (text: string) => text.split("\n").filter(Boolean);

  it("the Node advertises its kubelet: InternalIP 127.0.0.1 and the endpoint's port", async () => {
    const node = await core().readNode({ name: `${h.ns}-1` });
    expect(node.status?.addresses).toContainEqual({ type: "InternalIP", address: "127.0.0.1" });
    expect(node.status?.daemonEndpoints?.kubeletEndpoint?.Port).toBeGreaterThan(0);
  });

  it("a running container's log starts with the lines its run wrote at start-up, naming its container id", async () => {
    await createPod("web", [{ name: "app", image: "registry.example.com/web:1.0" }]);
    const p = await running("web");
    const id = p.status!.containerStatuses![0].containerID!.replace("containerd://", "");
    const text = await log("web");
    expect(lines(text).slice(0, 4)).toEqual([
      `INFO starting web 1.0 container=app id=${id}`,
      "INFO loaded configuration from /etc/app/config.yaml",
      "INFO listening on 0.0.0.0:8080",
      "INFO ready to serve requests",
    ]);
    expect(text.endsWith("\n")).toBe(true);
  });

  it("tailLines keeps the last lines, timestamps puts an RFC 3339 time in front, limitBytes cuts the bytes", async () => {
    await running("web");
    expect(lines(await log("web", { tailLines: 2 }))).toHaveLength(2);
    expect(await log("web", { tailLines: 0 })).toBe("");
    const stamped = lines(await log("web", { timestamps: true }));
    expect(stamped.every((l) => RFC3339_NANO.test(l))).toBe(true);
    expect(stamped[0].replace(RFC3339_NANO, "")).toMatch(/^INFO starting web 1\.0/);
    expect(await log("web", { limitBytes: 10 })).toBe("INFO start");
  });

  it("a crashed container: its last run's log ends with why it exited, and previous=true reads that run", async () => {
    await createPod("crasher", [{ name: "app", image: "registry.example.com/orders:2.0-crash" }]);
    // Read while the container's last run stays the same before and after (it restarts every few seconds).
    const seen = await until("a crashed run whose log is read twice in one backoff", async () => {
      const before = await pod("crasher");
      const last = before.status?.containerStatuses?.[0].lastState?.terminated;
      if (!last?.containerID || before.status?.containerStatuses?.[0].state?.running) return false;
      const [current, previous] = [await log("crasher"), await log("crasher", { previous: true })];
      const after = await pod("crasher");
      const same = after.status?.containerStatuses?.[0].lastState?.terminated?.containerID === last.containerID;
      return same && { id: last.containerID.replace("containerd://", ""), current, previous };
    });
    // Waiting in CrashLoopBackOff, the current log is the run that crashed (kubelet validateContainerLogStatus).
    expect(seen.current).toBe(seen.previous);
    const l = lines(seen.previous);
    expect(l[0]).toBe(`INFO starting orders 2.0-crash container=app id=${seen.id}`);
    expect(l.slice(-2)).toEqual([
      `ERROR dial tcp 10.96.0.12:5432: connect: connection refused (app-db.${h.ns}.svc:5432)`,
      "FATAL cannot start without its database, exiting with code 1",
    ]);
  });

  it("previous=true for a container that never restarted is a 400 naming it", async () => {
    const f = await failure(log("web", { previous: true }));
    expect(f.code).toBe(400);
    expect(f.body).toEqual(statusBody(400, "BadRequest", 'previous terminated container "app" in pod "web" not found'));
  });

  it("a container that cannot start has no log: the 400 says what it waits for", async () => {
    await createPod("unpullable", [{ name: "app", image: "registry.example.com/web:9-bad" }]);
    await until("unpullable waiting on its image", async () => {
      const s = (await pod("unpullable")).status?.containerStatuses?.[0].state?.waiting?.reason;
      return s === "ErrImagePull" || s === "ImagePullBackOff";
    });
    const f = await failure(log("unpullable"));
    expect(f.code).toBe(400);
    expect(String(f.body.message)).toMatch(
      /^container "app" in pod "unpullable" is waiting to start: (image can't be pulled|trying and failing to pull image)$/,
    );
  });

  it("the container must be named when the pod has several, and must be one of them", async () => {
    await createPod("pair", [
      { name: "main", image: "registry.example.com/web:1.0" },
      { name: "sidecar", image: "fluent/fluent-bit:2.2" },
    ]);
    const none = await failure(log("pair"));
    expect(none.body).toEqual(
      statusBody(400, "BadRequest", "a container name must be specified for pod pair, choose one of: [main sidecar]"),
    );
    const wrong = await failure(log("pair", { container: "nope" }));
    expect(wrong.body).toEqual(statusBody(400, "BadRequest", "container nope is not valid for pod pair"));
    await running("pair");
    expect(lines(await log("pair", { container: "sidecar" }))[0]).toMatch(
      /^INFO starting fluent-bit 2\.2 container=sidecar /,
    );
  });

  it("options are validated before anything is read: a negative tailLines is 422, a word 400", async () => {
    const neg = await raw(h.c, { path: logPath("web", "?tailLines=-1") });
    expect(neg.status).toBe(422);
    expect(neg.json()).toMatchObject({
      reason: "Invalid",
      message: 'PodLogOptions "web" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0',
    });
    const zero = await raw(h.c, { path: logPath("web", "?limitBytes=0") });
    expect(zero.json()).toMatchObject({
      message: 'PodLogOptions "web" is invalid: limitBytes: Invalid value: 0: must be greater than 0',
    });
    const word = await raw(h.c, { path: logPath("web", "?tailLines=ten") });
    expect(word.status).toBe(400);
    expect(word.json()).toMatchObject({
      reason: "BadRequest",
      message: 'strconv.ParseInt: parsing "ten": invalid syntax',
    });
  });

  it("a pod not yet on a node answers 204 with no body", async () => {
    // A node affinity naming a node no kubelet runs: nobody binds it.
    await createPod("unbound", [{ name: "app", image: "registry.example.com/web:1.0" }], {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: ["no-such-node"] }] }],
          },
        },
      },
    });
    const r = await raw(h.c, { path: logPath("unbound") });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
  });

  it("a user without pods/log is refused with RBAC's reason, though they may read the pod", async () => {
    expect((await core("viewer-no-logs").readNamespacedPod({ name: "web", namespace: h.ns })).metadata?.name).toBe(
      "web",
    );
    const r = await raw(h.c, { path: logPath("web"), user: "viewer-no-logs" });
    expect(r.status).toBe(403);
    expect(r.json()).toMatchObject({
      reason: "Forbidden",
      message: `pods "web" is forbidden: User "viewer-no-logs" cannot get resource "pods/log" in API group "" in the namespace "${h.ns}"`,
    });
  });

  it("follow=true streams new lines as the container writes them", async () => {
    await createPod("chatty", [
      { name: "app", image: "registry.example.com/web:1.0", env: [{ name: "SANDBOX_LOG_RATE", value: "20" }] },
    ]);
    await running("chatty");
    const got = await followFor(logPath("chatty", "?follow=true&tailLines=1"), 5);
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("text/plain");
    expect(got.lines).toHaveLength(5);
    // A running container's periodic lines: mostly INFO, now and then a WARN for a slow request (which lines, the
    // run's seed decides), never the ERROR/FATAL of a crash.
    expect(got.lines.filter((l) => !/^(INFO|WARN) /.test(l))).toEqual([]);
  });

  it("discovery lists pods/log with the get verb", async () => {
    const list = (await raw(h.c, { path: "/api/v1" })).json<{
      resources: { name: string; verbs: string[]; kind: string }[];
    }>();
    expect(list.resources.find((r) => r.name === "pods/log")).toMatchObject({ kind: "Pod", verbs: ["get"] });
  });

  /** Opens a follow request and reads until `n` lines arrived (a finished response would stop short). */
  function followFor(path: string, n: number) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; lines: string[] }>((resolve, reject) => {
      const url = new URL(path, h.c.server);
      const opts: https.RequestOptions = { headers: { Authorization: `Bearer ${h.c.tokens.admin}` } };
      if (h.c.caData) opts.ca = Buffer.from(h.c.caData, "base64");
      const req = (url.protocol === "https:" ? https : http).get(url, opts, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
          const got = lines(text);
          if (got.length >= n && text.endsWith("\n")) {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, lines: got.slice(0, n) });
          }
        });
        res.on("end", () => reject(new Error(`the follow stream ended after ${lines(text).length} lines`)));
      });
      req.on("error", (e) => (req.destroyed ? undefined : reject(e)));
    });
  }
});
