// The README's benchmark chart (docs/benchmark.svg) from bench/results.json: for each case, how many
// times faster than onnxruntime-web ops.* with options.out is, in headless Chromium and in Node, from
// one run. bench/run.mjs writes it with results.json; `node bench/chart.mjs` writes it again from
// the results there.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CHART_PATH = join(root, 'docs', 'benchmark.svg');

const SERIES = [
  { env: 'chromium', label: 'headless Chromium', color: '#3465a4' },
  { env: 'node', label: 'Node', color: '#73d216' },
];

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chart of `results` (bench/results.json's contents) as SVG text. */
export function chartSvg(results) {
  const envs = results.environments;
  // (an operator of several outputs takes no out: not in the chart)
  const ratio = (env, name) => {
    const c = envs[env]?.cases.find((x) => x.name === name);
    return c && c.ms.ort !== undefined && c.ms.opsOut !== undefined ? c.ms.ort / c.ms.opsOut : null;
  };
  const names = (envs.chromium ?? envs.node).cases.map((c) => c.name).filter((n) => SERIES.some((s) => ratio(s.env, n) !== null));
  const values = names.flatMap((n) => SERIES.map((s) => ratio(s.env, n))).filter((v) => v !== null);
  const top = Math.ceil(Math.max(...values) / 2) * 2;
  const left = 250;
  const width = 560;
  const bar = 9;
  const group = 2 * bar + 8;
  const head = 46;
  const plotHeight = names.length * group;
  const x = (v) => left + (v / top) * width;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 40}" height="${head + plotHeight + 50}" font-family="sans-serif" font-size="12">`);
  out.push('<rect width="100%" height="100%" fill="#fff"/>');
  out.push(`<text x="10" y="18" font-size="14" font-weight="bold">ops.* with options.out: times faster than onnxruntime-web ${escape(results.versions['onnxruntime-web'])} (wasm, 1 thread)</text>`);
  SERIES.forEach((s, i) => {
    out.push(`<rect x="${left + i * 160}" y="28" width="12" height="10" fill="${s.color}"/>`);
    out.push(`<text x="${left + i * 160 + 16}" y="37">${escape(s.label)}</text>`);
  });
  for (let t = 0; t <= top; t += 2) {
    out.push(`<line x1="${x(t)}" y1="${head}" x2="${x(t)}" y2="${head + plotHeight}" stroke="${t === 0 ? '#000' : '#ddd'}"/>`);
    out.push(`<text x="${x(t)}" y="${head + plotHeight + 14}" text-anchor="middle">${t}×</text>`);
  }
  out.push(`<line x1="${x(1)}" y1="${head}" x2="${x(1)}" y2="${head + plotHeight}" stroke="#c00" stroke-dasharray="4 3"/>`);
  names.forEach((name, k) => {
    const y0 = head + k * group + 4;
    out.push(`<text x="${left - 6}" y="${y0 + bar + 4}" text-anchor="end">${escape(name)}</text>`);
    SERIES.forEach((s, i) => {
      const v = ratio(s.env, name);
      if (v === null) return;
      const y = y0 + i * bar;
      out.push(`<rect x="${left}" y="${y}" width="${(x(v) - left).toFixed(1)}" height="${bar - 1}" fill="${s.color}"/>`);
      out.push(`<text x="${(x(v) + 4).toFixed(1)}" y="${y + bar - 1}" font-size="10">${v.toFixed(1)}×</text>`);
    });
  });
  const when = `${results.machine.cpu}, ${results.machine.cores} cores; one run of npm run bench on ${results.date.slice(0, 10)}; the dashed line is onnxruntime-web`;
  out.push(`<text x="10" y="${head + plotHeight + 38}" fill="#555">${escape(when)}</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Writes the chart of bench/results.json to docs/benchmark.svg. */
export function writeChart() {
  const results = JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8'));
  writeFileSync(CHART_PATH, chartSvg(results));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeChart();
  console.log('wrote docs/benchmark.svg');
}
