// Short programs written for onnxruntime-web, run unchanged on either module: `ort` is the module
// namespace (onnxruntime-web's, or onnx-wasm's in its place). The tests run them on both, in Node and
// in the browsers, and compare what they return. `sources`: { roundingModel (a URL or path of
// demo/models/rounding.onnx), minBroadcastBytes (demo/models/min-broadcast.onnx's bytes), imageModel
// (a URL or path of demo/models/image-downsample.onnx), image (an ImageData of 8 x 6 opaque pixels) }.

const plain = (t) => ({ type: t.type, dims: [...t.dims], data: Array.from(t.data, (v) => (typeof v === 'bigint' ? String(v) : v)) });

/** What each program gives, as plain data. */
export async function runPrograms(ort, sources) {
  const out = {};

  // A session from a URL, fed from a plain array.
  const rounding = await ort.InferenceSession.create(sources.roundingModel);
  const x = new ort.Tensor('float32', [-2.5, -1.5, -0.5, -0, 0.5, 1.5, 2.5, 3.49, -3.51, 1e9, Infinity, NaN], [3, 4]);
  const r = await rounding.run({ x });
  out.rounding = Object.fromEntries(rounding.outputNames.map((name) => [name, plain(r[name])]));
  out.roundingMetadata = { inputs: rounding.inputMetadata, outputs: rounding.outputMetadata, inputNames: rounding.inputNames, outputNames: rounding.outputNames };
  rounding.startProfiling();
  rounding.endProfiling();
  await rounding.release();

  // A session from bytes, fed from a typed array with its type inferred; reshape and getData.
  const min = await ort.InferenceSession.create(sources.minBroadcastBytes);
  const flat = new ort.Tensor(new Float32Array([0.4, 1.6, -2.5, 7, 3.5, -0.5, 9, 2]));
  const m = await min.run({ [min.inputNames[0]]: flat.reshape([2, 4]) });
  const y = m[min.outputNames[0]];
  out.minBroadcast = { ...plain(y), getData: Array.from(await y.getData()), metadata: min.outputMetadata };
  await min.release();

  // An image: fromImage -> run -> toImageData, as the demo's gallery does.
  const image = await ort.InferenceSession.create(sources.imageModel);
  const input = await ort.Tensor.fromImage(sources.image, { norm: { mean: 63.75, bias: 0 } });
  const result = (await image.run({ [image.inputNames[0]]: input }))[image.outputNames[0]];
  const pixels = result.toImageData({ format: 'RGB', norm: { mean: 85, bias: 0 } });
  out.image = { input: plain(input), result: plain(result), pixels: { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) } };
  await image.release();

  // Typed tensors of other types, as values.
  out.tensors = [
    new ort.Tensor('int32', [1, -2, 3], [3]),
    new ort.Tensor('int64', [1, -2, 3]),
    new ort.Tensor('uint8', new Uint8ClampedArray([0, 128, 255])),
    new ort.Tensor(new BigInt64Array([5n, -6n]), [1, 2]),
    new ort.Tensor(['a', 'b']),
    new ort.Tensor([true, false, true]),
  ].map(plain);
  return out;
}

/** onnxruntime-web 1.30 reads an unknown dimension (-1) unsigned: 4294967295. Its -1, as meant. */
export function unknownDimsAsMinusOne(value) {
  if (value === 4294967295) return -1;
  if (Array.isArray(value)) return value.map(unknownDimsAsMinusOne);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unknownDimsAsMinusOne(v)]));
}

/** An 8 x 6 opaque picture's RGBA bytes: gradients and a few saturated pixels. */
export function testPicture() {
  const [width, height] = [8, 6];
  const data = new Uint8ClampedArray(4 * width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = 4 * (y * width + x);
      data.set([(x * 37) % 256, (y * 51) % 256, ((x + y) * 23) % 256, 255], p);
    }
  }
  data.set([255, 255, 255, 255], 0);
  return { data, width, height };
}
