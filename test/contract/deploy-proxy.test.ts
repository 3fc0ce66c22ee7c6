/**
 * deploy/overlays/proxy (rendered) wires proxy mode the only way the console's server accepts it: the console's own args
 * pass its start rules (scripts/serve/proxy-options.ts), the proxy's CA is mounted where --proxy-client-ca
 * points, the sidecar holds the client certificate Secret, and the Service reaches the proxy, never the
 * console. (deploy-manifest.test.ts has kube-apiserver accept it and checks the grants.)
 */
import { describe, expect, it } from "vitest";
import { bindRefusal, parseServeArgs } from "../../scripts/serve/options";
import { render } from "./deploy-render";

interface Mount {
  name: string;
  mountPath: string;
  subPath?: string;
}
interface Container {
  name: string;
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  volumeMounts?: Mount[];
}
interface Doc {
  kind: string;
  spec?: {
    ports?: { targetPort: string | number }[];
    template?: {
      spec: { containers: Container[]; volumes: { name: string; secret?: { secretName: string } }[] };
    };
  };
}

const docs = render("proxy").docs as unknown as (Doc & { metadata: { name: string } })[];
const pod = docs.find((d) => d.kind === "Deployment" && d.metadata.name === "kruise-console-proxy")!.spec!.template!
  .spec;
const container = (name: string) => pod.containers.find((c) => c.name === name)!;
/** The Secret mounted at the directory holding `file` in this container. */
const secretAt = (c: Container, file: string) => {
  const m = c.volumeMounts!.find((v) => file.startsWith(`${v.mountPath}/`));
  return m && pod.volumes.find((v) => v.name === m.name)?.secret?.secretName;
};

describe("deploy/overlays/proxy", () => {
  it("starts the console in proxy mode with a client CA, an allowed name and TLS, on loopback as a sidecar", () => {
    const o = parseServeArgs(container("console").args!);
    expect(bindRefusal(o)).toBeNull();
    expect(o).toMatchObject({ mode: "proxy", host: "127.0.0.1", proxySidecar: true, proxyAllowMasters: false });
    expect(o.proxyAllowedNames.length).toBeGreaterThan(0);
    expect(secretAt(container("console"), o.proxyClientCa!)).toBe("kruise-console-proxy-ca");
    expect(secretAt(container("console"), o.tlsCert!)).toBe("kruise-console-serving");
  });

  it("gives the client certificate to the proxy only, and exposes the proxy, not the console", () => {
    const holders = pod.containers.filter((c) =>
      c.volumeMounts?.some(
        (m) => pod.volumes.find((v) => v.name === m.name)?.secret?.secretName === "kruise-console-proxy-client",
      ),
    );
    expect(holders.map((c) => c.name)).toEqual(["auth-proxy"]);
    expect(container("console").ports ?? []).toEqual([]);
    const service = docs.find((d) => d.kind === "Service" && d.metadata.name === "kruise-console-proxy")!;
    const proxyPorts = container("auth-proxy").ports!.map((p) => p.name);
    for (const p of service.spec!.ports!) expect(proxyPorts).toContain(p.targetPort);
    // The serving key stays with the console: the proxy gets the certificate file alone.
    const serving = container("auth-proxy").volumeMounts!.filter((m) => m.name === "serving");
    expect(serving.map((m) => m.subPath)).toEqual(["tls.crt"]);
  });
});
