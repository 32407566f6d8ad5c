// Timing runs honestly in a page: without cross-origin isolation (this page has none) the clock,
// performance.now(), moves in steps of 0.1 ms, so a run shorter than that would read as 0 ms. Runs are
// timed in batches long enough to read, after a first (cold) run that is reported on its own.

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
 * Warm runs of `run`: batches grown until one takes at least `minSampleMs`, then `samples` batches.
 * Resolves to { median, runs, samples, batch }: median is milliseconds per run (the median batch
 * divided by its size), runs the number of calls timed.
 */
export async function timeWarmRuns(run, { samples = 5, minSampleMs = 2 } = {}) {
  let batch = 1;
  let ms = await timeBatch(run, batch);
  while (ms < minSampleMs && batch < 1 << 20) {
    batch *= ms > 0 ? Math.min(16, Math.ceil((1.2 * minSampleMs) / ms)) : 16;
    ms = await timeBatch(run, batch);
  }
  const perRun = [ms / batch];
  while (perRun.length < samples) perRun.push((await timeBatch(run, batch)) / batch);
  perRun.sort((a, b) => a - b);
  return { median: perRun[perRun.length >> 1], runs: samples * batch, samples, batch };
}
