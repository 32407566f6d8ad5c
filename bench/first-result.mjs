// The cold-start measurement, shared by bench/cold-start.mjs (a fresh Node process) and bench/cold.html
// (a fresh page): the milliseconds from importing a runtime to the first result of a 16-element Floor.
// `which` is ours-ops, ours-session or ort; the importers load the runtime where the environment has it.
export async function timeFirstResult(which, model, { importOrt, importOnnxWasm }) {
  const x = new Float32Array(16).map((_, i) => i / 3 - 2);
  const start = performance.now();
  let y;
  if (which === 'ort') {
    const ort = await importOrt();
    ort.env.wasm.numThreads = 1;
    const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'] });
    y = (await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', x, [16]) })).y.data;
  } else {
    const { ready, ops, InferenceSession, Tensor } = await importOnnxWasm();
    if (which === 'ours-ops') {
      await ready();
      y = ops.Floor(new Tensor('float32', x, [16])).data;
    } else {
      const session = await InferenceSession.create(model);
      y = (await session.run({ [session.inputNames[0]]: new Tensor('float32', x, [16]) })).y.data;
    }
  }
  const ms = performance.now() - start;
  if (y[0] !== -2 || y[15] !== 3) throw new Error(`wrong result ${y}`);
  return ms;
}
