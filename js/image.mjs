// Images to tensors and back, with onnxruntime-web's Tensor.fromImage, toImageData and toDataURL options:
// tensorFormat/format RGB, RGBA, BGR or RBG; tensorLayout NCHW or NHWC; norm { mean, bias } (a tensor
// value is (pixel + bias) / mean, a pixel (value - bias) * mean, each a number or one per channel in R,
// G, B, A order); resizedWidth/resizedHeight; dataType float32 or uint8. Decoding and resizing draw on a
// canvas (OffscreenCanvas, in pages and workers); ImageData and ImageData-like { data, width, height }
// at their own size need none, which is all Node can convert.
import { OnnxWasmError } from './errors.mjs';

// The colour (0 R, 1 G, 2 B, 3 A) each tensor channel holds, by format.
const FORMATS = { RGB: [0, 1, 2], RGBA: [0, 1, 2, 3], BGR: [2, 1, 0], RBG: [0, 2, 1] };
const LAYOUTS = ['NCHW', 'NHWC'];

const isInstance = (value, name) => typeof globalThis[name] === 'function' && value instanceof globalThis[name];
const quoted = (v) => (typeof v === 'string' ? `'${v}'` : String(v));

function checkOptions(label, options, known) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw new OnnxWasmError(`${label}: options must be an object, got ${options === null ? 'null' : typeof options}`);
  for (const name of Object.keys(options)) {
    if (!known.includes(name)) throw new OnnxWasmError(`${label}: unknown option '${name}' (known options: ${known.join(', ')})`);
  }
  return options;
}

function oneOf(label, name, value, allowed, fallback) {
  if (value === undefined) return fallback;
  if (allowed.includes(value)) return value;
  throw new OnnxWasmError(`${label}: ${name} must be one of ${allowed.map(quoted).join(', ')}, got ${quoted(value)}`);
}

// norm.mean or norm.bias as four numbers, one per colour in RGBA order: a number for all four, or an
// array of 3 (the fourth is `fourth`) or 4.
function perColour(label, name, value, fallback, fourth) {
  if (value === undefined) return [fallback, fallback, fallback, fallback];
  const values = typeof value === 'number' ? [value, value, value, value] : Array.isArray(value) && (value.length === 3 || value.length === 4) ? [...value.slice(0, 3), value[3] ?? fourth] : null;
  if (values === null || !values.every(Number.isFinite)) {
    throw new OnnxWasmError(`${label}: norm.${name} must be a finite number or an array of 3 or 4 of them, got ${Array.isArray(value) ? `[${value.join(', ')}]` : quoted(value)}`);
  }
  return values;
}

function normOf(label, norm, unit) {
  if (norm === undefined) return { mean: [unit, unit, unit, unit], bias: [0, 0, 0, 0] };
  if (norm === null || typeof norm !== 'object') throw new OnnxWasmError(`${label}: norm must be an object { mean, bias }, got ${quoted(norm)}`);
  return { mean: perColour(label, 'mean', norm.mean, unit, unit), bias: perColour(label, 'bias', norm.bias, 0, 0) };
}

function positiveInteger(label, name, value, fallback) {
  if (value === undefined) return fallback;
  if (Number.isSafeInteger(value) && value > 0) return value;
  throw new OnnxWasmError(`${label}: ${name} must be a positive integer, got ${quoted(value)}`);
}

// ImageData, or an object like it: RGBA bytes, 4 per pixel, row by row.
function imageDataLike(value) {
  if (value === null || typeof value !== 'object' || isInstance(value, 'HTMLImageElement')) return false;
  const { data, width, height } = value;
  return (data instanceof Uint8ClampedArray || data instanceof Uint8Array) && Number.isSafeInteger(width) && Number.isSafeInteger(height) && width > 0 && height > 0;
}

function canvas(label, width, height) {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  if (typeof document === 'object' && document !== null) return Object.assign(document.createElement('canvas'), { width, height });
  throw new OnnxWasmError(`${label}: this needs a canvas (OffscreenCanvas), which this environment lacks (Node has none): pass ImageData-like { data, width, height } at its own size`, 'UNSUPPORTED');
}

const context2d = (c) => c.getContext('2d', { willReadFrequently: true });

// A URL's image, decoded (fetch and createImageBitmap work in pages and workers alike).
async function decodeUrl(label, url) {
  if (typeof createImageBitmap !== 'function' || typeof fetch !== 'function') {
    throw new OnnxWasmError(`${label}: decoding an image from a URL needs a browser's createImageBitmap, which this environment lacks (Node has none): pass ImageData-like { data, width, height }`, 'UNSUPPORTED');
  }
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new OnnxWasmError(`${label}: cannot fetch ${url}: ${e?.message ?? e}`);
  }
  if (!response.ok) throw new OnnxWasmError(`${label}: cannot fetch ${url}: HTTP ${response.status}`);
  try {
    return await createImageBitmap(await response.blob());
  } catch (e) {
    throw new OnnxWasmError(`${label}: ${url} is not an image this browser can decode (${e?.message ?? e})`);
  }
}

// RGBA bytes of `image` at width x height (its own size unless resized): { rgba, width, height }.
async function pixels(label, image, resizedWidth, resizedHeight) {
  if (imageDataLike(image)) {
    const { data, width, height } = image;
    if (data.length !== 4 * width * height) {
      throw new OnnxWasmError(`${label}: image data has ${data.length} bytes, but a ${width} x ${height} RGBA image has ${4 * width * height}`);
    }
    const w = resizedWidth ?? width;
    const h = resizedHeight ?? height;
    if (w === width && h === height) return { rgba: data, width, height };
    const source = canvas(label, width, height);
    context2d(source).putImageData(new ImageData(new Uint8ClampedArray(data), width, height), 0, 0);
    return drawn(label, source, w, h);
  }
  if (typeof image === 'string' || image instanceof URL) {
    const bitmap = await decodeUrl(label, String(image));
    try {
      return drawn(label, bitmap, resizedWidth ?? bitmap.width, resizedHeight ?? bitmap.height);
    } finally {
      bitmap.close();
    }
  }
  if (isInstance(image, 'HTMLImageElement')) {
    if (!image.complete || image.naturalWidth === 0) {
      try {
        await image.decode();
      } catch (e) {
        throw new OnnxWasmError(`${label}: the image element's ${image.src} cannot be decoded (${e?.message ?? e})`);
      }
    }
  } else if (!['ImageBitmap', 'HTMLCanvasElement', 'OffscreenCanvas'].some((name) => isInstance(image, name))) {
    throw new OnnxWasmError(`${label}: expected ImageData (or { data, width, height }), an HTMLImageElement, an ImageBitmap, a canvas or a URL, got ${image === null ? 'null' : typeof image === 'object' ? image.constructor?.name ?? 'object' : typeof image}`);
  }
  return drawn(label, image, resizedWidth ?? image.width, resizedHeight ?? image.height);
}

// `source` drawn scaled to width x height, read back.
function drawn(label, source, width, height) {
  const target = canvas(label, width, height);
  const g = context2d(target);
  g.drawImage(source, 0, 0, width, height);
  return { rgba: g.getImageData(0, 0, width, height).data, width, height };
}

const FROM_IMAGE_OPTIONS = ['resizedWidth', 'resizedHeight', 'dataType', 'tensorFormat', 'tensorLayout', 'norm', 'format', 'width', 'height'];

/**
 * Tensor.fromImage's work: resolves to { type, data, dims } of `image` as a tensor of dims [1, C, H, W]
 * (NCHW, the default) or [1, H, W, C] (NHWC), C 3 (RGB, BGR, RBG) or 4 (RGBA; an image element's
 * default, as onnxruntime-web makes it). float32 values are (pixel + bias) / mean (default mean 255,
 * bias 0: 0..1); uint8 values are the pixels themselves.
 */
export async function imageToTensor(image, options) {
  const label = 'Tensor.fromImage';
  const o = checkOptions(label, options, FROM_IMAGE_OPTIONS);
  // onnxruntime-web's `format` is the image's own: it reads an ImageData as RGBA whatever it says, and
  // any other source's pixels (always RGBA as decoded) as 3 bytes each where it says 'RGB'. `width` and
  // `height` (of its URL options) it does not read.
  const format = oneOf(label, 'format', o.format, Object.keys(FORMATS), 'RGBA');
  const pixelBytes = format === 'RGB' && !imageDataLike(image) ? 3 : 4;
  const dataType = oneOf(label, 'dataType', o.dataType, ['float32', 'uint8'], 'float32');
  const order = FORMATS[oneOf(label, 'tensorFormat', o.tensorFormat, Object.keys(FORMATS), isInstance(image, 'HTMLImageElement') ? 'RGBA' : 'RGB')];
  const nchw = oneOf(label, 'tensorLayout', o.tensorLayout, LAYOUTS, 'NCHW') === 'NCHW';
  if (dataType === 'uint8' && o.norm !== undefined) throw new OnnxWasmError(`${label}: norm applies to float32 tensors; a uint8 tensor holds the pixels as they are`);
  const { mean, bias } = normOf(label, o.norm, 255);
  if (order.some((colour) => mean[colour] === 0)) throw new OnnxWasmError(`${label}: norm.mean must not be 0 for a channel the tensor holds (values are divided by it)`);
  const resizedWidth = positiveInteger(label, 'resizedWidth', o.resizedWidth);
  const resizedHeight = positiveInteger(label, 'resizedHeight', o.resizedHeight);
  const { rgba, width, height } = await pixels(label, image, resizedWidth, resizedHeight);

  const channels = order.length;
  const plane = width * height;
  const data = dataType === 'uint8' ? new Uint8Array(channels * plane) : new Float32Array(channels * plane);
  for (let c = 0; c < channels; c++) {
    const colour = order[c];
    const [m, b] = [mean[colour], bias[colour]];
    const uint8 = dataType === 'uint8';
    // element of pixel p: c * plane + p (NCHW) or p * channels + c (NHWC)
    const step = nchw ? 1 : channels;
    // Pixel p's colour is byte colour + p * pixelBytes. From 3-byte pixels onnxruntime-web fills an
    // RGBA tensor's alpha one pixel off: pixel p's is byte 3p + 2, the last pixel's 0.
    const alphaOf3 = colour === 3 && pixelBytes === 3;
    const end = alphaOf3 ? plane - 1 : plane;
    for (let p = 0, i = nchw ? c * plane : c, at = alphaOf3 ? 2 : colour; p < end; p++, i += step, at += pixelBytes) {
      data[i] = uint8 ? rgba[at] : (rgba[at] + b) / m;
    }
  }
  return { type: dataType, data, dims: nchw ? [1, channels, height, width] : [1, height, width, channels] };
}

const TO_IMAGE_OPTIONS = ['format', 'tensorLayout', 'norm'];
const HALF_TYPES = ['float16', 'bfloat16'];
const IMAGE_TYPES = ['float32', 'float64', ...HALF_TYPES, 'uint8', 'int8', 'uint16', 'int16', 'int32', 'uint32'];

/**
 * Tensor.toImageData's work: the first image of an NCHW or NHWC tensor of 1 (grey), 3 or 4 channels,
 * each pixel (value - bias) * mean, rounded and clamped to 0..255 (default mean 255 for floating-point
 * types, 1 for integer types, bias 0). Alpha is the fourth channel with format RGBA, else opaque.
 * ImageData where the environment has it, else an object with its fields.
 */
export function tensorToImageData(tensor, options, label = 'Tensor.toImageData') {
  const o = checkOptions(label, options, TO_IMAGE_OPTIONS);
  if (!IMAGE_TYPES.includes(tensor.type)) throw new OnnxWasmError(`${label}: a ${tensor.type} tensor is not an image (types: ${IMAGE_TYPES.join(', ')})`, 'UNSUPPORTED');
  const nchw = oneOf(label, 'tensorLayout', o.tensorLayout, LAYOUTS, 'NCHW') === 'NCHW';
  const format = oneOf(label, 'format', o.format, Object.keys(FORMATS), 'RGB');
  if (tensor.dims.length !== 4 || tensor.size === 0) {
    throw new OnnxWasmError(`${label}: an image tensor has dims [N, C, H, W] (NCHW) or [N, H, W, C] (NHWC), none 0; got [${tensor.dims.join(', ')}]`);
  }
  const [, c1, c2, c3] = tensor.dims;
  const [channels, height, width] = nchw ? [c1, c2, c3] : [c3, c1, c2];
  const fits = channels === 1 ? format !== 'RGBA' : channels === 3 ? format !== 'RGBA' : channels === 4;
  if (!fits) throw new OnnxWasmError(`${label}: format '${format}' does not fit ${channels} channel(s) (1: grey; 3: RGB, BGR or RBG; 4: any, RGBA taking the fourth as alpha)`);
  const integer = !tensor.type.startsWith('float') && tensor.type !== 'bfloat16';
  const { mean, bias } = normOf(label, o.norm, integer ? 1 : 255);
  const values = HALF_TYPES.includes(tensor.type) ? tensor.toFloat32Array() : tensor.data;
  const order = FORMATS[format];
  const plane = width * height;
  const out = new Uint8ClampedArray(4 * plane);
  for (let colour = 0; colour < 4; colour++) {
    const c = channels === 1 ? (colour < 3 ? 0 : -1) : order.indexOf(colour);
    if (c < 0) {
      for (let p = 0; p < plane; p++) out[4 * p + colour] = 255;
      continue;
    }
    const [m, b] = [mean[colour], bias[colour]];
    const start = nchw ? c * plane : c;
    const step = nchw ? 1 : channels;
    for (let p = 0, i = start; p < plane; p++, i += step) out[4 * p + colour] = (values[i] - b) * m;
  }
  return typeof ImageData === 'function' ? new ImageData(out, width, height) : { data: out, width, height, colorSpace: 'srgb' };
}

/** Tensor.toDataURL's work: toImageData's image as a PNG data: URL, drawn on a document's canvas. */
export function tensorToDataURL(tensor, options) {
  const label = 'Tensor.toDataURL';
  if (typeof document !== 'object' || document === null) {
    throw new OnnxWasmError(`${label}: needs a document's canvas, which workers and Node lack; use toImageData() (in a worker, with OffscreenCanvas.convertToBlob)`, 'UNSUPPORTED');
  }
  const image = tensorToImageData(tensor, options, label);
  const c = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
  c.getContext('2d').putImageData(image, 0, 0);
  return c.toDataURL();
}
