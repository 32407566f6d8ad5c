// The server of the demo page and the built package (`npm start` runs it through scripts/serve.mjs; the
// browser tests start it on a free port):
//   /              demo/
//   /tools/        tools/ (the demo imports the conformance runner and its codecs from here)
//   /dist/         dist/ (the built package, which the demo imports as `onnx-wasm`)
//   /package.json  the package's package.json (the demo shows its version)
//   /onnx-tests/   tests/data/onnx-backend (ONNX's backend test cases), with index.json listing the cases
//                  and their files for the conformance view
//   /ort/          onnxruntime-web's dist/ from the dev dependencies, which the demo loads only when a
//                  visitor asks it to compare
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testsDir = join(root, 'tests', 'data', 'onnx-backend');
const SUITES = ['node', 'pytorch-converted'];

const entries = (dir) => readdirSync(dir, { withFileTypes: true });
const subdirs = (dir) => entries(dir).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/**
 * {cases: [{name: 'node/test_floor', dataSets: ['test_data_set_0'], files: ['model.onnx',
 * 'test_data_set_0/input_0.pb', …]}]}, read afresh on each request.
 */
function caseIndex() {
  const cases = SUITES.flatMap((suite) =>
    subdirs(join(testsDir, suite)).map((name) => {
      const dir = join(testsDir, suite, name);
      const dataSets = subdirs(dir).filter((d) => d.startsWith('test_data_set_'));
      const files = ['model.onnx', ...dataSets.flatMap((d) => entries(join(dir, d)).filter((e) => e.name.endsWith('.pb')).map((e) => `${d}/${e.name}`).sort())];
      return { name: `${suite}/${name}`, dataSets, files };
    }));
  return { cases };
}

function sendJson(res, value) {
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(value));
}

const packageFiles = sirv(root, { dev: true });
const mounts = [
  ['/dist/', sirv(join(root, 'dist'), { dev: true })],
  ['/onnx-tests/', sirv(testsDir, { dev: true })],
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
  if (path === '/onnx-tests/index.json') {
    try {
      sendJson(res, caseIndex());
    } catch (e) {
      res.statusCode = 500;
      res.end(`cannot list the ONNX test cases in ${testsDir}: ${e.message}`);
    }
    return;
  }
  if (path === '/package.json') return packageFiles(req, res, notFound);
  const [prefix, handler] = mounts.find(([p]) => req.url.startsWith(p));
  if (prefix !== '/') req.url = req.url.slice(prefix.length - 1);
  handler(req, res, notFound);
}

export const createServer = () => http.createServer(handleRequest);
