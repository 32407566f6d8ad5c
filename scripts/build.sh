#!/usr/bin/env bash
# Builds what the package entry points need: the wasm (Emscripten, a Release build: -O3 -msimd128) and
# dist/ (esbuild).
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's Emscripten runs its JS tools with the system node, which finds acorn only here.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

if [ ! -f build/wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build/wasm -j"$(nproc)"
node scripts/build-js.mjs
