// Voice activity, shared by the demo page and its tests: the built-in clip's WAV decoded to samples,
// and the VAD model (scripts/export-vad-model.py) run on them frame by frame with its recurrent state
// carried, as an app runs Silero VAD. tests/node/vad-demo.test.mjs runs this same code in Node.
import { Tensor } from 'onnx-wasm';

export const SAMPLE_RATE = 16000;
export const FRAME = 512; // 32 ms at 16 kHz

/**
 * A 16-bit PCM mono WAV file's samples as float32 in [-1, 1) (each int16 / 32768, as the model was
 * trained and PyTorch's outputs computed), and its sample rate.
 */
export function decodeWav(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');
  let format = null;
  for (let at = 12; at + 8 <= bytes.byteLength;) {
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (tag(at) === 'fmt ') {
      format = { encoding: view.getUint16(body, true), channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (tag(at) === 'data') {
      if (!format || format.encoding !== 1 || format.channels !== 1 || format.bits !== 16) throw new Error('only 16-bit PCM mono WAV files are read here');
      const samples = new Float32Array(Math.min(size, bytes.byteLength - body) >> 1);
      for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(body + 2 * i, true) / 32768;
      return { samples, sampleRate: format.sampleRate };
    }
    at = body + size + (size & 1); // chunks are padded to even sizes
  }
  throw new Error('the WAV file has no data chunk');
}

/**
 * A VAD stream on a session of the model: feed(frame) takes FRAME samples and resolves to the
 * probability of speech, carrying the state [2, 1, hidden] from frame to frame; reset() starts afresh.
 */
export function vadStream(session) {
  const [audioName, stateName] = session.inputNames;
  const [speechName, stateOutName] = session.outputNames;
  const stateDims = session.graph.inputs.find((i) => i.name === stateName).shape;
  const zeroState = () => new Tensor('float32', new Float32Array(stateDims.reduce((a, b) => a * b, 1)), stateDims);
  let state = zeroState();
  return {
    async feed(frame) {
      const outputs = await session.run({ [audioName]: new Tensor('float32', frame, [1, FRAME]), [stateName]: state });
      state = outputs[stateOutName];
      return outputs[speechName].data[0];
    },
    reset() {
      state = zeroState();
    },
    get state() {
      return state;
    },
  };
}

/** The probability of speech for each whole frame of `samples`, from a fresh state. */
export async function speechProbabilities(session, samples) {
  const stream = vadStream(session);
  const frames = Math.floor(samples.length / FRAME);
  const probabilities = new Float32Array(frames);
  for (let f = 0; f < frames; f++) probabilities[f] = await stream.feed(samples.subarray(f * FRAME, (f + 1) * FRAME));
  return { probabilities, state: stream.state };
}
