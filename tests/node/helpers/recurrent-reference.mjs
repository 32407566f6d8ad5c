// Plain-JS references of LSTM, GRU and RNN as ONNX defines them, in float64, one batch row, direction
// and time step at a time, straight from the formulas: independent of the wasm kernels' order of work
// (all steps' X * W first, batched products, cells per row).

const ACTIVATIONS = {
  relu: { f: (x) => Math.max(x, 0) },
  tanh: { f: Math.tanh },
  sigmoid: { f: (x) => 1 / (1 + Math.exp(-x)) },
  affine: { alpha: 1, beta: 0, f: (x, a, b) => a * x + b },
  leakyrelu: { alpha: 0.01, f: (x, a) => (x >= 0 ? x : a * x) },
  thresholdedrelu: { alpha: 1, f: (x, a) => (x > a ? x : 0) },
  scaledtanh: { alpha: 1, beta: 1, f: (x, a, b) => a * Math.tanh(b * x) },
  hardsigmoid: { alpha: 0.2, beta: 0.5, f: (x, a, b) => Math.max(0, Math.min(1, a * x + b)) },
  elu: { alpha: 1, f: (x, a) => (x >= 0 ? x : a * (Math.exp(x) - 1)) },
  softsign: { f: (x) => x / (1 + Math.abs(x)) },
  softplus: { f: (x) => Math.log(1 + Math.exp(x)) },
};

const GATES = { LSTM: 4, GRU: 3, RNN: 1 };
const DEFAULTS = { LSTM: ['Sigmoid', 'Tanh', 'Tanh'], GRU: ['Sigmoid', 'Tanh'], RNN: ['Tanh'] };

// The activation functions of the options: per direction, f(x) with its alpha and beta bound, the
// alphas and betas taken in order by the activations that have them.
function activationsOf(op, options, directions) {
  const names = options.activations ?? Array.from({ length: directions }, () => DEFAULTS[op]).flat();
  const alphas = [...(options.activation_alpha ?? [])];
  const betas = [...(options.activation_beta ?? [])];
  const fns = names.map((name) => {
    const a = ACTIVATIONS[name.toLowerCase()];
    const alpha = 'alpha' in a ? (alphas.length ? alphas.shift() : a.alpha) : 0;
    const beta = 'beta' in a ? (betas.length ? betas.shift() : a.beta) : 0;
    return (x) => a.f(x, alpha, beta);
  });
  const per = DEFAULTS[op].length;
  return Array.from({ length: directions }, (_, d) => fns.slice(d * per, d * per + per));
}

/**
 * `inputs`: {X, W, R, B, sequence_lens, initial_h, initial_c, P} as {data: number array, dims} (absent
 * ones undefined). Returns {Y, Y_h, Y_c} as {data: Float64Array, dims}.
 */
export function referenceRecurrent(op, inputs, options = {}) {
  const { X, W, R, B, sequence_lens: lens, initial_h: h0, initial_c: c0, P } = inputs;
  const batchFirst = Boolean(options.layout);
  const directions = options.direction === 'bidirectional' ? 2 : 1;
  const [seq, batch] = batchFirst ? [X.dims[1], X.dims[0]] : [X.dims[0], X.dims[1]];
  const input = X.dims[2];
  const hidden = R.dims[2];
  const G = GATES[op];
  const clip = options.clip ?? Infinity;
  const clipped = (v) => Math.min(Math.max(v, -clip), clip);
  const acts = activationsOf(op, options, directions);
  const x = (t, b, k) => X.data[(batchFirst ? b * seq + t : t * batch + b) * input + k];
  const stateAt = (d, b) => (batchFirst ? b * directions + d : d * batch + b) * hidden;
  const yAt = (t, d, b) => (batchFirst ? (b * seq + t) * directions + d : (t * directions + d) * batch + b) * hidden;
  const Y = new Float64Array(seq * directions * batch * hidden);
  const Yh = new Float64Array(directions * batch * hidden);
  const Yc = new Float64Array(directions * batch * hidden);
  // Row j of gate block g of direction d times a vector v of n elements.
  const dotW = (d, g, j, v) => {
    let s = 0;
    for (let k = 0; k < input; k++) s += W.data[(d * G * hidden + g * hidden + j) * input + k] * v(k);
    return s;
  };
  const dotR = (d, g, j, v) => {
    let s = 0;
    for (let k = 0; k < hidden; k++) s += R.data[(d * G * hidden + g * hidden + j) * hidden + k] * v[k];
    return s;
  };
  const wb = (d, g, j) => (B ? B.data[d * 2 * G * hidden + g * hidden + j] : 0);
  const rb = (d, g, j) => (B ? B.data[d * 2 * G * hidden + (G + g) * hidden + j] : 0);
  for (let d = 0; d < directions; d++) {
    const reverse = d === 1 || options.direction === 'reverse';
    const [f, g, hAct] = acts[d];
    for (let b = 0; b < batch; b++) {
      const len = lens ? Number(lens.data[b]) : seq;
      let h = Array.from({ length: hidden }, (_, j) => (h0 ? h0.data[stateAt(d, b) + j] : 0));
      let c = Array.from({ length: hidden }, (_, j) => (c0 ? c0.data[stateAt(d, b) + j] : 0));
      for (let step = 0; step < len; step++) {
        const t = reverse ? len - 1 - step : step;
        const xt = (k) => x(t, b, k);
        const pre = (gate, j) => dotW(d, gate, j, xt) + wb(d, gate, j) + dotR(d, gate, j, h) + rb(d, gate, j);
        const next = new Array(hidden);
        if (op === 'LSTM') {
          const p = (k, j) => (P ? P.data[d * 3 * hidden + k * hidden + j] : 0); // i, o, f
          const newC = new Array(hidden);
          for (let j = 0; j < hidden; j++) {
            const i = f(clipped(pre(0, j) + p(0, j) * c[j]));
            const fg = options.input_forget ? 1 - i : f(clipped(pre(2, j) + p(2, j) * c[j]));
            const cc = g(clipped(pre(3, j)));
            newC[j] = fg * c[j] + i * cc;
            const o = f(clipped(pre(1, j) + p(1, j) * newC[j]));
            next[j] = o * hAct(newC[j]);
          }
          c = newC;
        } else if (op === 'GRU') {
          const z = h.map((_, j) => f(clipped(pre(0, j))));
          const r = h.map((_, j) => f(clipped(pre(1, j))));
          for (let j = 0; j < hidden; j++) {
            const xh = dotW(d, 2, j, xt) + wb(d, 2, j);
            const hh = options.linear_before_reset
              ? r[j] * (dotR(d, 2, j, h) + rb(d, 2, j))
              : dotR(d, 2, j, h.map((v, k) => r[k] * v)) + rb(d, 2, j);
            const n = g(clipped(xh + hh));
            next[j] = (1 - z[j]) * n + z[j] * h[j];
          }
        } else {
          for (let j = 0; j < hidden; j++) next[j] = f(clipped(pre(0, j)));
        }
        h = next;
        for (let j = 0; j < hidden; j++) Y[yAt(t, d, b) + j] = h[j];
      }
      for (let j = 0; j < hidden; j++) {
        Yh[stateAt(d, b) + j] = h[j];
        Yc[stateAt(d, b) + j] = c[j];
      }
    }
  }
  const state = batchFirst ? [batch, directions, hidden] : [directions, batch, hidden];
  return {
    Y: { data: Y, dims: batchFirst ? [batch, seq, directions, hidden] : [seq, directions, batch, hidden] },
    Y_h: { data: Yh, dims: state },
    Y_c: { data: Yc, dims: state },
  };
}
