// Plain-JS references for the activations (kernels/activation.h): each formula in float64 from Math.*,
// in forms without cancellation, and erfc(t) correctly rounded (BigInt fixed point), for Gelu. `round`
// rounds to the type an exact activation computes in (Math.fround for float32 and the half types), after
// each operation, as the kernels do.

// pi to `digits` decimal digits (times 10^digits): Machin's formula, 16 atan(1/5) - 4 atan(1/239).
function piFixed(scale) {
  const atanInv = (n) => {
    let term = scale / n;
    let sum = term;
    const n2 = n * n;
    for (let k = 1n; term !== 0n; k++) {
      term /= n2;
      sum += (k % 2n ? -term : term) / (2n * k + 1n);
    }
    return sum;
  };
  return 16n * atanInv(5n) - 4n * atanInv(239n);
}
// sqrt(v / scale) * scale for v / scale below 4: Newton's iteration from 2, which decreases to it.
function sqrtFixed(v, scale) {
  const n = v * scale;
  let x = 2n * scale;
  for (;;) {
    const next = (x + n / x) / 2n;
    if (next >= x) return x;
    x = next;
  }
}
const fixedCache = new Map();
function constants(digits) {
  let c = fixedCache.get(digits);
  if (!c) {
    const scale = 10n ** BigInt(digits);
    c = { scale, twoOverSqrtPi: (2n * scale * scale) / sqrtFixed(piFixed(scale), scale) };
    fixedCache.set(digits, c);
  }
  return c;
}
function fixedToNumber(f, digits) {
  const negative = f < 0n;
  const s = (negative ? -f : f).toString().padStart(digits + 1, '0');
  return parseFloat(`${negative ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`);
}

// erfc(t) correctly rounded to float64: 1 - erf(t) by erf's Taylor series in fixed point, with enough
// digits for the series' cancellation (its largest term is about e^(t^2)) and erfc's smallness (about
// e^-(t^2)); 0 from t = 27.3 (below float64's least subnormal), 2 - erfc(-t) below 0.
export function erfc(t) {
  if (Number.isNaN(t)) return NaN;
  if (t < 0) return 2 - erfc(-t);
  if (t > 27.3) return 0;
  const digits = 40 + Math.ceil(t * t * 0.87) * 2;
  const { scale, twoOverSqrtPi } = constants(digits);
  // t exactly, as m / 2^e
  let m = t;
  let e = 0;
  while (!Number.isInteger(m)) { m *= 2; e++; }
  const T = (BigInt(m) * scale) / 2n ** BigInt(e);
  const T2 = (T * T) / scale;
  let term = T;
  let sum = T;
  for (let n = 1n; term !== 0n; n++) {
    term = (-term * T2) / scale / n;
    sum += term / (2n * n + 1n);
  }
  return fixedToNumber(scale - (sum * twoOverSqrtPi) / scale, digits);
}

const softplus = (x) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));

/** The transcendental activations in float64: (x, attributes) -> number. */
export const TRANSCENDENTAL = {
  Elu: (x, a) => (x < 0 ? (a.alpha ?? 1) * Math.expm1(x) : x),
  Selu: (x, a, version) => {
    const alpha = Math.fround(a.alpha ?? (version < 6 ? 1.6732 : 1.67326319217681884765625));
    const gamma = Math.fround(a.gamma ?? (version < 6 ? 1.0507 : 1.05070102214813232421875));
    return x > 0 ? gamma * x : gamma * alpha * Math.expm1(x);
  },
  Celu: (x, a) => (x < 0 ? (a.alpha ?? 1) * Math.expm1(x / (a.alpha ?? 1)) : x),
  Softplus: softplus,
  Mish: (x) => (x === -Infinity ? -0 : x * Math.tanh(softplus(x))),
  Gelu: (x, a) => {
    if (x === -Infinity) return -0;
    if (a.approximate === 'tanh') {
      const z = 0.7978845608028654 * (x + 0.044715 * x * x * x);
      return x / (1 + Math.exp(-2 * z));
    }
    return 0.5 * x * erfc(-x * Math.SQRT1_2);
  },
};

/** The exact activations, each operation rounded by `round`: (x, attributes, round) -> number. */
export const EXACT = {
  HardSigmoid: (x, a, round) => {
    let v = round(round(round(a.alpha ?? Math.fround(0.2)) * x) + round(a.beta ?? 0.5));
    v = v < 0 ? 0 : v;
    return 1 < v ? 1 : v;
  },
  HardSwish: (x, a, round) => round(x * EXACT.HardSigmoid(x, { alpha: 1 / 6, beta: 0.5 }, round)),
  LeakyRelu: (x, a, round) => (x > 0 ? x : round(x * round(a.alpha ?? Math.fround(0.01)))),
  ThresholdedRelu: (x, a, round) => (x > round(a.alpha ?? 1) ? x : 0),
  Shrink: (x, a, round) => {
    const lambd = round(a.lambd ?? 0.5);
    const bias = round(a.bias ?? 0);
    return x < -lambd ? round(x + bias) : x > lambd ? round(x - bias) : 0;
  },
  Softsign: (x, a, round) => round(x / round(1 + Math.abs(x))),
};
