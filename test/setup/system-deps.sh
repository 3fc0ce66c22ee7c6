#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (Chromium for e2e, etcd + Go
# for the real kube-apiserver, redis-server for the shared session store, unshare and ip for kruise-manager's own
# network namespace in the controller lane) and the deb-src entry the kube-apiserver build needs.
# Idempotent: does nothing when all are present.
set -euo pipefail
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
updated=0
# The kube-apiserver build needs deb-src for the same archive the machine already uses
# (checked even when every package is installed: a fresh machine may have them but no deb-src).
if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ 2>/dev/null && ! grep -qs '^deb-src' /etc/apt/sources.list 2>/dev/null; then
  src=$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 || true)
  if [ -n "$src" ]; then
    sed 's/^Types: deb$/Types: deb-src/' "$src" | $SUDO tee /etc/apt/sources.list.d/kruise-console-src.sources >/dev/null
    $SUDO apt-get update -qq
    updated=1
  fi
fi
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v etcd >/dev/null || need+=(etcd-server)
command -v go >/dev/null || need+=(golang-go)
command -v openssl >/dev/null || need+=(openssl)
command -v rsync >/dev/null || need+=(rsync)
command -v make >/dev/null || need+=(make)
command -v dpkg-source >/dev/null || need+=(dpkg-dev)
command -v kubectl >/dev/null || need+=(kubernetes-client)
command -v redis-server >/dev/null || need+=(redis-server)
command -v unshare >/dev/null || need+=(util-linux)
command -v ip >/dev/null || need+=(iproute2)
[ -d /usr/share/gocode/src/github.com/modern-go/reflect2 ] || need+=(golang-github-modern-go-reflect2-dev)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
[ "$updated" -eq 1 ] || $SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
