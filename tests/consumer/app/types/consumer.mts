// Type-checked (tsc --noEmit), never run: the whole public API through the `import` declarations.
// Parts not merged yet (Min, AveragePool, InferenceSession, decodeTensorProto) are checked as types only.
import {
  AnyTensor, AveragePoolOptions, ErrorCode, InferenceSession, LATEST_OPSET, OnnxWasmError, OperatorVersion,
  Tensor, TensorType, decodeTensorProto, ops, ready, supportedOperators,
} from 'onnx-wasm';

type Equals<A, B> = (<X>() => X extends A ? 1 : 2) extends (<X>() => X extends B ? 1 : 2) ? true : false;
const same = <A, B>(_: Equals<A, B>) => {};

// onnxruntime-web's Tensor as onnxruntime-common declares it (a TypedTensor), without the package.
type OrtLocation = 'none' | 'cpu' | 'cpu-pinned' | 'texture' | 'gpu-buffer' | 'ml-tensor';
declare const ortTensor: { readonly type: 'float32'; readonly data: Float32Array; readonly dims: readonly number[]; readonly size: number; readonly location: OrtLocation; dispose(): void; getData(): Promise<Float32Array> };
declare const ortInt64: { readonly type: 'int64'; readonly data: BigInt64Array; readonly dims: readonly number[]; readonly size: number; readonly location: OrtLocation };

export async function main(modelBytes: Uint8Array, tensorBytes: ArrayBuffer): Promise<void> {
  await ready();
  await ready({ wasmUrl: '/static/onnx-wasm.wasm' });
  await ready({ wasmUrl: new URL('https://cdn.example/onnx-wasm.wasm') });
  await ready({ wasmBinary: new ArrayBuffer(8) });
  await ready({ wasmBinary: new Uint8Array(8) });
  await ready({ wasmModule: await WebAssembly.compile(new Uint8Array(8)) });
  // @ts-expect-error wasmUrl is a string or URL
  await ready({ wasmUrl: 42 });
  // @ts-expect-error unknown options are refused
  await ready({ wasmPath: '/onnx-wasm.wasm' });

  // Tensor: data typed by element type.
  const f32 = new Tensor('float32', new Float32Array([1.5, -2.5]), [2]);
  same<typeof f32.data, Float32Array>(true);
  same<typeof f32.type, 'float32'>(true);
  same<typeof f32.dims, readonly number[]>(true);
  same<typeof f32.size, number>(true);
  same<Tensor<'float64'>['data'], Float64Array>(true);
  same<Tensor<'float16'>['data'], Uint16Array>(true);
  same<Tensor<'bfloat16'>['data'], Uint16Array>(true);
  same<Tensor<'int8'>['data'], Int8Array>(true);
  same<Tensor<'uint8'>['data'], Uint8Array>(true);
  same<Tensor<'int16'>['data'], Int16Array>(true);
  same<Tensor<'uint16'>['data'], Uint16Array>(true);
  same<Tensor<'int32'>['data'], Int32Array>(true);
  same<Tensor<'uint32'>['data'], Uint32Array>(true);
  same<Tensor<'int64'>['data'], BigInt64Array>(true);
  same<Tensor<'uint64'>['data'], BigUint64Array>(true);
  const fromArray = new Tensor('float64', [1, 2, 3, 4], [2, 2]);
  const i64 = new Tensor('int64', [1n, -2n]);
  const u64 = new Tensor('uint64', new BigUint64Array([3n]));
  const bf16 = new Tensor('bfloat16', new Uint16Array([0x3fc0]));
  // float16 and bfloat16 read as numbers; the integer types have no such reading.
  same<ReturnType<typeof bf16.toFloat32Array>, Float32Array>(true);
  new Tensor('float16', new Uint16Array([0x3e00])).toFloat32Array();
  f32.toFloat32Array();
  // @ts-expect-error float32 does not hold every int32 exactly
  new Tensor('int32', [1]).toFloat32Array();
  // Without a Float16Array in the TypeScript library (lib es2022 here), float16 data is a Uint16Array.
  // @ts-expect-error float16 data is a Uint16Array or numbers here
  new Tensor('float16', new Float32Array([1.5]));
  // @ts-expect-error float32 data must be a Float32Array or numbers
  new Tensor('float32', new Float64Array(2));
  new Tensor('int64', [1, 2]); // safe integers as numbers
  // @ts-expect-error int64 data must be a BigInt64Array, bigints or numbers
  new Tensor('int64', ['1']);
  // onnxruntime-web's forms: the type inferred, values for float16, bool and string, images.
  const inferred: Tensor = new Tensor(new Float32Array(4), [1, 4]);
  const reshaped: Tensor<'float32'> = f32.reshape([2, 2]);
  const got: Float32Array = await reshaped.getData();
  new Tensor('float16', [1.5, 2.5]);
  new Tensor('uint8', new Uint8ClampedArray(4));
  same<Tensor<'bool'>['data'], Uint8Array>(true);
  same<Tensor<'string'>['data'], string[]>(true);
  new Tensor('bool', [true, false]);
  new Tensor(['a', 'b']);
  // @ts-expect-error a string tensor holds strings
  new Tensor('string', [1]);
  const picture = await Tensor.fromImage({ data: new Uint8ClampedArray(16), width: 2, height: 2 }, { tensorLayout: 'NHWC', norm: { mean: [255, 255, 255], bias: 0 } });
  const pixels = picture.toImageData({ format: 'RGB' });
  const bytes: Uint8ClampedArray = pixels.data;
  const url: string = picture.toDataURL();
  // @ts-expect-error tensorFormat is one of onnxruntime-web's formats
  await Tensor.fromImage('/a.png', { tensorFormat: 'ARGB' });
  void got, url, bytes, inferred;
  // @ts-expect-error unknown element type
  new Tensor('complex64', [1]);
  // @ts-expect-error data is read-only
  f32.data = new Float32Array(2);

  // Floor, Ceil, Round: the input's type comes back; options per version.
  const floored = ops.Floor(f32);
  same<typeof floored, Tensor<'float32'>>(true);
  same<ReturnType<typeof ops.Ceil<'bfloat16'>>, Tensor<'bfloat16'>>(true);
  ops.Floor(fromArray, { opset: 1, consumed_inputs: [0] });
  ops.Ceil(bf16, { opset: 13 });
  ops.Round(f32, { opset: 11 });
  // @ts-expect-error Round has no consumed_inputs
  ops.Round(f32, { consumed_inputs: [0] });
  // @ts-expect-error Floor takes floating-point tensors only
  ops.Floor(i64);
  // @ts-expect-error opset is a number
  ops.Ceil(f32, { opset: '13' });

  // onnxruntime-web's tensors (as its declarations type them) go in, as inputs, outputs and feeds.
  const fromOrt = ops.Floor(ortTensor);
  same<typeof fromOrt, Tensor<'float32'>>(true);
  ops.Ceil(ortTensor, { out: ortTensor });
  ops.Min([ortTensor, f32]);
  // @ts-expect-error Floor takes floating-point tensors only, onnxruntime's too
  ops.Floor(ortInt64);

  // Min: one or more tensors of one type, integers included.
  const m64 = ops.Min([i64, i64], { opset: 13 });
  same<typeof m64.data, BigInt64Array>(true);
  ops.Min([f32], { opset: 1, consumed_inputs: [0] });
  ops.Min([u64, u64, u64]);
  const list: Tensor<'float64'>[] = [fromArray, fromArray];
  same<ReturnType<typeof ops.Min<'float64'>>, Tensor<'float64'>>(true);
  ops.Min(list);
  // @ts-expect-error Min takes an array of tensors
  ops.Min(f32);

  // AveragePool: kernel_shape required; every attribute of every version.
  const x = new Tensor('float32', new Float32Array(16), [1, 1, 4, 4]);
  const pooled = ops.AveragePool(x, {
    kernel_shape: [2, 2], strides: [2, 2], pads: [0, 0, 1, 1], ceil_mode: 1, count_include_pad: true,
    dilations: [1, 1], opset: 19,
  });
  same<typeof pooled, Tensor<'float32'>>(true);
  ops.AveragePool(x, { kernel_shape: [3, 3], auto_pad: 'SAME_LOWER', ceil_mode: false, count_include_pad: 0 });
  const poolOptions: AveragePoolOptions = { kernel_shape: [2], auto_pad: 'VALID', opset: 1 };
  ops.AveragePool(new Tensor('float16', new Uint16Array(8), [1, 2, 4]), poolOptions);
  // @ts-expect-error kernel_shape is required
  ops.AveragePool(x, { strides: [1, 1] });
  // @ts-expect-error auto_pad is one of four strings
  ops.AveragePool(x, { kernel_shape: [2, 2], auto_pad: 'SAME' });
  // @ts-expect-error ceil_mode is 0, 1 or a boolean
  ops.AveragePool(x, { kernel_shape: [2, 2], ceil_mode: 2 });

  // Declarations generated from the operator table: each operator's inputs, result and attributes.
  const halves = ops.Split([f32], { axis: 0, outputCount: 2 });
  same<typeof halves, Tensor<'float32'>[]>(true);
  // @ts-expect-error outputCount is a number
  ops.Split([f32], { outputCount: '2' });
  // @ts-expect-error only an operator of a variadic output takes outputCount
  ops.Floor(f32, { outputCount: 2 });
  const [values, indices] = ops.TopK([f32, new Tensor('int64', [1n], [1])], { axis: 0, largest: false });
  same<[typeof values, typeof indices], [Tensor<'float32'>, Tensor<'int64'>]>(true);
  const asInt64 = ops.Cast<'int64'>(f32, { to: 7 });
  same<typeof asInt64, Tensor<'int64'>>(true);
  // @ts-expect-error Cast's `to` names the output's type
  ops.Cast<'int64'>(f32, { to: 1 });
  same<ReturnType<typeof ops.Equal<'int32'>>, Tensor<'bool'>>(true);
  ops.Resize([x, null, new Tensor('float32', [1, 1, 2, 2], [4])], { mode: 'cubic', coordinate_transformation_mode: 'half_pixel_symmetric' });
  // @ts-expect-error Resize's mode is one of its modes
  ops.Resize([x, null, new Tensor('float32', [1, 1, 2, 2], [4])], { mode: 'area' });
  ops.LSTM([x, x, x], { activations: ['Sigmoid', 'Tanh', 'Tanh'], direction: 'bidirectional' });
  // @ts-expect-error Concat's axis is required
  ops.Concat([f32, f32], {});
  const tables: OperatorVersion['attributes'] = table0Attributes();
  same<typeof tables[number]['kind'], 'int' | 'flag' | 'float' | 'string' | 'ints' | 'floats' | 'strings' | 'tensor' | 'sparseTensor' | 'dataType' | 'graph'>(true);

  // A disposed tensor's location is 'none', as onnxruntime-web's.
  const location: 'cpu' | 'wasm' | 'none' = f32.location;
  void location;

  // Operator table.
  const table: OperatorVersion[] = supportedOperators();
  const firstTypes: TensorType[] = table[0].types;
  const opset: number = LATEST_OPSET;
  void [firstTypes, opset];

  // InferenceSession from bytes or a URL; outputs narrow by type.
  const session = await InferenceSession.create(modelBytes);
  await InferenceSession.create(modelBytes.buffer as ArrayBuffer);
  await InferenceSession.create('/models/floor.onnx');
  await InferenceSession.create(new URL('https://example.com/model.onnx'));
  // @ts-expect-error a session is created with InferenceSession.create
  new InferenceSession();
  const names: readonly string[] = session.inputNames.concat(session.outputNames);
  void names;
  const outputs = await session.run({ [session.inputNames[0]]: f32, other: i64 });
  await session.run({ x: ortTensor }, { y: ortTensor });
  const y: AnyTensor = outputs[session.outputNames[0]];
  if (y.type === 'float32') same<typeof y.data, Float32Array>(true);
  if (y.type === 'uint64') same<typeof y.data, BigUint64Array>(true);
  const asTensor: Tensor = y;
  void asTensor;
  // @ts-expect-error feeds are Tensors
  await session.run({ x: new Float32Array(4) });
  const metadata = session.inputMetadata[0];
  same<typeof metadata.shape, ReadonlyArray<number | string>>(true);
  session.startProfiling();
  session.endProfiling();
  await session.release();

  // decodeTensorProto: a tensor of whatever type the proto holds.
  const decoded = decodeTensorProto(new Uint8Array(tensorBytes));
  decodeTensorProto(tensorBytes);
  if (decoded.type === 'int32') same<typeof decoded.data, Int32Array>(true);

  // Errors.
  try {
    ops.Floor(f32, { opset: 0 });
  } catch (e) {
    if (e instanceof OnnxWasmError) {
      const code: ErrorCode = e.code;
      same<typeof e.code, 'INVALID_ARGUMENT' | 'UNSUPPORTED' | 'INVALID_MODEL' | 'OUT_OF_MEMORY' | 'NOT_READY' | 'INTERNAL'>(true);
      const asError: Error = e;
      void [code, asError];
    }
  }
  const made = new OnnxWasmError('custom', 'UNSUPPORTED');
  // @ts-expect-error unknown error code
  new OnnxWasmError('custom', 'BAD_CODE');
  void made;
}

function table0Attributes(): OperatorVersion['attributes'] {
  return supportedOperators()[0].attributes;
}
