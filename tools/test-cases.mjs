// Where the test cases laid out as ONNX's backend cases (model.onnx, test_data_set_N/{input,output}_K.pb)
// are read from, in Node:
// - this repository's own, the models PyTorch exported through scripts/export-models.py with the
//   outputs PyTorch computed (tests/data/exported/), always there;
// - ONNX's backend test cases (onnx/backend/test/data/{node,pytorch-converted}), which are ONNX's work
//   and never copied into this repository: read from ONNX_TESTS_DIR, by default ../shared/onnx-tests
//   beside the repository's folder (CI has it). Where that folder is absent the tests that run them say
//   so in one line (SKIPPED_ONNX_CASES) and pass; an ONNX_TESTS_DIR that is set but absent is an error.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const EXPORTED_DIR = join(root, 'tests', 'data', 'exported');
export const ONNX_TESTS_DIR = resolve(root, process.env.ONNX_TESTS_DIR ?? join('..', 'shared', 'onnx-tests'));
export const ONNX_SUITES = ['node', 'pytorch-converted'];

if (process.env.ONNX_TESTS_DIR && !existsSync(ONNX_TESTS_DIR)) {
  throw new Error(`ONNX_TESTS_DIR is ${process.env.ONNX_TESTS_DIR}, which does not exist`);
}

/** Whether ONNX's backend test cases are there to run. */
export const HAS_ONNX_CASES = existsSync(ONNX_TESTS_DIR);

/** The one line a test or script prints where it skipped ONNX's cases. */
export const SKIPPED_ONNX_CASES = `skipped ONNX's backend test cases: ${ONNX_TESTS_DIR} not found (ONNX_TESTS_DIR sets where they are)`;

export const subdirs = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** ONNX's backend test cases: [{ name: 'node/test_floor', dir }], none where they are absent. */
export function onnxCases() {
  if (!HAS_ONNX_CASES) return [];
  return ONNX_SUITES.filter((suite) => existsSync(join(ONNX_TESTS_DIR, suite)))
    .flatMap((suite) => subdirs(join(ONNX_TESTS_DIR, suite)).map((name) => ({ name: `${suite}/${name}`, dir: join(ONNX_TESTS_DIR, suite, name) })));
}

/** This repository's exported models as cases: [{ name: 'exported/floor_opset13', dir }]. */
export function exportedCases() {
  return subdirs(EXPORTED_DIR).map((name) => ({ name: `exported/${name}`, dir: join(EXPORTED_DIR, name) }));
}

/** A case's data sets: ['test_data_set_0', ...]. */
export const dataSets = (dir) => subdirs(dir).filter((d) => d.startsWith('test_data_set_'));
