// The demo's voice-activity example: the LSTM VAD that scripts/export-vad-model.py trained and exported
// (demo/exported/vad-lstm.onnx), run by the page's own code (tools/vad.mjs) frame by frame with its
// state carried over the built-in clip (demo/audio/vad-clip.wav), gives PyTorch's probability for every
// frame (tests/data/vad/pytorch.json), tells the clip's speech from its noise, hum and clicks, and
// needs the state it carries.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { InferenceSession, ready } from 'onnx-wasm';
import { FRAME, SAMPLE_RATE, decodeWav, speechProbabilities, vadStream } from '../../tools/vad.mjs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url));
const pytorch = JSON.parse(read('tests/data/vad/pytorch.json'));
const clip = JSON.parse(read('demo/audio/vad-clip.json'));
const TOLERANCE = 1e-4; // float32 sums, Log, Sqrt and the LSTM's activations in another order than PyTorch's

let session, samples;
before(async () => {
  await ready();
  session = await InferenceSession.create(read(pytorch.model));
  ({ samples } = decodeWav(new Uint8Array(read(pytorch.clip))));
});

test('the clip is 4 s of 16 kHz audio, 125 frames, its segments covering it in order', () => {
  const { sampleRate } = decodeWav(new Uint8Array(read(pytorch.clip)));
  assert.equal(sampleRate, SAMPLE_RATE);
  assert.equal(samples.length, 4 * SAMPLE_RATE);
  assert.equal(samples.length / FRAME, pytorch.probabilities.length);
  assert.equal(clip.segments[0].start, 0);
  assert.equal(clip.segments.at(-1).end, 4);
  for (let k = 1; k < clip.segments.length; k++) assert.equal(clip.segments[k].start, clip.segments[k - 1].end);
  assert.ok(samples.every((x) => x >= -1 && x < 1) && samples.some((x) => Math.abs(x) > 0.1), 'samples in [-1, 1), some loud');
});

test('the model is the Silero-like interface: audio [1, 512] and state [2, 1, 32] in, speech [1, 1] and state out, with an LSTM', () => {
  assert.deepEqual(session.inputNames, ['audio', 'state']);
  assert.deepEqual(session.outputNames, ['speech', 'state_out']);
  assert.deepEqual(session.graph.inputs.map((i) => i.shape), [[1, FRAME], [2, 1, pytorch.hidden]]);
  assert.ok(session.graph.nodes.some((n) => n.opType === 'LSTM'));
});

test('frame by frame with the state carried, every probability and the final state are PyTorch\'s', async () => {
  const { probabilities, state } = await speechProbabilities(session, samples);
  assert.equal(probabilities.length, pytorch.probabilities.length);
  probabilities.forEach((p, f) => assert.ok(Math.abs(p - pytorch.probabilities[f]) <= TOLERANCE, `frame ${f}: ${p}, PyTorch ${pytorch.probabilities[f]}`));
  assert.deepEqual(state.dims, [2, 1, pytorch.hidden]);
  state.data.forEach((v, i) => assert.ok(Math.abs(v - pytorch.finalState[i]) <= TOLERANCE, `state[${i}]: ${v}, PyTorch ${pytorch.finalState[i]}`));
});

test('speech gets a high probability and the noise, hum and clicks between a low one', async () => {
  const { probabilities } = await speechProbabilities(session, samples);
  // Each segment's frames, but the first 3 (96 ms) in which the LSTM still reacts to the change.
  const SETTLE = 3;
  for (const { start, end, what, speech } of clip.segments) {
    const frames = probabilities.slice(Math.ceil((start * SAMPLE_RATE) / FRAME) + SETTLE, Math.floor((end * SAMPLE_RATE) / FRAME));
    if (frames.length === 0) continue;
    const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
    const high = frames.filter((p) => p > 0.5).length / frames.length;
    if (speech) {
      assert.ok(mean > 0.75 && high > 0.8, `${what} (${start}-${end} s): mean ${mean.toFixed(2)}, ${(high * 100).toFixed(0)} % of frames above 0.5`);
    } else {
      assert.ok(mean < 0.25 && high < 0.2, `${what} (${start}-${end} s): mean ${mean.toFixed(2)}, ${(high * 100).toFixed(0)} % of frames above 0.5`);
    }
  }
});

test('the state matters: each frame from a fresh state gives other probabilities', async () => {
  const stream = vadStream(session);
  let differs = 0;
  for (let f = 0; f < pytorch.probabilities.length; f++) {
    stream.reset();
    const p = await stream.feed(samples.subarray(f * FRAME, (f + 1) * FRAME));
    if (Math.abs(p - pytorch.probabilities[f]) > 0.1) differs++;
  }
  assert.ok(differs > 10, `only ${differs} frames differ`);
});

test('decodeWav refuses what it does not read', () => {
  const wav = new Uint8Array(read(pytorch.clip));
  assert.throws(() => decodeWav(new Uint8Array(16)), /not a WAV file/);
  const stereo = wav.slice();
  new DataView(stereo.buffer).setUint16(22, 2, true); // fmt's channel count
  assert.throws(() => decodeWav(stereo), /16-bit PCM mono/);
  assert.throws(() => decodeWav(wav.slice(0, 36)), /no data chunk/);
});
