// Whole ONNX models, with onnxruntime-web's InferenceSession API, and TensorProto decoding.
import { OnnxWasmError } from './errors.mjs';
// read-source.browser.mjs or read-source.node.mjs, chosen by scripts/build-js.mjs for each build.
import { readSource } from 'onnx-wasm-read-source';
import { exceedsBlock } from './blocks.mjs';
import { endCall, readOutputs, writeInputs } from './calls.mjs';
import { valueMetadata } from './metadata.mjs';
import { operatorCall, runCallInBlocks } from './ops.mjs';
import { guarded, lastError, ready, wasm } from './runtime.mjs';
import { Tensor, asTensor, isTensor } from './tensor.mjs';

// A session's description from the wasm module: undefined when memory ran out making it.
function described(value) {
  if (value === undefined) throw lastError();
  return value;
}

function deepFreeze(value) {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

function asBytes(label, source) {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new OnnxWasmError(`${label}: expected a Uint8Array, an ArrayBuffer, a path or a URL, got ${source === null ? 'null' : typeof source}`);
}

// Copies bytes into wasm memory for the duration of fn(pointer, length).
function withBytes(label, bytes, fn) {
  return guarded(label, (m) => {
    const p = m._malloc(Math.max(bytes.length, 1));
    if (!p) throw new OnnxWasmError(`${label}: out of memory for ${bytes.length} bytes`, 'OUT_OF_MEMORY');
    try {
      m.HEAPU8.set(bytes, p);
      return fn(p, bytes.length);
    } finally {
      m._free(p);
    }
  });
}

// Feed names are copied into wasm memory before the model can refuse them: a name longer than this
// that is not one of the session's inputNames is refused here.
const MAX_FEED_NAME_LENGTH = 4096;

// A session's wasm memory: the C++ Session and the UTF-8 names of its inputs.
function freeSession(state) {
  const m = wasm();
  m._ow_session_release(state.handle);
  for (const [p] of state.names.values()) m._free(p);
  state.names.clear();
  state.handle = 0;
}

// Frees the wasm memory of sessions that are garbage-collected without release().
const unreleased = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(freeSession) : null;

// [address, length] of `name`'s UTF-8 bytes copied into wasm memory.
function nameInWasm(m, name) {
  const utf8 = new TextEncoder().encode(name);
  const p = m._malloc(Math.max(utf8.length, 1));
  if (!p) throw new OnnxWasmError(`InferenceSession.run: out of memory for the name '${name}'`, 'OUT_OF_MEMORY');
  m.HEAPU8.set(utf8, p);
  return [p, utf8.length];
}

/**
 * A loaded ONNX model, as in onnxruntime-web:
 * `const session = await InferenceSession.create('model.onnx')`,
 * `const { y } = await session.run({ x: new Tensor('float32', data, dims) })`.
 */
export class InferenceSession {
  // handle: the C++ Session's address, 0 once released; names: input name -> [address, length] of
  // its UTF-8 bytes in wasm memory.
  #state;

  // Where each output goes when run() is not given a Tensor for it: 'cpu' or 'wasm', by output index.
  #locations;

  // The model as one ops.* call (oneCall), or null.
  #call;

  // inputMetadata and outputMetadata, made when first asked for.
  #metadata = null;

  constructor(handle, preferredOutputLocation) {
    if (!handle) throw new OnnxWasmError('InferenceSession: use `await InferenceSession.create(source)`');
    /** Names of the inputs run() expects (graph inputs that are not initializers). */
    this.inputNames = Object.freeze(described(wasm().sessionInputNames(handle)));
    /** Names of the outputs run() returns. */
    this.outputNames = Object.freeze(described(wasm().sessionOutputNames(handle)));
    /**
     * The model as declared, for tools that show it: opset imports, inputs (those run() takes) and
     * outputs with their types and shapes, initializers, and the nodes in file order, each with the
     * operator version it runs and its attributes; and, apart, what runs after optimization: the
     * optimization level, the steps (each with the indices of the nodes it runs, and whether it
     * computes, is a view of its input or computes into its input's memory), and the nodes folded
     * into constants at creation or removed.
     */
    this.graph = deepFreeze(described(wasm().sessionGraph(handle)));
    this.#locations = outputLocations(this.outputNames, preferredOutputLocation);
    this.#call = oneCall(this.graph, this.inputNames);
    // Last: a constructor that threw above leaves the handle to create(), which frees it.
    this.#state = { handle, names: new Map() };
    unreleased?.register(this, this.#state, this);
  }

  /**
   * Loads a model from its bytes (Uint8Array or ArrayBuffer), a path (Node) or a URL (fetched; file:
   * URLs are read in Node).
   * Of onnxruntime-web's `options`, `preferredOutputLocation` is read: 'cpu' (the default: outputs in
   * JS memory) or 'wasm' (wasm tensors, as Tensor.wasm makes), or a record of output name to either.
   * `graphOptimizationLevel`: 'all' (the default), 'extended', 'basic' or 'disabled', as in onnxruntime
   * (what each optimizes: the README; what it made of the graph: `session.graph.steps`).
   * The others are accepted for compatibility and ignored: there is one backend.
   */
  static async create(source, options) {
    const label = 'InferenceSession.create';
    const preferred = options?.preferredOutputLocation;
    const level = options?.graphOptimizationLevel ?? 'all';
    if (typeof level !== 'string') {
      throw new OnnxWasmError(`${label}: graphOptimizationLevel must be 'disabled', 'basic', 'extended' or 'all', got ${String(level)}`);
    }
    const bytes = typeof source === 'string' || source instanceof URL ? await readSource(label, source) : asBytes(label, source);
    await ready();
    const handle = withBytes(label, bytes, (p, n) => wasm().createSession(p, n, level));
    if (!handle) throw lastError();
    try {
      return guarded(label, () => new InferenceSession(handle, preferred));
    } catch (e) {
      guarded(label, (m) => m._ow_session_release(handle));
      throw e;
    }
  }

  /**
   * Runs the model on `feeds` ({inputName: Tensor}); resolves to {outputName: Tensor}. Each feed's
   * type and fixed dimensions are checked against the model. As in onnxruntime-web, `fetches` chooses
   * the outputs: an array of output names, or a record of output name to a Tensor of the output's type
   * and dims (filled in place and returned; in JS or wasm memory) or null (a new Tensor). Feeds and
   * fetched tensors may be onnxruntime's, in CPU memory (asTensor). A third argument (onnxruntime-web's
   * run options) is accepted and ignored.
   */
  async run(feeds, fetches) {
    const label = 'InferenceSession.run';
    if (!this.#state.handle) throw new OnnxWasmError(`${label}: the session has been released`);
    if (feeds === null || typeof feeds !== 'object' || Array.isArray(feeds) || feeds instanceof Tensor) {
      throw new OnnxWasmError(`${label}: feeds must be an object mapping input names to Tensors`);
    }
    const where = this.#fetched(label, fetches);
    const names = Object.keys(feeds);
    if (!names.every((name) => isTensor(feeds[name]))) {
      feeds = Object.fromEntries(names.map((name) => [name, asTensor(feeds[name], label, `feed '${name}'`)]));
    }
    const inputs = this.#callInputs(feeds, names, where[0]);
    if (inputs !== null) {
      // As ops.* runs it: in blocks; else (if it cannot be blocked) as a whole model, below.
      const out = isTensor(where[0]) ? where[0] : null;
      const result = guarded(label, (m) => {
        try {
          return runCallInBlocks(m, label, this.#call, inputs, out);
        } finally {
          endCall(m);
        }
      });
      if (result !== null) return { [this.outputNames[0]]: result };
    }
    const tensors = names.map((name) => {
      if (name.length > MAX_FEED_NAME_LENGTH && !this.inputNames.includes(name)) {
        throw new OnnxWasmError(`${label}: '${name.slice(0, 32)}...' (${name.length} characters) is not an input of the model`);
      }
      if (!isTensor(feeds[name])) throw new OnnxWasmError(`${label}: feed '${name}' must be a Tensor`);
      return feeds[name];
    });
    // Input names stay in wasm memory for later runs; any other name only for this call, so that
    // unknown names (refused by the model) cannot pile up.
    const temporary = [];
    return guarded(label, (m) => {
      try {
        const wasmNames = names.map((name) => {
          let entry = this.#state.names.get(name);
          if (!entry) {
            entry = nameInWasm(m, name);
            if (this.inputNames.includes(name)) this.#state.names.set(name, entry);
            else temporary.push(entry[0]);
          }
          return entry;
        });
        writeInputs(m, label, tensors, wasmNames);
        const outputs = readOutputs(m, m._ow_session_run(this.#state.handle), where, undefined, this.outputNames);
        const result = {};
        for (let i = 0; i < outputs.length; i++) if (outputs[i] !== null) result[this.outputNames[i]] = outputs[i];
        return result;
      } finally {
        for (const p of temporary) m._free(p);
        endCall(m);
      }
    });
  }

  // The inputs of the model's one node (oneCall) in `feeds`, when run() can run it as ops.* does: fed
  // as declared (each input's type and shape as the model says), its output (`fetched`, what becomes
  // of it) in JS memory, and large enough to run in blocks. Else null.
  #callInputs(feeds, names, fetched) {
    const call = this.#call;
    if (call === null || (fetched !== 'cpu' && !(isTensor(fetched) && fetched.location === 'cpu'))) return null;
    if (names.length !== call.feeds.length || !call.feeds.every(({ name, type, shape }) => declared(feeds[name], type, shape))) return null;
    const inputs = call.inputs.map((name) => feeds[name]);
    return exceedsBlock(inputs, isTensor(fetched) ? fetched : null) ? inputs : null;
  }

  // What becomes of each output (readOutputs' `where`) for run()'s `fetches`.
  #fetched(label, fetches) {
    const names = this.outputNames;
    if (fetches === undefined || fetches === null) return this.#locations;
    const where = new Array(names.length).fill(null);
    const index = (name) => {
      const i = typeof name === 'string' ? names.indexOf(name) : -1;
      if (i < 0) throw new OnnxWasmError(`${label}: fetches names '${String(name)}', which is not an output of the model (its outputs: ${names.map((n) => `'${n}'`).join(', ')})`);
      return i;
    };
    if (Array.isArray(fetches)) {
      for (const name of fetches) where[index(name)] = this.#locations[index(name)];
      return where;
    }
    if (typeof fetches !== 'object' || fetches instanceof Tensor) {
      throw new OnnxWasmError(`${label}: fetches must be an array of output names or an object mapping output names to Tensors or null`);
    }
    const keys = Object.keys(fetches);
    // onnxruntime-web's run(feeds, options): an object naming no output is run options
    if (!keys.some((name) => names.includes(name))) return this.#locations;
    for (const name of keys) {
      const i = index(name);
      const target = asTensor(fetches[name], label, `fetches['${name}']`);
      if (target !== null && !isTensor(target)) throw new OnnxWasmError(`${label}: fetches['${name}'] must be a Tensor or null`);
      where[i] = target ?? this.#locations[i];
    }
    return where;
  }

  /**
   * Frees the model's memory, at once; the session cannot run afterwards. A run() does all its work
   * before it returns its promise, so runs called before release() are never cut short: they resolve
   * with their outputs. One called after it rejects. Returns a promise, as onnxruntime-web's does.
   */
  async release() {
    if (!this.#state.handle) return;
    unreleased?.unregister(this);
    guarded('InferenceSession.release', () => freeSession(this.#state));
  }

  /**
   * onnxruntime-web's metadata of the inputs run() takes: { name, isTensor: true, type, shape }, each
   * dimension a number, a symbolic name or -1 (unknown); [] when the model states no shape.
   */
  get inputMetadata() {
    return (this.#metadata ??= valueMetadata(this.graph)).inputs;
  }

  /**
   * The same for the outputs; a shape the model does not state (or dimensions it leaves unnamed) is
   * inferred from the nodes where it can be (metadata.mjs), else -1 per dimension or [].
   */
  get outputMetadata() {
    return (this.#metadata ??= valueMetadata(this.graph)).outputs;
  }

  /** onnxruntime-web's profiler: a no-op here (nothing is recorded); kept so that code calling it runs. */
  startProfiling() {}

  /** A no-op, as startProfiling(). */
  endProfiling() {}
}

// The model as one ops.* call, if it is a single node of the default domain whose inputs are all fed
// (none an initializer) and whose output is the model's only output: operatorCall's {operator, key,
// checked} with inputs (names, in the node's order) and feeds (the model's inputs: name, type,
// shape); else null.
function oneCall(graph, inputNames) {
  if (graph.nodes.length !== 1 || graph.outputs.length !== 1) return null;
  const [node] = graph.nodes;
  if ((node.domain !== '' && node.domain !== 'ai.onnx') || node.outputs.length !== 1 || node.outputs[0] !== graph.outputs[0].name) return null;
  if (!node.inputs.every((name) => inputNames.includes(name))) return null;
  const call = operatorCall(node.opType, node.version, node.attributes);
  if (call === null) return null;
  return { ...call, inputs: node.inputs, feeds: graph.inputs.filter((input) => inputNames.includes(input.name)) };
}

// Whether `t` is a Tensor of `type` whose dims match `shape` as declared (null: any; a dim that is not
// a number: any).
function declared(t, type, shape) {
  if (!isTensor(t) || t.type !== type) return false;
  return shape === null || (t.dims.length === shape.length && shape.every((d, k) => typeof d !== 'number' || d === t.dims[k]));
}

// preferredOutputLocation (onnxruntime-web's session option) as a location per output.
function outputLocations(names, preferred = 'cpu') {
  const label = 'InferenceSession.create';
  const check = (location, what) => {
    if (location === 'cpu' || location === 'wasm') return location;
    throw new OnnxWasmError(`${label}: preferredOutputLocation${what} must be 'cpu' or 'wasm', got ${typeof location === 'string' ? `'${location}'` : String(location)}`);
  };
  if (typeof preferred === 'string' || preferred === null || typeof preferred !== 'object') return Object.freeze(names.map(() => check(preferred, '')));
  for (const name of Object.keys(preferred)) {
    if (!names.includes(name)) throw new OnnxWasmError(`${label}: preferredOutputLocation names '${name}', which is not an output of the model`);
  }
  return Object.freeze(names.map((name) => (preferred[name] === undefined ? 'cpu' : check(preferred[name], `['${name}']`))));
}

/**
 * Decodes a serialized ONNX TensorProto (the .pb files of ONNX test data) into a Tensor, with every
 * data encoding (raw_data and the typed fields). Synchronous after `await ready()`.
 */
export function decodeTensorProto(bytes) {
  const label = 'decodeTensorProto';
  const [tensor] = withBytes(label, asBytes(label, bytes), (p, n) => {
    const m = wasm();
    return readOutputs(m, m._ow_decode_tensor_proto(p, n), false);
  });
  return tensor;
}
