// InferenceSession and decodeTensorProto through the public API: multi-node graphs (chains of the five
// operators with initializers, several outputs, nodes out of file order, several opsets and types)
// against the per-operator API, feed checks, and every refusal as an OnnxWasmError naming its cause.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { InferenceSession, LATEST_OPSET, OnnxWasmError, Tensor, decodeTensorProto, ops, ready } from 'onnx-wasm';
import { buildModel, encodeModelProto, encodeTensor, modelProto } from '../../tools/onnx-builder.mjs';
import { FLOAT_TYPES, INT_TYPES, floatData, intEdges, randomInt, rng } from '../../tools/values.mjs';

before(() => ready());

// Same type, shape and bits (NaNs of the half types may differ in payload: compared as values).
function assertSameTensor(got, want, label) {
  assert.equal(got.type, want.type, `${label}: type`);
  assert.deepEqual([...got.dims], [...want.dims], `${label}: dims`);
  const decode = FLOAT_TYPES[got.type]?.decode ?? ((v) => v);
  for (let i = 0; i < want.data.length; i++) {
    const g = decode(got.data[i]);
    const w = decode(want.data[i]);
    assert.ok(Object.is(g, w) || (Number.isNaN(g) && Number.isNaN(w)), `${label}[${i}]: got ${g}, want ${w}`);
  }
}

async function assertRejects(promise, code, message) {
  await assert.rejects(promise, (e) => {
    assert.ok(e instanceof OnnxWasmError, `not an OnnxWasmError: ${e}`);
    assert.equal(e.code, code);
    if (message instanceof RegExp) assert.match(e.message, message);
    else assert.equal(e.message, message);
    return true;
  });
}

function shuffled(array, seed) {
  const next = rng(seed);
  const out = [...array];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// x -> Floor -> a;  Min(a, w, b0) -> m  (w a [1, C, 1, 1] initializer, b0 a scalar initializer);
// m -> AveragePool -> p;  p -> Ceil -> c;  c -> Round -> y.  Outputs y, m and a.
function chain({ type, opset, dims, attrs, seed }) {
  const channels = dims[1];
  const w = new Tensor(type, floatData(type, channels, seed + 1, 8), [1, channels, 1, 1]);
  const b0 = new Tensor(type, new FLOAT_TYPES[type].array([FLOAT_TYPES[type].encode(3.25)]), []);
  const nodes = [
    { op: 'Floor', inputs: ['x'], outputs: ['a'], name: 'floor' },
    { op: 'Min', inputs: ['a', 'w', 'b0'], outputs: ['m'], name: 'min' },
    { op: 'AveragePool', inputs: ['m'], outputs: ['p'], name: 'pool', attributes: attrs },
    { op: 'Ceil', inputs: ['p'], outputs: ['c'], name: 'ceil' },
    { op: 'Round', inputs: ['c'], outputs: ['y'], name: 'round' },
  ];
  const model = buildModel({
    opset,
    inputs: [{ name: 'x', type, dims: ['N', channels, 'H', 'W'] }],
    outputs: ['y', 'm', 'a'].map((name) => ({ name, type })),
    initializers: [
      { name: 'w', type, dims: w.dims, data: w.data },
      { name: 'b0', type, dims: [], data: b0.data, encoding: 'typed' },
    ],
    nodes: shuffled(nodes, seed),
  });
  // The same computation, one operator at a time.
  const reference = (x) => {
    const a = ops.Floor(x, { opset });
    const m = ops.Min([a, w, b0], { opset });
    const p = ops.AveragePool(m, { opset, ...attrs });
    const y = ops.Round(ops.Ceil(p, { opset }), { opset });
    return { y, m, a };
  };
  return { model, reference };
}

describe('InferenceSession: multi-node graphs give the per-operator results', () => {
  // AveragePool-7 (count_include_pad), -10 (ceil_mode), -11, -19 (dilations), -22 with the other
  // operators' versions of those opsets; Round needs opset 11.
  const CASES = [
    { opset: 11, attrs: { kernel_shape: [2, 2], count_include_pad: 1, pads: [1, 0, 0, 1] } },
    { opset: 12, attrs: { kernel_shape: [3, 2], strides: [2, 1], ceil_mode: 1 } },
    { opset: 13, attrs: { kernel_shape: [2, 2], auto_pad: 'SAME_UPPER' } },
    { opset: 19, attrs: { kernel_shape: [2, 2], dilations: [2, 1], pads: [1, 1, 1, 1] } },
    { opset: 22, attrs: { kernel_shape: [1, 3], strides: [1, 2] } },
  ];
  for (const [k, { opset, attrs }] of CASES.entries()) {
    for (const type of opset >= 13 ? ['float32', 'float64', 'float16', 'bfloat16'] : ['float32', 'float64', 'float16']) {
      if (type === 'bfloat16' && opset < 22) continue; // AveragePool takes bfloat16 from version 22
      test(`opset ${opset}, ${type}: Floor -> Min(·, initializers) -> AveragePool -> Ceil -> Round, nodes shuffled`, async () => {
        const dims = [2, 3, 5, 6];
        const { model, reference } = chain({ type, opset, dims, attrs, seed: 10 * k + 1 });
        const session = await InferenceSession.create(model);
        assert.deepEqual(session.inputNames, ['x']);
        assert.deepEqual(session.outputNames, ['y', 'm', 'a']);
        for (const [n, h, w] of [[2, 5, 6], [1, 4, 7]]) {  // symbolic N, H, W take any size
          const x = new Tensor(type, floatData(type, n * 3 * h * w, k + n, 40), [n, 3, h, w]);
          const got = await session.run({ x });
          const want = reference(x);
          assert.deepEqual(Object.keys(got), ['y', 'm', 'a']);
          for (const name of ['y', 'm', 'a']) assertSameTensor(got[name], want[name], name);
        }
        session.release();
      });
    }
  }

  test('Min over every integer type: an initializer broadcast against the feed, several opsets', async () => {
    for (const type of Object.keys(INT_TYPES)) {
      for (const opset of [12, 13]) {
        const next = rng(opset);
        const edges = intEdges(type);
        const w = new Tensor(type, new INT_TYPES[type].array(edges), [edges.length]);
        const model = buildModel({
          opset,
          inputs: [{ name: 'x', type, dims: [null, edges.length] }],
          outputs: [{ name: 'y', type }],
          initializers: [{ name: 'w', type, dims: w.dims, data: w.data, encoding: opset === 12 ? 'typed' : 'raw' }],
          nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'] }],
        });
        const session = await InferenceSession.create(model);
        const x = new Tensor(type, Array.from({ length: 3 * edges.length }, () => randomInt(type, next)), [3, edges.length]);
        const { y } = await session.run({ x });
        assertSameTensor(y, ops.Min([x, w], { opset }), `${type} opset ${opset}`);
        session.release();
      }
    }
  });

  test('a graph input with an initializer is optional; a feed replaces it', async () => {
    const model = buildModel({
      inputs: [{ name: 'x', type: 'float32', dims: [2] }, { name: 'bias', type: 'float32', dims: [2] }],
      outputs: [{ name: 'y', type: 'float32' }],
      initializers: [{ name: 'bias', type: 'float32', dims: [2], data: [0.5, -10] }],
      nodes: [{ op: 'Min', inputs: ['x', 'bias'], outputs: ['y'] }],
    });
    const session = await InferenceSession.create(model);
    assert.deepEqual(session.inputNames, ['x']);
    const x = new Tensor('float32', [1, 2], [2]);
    assert.deepEqual([...(await session.run({ x })).y.data], [0.5, -10]);
    const bias = new Tensor('float32', [7, 1.5], [2]);
    assert.deepEqual([...(await session.run({ x, bias })).y.data], [1, 1.5]);
  });
});

describe('InferenceSession.create: sources', () => {
  const model = buildModel({
    inputs: [{ name: 'x', type: 'float32', dims: [2] }],
    outputs: [{ name: 'y', type: 'float32' }],
    nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'onnx-wasm-'));
  const path = join(dir, 'floor.onnx');
  writeFileSync(path, model);

  for (const [label, source] of [
    ['Uint8Array', model],
    ['ArrayBuffer', model.buffer.slice(model.byteOffset, model.byteOffset + model.byteLength)],
    ['a file path', path],
    ['a file: URL', pathToFileURL(path)],
    ['a file: URL string', pathToFileURL(path).href],
  ]) {
    test(label, async () => {
      const session = await InferenceSession.create(source);
      const { y } = await session.run({ x: new Tensor('float32', [1.5, -1.5], [2]) });
      assert.deepEqual([...y.data], [1, -2]);
    });
  }

  test('a missing file or a wrong kind of source is an OnnxWasmError', async () => {
    await assertRejects(InferenceSession.create(join(dir, 'missing.onnx')), 'INVALID_ARGUMENT', /^InferenceSession\.create: cannot read .*missing\.onnx: /);
    await assertRejects(InferenceSession.create(42), 'INVALID_ARGUMENT', 'InferenceSession.create: expected a Uint8Array, an ArrayBuffer, a path or a URL, got number');
  });
});

describe('InferenceSession.run: feeds are checked against the graph', () => {
  let session;
  before(async () => {
    session = await InferenceSession.create(
      buildModel({
        inputs: [{ name: 'x', type: 'float32', dims: [2, 'N', null] }],
        outputs: [{ name: 'y', type: 'float32' }],
        nodes: [{ op: 'Ceil', inputs: ['x'], outputs: ['y'], name: 'c' }],
      }),
    );
  });
  const f32 = (dims) => new Tensor('float32', new Float32Array(dims.reduce((a, b) => a * b, 1)), dims);

  test('symbolic and unnamed dimensions take any size', async () => {
    for (const dims of [[2, 1, 1], [2, 5, 3], [2, 0, 4]]) assert.deepEqual([...(await session.run({ x: f32(dims) })).y.dims], dims);
  });
  test('type, rank and fixed dimensions', async () => {
    await assertRejects(session.run({ x: new Tensor('float64', [1, 2], [2, 1, 1]) }), 'INVALID_ARGUMENT', "input 'x' must have type float32, got float64");
    await assertRejects(session.run({ x: f32([3, 1, 1]) }), 'INVALID_ARGUMENT', "input 'x': dimension 0 must be 2, got 3 (the model declares shape [2,N,?])");
    await assertRejects(session.run({ x: f32([2, 2]) }), 'INVALID_ARGUMENT', "input 'x' must have 3 dimensions, got shape [2,2] (the model declares shape [2,N,?])");
  });
  test('missing, unknown and non-Tensor feeds', async () => {
    await assertRejects(session.run({}), 'INVALID_ARGUMENT', "input 'x' is missing from the feeds");
    await assertRejects(session.run({ x: f32([2, 1, 1]), z: f32([1]) }), 'INVALID_ARGUMENT', "'z' is not an input of the model (its inputs: 'x')");
    await assertRejects(session.run({ x: new Float32Array(2) }), 'INVALID_ARGUMENT', "InferenceSession.run: feed 'x' must be a Tensor");
    await assertRejects(session.run([f32([2, 1, 1])]), 'INVALID_ARGUMENT', 'InferenceSession.run: feeds must be an object mapping input names to Tensors');
  });
  test('a released session cannot run', async () => {
    const s = await InferenceSession.create(buildModel({
      inputs: [{ name: 'x', type: 'float32' }], outputs: [{ name: 'y', type: 'float32' }], nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }],
    }));
    s.release();
    s.release(); // twice is harmless
    await assertRejects(s.run({ x: f32([1]) }), 'INVALID_ARGUMENT', 'InferenceSession.run: the session has been released');
  });
});

describe('InferenceSession.create: refusals name the node and the reason', () => {
  const io = { inputs: [{ name: 'x', type: 'float32', dims: [2] }], outputs: [{ name: 'y', type: 'float32' }] };
  const cases = [
    ['an operator this runtime lacks', { ...io, nodes: [{ op: 'Unique', inputs: ['x'], outputs: ['y'], name: 'act' }] },
      'UNSUPPORTED', "node 'act' (Unique): unsupported operator 'Unique' (domain ai.onnx)"],
    ['an operator domain this runtime lacks',
      { ...io, opsetImports: [{ domain: '', version: 13 }, { domain: 'com.microsoft', version: 1 }],
        nodes: [{ op: 'Gelu', domain: 'com.microsoft', inputs: ['x'], outputs: ['y'], name: 'g' }] },
      'UNSUPPORTED', "node 'g' (Gelu): unsupported operator domain 'com.microsoft'; this runtime implements only the default ONNX domain (ai.onnx)"],
    ['an input nobody produces', { ...io, nodes: [{ op: 'Min', inputs: ['x', 'ghost'], outputs: ['y'], name: 'm' }] },
      'INVALID_MODEL', "node 'm' (Min): input 'ghost' is produced by no node and is neither a graph input nor an initializer"],
    ['a cycle', { ...io, nodes: [
      { op: 'Min', inputs: ['x', 'b'], outputs: ['a'], name: 'first' },
      { op: 'Floor', inputs: ['a'], outputs: ['b'], name: 'second' },
      { op: 'Ceil', inputs: ['a'], outputs: ['y'], name: 'out' }] },
      'INVALID_MODEL', "node 'first' (Min) is on a cycle: node 'first' (Min) -> node 'second' (Floor) -> node 'first' (Min)"],
    ['an attribute the operator version does not define',
      { ...io, nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], name: 'pool', attributes: { kernel_shape: [2], dilations: [1] } }], opset: 18 },
      'INVALID_ARGUMENT', "node 'pool' (AveragePool): AveragePool-11: attribute 'dilations' is not defined by this version (defined by version 19)"],
    ['a malformed attribute',
      { ...io, nodes: [{ op: 'AveragePool', inputs: ['x'], outputs: ['y'], name: 'pool', attributes: { kernel_shape: { raw: { type: 7, f: 2 } } } }] },
      'INVALID_MODEL', "cannot decode the model: node 'pool' (AveragePool): attribute 'kernel_shape' has type INTS but also holds a value of type FLOAT"],
    ['an opset older than the operator', { ...io, opset: 10, nodes: [{ op: 'Round', inputs: ['x'], outputs: ['y'], name: 'r' }] },
      'UNSUPPORTED', "node 'r' (Round): Round: opset 10 is older than its first version 11"],
    ['an opset newer than the runtime\'s newest (it may have changed what an operator computes)',
      { ...io, opset: LATEST_OPSET + 2, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] },
      'UNSUPPORTED', `the model imports ai.onnx opset ${LATEST_OPSET + 2}, newer than ${LATEST_OPSET}, the newest this runtime has`],
    ['no ir_version', { ...io, irVersion: null, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] },
      'INVALID_MODEL', 'the model has no ir_version'],
    ['no opset_import', { ...io, opset: null, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] },
      'INVALID_MODEL', 'the model has no opset_import'],
  ];
  for (const [label, spec, code, message] of cases) {
    test(label, () => assertRejects(InferenceSession.create(buildModel(spec)), code, message));
  }

  test('external data', async () => {
    const message = modelProto({ ...io, nodes: [{ op: 'Min', inputs: ['x', 'w'], outputs: ['y'] }] });
    message.graph.initializer.push({ name: 'w', dims: [2], dataType: 1, dataLocation: 1, externalData: [{ key: 'location', value: 'w.bin' }] });
    await assertRejects(InferenceSession.create(encodeModelProto(message)), 'UNSUPPORTED',
      "initializer: tensor 'w' keeps its data in an external file ('w.bin'); external data is not supported: save the model with its tensors inside the .onnx file");
  });

  test('truncated and garbage bytes; the module keeps working afterwards', async () => {
    const model = buildModel({ ...io, nodes: [{ op: 'Floor', inputs: ['x'], outputs: ['y'] }] });
    await assertRejects(InferenceSession.create(model.subarray(0, model.length - 5)), 'INVALID_MODEL',
      'cannot decode the model: the protobuf data ends in the middle of a field (truncated file?)');
    const next = rng(7);
    for (let i = 0; i < 200; i++) {
      const garbage = Uint8Array.from({ length: 1 + Math.floor(next() * 40) }, () => Math.floor(next() * 256));
      await assert.rejects(InferenceSession.create(garbage), (e) => e instanceof OnnxWasmError && ['INVALID_MODEL', 'UNSUPPORTED'].includes(e.code));
    }
    const session = await InferenceSession.create(model);
    assert.deepEqual([...(await session.run({ x: new Tensor('float32', [2.5, -0.5]) })).y.data], [2, -1]);
  });
});

describe('decodeTensorProto', () => {
  const VALUES = {
    float32: [1.5, -0, Infinity, NaN], float64: [0.1, -1e300], float16: [0x3c00, 0xfc00, 0x0001], bfloat16: [0x3f80, 0x7fc0],
    int8: [-128, 127], uint8: [0, 255], int16: [-32768, 32767], uint16: [0, 65535], int32: [-(2 ** 31), 2 ** 31 - 1],
    uint32: [0, 2 ** 32 - 1], int64: [-(2n ** 63n), 2n ** 63n - 1n], uint64: [0n, 2n ** 64n - 1n],
  };
  for (const [type, data] of Object.entries(VALUES)) {
    for (const encoding of ['raw', 'typed']) {
      test(`${type} in ${encoding === 'raw' ? 'raw_data' : 'its typed field'}`, () => {
        const dims = [1, data.length];
        const t = decodeTensorProto(encodeTensor({ name: 't', type, dims, data, encoding }));
        assertSameTensor(t, new Tensor(type, type.endsWith('float16') ? Uint16Array.from(data) : data, dims), type); // half types: bits
      });
    }
  }
  test('refusals', () => {
    assert.throws(() => decodeTensorProto(encodeTensor({ type: 'float32', dims: [3], data: [1, 2] })),
      { name: 'OnnxWasmError', code: 'INVALID_MODEL', message: 'cannot decode the TensorProto: an unnamed tensor: raw_data holds 8 bytes but its shape [3] of float32 needs 12' });
    assert.throws(() => decodeTensorProto(new Uint8Array([0x0a, 0x05, 0x01])),
      { code: 'INVALID_MODEL', message: 'cannot decode the TensorProto: the protobuf data ends in the middle of a field (truncated file?)' });
    assert.throws(() => decodeTensorProto('x'), { code: 'INVALID_ARGUMENT' });
  });
});
