import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RbacAuthorizationV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCountingProxy, type CountingProxy } from "../integration/hub-proxy";
import { makeProxyPki, PROXY_CN, proxyFlags, type ProxyPki } from "../support/proxy-pki";
import { writeKubeconfigFile } from "../support/kubeconfig";
import { baseOf, KINDS, NS, unique, useConsole } from "./harness";
import { startConsoleServer, type CallOptions, type ConsoleServer } from "./proxy-server";

// Proxy mode reads X-Remote-Group as kube-apiserver's request-header authenticator does
// (staging/src/k8s.io/apiserver/pkg/authentication/request/headerrequest/requestheader.go): every header value
// is ONE group, so a group whose name holds commas (an LDAP DN) stays one group, and several groups come as
// several headers. Each group then leaves as its own Impersonate-Group header.
const DN = "cn=team-a,ou=groups,dc=example";

describe.each(KINDS)("proxy mode: one group per X-Remote-Group value (%s)", (kind) => {
  let upstream: CountingProxy;
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "proxy" }, async (c) => {
    upstream = await startCountingProxy(c.server, c.caData);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kc-groups-")), "kubeconfig");
    writeKubeconfigFile(file, { server: upstream.url }, c.tokens);
    return file;
  });
  let pki: ProxyPki;
  let srv: ConsoleServer;
  beforeAll(async () => {
    pki = makeProxyPki();
    srv = await startConsoleServer(pki, [...proxyFlags(pki), "--proxy-allowed-names", PROXY_CN, "--proxy-sidecar"]);
  });
  afterAll(async () => {
    await srv?.close();
    await upstream?.close();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  const proxied = async (user: string, groups: string[]): Promise<CallOptions & { user: unknown }> => {
    const o: CallOptions = { cert: pki.proxy, headers: { "x-remote-user": user, "x-remote-group": groups } };
    const session = await srv.call("/api/auth/session", o);
    expect(session.status).toBe(200);
    return { ...o, headers: { ...o.headers, "x-csrf-token": String(session.body.csrf) }, user: session.body.user };
  };

  it("a DN with commas is one group, and two headers are two groups, each sent on as its own Impersonate-Group", async () => {
    const name = unique("dn-group");
    const cs = await con.createCloneSet(name);
    const o = await proxied("ldap-user", [DN, "release-managers"]);
    expect(o.user).toEqual({ name: "ldap-user", groups: [DN, "release-managers"] });
    const before = upstream.requests.length;
    await srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/update`, {
      ...o,
      body: { action: "pause", base: baseOf(cs), preview: true },
    });
    const sent = upstream.requests.slice(before).filter((r) => r.impersonateGroups.length > 0);
    expect(sent.length).toBeGreaterThan(0);
    for (const r of sent) expect(r.impersonateGroups).toEqual([DN, "release-managers"]);
    expect(con.audit.at(-1)).toMatchObject({ user: "ldap-user", groups: [DN, "release-managers"] });
  });

  it("a refused group hidden in a comma-joined value is not split out: the value is one (unknown) group", async () => {
    // Before: "dev, system:masters" became two groups. Now it is one group of that odd name, which the
    // cluster will not let the console impersonate; system:masters alone is still refused (403).
    const odd = await srv.call("/api/auth/session", {
      cert: pki.proxy,
      headers: { "x-remote-user": "mallory", "x-remote-group": "dev, system:masters" },
    });
    expect(odd.status).toBe(200);
    expect(odd.body.user).toEqual({ name: "mallory", groups: ["dev, system:masters"] });
    const masters = await srv.call("/api/auth/session", {
      cert: pki.proxy,
      headers: { "x-remote-user": "mallory", "x-remote-group": ["dev", "system:masters"] },
    });
    expect(masters.status).toBe(403);
    expect(masters.body.message).toMatch(/group "system:masters" is refused/);
  });

  it.runIf(kind === "kube-apiserver")(
    "kube-apiserver: RBAC bound to the DN group lets its member write; the same user without the header may not",
    async () => {
      const name = unique("dn-write");
      const cs = await con.createCloneSet(name);
      const rbac = con.c.kubeConfig().makeApiClient(RbacAuthorizationV1Api);
      const binding = unique("dn-group-patch");
      await rbac.createNamespacedRole({
        namespace: NS,
        body: {
          metadata: { name: binding },
          rules: [
            { apiGroups: ["apps.kruise.io"], resources: ["clonesets"], verbs: ["get", "patch"] },
            { apiGroups: [""], resources: ["events"], verbs: ["create"] },
          ],
        },
      });
      await rbac.createNamespacedRoleBinding({
        namespace: NS,
        body: {
          metadata: { name: binding },
          roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: binding },
          subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "Group", name: DN }],
        },
      });
      try {
        const outsider = await proxied("ldap-user", ["developers"]);
        const refused = await srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/update`, {
          ...outsider,
          body: { action: "pause", base: baseOf(cs) },
        });
        expect(refused.status).toBe(403);
        const member = await proxied("ldap-user", [DN]);
        const ok = await srv.call(`/api/c/admin/ns/${NS}/clonesets/${name}/update`, {
          ...member,
          body: { action: "pause", base: baseOf(cs) },
        });
        expect(ok.status, ok.body.message).toBe(200);
        expect((await con.get(name)).spec).toHaveProperty("updateStrategy.paused", true);
      } finally {
        await rbac.deleteNamespacedRoleBinding({ name: binding, namespace: NS });
        await rbac.deleteNamespacedRole({ name: binding, namespace: NS });
      }
    },
  );
});
