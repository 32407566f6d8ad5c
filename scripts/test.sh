#!/usr/bin/env bash
# Everything `npm test` runs: set-up, native Catch2 tests (ctest; plain and under sanitizers), a short
# run of the fuzz targets, the wasm build, the Node tests, the ONNX conformance cases, the browser tests,
# the consumer test (the packed package installed into an app).
set -euo pipefail
cd "$(dirname "$0")/.."

# Each part's wall-clock time and CPU time (user + sys of the processes it ran, which a loaded machine
# changes less), listed when the run ends (passing or not).
timings=()
section_title=""
section_start=$SECONDS
# cpu: the CPU seconds of this shell's finished child processes (and theirs), from `times`, which must
# run in this shell (in a subshell it counts the subshell's children).
times_file=$(mktemp)
children_cpu() {
  times > "$times_file"
  cpu=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", 60 * (u[1] + s[1]) + u[2] + s[2] }' "$times_file")
}
children_cpu
section_cpu=$cpu
section() {
  children_cpu
  if [ -n "$section_title" ]; then timings+=("$((SECONDS - section_start)) s ($((cpu - section_cpu)) s CPU)  $section_title"); fi
  section_title=$1
  section_start=$SECONDS
  section_cpu=$cpu
  [ -z "$1" ] || echo "== $1"
}
trap 'section ""; rm -f "$times_file"; printf "npm test: %s s in all (%s s CPU)\n" "$SECONDS" "$cpu"; printf "  %s\n" "${timings[@]}"' EXIT

section "set-up (scripts/setup.sh --test)"
bash scripts/setup.sh --test

section "native tests (ctest)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

section "native tests under AddressSanitizer + UndefinedBehaviorSanitizer (ctest)"
cmake -S . -B build/native-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DOW_SANITIZE=ON >/dev/null
cmake --build build/native-sanitize -j"$(nproc)"
ctest --test-dir build/native-sanitize --output-on-failure -j"$(nproc)"

section "fuzz targets (libFuzzer, ASan + UBSan, from the sanitized build's objects): the seed corpus replayed, 10 s each (npm run fuzz runs longer)"
mkdir -p build
if ! FUZZ_SECONDS=10 ALLOC_FAILURE_SWEEP=0 bash scripts/fuzz.sh > build/fuzz-smoke.log 2>&1; then
  tail -n 60 build/fuzz-smoke.log
  exit 1
fi
grep -E '^(== |Done |fuzz: skipped)' build/fuzz-smoke.log

section "wasm build"
bash scripts/build.sh

section "Node tests (node --test, a file per core at once)"
node --test --test-concurrency="$(nproc)" tests/node/

section "allocation-failure injection (the wasm objects linked with a malloc that fails the N-th allocation; every N)"
bash scripts/alloc-failure-test.sh

section "ONNX backend test cases through InferenceSession (conformance; ONNX_TESTS_DIR, by default ../shared/onnx-tests)"
node scripts/conformance.mjs

section "browser tests (Chromium, Firefox and WebKit: tools/browser-harness.mjs)"
node tests/browser/run.mjs

section "consumer test (npm pack, install into a temporary app; Node (also the oldest and newest engines claims), Deno, Bun, tsc; no bundler, Vite, webpack in Chromium, Firefox and WebKit)"
node --test tests/consumer/
