// onnxruntime-web's Tensor and session API in Chromium, Firefox and WebKit, beside onnxruntime-web 1.30
// itself (the dev dependency, served at /ort/): the programs written for it (tools/compat-programs.mjs)
// give its outputs with onnx-wasm imported instead; fromImage (ImageData, ImageBitmap, an image
// element, a URL, with each `format` as it reads them), toImageData and toDataURL give its results
// wherever it documents the option (its 1.30 crops on resizedWidth/Height and toImageData reads BGR and
// NHWC as RGB and NCHW: compared on what it gets right); plain arrays hold what onnxruntime-web and
// Float16Array make of them; onnxruntime-web's own tensors (a Float16Array's too) go into ops.* and
// the outputs back; and in a worker, fromImage and toImageData work on OffscreenCanvas and ImageBitmap.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { eachEngine, serveDemo } from '../../tools/browser-harness.mjs';
import { unknownDimsAsMinusOne } from '../../tools/compat-programs.mjs';

let server;

before(async () => {
  server = await serveDemo();
});

after(() => server?.close());

eachEngine((browser) => {
  test(`${browser.name}: the programs written for onnxruntime-web, and every image and value conversion, give onnxruntime-web's results`, async () => {
    const page = await browser.newPage();
    await page.goto(server.blank);
    const { ours, theirs, conversions, ortTensors } = await page.evaluate(async () => {
      const ow = await import('/dist/onnx-wasm.mjs');
      await ow.ready(); // ops.* below are synchronous
      const ort = await import('/ort/ort.wasm.bundle.min.mjs');
      ort.env.wasm.numThreads = 1;
      ort.env.logLevel = 'error';
      const { runPrograms, testPicture } = await import('/tools/compat-programs.mjs');
      const { data, width, height } = testPicture();
      const bytes = new Uint8Array(await (await fetch('/models/min-broadcast.onnx')).arrayBuffer());
      const sources = () => ({
        roundingModel: '/models/rounding.onnx', minBroadcastBytes: bytes.slice(), imageModel: '/models/image-downsample.onnx',
        image: new ImageData(data.slice(), width, height),
      });
      const plain = (t) => ({ type: t.type, dims: [...t.dims], data: Array.from(t.data, (v) => (typeof v === 'bigint' ? String(v) : v)) });
      const bits = (t) => (t.type === 'float16' && !(t.data instanceof Uint16Array) ? { ...plain(t), data: [...new Uint16Array(t.data.buffer, t.data.byteOffset, t.data.length)] } : plain(t));
      const both = async (make) => {
        const result = {};
        for (const [name, api] of [['ours', ow], ['theirs', ort]]) {
          try {
            result[name] = await make(api);
          } catch (e) {
            result[name] = `threw ${e.message}`;
          }
        }
        return result;
      };
      const conversions = {};
      const image = () => new ImageData(data.slice(), width, height);
      const fromImageOptions = [undefined, { tensorFormat: 'RGB' }, { tensorFormat: 'BGR' }, { tensorFormat: 'RGBA' }, { tensorFormat: 'RBG' },
        { norm: { mean: [1, 2, 3], bias: [4, 5, 6] } }, { norm: { mean: 2, bias: -1 }, tensorFormat: 'RGBA' }, { dataType: 'float32', tensorLayout: 'NCHW', norm: { mean: 0.5, bias: 0 } }];
      for (const [i, options] of fromImageOptions.entries()) {
        conversions[`fromImage(ImageData, ${JSON.stringify(options)}) ${i}`] = await both(async (api) => plain(await api.Tensor.fromImage(image(), options && structuredClone(options))));
      }
      // The image's own format: an ImageData's is RGBA whatever it says; other sources' pixels are 3
      // bytes each for 'RGB'. A 0 in norm for a channel the tensor does not hold is no error.
      const FORMATS = ['RGB', 'BGR', 'RBG', 'RGBA'];
      for (const format of FORMATS) conversions[`fromImage(ImageData, { format: '${format}' })`] = await both(async (api) => plain(await api.Tensor.fromImage(image(), { format })));
      conversions['fromImage(ImageData, mean 0 for alpha, RGB)'] = await both(async (api) => plain(await api.Tensor.fromImage(image(), { norm: { mean: [255, 255, 255, 0], bias: [0, 0, 0, 0] } })));
      const bitmap = async () => createImageBitmap(image());
      conversions['fromImage(ImageBitmap, {})'] = await both(async (api) => plain(await api.Tensor.fromImage(await bitmap(), {})));
      for (const format of FORMATS) conversions[`fromImage(ImageBitmap, { format: '${format}' })`] = await both(async (api) => plain(await api.Tensor.fromImage(await bitmap(), { format })));
      conversions['fromImage(ImageBitmap, 3-byte pixels into RGBA)'] = await both(async (api) => plain(await api.Tensor.fromImage(await bitmap(), { format: 'RGB', tensorFormat: 'RGBA' })));
      const canvas = Object.assign(document.createElement('canvas'), { width, height });
      canvas.getContext('2d').putImageData(image(), 0, 0);
      const url = canvas.toDataURL();
      conversions['fromImage(data: URL)'] = await both(async (api) => plain(await api.Tensor.fromImage(url)));
      for (const format of FORMATS) conversions[`fromImage(data: URL, { format: '${format}' })`] = await both(async (api) => plain(await api.Tensor.fromImage(url, { format })));
      const element = new Image();
      element.src = url;
      await element.decode();
      conversions['fromImage(HTMLImageElement)'] = await both(async (api) => plain(await api.Tensor.fromImage(element)));
      for (const format of FORMATS) conversions[`fromImage(HTMLImageElement, { format: '${format}' })`] = await both(async (api) => plain(await api.Tensor.fromImage(element, { format })));

      const values = Float32Array.from({ length: 4 * 12 }, (_, i) => ((i * 7) % 13) / 12);
      const toImage = [
        ['float32', [1, 3, 3, 4], { format: 'RGB' }], ['float32', [1, 4, 3, 4], { format: 'RGBA' }],
        ['float32', [1, 3, 3, 4], { format: 'RGB', norm: { mean: [200, 100, 50], bias: [0.1, 0.2, 0.3] } }], ['float32', [1, 4, 3, 4], { format: 'RGBA', norm: { mean: 255, bias: 0.5 } }],
        ['float32', [1, 3, 3, 4], undefined], ['float32', [1, 4, 3, 4], undefined],
      ];
      for (const [type, dims, options] of toImage) {
        const size = dims.reduce((a, b) => a * b);
        conversions[`toImageData(${dims}, ${JSON.stringify(options)})`] = await both(async (api) => {
          const pixels = new api.Tensor(type, values.slice(0, size), dims).toImageData(options && structuredClone(options));
          return { width: pixels.width, height: pixels.height, data: [...pixels.data], isImageData: pixels instanceof ImageData };
        });
      }
      // toDataURL: both PNGs decoded (onnxruntime-web fills rectangles, so the pixels are whole numbers)
      const decoded = async (dataUrl) => {
        const img = new Image();
        img.src = dataUrl;
        await img.decode();
        const c = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return [...g.getImageData(0, 0, img.width, img.height).data];
      };
      const whole = Float32Array.from({ length: 36 }, (_, i) => ((i * 29) % 256) / 255);
      conversions['toDataURL() decoded'] = await both(async (api) => decoded(new api.Tensor('float32', whole, [1, 3, 3, 4]).toDataURL()));

      const arrays = [
        ['float32', [0.1, -0, NaN, Infinity, 1e40]], ['float64', [0.1, 1e300]], ['int8', [-128, 127]], ['uint8', [0, 255]], ['int16', [-32768, 32767]],
        ['uint16', [65535]], ['int32', [-(2 ** 31)]], ['uint32', [2 ** 32 - 1]], ['int64', [2 ** 53 - 1, -(2 ** 53 - 1)]], ['uint64', [2 ** 53 - 1]],
        ['bool', [true, false]], ['string', ['a', '']], ['uint8', new Uint8ClampedArray([3, 250])],
      ];
      for (const [type, array] of arrays) conversions[`new Tensor('${type}', ${array.constructor.name})`] = await both(async (api) => plain(new api.Tensor(type, array)));
      for (const array of [new Float32Array(2), new Uint8ClampedArray(1), new BigInt64Array(1), ['s'], [false]]) {
        conversions[`new Tensor(${array.constructor.name === 'Array' ? typeof array[0] : array.constructor.name})`] = await both(async (api) => plain(new api.Tensor(array)));
      }
      // float16 values: onnxruntime-web keeps a Float16Array where the engine has one (compared as
      // bits); elsewhere it refuses numbers, and Float16Array is not there to compare with.
      if (typeof Float16Array === 'function') {
        const halves = [0, -0, NaN, Infinity, -Infinity, 65504, 65519, 65520, 2 ** -24, 2 ** -25, 3 * 2 ** -25, 1 + 2 ** -11, 0.1, 1e-10];
        conversions.float16 = await both(async (api) => bits(new api.Tensor('float16', halves)));
        conversions.float16.reference = [...new Uint16Array(Float16Array.from(halves).buffer)];
      }
      // onnxruntime's own tensors taken where a Tensor is (float16 as the Float16Array it gives where the
      // engine has one), read in place, and the results handed back to it.
      const ortInput = new ort.Tensor('float32', new Float32Array([1.5, -0.5, 2.25]), [3]);
      const floored = ow.ops.Floor(ortInput);
      const out = new ort.Tensor('float32', new Float32Array(3), [3]);
      ow.ops.Ceil(ortInput, { out });
      const half = typeof Float16Array === 'function' ? ow.ops.Floor(new ort.Tensor('float16', new Float16Array([1.5, -2.5]), [2])) : null;
      const back = new ort.Tensor(floored.type, floored.data, floored.dims);
      let gpu;
      try {
        ow.ops.Floor(ort.Tensor.fromGpuBuffer({ size: 12 }, { dataType: 'float32', dims: [3] }));
      } catch (e) {
        gpu = e.message;
      }
      const ortTensors = { floored: [...floored.data], ceiledInPlace: [...out.data], half: half && [...half.data], back: [back.location, [...back.data]], gpu };
      return { ours: await runPrograms(ow, sources()), theirs: await runPrograms(ort, sources()), conversions, ortTensors };
    });
    assert.deepEqual(ortTensors, {
      floored: [1, -1, 2], ceiledInPlace: [2, -0, 3], half: ortTensors.half === null ? null : [0x3c00, 0xc200], back: ['cpu', [1, -1, 2]],
      gpu: "Floor: input 0 is an onnxruntime tensor whose data are in 'gpu-buffer' memory; onnx-wasm takes tensors in CPU memory: download it first (await tensor.getData())",
    });
    assert.deepEqual(ours, unknownDimsAsMinusOne(theirs));
    const differ = Object.entries(conversions).filter(([name, { ours: a, theirs: b, reference }]) => {
      if (name === 'float16') return !isDeepStrictEqual(a.data, reference) || !isDeepStrictEqual(b.data, reference);
      return (a?.isImageData !== undefined && a.isImageData !== true) || !isDeepStrictEqual(a, b);
    });
    assert.deepEqual(differ.map(([name, { ours: a, theirs: b }]) => `${name}: ours ${JSON.stringify(a).slice(0, 300)}, theirs ${JSON.stringify(b).slice(0, 300)}`), []);
    assert.ok(Object.keys(conversions).length >= 50, 'every conversion compared');
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });

  test(`${browser.name}: in a worker, fromImage takes an ImageBitmap, an OffscreenCanvas and a URL, resized and NHWC; toImageData works; toDataURL is refused by name`, async () => {
    const page = await browser.newPage();
    await page.goto(server.blank);
    const result = await page.evaluate(async () => {
      const source = `
        const { Tensor } = await import('${location.origin}/dist/onnx-wasm.mjs');
        const canvas = new OffscreenCanvas(8, 6);
        const g = canvas.getContext('2d');
        g.fillStyle = 'rgb(10, 200, 30)';
        g.fillRect(0, 0, 8, 6);
        const bitmap = await createImageBitmap(canvas);
        const resized = await Tensor.fromImage(bitmap, { resizedWidth: 4, resizedHeight: 3, tensorLayout: 'NHWC', dataType: 'uint8' });
        const fromCanvas = await Tensor.fromImage(canvas, { tensorFormat: 'BGR' });
        const blob = await canvas.convertToBlob();
        const url = URL.createObjectURL(blob);
        const fromUrl = await Tensor.fromImage(url, { resizedWidth: 2, resizedHeight: 2 });
        const pixels = fromCanvas.toImageData({ format: 'BGR' });
        let refusal;
        try { fromCanvas.toDataURL(); } catch (e) { refusal = { code: e.code, message: e.message }; }
        postMessage({
          resized: { dims: resized.dims, type: resized.type, data: [...resized.data] },
          fromCanvas: { dims: fromCanvas.dims, first: [fromCanvas.data[0], fromCanvas.data[48], fromCanvas.data[96]] },
          fromUrl: { dims: fromUrl.dims, data: [...fromUrl.data].map((v) => Math.round(v * 255)) },
          pixels: { isImageData: pixels instanceof ImageData, first: [...pixels.data.slice(0, 4)], width: pixels.width },
          refusal,
        });`;
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
      return new Promise((resolve, reject) => {
        worker.onmessage = (e) => resolve(e.data);
        worker.onerror = (e) => reject(new Error(e.message));
      });
    });
    assert.deepEqual(result.resized, { dims: [1, 3, 4, 3], type: 'uint8', data: Array.from({ length: 12 }, () => [10, 200, 30]).flat() });
    assert.deepEqual(result.fromCanvas, { dims: [1, 3, 6, 8], first: [30 / 255, 200 / 255, 10 / 255].map(Math.fround) });
    assert.deepEqual(result.fromUrl, { dims: [1, 3, 2, 2], data: [10, 10, 10, 10, 200, 200, 200, 200, 30, 30, 30, 30] });
    assert.deepEqual(result.pixels, { isImageData: true, first: [10, 200, 30, 255], width: 8 });
    assert.equal(result.refusal.code, 'UNSUPPORTED');
    assert.match(result.refusal.message, /^Tensor\.toDataURL: needs a document's canvas/);
    assert.deepEqual(await page.consoleErrors(), []);
    await page.close();
  });
});
