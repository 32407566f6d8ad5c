// Runs ONNX backend test cases (model.onnx + test_data_set_N/{input,output}_K.pb) through onnx-wasm's
// InferenceSession and compares outputs as ONNX does. Independent of the environment: the caller passes
// the package's API (its Node or its browser build) and a function that reads a case's files (Node: fs,
// browser: fetch).

import { bf16ToNumber, f16ToNumber } from './half-codecs.mjs';

/** ONNX's backend-test tolerance: |got - want| <= ATOL + RTOL * |want| (numpy.testing.assert_allclose). */
export const RTOL = 1e-3;
export const ATOL = 1e-7;

const DECODE = { float16: f16ToNumber, bfloat16: bf16ToNumber };
const FLOAT_TYPES = new Set(['float32', 'float64', 'float16', 'bfloat16']);

/** Why `got` does not match `want` (Tensors), or null when it does; `atol` defaults to ONNX's. */
export function compareTensors(got, want, atol = ATOL) {
  if (got.type !== want.type) return `type ${got.type}, expected ${want.type}`;
  if (got.dims.length !== want.dims.length || got.dims.some((d, i) => d !== want.dims[i])) {
    return `shape [${got.dims}], expected [${want.dims}]`;
  }
  const decode = DECODE[got.type] ?? ((v) => v);
  for (let i = 0; i < want.data.length; i++) {
    const g = decode(got.data[i]);
    const w = decode(want.data[i]);
    const ok = FLOAT_TYPES.has(got.type)
      ? (Number.isNaN(g) && Number.isNaN(w)) || g === w || Math.abs(g - w) <= atol + RTOL * Math.abs(w)
      : g === w; // integers compare exactly
    if (!ok) return `element ${i} is ${g}, expected ${w}`;
  }
  return null;
}

// The ONNX types the runtime lacks, as its refusals name them.
const LACKING_TYPE = /\b(string|complex(64|128)|float8e\w+|float4e2m1|u?int[24])\b|is not a tensor; sequence, map and optional/;
// A model importing an opset newer than the runtime's newest, as its refusal names both.
export const NEWER_OPSET = /imports ai\.onnx opset \d+, newer than \d+, the newest this runtime has/;

/**
 * Runs one case. `readFile(relativePath)` resolves to the bytes of a file of the case (e.g.
 * 'model.onnx', 'test_data_set_0/input_0.pb'). `expectedOperators`: the operators the runtime is meant
 * to implement (default: those of `api.supportedOperators()`, the wasm's table); a case using others
 * must be refused with an UNSUPPORTED "unsupported operator" error naming one of them (or its domain,
 * where the runtime lacks that); a case whose
 * data or attributes have a type the runtime lacks, with an UNSUPPORTED error naming the type; a case
 * importing an opset newer than the runtime's newest, with an UNSUPPORTED error naming both.
 * `modelOperators` (optional): the model's op_types, when the caller can list them.
 * Resolves to {name, status: 'passed' | 'failed' | 'refused', detail}.
 */
export async function runCase({ name, readFile, api, expectedOperators, modelOperators, dataSets = ['test_data_set_0'] }) {
  const { InferenceSession, decodeTensorProto } = api;
  await api.ready();
  const expected = new Set(expectedOperators ?? api.supportedOperators().map((o) => o.op));
  const foreign = modelOperators?.filter((op) => !expected.has(op));
  const result = (status, detail) => ({ name, status, detail });
  let session;
  try {
    session = await InferenceSession.create(await readFile('model.onnx'));
  } catch (e) {
    const named = /unsupported operator '([^']+)'/.exec(e.message)?.[1];
    const refusedRightly =
      e.code === 'UNSUPPORTED' && named !== undefined && !expected.has(named) && (!foreign || foreign.includes(named));
    if (refusedRightly && (!foreign || foreign.length > 0)) return result('refused', e.message);
    // A type the runtime lacks (in the data, a Cast's `to`, or a sequence or optional value), named.
    if (e.code === 'UNSUPPORTED' && named === undefined && LACKING_TYPE.test(e.message)) return result('refused', e.message);
    if (e.code === 'UNSUPPORTED' && NEWER_OPSET.test(e.message)) return result('refused', e.message);
    // An operator of a domain the runtime lacks (ai.onnx.ml), refused naming the domain.
    if (e.code === 'UNSUPPORTED' && /unsupported operator domain '[^']+'/.test(e.message)) return result('refused', e.message);
    return result('failed', `${e.code ?? 'Error'}: ${e.message}`);
  }
  try {
    if (foreign?.length) return result('failed', `expected a refusal for ${foreign.join(', ')}, but the model loaded`);
    for (const dataSet of dataSets) {
      const feeds = {};
      for (const [k, inputName] of session.inputNames.entries()) {
        feeds[inputName] = decodeTensorProto(await readFile(`${dataSet}/input_${k}.pb`));
      }
      const outputs = await session.run(feeds);
      for (const [k, outputName] of session.outputNames.entries()) {
        const want = decodeTensorProto(await readFile(`${dataSet}/output_${k}.pb`));
        const mismatch = compareTensors(outputs[outputName], want);
        if (mismatch) return result('failed', `${dataSet}, output '${outputName}': ${mismatch}`);
      }
    }
    return result('passed', '');
  } catch (e) {
    return result('failed', `${e.code ?? 'Error'}: ${e.message}`);
  } finally {
    await session.release();
  }
}

/** A text table of results and the closing summary line. */
export function formatResults(results) {
  const width = Math.max(...results.map((r) => r.name.length), 4);
  const lines = [`${'case'.padEnd(width)}  result   detail`];
  for (const r of results) lines.push(`${r.name.padEnd(width)}  ${r.status.padEnd(7)}  ${r.detail}`);
  const count = (status) => results.filter((r) => r.status === status).length;
  lines.push(`conformance: ${count('passed')} passed, ${count('failed')} failed, ${count('refused')} refused as unsupported`);
  return lines.join('\n');
}
