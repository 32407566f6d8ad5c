// What every consumer environment runs through the installed package: Node (ESM and CommonJS), the
// browser's main thread and workers, with and without a bundler. consumer.test.mjs compares the results
// with its references; to cover another part of the API, add a case here and its expectation there.
export const INPUT = [-2.5, -1.5, -0.5, -0, 0.5, 1.5, 2.7, 3];
export const FLOAT16_INPUT = [0x3e00 /* 1.5 */, 0xbe00 /* -1.5 */, 0xb800 /* -0.5 */, 0x7c00 /* +inf */];

// JSON-safe values: -0, infinities and bigints survive postMessage, page.evaluate and JSON as strings.
const plain = (data) => Array.from(data, (v) => (Object.is(v, -0) || v === Infinity || v === -Infinity ? String(v) : typeof v === 'bigint' ? `${v}n` : v));

export async function runChecks(lib, readyOptions) {
  const { ready, ops, Tensor, OnnxWasmError, supportedOperators, LATEST_OPSET } = lib;
  await ready(readyOptions);
  const x = new Tensor('float32', new Float32Array(INPUT), [2, 4]);
  const half = new Tensor('float16', new Uint16Array(FLOAT16_INPUT));
  const results = {
    crossOriginIsolated: globalThis.crossOriginIsolated ?? null,
    latestOpset: LATEST_OPSET,
    dims: [...ops.Floor(x).dims],
    Floor: plain(ops.Floor(x).data),
    Ceil: plain(ops.Ceil(x, { opset: 6 }).data),
    Round: plain(ops.Round(x, { opset: 11 }).data),
    'Floor float64': plain(ops.Floor(new Tensor('float64', INPUT)).data),
    'Ceil-1 float16': plain(ops.Ceil(half, { opset: 1, consumed_inputs: [0] }).data),
    'Ceil float16 as numbers': plain(ops.Ceil(half).toFloat32Array()),
    // float16 data in a Float16Array, where the engine has one.
    'Floor Float16Array': typeof Float16Array === 'function' ? plain(ops.Floor(new Tensor('float16', Float16Array.from(INPUT))).toFloat32Array()) : 'no Float16Array',
    operators: supportedOperators().map(({ op, version }) => `${op}-${version}`),
  };
  try {
    ops.Floor(new Tensor('bfloat16', new Uint16Array(1)), { opset: 6 });
    results.error = 'no error';
  } catch (e) {
    results.error = { isOnnxWasmError: e instanceof OnnxWasmError, name: e.name, code: e.code, message: e.message };
  }
  return results;
}

// ready() with a wasm location that does not exist: how it fails.
export async function loadFailure(lib, readyOptions) {
  try {
    await lib.ready(readyOptions);
    return 'loaded';
  } catch (e) {
    return { isOnnxWasmError: e instanceof lib.OnnxWasmError, code: e.code, message: e.message };
  }
}

// The checks' results from a worker that runs them and posts {results} or {error}.
export function fromWorker(worker) {
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data.results));
    worker.onerror = (e) => reject(new Error(`worker failed to start: ${e.message}`));
  });
}
