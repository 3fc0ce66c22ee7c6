#!/usr/bin/env bash
# Builds OpenKruise's kruise-manager from a source archive that carries its vendored modules (the real
# controller for the controller contract suite, test/controller/), offline with Debian's Go, and caches it under
# ~/.cache/kruise-console/kruise-manager/<sha256 of the archive>/ beside the kube-apiserver build:
#   kruise-manager   the binary
#   config/          the archive's config/ (CRDs in config/crd/bases, webhook configurations in config/webhook)
# The archive's path comes from KRUISE_SOURCE_ARCHIVE (nothing of it is kept in this repository).
# Prints the cache directory on stdout. Idempotent: a cached build is reused.
set -euo pipefail
archive="${KRUISE_SOURCE_ARCHIVE:-}"
[ -n "$archive" ] || {
  echo "KRUISE_SOURCE_ARCHIVE is not set: point it at an OpenKruise source archive (.tar.gz) with vendor/" >&2
  exit 2
}
[ -f "$archive" ] || { echo "KRUISE_SOURCE_ARCHIVE=$archive: no such file" >&2; exit 2; }
command -v go >/dev/null || { echo "go not found: install Debian's golang-go (test/setup/system-deps.sh)" >&2; exit 1; }
CACHE="${KRUISE_CONSOLE_CACHE:-$HOME/.cache/kruise-console}"
sum=$(sha256sum "$archive" | awk '{print $1}')
out="$CACHE/kruise-manager/$sum"
done_() { [ -x "$out/kruise-manager" ] && [ -d "$out/config/crd/bases" ] && [ -d "$out/config/webhook" ]; }
if done_; then echo "$out"; exit 0; fi
# One build at a time (parallel runs would each start one); re-check after the wait.
mkdir -p "$CACHE"
exec 9>"$CACHE/kruise-manager-build.lock"
flock 9
if done_; then echo "$out"; exit 0; fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kruise-src.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "building kruise-manager from $(basename "$archive") (sha256 ${sum:0:12}; takes ~3-6 minutes on two cores)" >&2
tar -xzf "$archive" -C "$work"
src="$work"
# An archive made by `git archive --prefix=dir/` has one top directory; a plain one has main.go at its root.
if [ ! -f "$src/main.go" ]; then
  src=$(find "$work" -mindepth 2 -maxdepth 2 -name main.go -printf '%h\n' | head -n1)
  [ -n "$src" ] || { echo "no main.go in $archive: not a kruise source archive" >&2; exit 1; }
fi
[ -d "$src/vendor" ] || { echo "$archive has no vendor/: the build is offline and needs vendored modules" >&2; exit 1; }
export GOFLAGS=-mod=vendor GOPROXY=off CGO_ENABLED=0 GOTOOLCHAIN=local GOCACHE="$CACHE/go-build"
(cd "$src" && go build -o "$work/kruise-manager" main.go) >&2
mkdir -p "$out.tmp"
rm -rf "$out.tmp"/*
cp "$work/kruise-manager" "$out.tmp/kruise-manager"
cp -r "$src/config" "$out.tmp/config"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "$out"
