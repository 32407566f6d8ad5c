#!/usr/bin/env bash
# Installs what building and serving need (`npm start`), or with --test also what only `npm test` needs
# (the native and fuzz compilers and test libraries, three browsers, two more Node versions), once:
# Debian packages (as root; otherwise prints the command to run) and the npm devDependencies. Quick when
# everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

DEB_PACKAGES=(cmake make emscripten libprotozero-dev libfp16-dev)
if [ "${1:-}" = --test ]; then
  DEB_PACKAGES+=(g++ clang libclang-rt-14-dev catch2 libsimde-dev chromium firefox-esr webkit2gtk-driver xvfb)
fi

missing=()
for pkg in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
  else
    echo "setup: missing Debian packages. Run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# npm ci installs exactly package-lock.json and never rewrites it (CI must not change the lock file).
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-fund --no-audit
fi

[ "${1:-}" = --test ] || exit 0

# The oldest and newest Node that engines claims (tests/consumer/node-versions.json), for the consumer
# test: the registry's node-<platform>-<arch> packages (what the `node` package installs), in
# build/node-versions rather than among the devDependencies, whose bin/node would shadow the node
# that runs npm.
node_versions=$(node -p "Object.values(require('./tests/consumer/node-versions.json')).filter((v) => /^\d/.test(v)).join(' ')")
node_package=$(node -p "(process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin-' : 'node-') + process.platform + '-' + process.arch")
node_specs=()
for version in $node_versions; do
  [ -x "build/node-versions/node_modules/node-$version/bin/node" ] || node_specs+=("node-$version@npm:$node_package@$version")
done
if ((${#node_specs[@]})); then
  npm install --prefix build/node-versions --no-save --no-package-lock --no-fund --no-audit "${node_specs[@]}"
fi
