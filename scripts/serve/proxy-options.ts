/**
 * When proxy mode may start. The console acts by impersonation for whoever the identity headers name, so
 * the proxy must prove itself the way kube-apiserver's request-header authentication does
 * (`--requestheader-client-ca-file`, `--requestheader-allowed-names`): a TLS client certificate signed by a
 * CA the operator names. An IP allow-list is only ever an extra condition; loopback is not one unless
 * the proxy is declared a sidecar, because `kubectl port-forward` arrives from loopback inside the pod.
 */
import { isLoopback } from "./loopback";
import type { ServeOptions } from "./options";

const EXAMPLE =
  "Example: --mode proxy --tls-cert tls.crt --tls-key tls.key --proxy-client-ca proxy-ca.crt --proxy-allowed-names auth-proxy";

/** Flags that mean something in proxy mode only, by the option they set. */
function proxyOnlyFlags(o: ServeOptions): string[] {
  const set: [boolean, string][] = [
    [Boolean(o.proxyClientCa), "--proxy-client-ca"],
    [o.proxyAllowedNames.length > 0, "--proxy-allowed-names"],
    [o.proxySidecar, "--proxy-sidecar"],
    [o.proxyRefuseGroups.length > 0, "--proxy-refuse-groups"],
    [o.proxyAllowMasters, "--proxy-allow-masters"],
  ];
  return set.filter(([on]) => on).map(([, flag]) => flag);
}

/** Why proxy-related options may not be served, or null. */
export function proxyRefusal(o: ServeOptions): string | null {
  if (o.mode !== "proxy") {
    const stray = proxyOnlyFlags(o);
    return stray.length
      ? `${stray.join(", ")}: proxy mode only (this is --mode ${o.mode}); add --mode proxy or drop them`
      : null;
  }
  if (!o.proxyClientCa || !o.tlsCert) {
    return (
      "proxy mode trusts X-Remote-User/X-Remote-Group only from an auth proxy that proves itself with a TLS client " +
      "certificate (like kube-apiserver's --requestheader-client-ca-file). Pass --proxy-client-ca <the PEM CA that " +
      "signed the proxy's client certificate> and --tls-cert/--tls-key (the console serves https), optionally " +
      `--proxy-allowed-names <the certificate's common names>. ${EXAMPLE}`
    );
  }
  const loopback = o.proxyAddresses.filter(isLoopback);
  if (o.proxySidecar && loopback.length !== o.proxyAddresses.length) {
    const other = o.proxyAddresses.filter((a) => !isLoopback(a));
    return (
      `--proxy-sidecar with --proxy-addresses ${other.join(",")}: a sidecar reaches the console over loopback only. ` +
      "Drop --proxy-sidecar (a separate proxy) or the non-loopback addresses."
    );
  }
  if (!o.proxySidecar && loopback.length > 0) {
    return (
      `--proxy-addresses ${loopback.join(",")} is loopback: inside a pod, \`kubectl port-forward\` arrives from loopback ` +
      "too, so the address proves nothing. If the auth proxy is a sidecar in the console's pod, say so with " +
      "--proxy-sidecar (and keep port-forward out with RBAC: no pods/portforward create in the console's namespace, " +
      "see deploy/overlays/proxy); otherwise give the proxy's own address."
    );
  }
  return null;
}
