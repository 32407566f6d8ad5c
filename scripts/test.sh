#!/usr/bin/env bash
# Everything `npm test` runs: set-up, native Catch2 tests (ctest), the wasm build, the Node tests, the
# ONNX conformance cases, the browser tests, the consumer test (the packed package installed into an app).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

echo "== native tests (ctest)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer (ctest)"
cmake -S . -B build/native-sanitize -DCMAKE_BUILD_TYPE=Debug -DOW_SANITIZE=ON >/dev/null
cmake --build build/native-sanitize -j"$(nproc)"
ctest --test-dir build/native-sanitize --output-on-failure -j"$(nproc)"

echo "== wasm build"
bash scripts/build.sh

echo "== Node tests (node --test)"
node --test tests/node/

echo "== ONNX backend test cases through InferenceSession (conformance)"
node scripts/conformance.mjs

echo "== browser tests (headless Chromium)"
node --test tests/browser/

echo "== consumer test (npm pack, install into a temporary app; Node, tsc, no bundler, Vite, webpack, Chromium)"
node --test tests/consumer/
