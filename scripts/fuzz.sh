#!/usr/bin/env bash
# `npm run fuzz`: builds the libFuzzer targets (clang, AddressSanitizer + UndefinedBehaviorSanitizer;
# tests/fuzz) in build/native-sanitize, from the objects the sanitized native tests use, and runs each for FUZZ_SECONDS seconds (default 60). fuzz_model and fuzz_tensor_proto are
# seeded with the models and TensorProtos of the exported models (tests/data/exported) and, where they
# are there, of ONNX's backend test cases (ONNX_TESTS_DIR, default ../shared/onnx-tests), fuzz_operator
# with calls of every operator, opset and type
# (tests/fuzz/operator-seeds.mjs); each also with its inputs in tests/fuzz/regressions/<target>/.
# FUZZ_TARGETS picks targets (default: all three); arguments are passed to libFuzzer. Without
# FUZZ_TARGETS, and unless ALLOC_FAILURE_SWEEP=0 (npm test's short run), the allocation-failure
# injection then runs for every N of every call, the large graphs' too (npm test samples those:
# scripts/alloc-failure-test.sh).
# Corpora grow in build/fuzz/corpus/<target>; a crashing input lands in build/fuzz/artifacts/: fix the
# bug and add the input to tests/fuzz/regressions/<target>/, which the native tests replay.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-fuzz_model fuzz_tensor_proto fuzz_operator}
onnx_tests_dir=${ONNX_TESTS_DIR:-../shared/onnx-tests}
seed_dirs=tests/data/exported
if [ -d "$onnx_tests_dir" ]; then
  seed_dirs="$seed_dirs $onnx_tests_dir"
elif [ -n "${ONNX_TESTS_DIR:-}" ]; then
  echo "fuzz: ONNX_TESTS_DIR is $ONNX_TESTS_DIR, which does not exist" >&2
  exit 1
else
  echo "fuzz: skipped ONNX's backend test cases as seeds: $onnx_tests_dir not found (ONNX_TESTS_DIR sets where they are)"
fi

cmake -S . -B build/native-sanitize -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DOW_SANITIZE=ON >/dev/null
cmake --build build/native-sanitize --target $targets -j"$(nproc)"

for target in $targets; do
  seeds=build/fuzz/seeds/$target
  corpus=build/fuzz/corpus/$target
  mkdir -p "$seeds" "$corpus" build/fuzz/artifacts
  case $target in
    fuzz_model) pattern='model.onnx' ;;
    fuzz_tensor_proto) pattern='*.pb' ;;
    fuzz_operator) pattern='' ;;
    *) echo "fuzz: unknown target $target" >&2; exit 1 ;;
  esac
  if [ -z "$pattern" ]; then
    node tests/fuzz/operator-seeds.mjs "$seeds"
  else
    node tests/fuzz/file-seeds.mjs "$seeds" "$pattern" $seed_dirs
  fi
  if [ -d "tests/fuzz/regressions/$target" ]; then cp tests/fuzz/regressions/"$target"/* "$seeds/"; fi
  echo "== $target: $seconds s"
  # -malloc_limit_mb: no single allocation may exceed 256 MiB (tensors stop at 16 MiB in this build).
  "build/native-sanitize/$target" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    -malloc_limit_mb=256 -print_final_stats=1 -artifact_prefix="build/fuzz/artifacts/$target-" "$@"
done

if [ -z "${FUZZ_TARGETS:-}" ] && [ "${ALLOC_FAILURE_SWEEP:-1}" != 0 ]; then
  echo "== allocation-failure injection, every N"
  ALLOC_FAILURE_LARGE_SAMPLE=1 bash scripts/alloc-failure-test.sh
fi
