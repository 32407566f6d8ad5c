// Pictures on canvases and image tensors ([N, C, H, W]): the built-in picture, the user's, and an image
// model's pre- and post-processing, through the package's Tensor.fromImage and toImageData.
import { Tensor } from 'onnx-wasm';
import { valuesOf } from './tensors.mjs';

/** Draws the built-in picture (a landscape with a sun, a lake, stripes and text), procedurally, at width × height. */
export function drawBuiltInPicture(canvas, width = 480, height = 300) {
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.setTransform(width / 320, 0, 0, height / 200, 0, 0); // drawn in a 320 × 200 frame
  const [w, h] = [320, 200];
  const sky = g.createLinearGradient(0, 0, 0, h * 0.62);
  sky.addColorStop(0, '#1d3b8f');
  sky.addColorStop(0.55, '#e7688b');
  sky.addColorStop(1, '#ffc46b');
  g.fillStyle = sky;
  g.fillRect(0, 0, w, h);

  const sun = g.createRadialGradient(w * 0.68, h * 0.5, 4, w * 0.68, h * 0.5, 46);
  sun.addColorStop(0, '#fffbe0');
  sun.addColorStop(0.45, '#ffe08a');
  sun.addColorStop(1, 'rgba(255, 200, 110, 0)');
  g.fillStyle = sun;
  g.fillRect(0, 0, w, h);

  const ridge = (color, base, peaks) => {
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(0, h);
    g.lineTo(0, base);
    for (const [x, y] of peaks) g.lineTo(x * w, y * h);
    g.lineTo(w, base);
    g.lineTo(w, h);
    g.fill();
  };
  ridge('#5b3f78', h * 0.5, [[0.12, 0.36], [0.25, 0.5], [0.4, 0.3], [0.55, 0.55], [0.8, 0.42], [1, 0.52]]);
  ridge('#2e2550', h * 0.6, [[0.18, 0.5], [0.35, 0.62], [0.6, 0.48], [0.78, 0.62], [0.92, 0.55]]);

  const lake = g.createLinearGradient(0, h * 0.62, 0, h);
  lake.addColorStop(0, '#f2a36b');
  lake.addColorStop(1, '#173060');
  g.fillStyle = lake;
  g.fillRect(0, h * 0.62, w, h * 0.38);
  g.fillStyle = 'rgba(255, 240, 200, 0.75)';
  for (let i = 0; i < 7; i++) g.fillRect(w * 0.68 - 30 + i * 3, h * (0.66 + i * 0.035), 60 - i * 6, 2);

  // Colour stripes: hard edges show the blur, smooth hues show the posterizing.
  const hues = [0, 30, 60, 120, 180, 220, 280, 320];
  hues.forEach((hue, i) => {
    g.fillStyle = `hsl(${hue} 85% 55%)`;
    g.fillRect(10 + i * 14, h - 28, 14, 18);
  });
  g.fillStyle = '#ffffff';
  g.font = 'bold 26px system-ui, sans-serif';
  g.fillText('onnx-wasm', 12, 34);
  g.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * Draws an image file on the canvas at its own size, or scaled down (keeping its aspect) to fit
 * maxWidth × maxHeight, the most a picture is processed at; the canvas is resized to it.
 */
export async function drawImageFile(canvas, file, maxWidth = 1280, maxHeight = 1280) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`${file.name} is not an image this browser can decode`);
  }
  const scale = Math.min(maxWidth / bitmap.width, maxHeight / bitmap.height, 1);
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const g = canvas.getContext('2d', { willReadFrequently: true });
  g.clearRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
}

/** The canvas's RGB as a float32 [1, 3, H, W] tensor, each 0..255 value times `scale`. */
export function canvasToTensor(canvas, scale) {
  const pixels = canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, canvas.width, canvas.height);
  return Tensor.fromImage(pixels, { norm: { mean: 1 / scale } });
}

/** The canvas's alpha channel: {data (one byte per pixel), width, height}. */
export function alphaOf(canvas) {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d', { willReadFrequently: true }).getImageData(0, 0, width, height).data;
  const data = new Uint8ClampedArray(width * height);
  for (let p = 0; p < data.length; p++) data[p] = rgba[4 * p + 3];
  return { data, width, height };
}

/** Whether the tensor can be drawn: [N, C, H, W]. */
export const isImageTensor = (tensor) => tensor.dims.length === 4 && tensor.dims[2] > 0 && tensor.dims[3] > 0;

/**
 * Draws the first item of an [N, C, H, W] tensor: channels 0..2 as RGB when C >= 3, else channel 0 as
 * grey. Values map to 0..255 by times `scale`, or (without it) from the tensor's min..max. `alpha`
 * (from alphaOf; optional) is the picture's transparency, taken at the nearest pixel when the size
 * differs; without it the result is opaque.
 */
export function drawTensor(canvas, tensor, scale, alpha) {
  const [, channels, height, width] = tensor.dims;
  const plane = width * height;
  const kept = channels >= 3 ? 3 : 1;
  const values = valuesOf(tensor).slice(0, kept * plane).map(Number);
  let norm = { mean: scale };
  if (scale === undefined) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of values) {
      if (!Number.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    norm = hi > lo ? { mean: 255 / (hi - lo), bias: lo } : { mean: 1, bias: (Number.isFinite(lo) ? lo : 0) - 128 };
  }
  const image = new Tensor('float64', values, [1, kept, height, width]).toImageData({ format: 'RGB', norm });
  if (alpha) {
    for (let y = 0; y < height; y++) {
      const row = Math.min(Math.floor(((y + 0.5) * alpha.height) / height), alpha.height - 1) * alpha.width;
      for (let x = 0; x < width; x++) image.data[4 * (y * width + x) + 3] = alpha.data[row + Math.min(Math.floor(((x + 0.5) * alpha.width) / width), alpha.width - 1)];
    }
  }
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d', { willReadFrequently: true }).putImageData(image, 0, 0);
}

/**
 * Outlines boxes on a canvas: a [k, 4] tensor of [y1, x1, y2, x2] in the canvas's pixels
 * (NonMaxSuppression's default box format).
 */
export function drawBoxes(canvas, boxes) {
  const g = canvas.getContext('2d');
  g.lineWidth = 2;
  g.strokeStyle = '#ff2d55';
  for (let k = 0; k < boxes.dims[0]; k++) {
    const [y1, x1, y2, x2] = boxes.data.subarray(4 * k, 4 * k + 4);
    g.strokeRect(x1 + 1, y1 + 1, x2 - x1 - 2, y2 - y1 - 2);
  }
}
