// Seeded pooling cases shared by the AveragePool and MaxPool tests: the window attributes both define,
// and input shapes of 1 to 3 spatial axes. Each caller adds its operator's own attributes after these
// (the draws of `next` come in a fixed order, so each seed gives the same cases).
export const pick = (next, list) => list[Math.floor(next() * list.length)];
export const int = (next, lo, hi) => lo + Math.floor(next() * (hi - lo + 1));

/**
 * kernel_shape, strides, dilations (with probability `dilationChance`, where the version has them: pass
 * 0 where not), auto_pad and pads for `sizes`, the spatial sizes; with opset: version.
 */
export function randomWindowAttributes(next, version, sizes, dilationChance) {
  const n = sizes.length;
  const a = { opset: version, kernel_shape: sizes.map((s) => int(next, 1, Math.min(4, s + 2))) };
  if (next() < 0.7) a.strides = sizes.map(() => int(next, 1, 3));
  if (dilationChance > 0 && next() < dilationChance) a.dilations = sizes.map(() => int(next, 1, 3));
  const autoPad = next() < 0.6 ? 'NOTSET' : pick(next, ['SAME_UPPER', 'SAME_LOWER', 'VALID', 'NOTSET']);
  if (autoPad !== 'NOTSET' || next() < 0.3) a.auto_pad = autoPad;
  if (autoPad === 'NOTSET' && next() < 0.7) {
    a.pads = [];
    for (let i = 0; i < 2 * n; i++) a.pads.push(int(next, 0, a.kernel_shape[i % n]));
  }
  return a;
}

/** Sweep case c's input shape: 1 to 3 spatial axes (by c), the last up to 13 long, the others up to 6. */
export function randomPoolShape(next, c) {
  const spatial = 1 + (c % 3);
  const sizes = Array.from({ length: spatial }, (_, i) => (i === spatial - 1 ? int(next, 1, 13) : int(next, 1, 6)));
  return { sizes, dims: [int(next, 1, 2), int(next, 1, 3), ...sizes] };
}
