// The server of the demo page and the built package (`npm start` runs it through scripts/serve.mjs; the
// browser tests start it on a free port):
//   /              demo/
//   /tools/        tools/ (the demo imports the conformance runner and its codecs from here)
//   /dist/         dist/ (the built package, which the demo imports as `onnx-wasm`)
//   /package.json  the package's package.json (the demo shows its version)
//   /test-cases/   the test cases of the conformance view (tools/test-cases.mjs): exported/ this
//                  repository's exported models (tests/data/exported), node/ and pytorch-converted/
//                  ONNX's backend test cases where ONNX_TESTS_DIR has them; index.json lists the cases
//                  and their files, and says when ONNX's were skipped
//   /ort/          onnxruntime-web's dist/ from the dev dependencies, which the demo loads only when a
//                  visitor asks it to compare
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { EXPORTED_DIR, HAS_ONNX_CASES, ONNX_TESTS_DIR, SKIPPED_ONNX_CASES, dataSets, exportedCases, onnxCases } from './test-cases.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * {cases: [{name: 'exported/floor_opset13', dataSets: ['test_data_set_0'], files: ['model.onnx',
 * 'test_data_set_0/input_0.pb', …]}, …], skipped: SKIPPED_ONNX_CASES or absent}, read afresh on each
 * request.
 */
function caseIndex() {
  const cases = [...exportedCases(), ...onnxCases()].map(({ name, dir }) => {
    const sets = dataSets(dir);
    const files = ['model.onnx', ...sets.flatMap((d) => readdirSync(join(dir, d)).filter((f) => f.endsWith('.pb')).map((f) => `${d}/${f}`).sort())];
    return { name, dataSets: sets, files };
  });
  return HAS_ONNX_CASES ? { cases } : { cases, skipped: SKIPPED_ONNX_CASES };
}

function sendJson(res, value) {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(value));
}

const packageFiles = sirv(root, { dev: true });
const mounts = [
  ['/dist/', sirv(join(root, 'dist'), { dev: true })],
  ['/test-cases/exported/', sirv(EXPORTED_DIR, { dev: true })],
  ['/test-cases/', HAS_ONNX_CASES ? sirv(ONNX_TESTS_DIR, { dev: true }) : (req, res, next) => next()],
  ['/ort/', sirv(join(root, 'node_modules', 'onnxruntime-web', 'dist'), { dev: true })],
  ['/tools/', sirv(join(root, 'tools'), { dev: true })],
  ['/', sirv(join(root, 'demo'), { dev: true })],
];

/** Answers one request (the browser tests' harness serves it through its own server). */
export function handleRequest(req, res) {
  const notFound = () => {
    res.statusCode = 404;
    res.end('not found');
  };
  const path = req.url.split('?')[0];
  if (path === '/test-cases/index.json') {
    try {
      sendJson(res, caseIndex());
    } catch (e) {
      res.statusCode = 500;
      res.end(`cannot list the test cases: ${e.message}`);
    }
    return;
  }
  if (path === '/package.json') return packageFiles(req, res, notFound);
  const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p));
  if (prefix !== '/') req.url = req.url.slice(prefix.length - 1);
  handler(req, res, notFound);
}

export const createServer = () => http.createServer(handleRequest);
