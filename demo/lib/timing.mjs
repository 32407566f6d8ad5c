// Timing runs honestly in a page: without cross-origin isolation (this page has none) the clock,
// performance.now(), moves in coarse steps (0.1 ms in Chromium, more in some browsers), so a run shorter
// than a step reads as 0. Runs are timed in batches many steps long, after a first (cold) run that is
// reported on its own.
import { formatMs } from './ui.mjs';

/** The clock's step in this browser, as measured once: the smallest change of performance.now() seen. */
export const CLOCK_STEP_MS = (() => {
  let step = Infinity;
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    let now;
    do now = performance.now(); while (now === start);
    step = Math.min(step, now - start);
  }
  return step;
})();

/** One clock reading for people: below the clock's step it shows as "< step", not as 0. */
export const formatReading = (ms) => (ms < CLOCK_STEP_MS ? `< ${formatMs(CLOCK_STEP_MS)}` : formatMs(ms));

/** Times one call of `run` (which may return a promise): { ms, result }. */
export async function timeOnce(run) {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

async function timeBatch(run, batch) {
  const start = performance.now();
  for (let i = 0; i < batch; i++) await run();
  return performance.now() - start;
}

/**
 * Warm runs of `run`: batches grown until one takes at least `minSampleMs` and 20 clock steps (so a
 * step is at most 5 % of it), then `samples` batches. Resolves to { median, runs, samples, batch }:
 * median is milliseconds per run (the median batch divided by its size), runs the number of calls timed.
 */
export async function timeWarmRuns(run, { samples = 5, minSampleMs = 2 } = {}) {
  const sampleMs = Math.max(minSampleMs, 20 * CLOCK_STEP_MS);
  let batch = 1;
  let ms = await timeBatch(run, batch);
  while (ms < sampleMs && batch < 1 << 20) {
    batch *= ms > 0 ? Math.min(16, Math.ceil((1.2 * sampleMs) / ms)) : 16;
    ms = await timeBatch(run, batch);
  }
  const perRun = [ms / batch];
  while (perRun.length < samples) perRun.push((await timeBatch(run, batch)) / batch);
  perRun.sort((a, b) => a - b);
  return { median: perRun[perRun.length >> 1], runs: samples * batch, samples, batch };
}
