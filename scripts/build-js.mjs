// Bundles js/ with the Emscripten glue into dist/, minified:
//   onnx-wasm.mjs  ES module for browsers, workers and bundlers: fetches the wasm, no Node code at all
//   onnx-wasm.cjs  CommonJS module for Node (its `require` and, through package.json's "node"
//                  condition, its `import` too): reads the wasm file
// plus the wasm, and the TypeScript declarations twice: index.d.mts for `import`, index.d.ts for
// `require` (TypeScript reads a .d.ts of this package as CommonJS).
// The operators come from the wasm's table (src/ops/registry.cpp): the built wasm is loaded here, and
// its operatorTable() becomes the module `onnx-wasm-operators` that js/ops.mjs makes ops.* and
// LATEST_OPSET from, and the operators' declarations (tools/operator-declarations.mjs), which go into
// js/index.d.ts in place of its marker line. The boundary's layout comes from bindings/call_layout.h,
// as `onnx-wasm-layout`.
// Run after the wasm build (scripts/build.sh does both).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DECLARATIONS_MARKER, operatorDeclarations } from '../tools/operator-declarations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wasmDir = process.env.OW_WASM_BUILD_DIR ?? join(root, 'build', 'wasm');
const dist = process.env.OW_DIST_DIR ?? join(root, 'dist');
mkdirSync(dist, { recursive: true });

// The operator table of the wasm just built: [{op, version, types, inputs, outputs, attributes, minInputs,
// maxInputs, elementwise, independentPlanes, sessionOnly}] (bindings/bindings.cpp).
async function operatorTable() {
  const { default: createModule } = await import(pathToFileURL(join(wasmDir, 'onnx-wasm.mjs')).href);
  const bytes = readFileSync(join(wasmDir, 'onnx-wasm.wasm'));
  const m = await createModule({
    instantiateWasm(imports, done) {
      WebAssembly.instantiate(bytes, imports).then((r) => done(r.instance, r.module));
      return {};
    },
  });
  return m.operatorTable();
}

// The source of `onnx-wasm-operators`: each operator ops.* runs (not those only a session runs: If) once,
// in the table's order, with how many inputs
// its versions take at most (Infinity: any number), how many outputs they always give at most (ops.*
// returns those; an optional one, as MaxPool's Indices, only a session's node asks for), whether it is
// elementwise and whether its planes are independent, and the newest since-version.
function operatorsModule(table) {
  const operators = [];
  for (const { op, maxInputs, outputs, elementwise, independentPlanes, sessionOnly } of table) {
    if (sessionOnly) continue;
    const known = operators.find((o) => o.op === op);
    // All optional (LSTM, GRU, RNN: a node names those it wants): ops.* gives them all. A variadic
    // one (Split's): as many as the call makes, Infinity here.
    const given = outputs.at(-1).variadic ? Infinity : outputs.filter((p) => !p.optional).length || outputs.length;
    if (known) {
      known.maxInputs = Math.max(known.maxInputs, maxInputs);
      known.outputs = Math.max(known.outputs, given);
    } else {
      operators.push({ op, maxInputs, outputs: given, elementwise, independentPlanes });
    }
  }
  const entries = operators.map((o) => `{ op: ${JSON.stringify(o.op)}, maxInputs: ${o.maxInputs}, outputs: ${o.outputs}, ` +
    `elementwise: ${o.elementwise}, independentPlanes: ${o.independentPlanes} }`);
  return `export const OPERATORS = [${entries.join(', ')}];\n` +
    `export const LATEST_OPSET = ${Math.max(...table.map((row) => row.version))};\n`;
}
const table = await operatorTable();
const operators = operatorsModule(table);

// js/index.d.ts with the operators' declarations in place of its marker line.
function declarations() {
  const written = readFileSync(join(root, 'js', 'index.d.ts'), 'utf8');
  const parts = written.split(`${DECLARATIONS_MARKER}\n`);
  if (parts.length !== 2) throw new Error(`js/index.d.ts: the line '${DECLARATIONS_MARKER}' must be there once`);
  return parts.join(operatorDeclarations(table).replace(/^\n/, ''));
}
const dts = declarations();

// The source of `onnx-wasm-layout`: the boundary's layout constants of bindings/call_layout.h, each
// `constexpr uint32_t kRecordByteLength = 2;` as `export const RECORD_BYTE_LENGTH = 2;`.
function layoutModule() {
  const header = readFileSync(join(root, 'bindings', 'call_layout.h'), 'utf8');
  const constants = [...header.matchAll(/^constexpr uint32_t k(\w+) = (\d+);/gm)];
  if (constants.length === 0) throw new Error('bindings/call_layout.h: no constants found');
  return constants.map(([, name, value]) => `export const ${name.replace(/(?<=.)([A-Z])/g, '_$1').toUpperCase()} = ${value};\n`).join('');
}
const layout = layoutModule();

// The bare imports of js/ that differ by build: the Emscripten glue, how the wasm is read, how a model
// given by path or URL is read; and the two generated above.
function resolveImports(platform) {
  const paths = {
    'onnx-wasm-glue': join(wasmDir, 'onnx-wasm.mjs'),
    'onnx-wasm-load-wasm': join(root, 'js', `load-wasm.${platform}.mjs`),
    'onnx-wasm-read-source': join(root, 'js', `read-source.${platform}.mjs`),
  };
  return {
    name: 'onnx-wasm-imports',
    setup(build) {
      build.onResolve({ filter: /^onnx-wasm-(glue|load-wasm|read-source)$/ }, ({ path }) => ({ path: paths[path] }));
      const generated = { 'onnx-wasm-operators': operators, 'onnx-wasm-layout': layout };
      build.onResolve({ filter: /^onnx-wasm-(operators|layout)$/ }, ({ path }) => ({ path, namespace: 'onnx-wasm-generated' }));
      build.onLoad({ filter: /.*/, namespace: 'onnx-wasm-generated' }, ({ path }) => ({ contents: generated[path], loader: 'js' }));
    },
  };
}

const common = {
  entryPoints: [join(root, 'js', 'index.mjs')],
  bundle: true,
  minify: true,
  keepNames: true, // class names survive minification: tensors log as Tensor, errors as OnnxWasmError
  legalComments: 'none',
  logLevel: 'warning',
};

await esbuild.build({
  ...common,
  plugins: [resolveImports('browser')],
  platform: 'browser',
  format: 'esm',
  target: 'es2020',
  outfile: join(dist, 'onnx-wasm.mjs'),
});
await esbuild.build({
  ...common,
  plugins: [resolveImports('node')],
  platform: 'node', // also marks the exports so that Node's `import` sees them as named exports
  format: 'cjs',
  target: 'node18',
  outfile: join(dist, 'onnx-wasm.cjs'),
  // CommonJS has no import.meta.url: derive it from __filename so the same wasm lookup works.
  define: { 'import.meta.url': '__onnxWasmModuleUrl' },
  banner: { js: "var __onnxWasmModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
copyFileSync(join(wasmDir, 'onnx-wasm.wasm'), join(dist, 'onnx-wasm.wasm'));
writeFileSync(join(dist, 'index.d.ts'), dts);
writeFileSync(join(dist, 'index.d.mts'), dts);
