#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (Chromium for e2e, etcd + Go
# for the real kube-apiserver). Idempotent: does nothing when all are present.
set -euo pipefail
need=()
command -v chromium >/dev/null || need+=(chromium)
command -v etcd >/dev/null || need+=(etcd-server)
command -v go >/dev/null || need+=(golang-go)
command -v openssl >/dev/null || need+=(openssl)
command -v rsync >/dev/null || need+=(rsync)
command -v kubectl >/dev/null || need+=(kubernetes-client)
[ -d /usr/share/gocode/src/github.com/modern-go/reflect2 ] || need+=(golang-github-modern-go-reflect2-dev)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
# The kube-apiserver build needs deb-src for the same archive the machine already uses.
if ! grep -rqs '^Types: deb-src' /etc/apt/sources.list.d/ 2>/dev/null; then
  src=$(ls /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 || true)
  if [ -n "$src" ]; then
    sed 's/^Types: deb$/Types: deb-src/' "$src" | $SUDO tee /etc/apt/sources.list.d/kruise-console-src.sources >/dev/null
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
