// Voice activity: the gallery's LSTM VAD (vad-lstm.onnx, trained and exported by
// scripts/export-vad-model.py) on the built-in clip, frame by frame with its state carried, drawn as the
// waveform and the probability of speech over time, with a table of the clip's parts as the text
// alternative; the clip plays in an <audio> element, and the microphone can stand in for it where the
// browser offers one (never needed: the page works without).
import { InferenceSession } from 'onnx-wasm';
import { FRAME, SAMPLE_RATE, decodeWav, speechProbabilities, vadStream } from '../../tools/vad.mjs';
import { formatReading, timeOnce } from './timing.mjs';
import { recordCode } from './use-it.mjs';
import { $, el, formatMs, goToSection, hideMessage, showMessage } from './ui.mjs';

const MODEL = 'vad-lstm.onnx';
const THRESHOLD = 0.5;
const COLORS = { wave: '#8a90c8', speech: 'rgba(52, 211, 153, 0.18)', probability: '#ffb020', threshold: 'rgba(255, 255, 255, 0.45)', text: '#d5d8f0', cursor: '#ffffff' };

let session = null;
let clip = null; // { samples, segments, probabilities }
let microphone = null; // { stop() } while listening

// The code an app would write for what the page does, with the model and its audio.
const VAD_CODE = `import { InferenceSession, Tensor } from 'onnx-wasm';

const session = await InferenceSession.create(new URL('./${MODEL}', import.meta.url));
let state = new Tensor('float32', new Float32Array(2 * 1 * 32), [2, 1, 32]);
// samples: a Float32Array of 16 kHz mono audio in [-1, 1]
for (let at = 0; at + ${FRAME} <= samples.length; at += ${FRAME}) {
  const frame = new Tensor('float32', samples.subarray(at, at + ${FRAME}), [1, ${FRAME}]);
  const { speech, state_out } = await session.run({ audio: frame, state });
  state = state_out; // the LSTM's h and c, carried to the next 32 ms
  console.log((at / 16000).toFixed(3), 's', speech.data[0] > 0.5 ? 'speech' : '-', speech.data[0]);
}`;

/**
 * Draws the samples' waveform (min and max per pixel column), the spans of `segments` that are speech
 * (shaded, named above), the probability per frame as a line, the 0.5 threshold, and a cursor at
 * `cursor` seconds if given.
 */
function draw(canvas, samples, probabilities, segments = [], cursor = null) {
  // Drawn at the size it is shown (CSS pixels times the screen's density), so that text stays legible on a phone.
  const [width, height] = [canvas.clientWidth || 960, canvas.clientHeight || 240];
  const density = window.devicePixelRatio || 1;
  [canvas.width, canvas.height] = [Math.round(width * density), Math.round(height * density)];
  const g = canvas.getContext('2d');
  g.setTransform(density, 0, 0, density, 0, 0);
  const seconds = samples.length / SAMPLE_RATE;
  const x = (t) => (t / seconds) * width;
  const top = 22; // room for the segments' names
  const plot = height - top - 4;
  const y = (p) => top + (1 - p) * plot;
  g.clearRect(0, 0, width, height);
  g.font = '12px system-ui, sans-serif';
  g.textBaseline = 'top';
  for (const { start, end, what, speech } of segments) {
    if (speech) {
      g.fillStyle = COLORS.speech;
      g.fillRect(x(start), top, x(end) - x(start), plot);
    }
    g.fillStyle = COLORS.text;
    g.save();
    g.beginPath();
    g.rect(x(start), 0, x(end) - x(start) - 4, top);
    g.clip();
    g.fillText(speech ? `speech: ${what}` : what, x(start) + 3, 4);
    g.restore();
  }
  // the waveform, around the middle, amplified so that quiet parts show (clipped at the edges)
  g.fillStyle = COLORS.wave;
  const middle = top + plot / 2;
  const columns = Math.floor(width);
  const perColumn = samples.length / columns;
  for (let c = 0; c < columns; c++) {
    let [lo, hi] = [0, 0];
    for (let i = Math.floor(c * perColumn); i < Math.floor((c + 1) * perColumn); i++) {
      lo = Math.min(lo, samples[i]);
      hi = Math.max(hi, samples[i]);
    }
    const scale = plot * 1.5;
    g.fillRect(c, Math.max(top, middle - hi * scale), 1, Math.max(1, Math.min(plot, (hi - lo) * scale)));
  }
  g.strokeStyle = COLORS.threshold;
  g.setLineDash([5, 5]);
  g.beginPath();
  g.moveTo(0, y(THRESHOLD));
  g.lineTo(width, y(THRESHOLD));
  g.stroke();
  g.setLineDash([]);
  // one step per 32 ms frame
  g.strokeStyle = COLORS.probability;
  g.lineWidth = 2.5;
  g.beginPath();
  probabilities.forEach((p, f) => {
    const [from, to] = [x((f * FRAME) / SAMPLE_RATE), x(((f + 1) * FRAME) / SAMPLE_RATE)];
    if (f === 0) g.moveTo(from, y(p));
    else g.lineTo(from, y(p));
    g.lineTo(to, y(p));
  });
  g.stroke();
  g.lineWidth = 1;
  if (cursor !== null) {
    g.fillStyle = COLORS.cursor;
    g.fillRect(x(cursor), top, 2, plot);
  }
}

/** The spans (seconds) in which the probability is above the threshold, as text: "0.38–1.25 s, …". */
function speechSpans(probabilities) {
  const spans = [];
  probabilities.forEach((p, f) => {
    if (p <= THRESHOLD) return;
    const [start, end] = [(f * FRAME) / SAMPLE_RATE, ((f + 1) * FRAME) / SAMPLE_RATE];
    if (spans.length && spans.at(-1)[1] === start) spans.at(-1)[1] = end;
    else spans.push([start, end]);
  });
  return spans.length ? spans.map(([a, b]) => `${a.toFixed(2)}–${b.toFixed(2)} s`).join(', ') : 'none';
}

const framesOf = (probabilities, start, end) => probabilities.slice(Math.ceil((start * SAMPLE_RATE) / FRAME), Math.floor((end * SAMPLE_RATE) / FRAME));
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function showTable(segments, probabilities) {
  $('vad-table').querySelector('tbody').replaceChildren(...segments.map(({ start, end, what, speech }) => {
    const frames = framesOf(probabilities, start, end);
    const above = frames.filter((p) => p > THRESHOLD).length;
    return el('tr', { dataset: { speech: String(speech) } },
      el('td', { class: 'num' }, `${start.toFixed(1)}–${end.toFixed(1)} s`),
      el('th', { scope: 'row' }, what),
      el('td', {}, speech ? 'speech' : 'no speech'),
      el('td', { class: 'num', dataset: { mean: mean(frames).toFixed(3) } }, mean(frames).toFixed(2)),
      el('td', { class: 'num' }, `${above} of ${frames.length}`));
  }));
}

/** Runs the model over the built-in clip, from a fresh state, and shows the result. */
export async function runClip() {
  const section = $('voice');
  hideMessage($('vad-message'));
  section.dataset.state = 'running';
  $('vad-run').disabled = true;
  try {
    const run = await timeOnce(() => speechProbabilities(session, clip.samples));
    clip.probabilities = run.result.probabilities;
    draw($('vad-plot'), clip.samples, clip.probabilities, clip.segments);
    showTable(clip.segments, clip.probabilities);
    const frames = clip.probabilities.length;
    $('vad-plot').setAttribute('aria-label', `The built-in clip's waveform and the probability of speech over its ${clip.samples.length / SAMPLE_RATE} seconds; above ${THRESHOLD} at ${speechSpans(clip.probabilities)}. The table below gives each part of the clip.`);
    $('vad-info').textContent = `${frames} frames of 32 ms, one session.run each: ${formatReading(run.ms)} in all, ${formatMs(run.ms / frames)} a frame (real time allows 32 ms). Above ${THRESHOLD}: ${speechSpans(clip.probabilities)}.`;
    recordCode(`Ran ${MODEL} over the built-in clip in "Voice activity", one 512-sample frame at a time, the LSTM's state carried.`, VAD_CODE);
    section.dataset.state = 'ran';
  } catch (e) {
    section.dataset.state = 'error';
    showMessage($('vad-message'), { title: `Running ${MODEL} failed`, code: e.code, detail: e.message });
  } finally {
    $('vad-run').disabled = false;
  }
}

// The playing clip's position, drawn as a cursor while it plays.
function followPlayback() {
  const audio = $('vad-audio');
  const tick = () => {
    if (!clip?.probabilities || microphone) return;
    draw($('vad-plot'), clip.samples, clip.probabilities, clip.segments, audio.paused ? null : audio.currentTime);
    if (!audio.paused) requestAnimationFrame(tick);
  };
  audio.addEventListener('play', () => requestAnimationFrame(tick));
  audio.addEventListener('pause', tick);
  audio.addEventListener('ended', tick);
}

/**
 * Listens to the microphone: its audio, resampled to 16 kHz where the browser runs at another rate,
 * goes frame by frame through the model, and the last 4 s are drawn as they come.
 */
async function listen() {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false } });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessorNode is deprecated but needs no separate worklet file; 4096 samples a call is plenty.
  const processor = context.createScriptProcessor(4096, 1, 1);
  const vad = vadStream(session);
  const shown = 4 * SAMPLE_RATE;
  const samples = new Float32Array(shown);
  const probabilities = new Float32Array(shown / FRAME);
  const pending = [];
  // Where the next 16 kHz sample falls, in samples of the current input block: from -1 (between the
  // previous block's last sample and this block's first) on.
  let position = 0;
  let last = 0;
  let busy = Promise.resolve();
  processor.onaudioprocess = (event) => {
    const input = event.inputBuffer.getChannelData(0);
    const step = context.sampleRate / SAMPLE_RATE;
    const at = (i) => (i < 0 ? last : input[i]);
    // linear interpolation to 16 kHz (a demo's resampler: no low-pass filter before it)
    for (; position < input.length - 1; position += step) {
      const i = Math.floor(position);
      pending.push(at(i) + (input[i + 1] - at(i)) * (position - i));
    }
    position -= input.length;
    last = input[input.length - 1];
    busy = busy.then(async () => {
      while (pending.length >= FRAME) {
        const frame = Float32Array.from(pending.splice(0, FRAME));
        const p = await vad.feed(frame);
        samples.copyWithin(0, FRAME);
        samples.set(frame, shown - FRAME);
        probabilities.copyWithin(0, 1);
        probabilities[probabilities.length - 1] = p;
      }
      draw($('vad-plot'), samples, probabilities);
      $('vad-info').textContent = `Listening: the last 4 s of the microphone, newest on the right. Speech probability now ${probabilities.at(-1).toFixed(2)}.`;
    });
  };
  source.connect(processor);
  processor.connect(context.destination);
  return {
    stop() {
      processor.disconnect();
      source.disconnect();
      for (const track of stream.getTracks()) track.stop();
      context.close();
    },
  };
}

async function toggleMicrophone() {
  const button = $('vad-mic');
  hideMessage($('vad-message'));
  if (microphone) {
    microphone.stop();
    microphone = null;
    button.textContent = 'Use the microphone';
    button.setAttribute('aria-pressed', 'false');
    await runClip();
    return;
  }
  try {
    $('vad-audio').pause();
    microphone = await listen();
    button.textContent = 'Stop the microphone';
    button.setAttribute('aria-pressed', 'true');
    $('vad-plot').setAttribute('aria-label', 'The microphone\'s last 4 seconds and the probability of speech, as they come; the status line below gives the latest probability.');
  } catch (e) {
    showMessage($('vad-message'), { title: 'The microphone is not available', detail: e.message ?? String(e), hint: 'The built-in clip still works.' });
  }
}

/** Loads the model and the clip, runs once and wires the buttons. */
export async function setUpVoiceView() {
  try {
    const [created, wav, about] = await Promise.all([
      InferenceSession.create(new URL(`models/${MODEL}`, document.baseURI)),
      fetch('audio/vad-clip.wav').then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`audio/vad-clip.wav: HTTP ${r.status}`)))),
      fetch('audio/vad-clip.json').then((r) => (r.ok ? r.json() : Promise.reject(new Error(`audio/vad-clip.json: HTTP ${r.status}`)))),
    ]);
    session = created;
    clip = { samples: decodeWav(new Uint8Array(wav)).samples, segments: about.segments };
  } catch (e) {
    $('voice').dataset.state = 'error';
    showMessage($('vad-message'), { title: 'The voice activity example did not load', code: e.code, detail: e.message });
    return;
  }
  $('vad-code').textContent = VAD_CODE;
  $('vad-run').addEventListener('click', runClip);
  followPlayback();
  // A new width (a rotated phone, a resized window) redraws the clip at it; the microphone redraws on its own.
  new ResizeObserver(() => {
    if (clip.probabilities && !microphone) draw($('vad-plot'), clip.samples, clip.probabilities, clip.segments);
  }).observe($('vad-plot'));
  if (navigator.mediaDevices?.getUserMedia) {
    $('vad-mic').hidden = false;
    $('vad-mic').addEventListener('click', toggleMicrophone);
  }
  await runClip();
}

/** Takes the visitor to the voice activity example (the gallery card's button). */
export function showVoice() {
  goToSection('voice');
}
