// Pictures on canvases and image tensors ([N, C, H, W]): the built-in picture, the user's, and the
// conversions an image model's pre- and post-processing do.
import { valuesOf, tensorFrom } from './tensors.mjs';

/** Draws the built-in picture (a landscape with a sun, a lake, stripes and text), procedurally. */
export function drawBuiltInPicture(canvas, width = 320, height = 200) {
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  const sky = g.createLinearGradient(0, 0, 0, height * 0.62);
  sky.addColorStop(0, '#1d3b8f');
  sky.addColorStop(0.55, '#e7688b');
  sky.addColorStop(1, '#ffc46b');
  g.fillStyle = sky;
  g.fillRect(0, 0, width, height);

  const sun = g.createRadialGradient(width * 0.68, height * 0.5, 4, width * 0.68, height * 0.5, 46);
  sun.addColorStop(0, '#fffbe0');
  sun.addColorStop(0.45, '#ffe08a');
  sun.addColorStop(1, 'rgba(255, 200, 110, 0)');
  g.fillStyle = sun;
  g.fillRect(0, 0, width, height);

  const ridge = (color, base, peaks) => {
    g.fillStyle = color;
    g.beginPath();
    g.moveTo(0, height);
    g.lineTo(0, base);
    for (const [x, y] of peaks) g.lineTo(x * width, y * height);
    g.lineTo(width, base);
    g.lineTo(width, height);
    g.fill();
  };
  ridge('#5b3f78', height * 0.5, [[0.12, 0.36], [0.25, 0.5], [0.4, 0.3], [0.55, 0.55], [0.8, 0.42], [1, 0.52]]);
  ridge('#2e2550', height * 0.6, [[0.18, 0.5], [0.35, 0.62], [0.6, 0.48], [0.78, 0.62], [0.92, 0.55]]);

  const lake = g.createLinearGradient(0, height * 0.62, 0, height);
  lake.addColorStop(0, '#f2a36b');
  lake.addColorStop(1, '#173060');
  g.fillStyle = lake;
  g.fillRect(0, height * 0.62, width, height * 0.38);
  g.fillStyle = 'rgba(255, 240, 200, 0.75)';
  for (let i = 0; i < 7; i++) g.fillRect(width * 0.68 - 30 + i * 3, height * (0.66 + i * 0.035), 60 - i * 6, 2);

  // Colour stripes: hard edges show the blur, smooth hues show the posterizing.
  const hues = [0, 30, 60, 120, 180, 220, 280, 320];
  hues.forEach((h, i) => {
    g.fillStyle = `hsl(${h} 85% 55%)`;
    g.fillRect(10 + i * 14, height - 28, 14, 18);
  });
  g.fillStyle = '#ffffff';
  g.font = 'bold 26px system-ui, sans-serif';
  g.fillText('onnx-wasm', 12, 34);
}

/** Draws an image file scaled to fit width × height (keeping its aspect), resizing the canvas to it. */
export async function drawImageFile(canvas, file, maxWidth = 320, maxHeight = 240) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`${file.name} is not an image this browser can decode`);
  }
  const scale = Math.min(maxWidth / bitmap.width, maxHeight / bitmap.height, 1);
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
}

/** The canvas's RGB as a float32 [1, 3, H, W] tensor, each 0..255 value times `scale`. */
export function canvasToTensor(canvas, scale) {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const plane = width * height;
  const data = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) data[c * plane + p] = rgba[4 * p + c] * scale;
  }
  return tensorFrom('float32', data, [1, 3, height, width]);
}

/** Whether the tensor can be drawn: [N, C, H, W]. */
export const isImageTensor = (tensor) => tensor.dims.length === 4 && tensor.dims[2] > 0 && tensor.dims[3] > 0;

/**
 * Draws the first item of an [N, C, H, W] tensor: channels 0..2 as RGB when C >= 3, else channel 0 as
 * grey. Values map to 0..255 by times `scale`, or (without it) from the tensor's min..max.
 */
export function drawTensor(canvas, tensor, scale) {
  const [, channels, height, width] = tensor.dims;
  const values = valuesOf(tensor).map(Number);
  const plane = width * height;
  let map = (v) => v * scale;
  if (scale === undefined) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < channels * plane; i++) {
      if (!Number.isFinite(values[i])) continue;
      lo = Math.min(lo, values[i]);
      hi = Math.max(hi, values[i]);
    }
    map = hi > lo ? (v) => ((v - lo) / (hi - lo)) * 255 : () => 128;
  }
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  const image = g.createImageData(width, height);
  const source = channels >= 3 ? [0, 1, 2] : [0, 0, 0];
  for (let p = 0; p < plane; p++) {
    for (let c = 0; c < 3; c++) image.data[4 * p + c] = map(values[source[c] * plane + p]);
    image.data[4 * p + 3] = 255;
  }
  g.putImageData(image, 0, 0);
}
