// Realistic seeded inputs for the repository's graphs in the style of ../shared/real-graphs
// (scripts/graph-models.mjs writes them beside the models; bench/measure.mjs feeds them to the graph
// cases): a YOLOv8 detection head with a few clear objects, a camera picture, mask logits and a
// handwritten-looking digit. Each returns {type, dims, data}; the same arguments give the same bytes.
import { rng } from './values.mjs';

/** The anchor points of a YOLOv8 head on a square `size` picture: strides 8, 16 and 32, row-major. */
function anchors(size) {
  const points = [];
  for (const stride of [8, 16, 32]) {
    const n = size / stride;
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) points.push({ x: (x + 0.5) * stride, y: (y + 0.5) * stride, stride });
  }
  return points;
}

/**
 * A YOLOv8 detection head [1, 4 + classes, anchors] for a square picture of `size` pixels (640: 8,400
 * anchors): per anchor a box cx, cy, w, h in pixels then the class scores. The background scores are
 * below 0.05; `objects` (box and class) light up every anchor whose centre falls in them, with boxes
 * jittered around the object's and scores falling off from its centre, so that non-max suppression
 * keeps one box per object and suppresses its neighbours.
 */
export function yoloHead({ size = 640, classes = 80, objects, seed = 1 }) {
  const next = rng(seed);
  const points = anchors(size);
  const n = points.length;
  const rows = 4 + classes;
  const data = new Float32Array(rows * n);
  points.forEach((p, i) => {
    const side = p.stride * (1 + 3 * next());
    data[i] = p.x + (next() - 0.5) * p.stride;
    data[n + i] = p.y + (next() - 0.5) * p.stride;
    data[2 * n + i] = side;
    data[3 * n + i] = side * (0.5 + next());
    for (let c = 0; c < classes; c++) data[(4 + c) * n + i] = 0.05 * next();
    for (const o of objects) {
      const [cx, cy, w, h] = o.box;
      const dx = (p.x - cx) / (w / 2);
      const dy = (p.y - cy) / (h / 2);
      // Coarse anchors see large objects, fine ones small: an anchor near its own scale scores highest.
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) continue;
      const fit = Math.min(w, h) / (p.stride * 8);
      const score = (0.95 - 0.4 * Math.hypot(dx, dy)) * Math.min(1, fit) * (0.9 + 0.1 * next());
      if (score <= data[(4 + o.class) * n + i]) continue;
      data[i] = cx + w * 0.08 * (next() - 0.5);
      data[n + i] = cy + h * 0.08 * (next() - 0.5);
      data[2 * n + i] = w * (0.92 + 0.16 * next());
      data[3 * n + i] = h * (0.92 + 0.16 * next());
      data[(4 + o.class) * n + i] = score;
    }
  });
  return { type: 'float32', dims: [1, rows, n], data };
}

/** The objects of the YOLO heads: overlapping pairs of one class and of two, scaled to `size`. */
export function yoloObjects(size) {
  const k = size / 640;
  const box = (cx, cy, w, h) => [cx * k, cy * k, w * k, h * k];
  return [
    { class: 0, box: box(200, 300, 120, 300) }, // a person
    { class: 0, box: box(290, 310, 110, 280) }, // a second, overlapping the first (IoU below 0.45)
    { class: 2, box: box(480, 420, 260, 150) }, // a car
    { class: 7, box: box(490, 410, 250, 160) }, // the same car scored as a truck: suppressed across classes
    { class: 16, box: box(120, 560, 140, 90) }, // a dog
  ];
}

/**
 * A camera picture, uint8 [height, width, 3] (HWC, RGB): a sky-to-ground gradient, a sun, a few
 * rectangles and sensor noise.
 */
export function picture({ height, width, seed = 1 }) {
  const next = rng(seed);
  const data = new Uint8Array(height * width * 3);
  const rects = Array.from({ length: 4 }, () => ({
    x: next() * width, y: height * (0.3 + 0.6 * next()), w: width * (0.1 + 0.2 * next()), h: height * (0.1 + 0.3 * next()),
    rgb: [next() * 255, next() * 255, next() * 255],
  }));
  const sun = { x: width * 0.8, y: height * 0.2, r: Math.min(width, height) * 0.08 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y / height;
      let rgb = t < 0.4 ? [90 + 100 * t, 150 + 100 * t, 235] : [70 + 60 * t, 110 + 40 * t, 50];
      if (Math.hypot(x - sun.x, y - sun.y) < sun.r) rgb = [255, 230, 120];
      for (const r of rects) if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h) rgb = r.rgb;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[o + c] = Math.max(0, Math.min(255, Math.round(rgb[c] + (next() - 0.5) * 12)));
    }
  }
  return { type: 'uint8', dims: [height, width, 3], data };
}

/**
 * Mask logits [1, channels, height, width] as a segmentation head writes them: a few smooth blobs of
 * positive logits (up to about +8) over a negative background (about -6), no value within 0.01 of 0.
 */
export function maskLogits({ channels, height, width, seed = 1 }) {
  const next = rng(seed);
  const data = new Float32Array(channels * height * width);
  for (let c = 0; c < channels; c++) {
    const blobs = Array.from({ length: 3 }, () => ({ x: next() * width, y: next() * height, r: (0.08 + 0.2 * next()) * Math.min(width, height) }));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let v = -6 + (next() - 0.5);
        for (const b of blobs) v += 14 * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / (2 * b.r * b.r));
        if (Math.abs(v) < 0.01) v = 0.01;
        data[(c * height + y) * width + x] = v;
      }
    }
  }
  return { type: 'float32', dims: [1, channels, height, width], data };
}

/** A handwritten-looking 7 in a [1, 1, 28, 28] float32 picture, ink 1 on 0 with soft edges and noise. */
export function digit({ seed = 1 } = {}) {
  const next = rng(seed);
  const data = new Float32Array(28 * 28);
  const strokes = [[[6, 7], [21, 6]], [[21, 6], [12, 23]], [[10, 14], [19, 14]]];
  for (let y = 0; y < 28; y++) {
    for (let x = 0; x < 28; x++) {
      let d = Infinity;
      for (const [[x1, y1], [x2, y2]] of strokes) {
        const t = Math.max(0, Math.min(1, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / ((x2 - x1) ** 2 + (y2 - y1) ** 2)));
        d = Math.min(d, Math.hypot(x - x1 - t * (x2 - x1), y - y1 - t * (y2 - y1)));
      }
      data[y * 28 + x] = Math.fround(Math.max(0, Math.min(1, 1.8 - d)) * (0.85 + 0.15 * next()));
    }
  }
  return { type: 'float32', dims: [1, 1, 28, 28], data };
}

/** Seeded N(0, 1)-like float32 values (a feature map between blocks), [dims]. */
export function featureMap({ dims, seed = 1 }) {
  const next = rng(seed);
  const n = dims.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = (next() + next() + next() - 1.5) * 2;
  return { type: 'float32', dims, data };
}

/** The generators by name, as bench/cases.mjs's graph cases name them. */
export const GRAPH_INPUTS = { yoloHead, picture, maskLogits, digit, featureMap };
