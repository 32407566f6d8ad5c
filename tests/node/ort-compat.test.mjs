// Programs written for onnxruntime-web (tools/compat-programs.mjs) run with only the import changed:
// onnx-wasm gives what onnxruntime-web 1.30 gives. onnxruntime-web's fromImage and toImageData need the
// browser's ImageData and a canvas (put, get and create ImageData) even at an image's own size; Node
// has neither, so this test lends it the two (plain stand-ins of one image's size, which onnx-wasm's
// conversions do not need).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as onnxWasm from 'onnx-wasm';
import * as ort from 'onnxruntime-web';
import { runPrograms, testPicture, unknownDimsAsMinusOne } from '../../tools/compat-programs.mjs';

ort.env.wasm.numThreads = 1;
ort.env.logLevel = 'error';

class ImageDataStandIn {
  constructor(data, width, height) {
    Object.assign(this, { data, width, height, colorSpace: 'srgb' });
  }
}

const models = new URL('../../demo/models/', import.meta.url);
const path = (name) => fileURLToPath(new URL(name, models));

test('the programs written for onnxruntime-web give its outputs with onnx-wasm imported instead', async () => {
  globalThis.ImageData = ImageDataStandIn;
  globalThis.OffscreenCanvas = class {
    getContext() {
      let image;
      return {
        createImageData: (w, h) => new ImageDataStandIn(new Uint8ClampedArray(4 * w * h), w, h),
        putImageData: (put) => (image = put),
        getImageData: (x, y, w, h) => {
          assert.deepEqual([x, y, w, h], [0, 0, image.width, image.height]);
          return image;
        },
      };
    }
  };
  try {
    const { data, width, height } = testPicture();
    const sources = () => ({
      roundingModel: path('rounding.onnx'),
      minBroadcastBytes: readFileSync(path('min-broadcast.onnx')),
      imageModel: path('image-downsample.onnx'),
      image: new ImageData(data, width, height),
    });
    const theirs = unknownDimsAsMinusOne(await runPrograms(ort, sources()));
    const ours = unknownDimsAsMinusOne(await runPrograms(onnxWasm, sources()));
    assert.deepEqual(ours, theirs);
    // and the comparison sees the outputs themselves
    assert.deepEqual(ours.rounding.round.data.slice(0, 8), [-2, -2, -0, -0, 0, 2, 2, 3]);
    assert.equal(ours.image.pixels.data.length, 4 * 4 * 3);
  } finally {
    delete globalThis.ImageData;
    delete globalThis.OffscreenCanvas;
  }
});
