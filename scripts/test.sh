#!/usr/bin/env bash
# Everything `npm test` runs: set-up, native Catch2 tests (ctest; plain and under sanitizers), a short
# run of the fuzz targets, the wasm build, the Node tests, the ONNX conformance cases, the browser tests,
# the consumer test (the packed package installed into an app).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test

echo "== native tests (ctest)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer (ctest)"
cmake -S . -B build/native-sanitize -DCMAKE_BUILD_TYPE=Debug -DOW_SANITIZE=ON >/dev/null
cmake --build build/native-sanitize -j"$(nproc)"
ctest --test-dir build/native-sanitize --output-on-failure -j"$(nproc)"

echo "== fuzz targets (libFuzzer, ASan + UBSan): built, the seed corpus replayed, 10 s each (npm run fuzz runs longer)"
mkdir -p build
if ! FUZZ_SECONDS=10 ALLOC_FAILURE_SWEEP=0 bash scripts/fuzz.sh > build/fuzz-smoke.log 2>&1; then
  tail -n 60 build/fuzz-smoke.log
  exit 1
fi
grep -E '^(== |Done |fuzz: skipped)' build/fuzz-smoke.log

echo "== wasm build"
bash scripts/build.sh

echo "== Node tests (node --test)"
node --test tests/node/

echo "== allocation-failure injection (a wasm build whose malloc fails the N-th allocation; every N)"
bash scripts/alloc-failure-test.sh

echo "== ONNX backend test cases through InferenceSession (conformance; ONNX_TESTS_DIR, by default ../shared/onnx-tests)"
node scripts/conformance.mjs

echo "== browser tests (Chromium, Firefox and WebKit: tools/browser-harness.mjs)"
node --test tests/browser/

echo "== consumer test (npm pack, install into a temporary app; Node (also the oldest and newest engines claims), Deno, Bun, tsc; no bundler, Vite, webpack in Chromium, Firefox and WebKit)"
node --test tests/consumer/
