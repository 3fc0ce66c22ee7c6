#!/usr/bin/env bash
# Builds kube-apiserver from Debian's `kubernetes` source package (upstream v1.20.2 with vendor/)
# and caches the binary under ~/.cache/kruise-console/kube-apiserver/<source version>/.
# Prints the binary's path on stdout. Idempotent: a cached binary is reused.
set -euo pipefail
bash "$(dirname "$0")/system-deps.sh" >&2
CACHE="${KRUISE_CONSOLE_CACHE:-$HOME/.cache/kruise-console}"
version=$(apt-cache showsrc kubernetes 2>/dev/null | awk '/^Version:/{print $2; exit}')
[ -n "$version" ] || { echo "kubernetes source package not found: is deb-src configured? (see test/setup/system-deps.sh)" >&2; exit 1; }
out="$CACHE/kube-apiserver/$version"
if [ -x "$out/kube-apiserver" ]; then echo "$out/kube-apiserver"; exit 0; fi
# One build at a time (parallel test runs would otherwise each start one); re-check after the wait.
mkdir -p "$CACHE"
exec 9>"$CACHE/kube-apiserver-build.lock"
flock 9
if [ -x "$out/kube-apiserver" ]; then echo "$out/kube-apiserver"; exit 0; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kube-src.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
echo "building kube-apiserver from source package kubernetes $version (takes ~4-6 minutes)" >&2
apt-get source --download-only kubernetes >/dev/null 2>&1
dsc=$(ls kubernetes_*.dsc | head -n1)
dpkg-source -x "$dsc" src >/dev/null
cd src
# Go >= 1.18 cannot build the vendored reflect2 v1.0.1; swap in Debian's v1.0.2.
rm -rf vendor/github.com/modern-go/reflect2
cp -r /usr/share/gocode/src/github.com/modern-go/reflect2 vendor/github.com/modern-go/reflect2
sed -i 's#github.com/modern-go/reflect2 v1.0.1#github.com/modern-go/reflect2 v1.0.2#g' go.mod vendor/modules.txt
find . -name go.mod -path './staging/*' -exec sed -i 's#github.com/modern-go/reflect2 v1.0.1#github.com/modern-go/reflect2 v1.0.2#g' {} +
sed -i '/github.com\/modern-go\/reflect2 v1.0.1/d' go.sum || true
export GOPROXY=off GOFLAGS=-mod=vendor CGO_ENABLED=0 GOTOOLCHAIN=local GOCACHE="$CACHE/go-build"
make WHAT=cmd/kube-apiserver >&2
mkdir -p "$out"
cp _output/bin/kube-apiserver "$out/kube-apiserver.tmp" && mv "$out/kube-apiserver.tmp" "$out/kube-apiserver"
echo "$out/kube-apiserver"
