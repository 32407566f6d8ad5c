#!/usr/bin/env bash
# Allocation-failure injection: links the wasm build's objects (build/wasm, as `npm run build` compiled
# them) with tests/alloc-failure/failing_malloc.cpp (malloc fails the N-th allocation, or every one from
# the N-th on, when a test arms it) into build/wasm/alloc-failure and its package into
# build/dist-alloc-failure, then runs tests/alloc-failure/ against it.
# ALLOC_FAILURE_SAMPLE=k runs every k-th N only (npm test runs every N); the large graphs' calls (tens of
# thousands of allocations each) run 150 N spread over them, or every k-th with
# ALLOC_FAILURE_LARGE_SAMPLE=k (npm run fuzz: every N, 5 minutes on the 2-core machine when quiet, 16 under load).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# Configured again (quick) so that a build tree made before the target existed knows it.
emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/wasm --target onnx-wasm-alloc-failure -j"$(nproc)"
OW_WASM_BUILD_DIR="$PWD/build/wasm/alloc-failure" OW_DIST_DIR="$PWD/build/dist-alloc-failure" node scripts/build-js.mjs
node --test tests/alloc-failure/
