#!/usr/bin/python3
"""Trains and exports the demo's voice-activity detector, and synthesizes the clip it is shown on.

A small VAD used as Silero VAD is: one frame of 512 samples at 16 kHz (32 ms) and the recurrent state in,
the probability of speech and the new state out, frame after frame.

  frame [1, 512] ─ Conv1d(1, 48, 256, stride 128): a learned filterbank of 24 cosine/sine pairs
                   (initialized as Hann-windowed tones from 100 Hz to 5 kHz), at 3 positions in the frame
                 ─ magnitude sqrt(cos² + sin²), log, mean over the 3 positions: 24 log band energies
                 ─ LSTM(24 → 32), one step, from state [2, 1, 32] (h and c stacked, as Silero's [2, 1, 128])
                 ─ Linear(32 → 1) ─ Sigmoid: the probability of speech, and the new state

Training data, all synthesized here (no recording from anywhere):
- speech-like: a glottal pulse train (its harmonics at a pitch of 90-250 Hz that glides, with the
  -12 dB/octave tilt of glottal pulses) shaped by three formant-like resonances that move from syllable to
  syllable, with syllable-like amplitude envelopes (3-6 syllables a second, short gaps inside an
  utterance); labelled speech from an utterance's first syllable to its last;
- non-speech: digital silence, white and pink noise, mains hum (50 or 60 Hz and its harmonics), clicks,
  as a steady background (behind speech too) and as bursts that start and stop; levels from -60 to -6 dBFS.
Training is seeded and deterministic (one CPU thread): 900 Adam steps on 360 sequences of 1.3 s, about 20 s of CPU.

Writes
  demo/exported/vad-lstm.onnx     the model (torch.onnx.export, opset 17; the gallery copies it into
                                  demo/models/ through `npm run gen-models`)
  demo/audio/vad-clip.wav         the built-in clip: 4 s of 16-bit mono 16 kHz audio, synthesized as above
  demo/audio/vad-clip.json        its segments (what is where, and which are speech) for the page
  tests/data/vad/pytorch.json     PyTorch's probability for each of the clip's 125 frames, run frame by
                                  frame with the state carried, on the clip's 16-bit samples / 32768

Run with Debian's python3-torch (1.13): /usr/bin/python3 scripts/export-vad-model.py. Nothing else needs
PyTorch: the files are committed.
"""
import json
import math
import wave
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

ROOT = Path(__file__).resolve().parent.parent
RATE = 16000
FRAME = 512
BANDS = 24
HIDDEN = 32
KERNEL = 256
STRIDE = 128
OPSET = 17
SEED = 34


class Vad(nn.Module):
    def __init__(self):
        super().__init__()
        self.filterbank = nn.Conv1d(1, 2 * BANDS, KERNEL, stride=STRIDE, bias=False)
        self.lstm = nn.LSTM(BANDS, HIDDEN)
        self.out = nn.Linear(HIDDEN, 1)
        # Hann-windowed cosine and sine pairs at mel-spaced frequencies: a start the training refines.
        mel = lambda f: 2595 * math.log10(1 + f / 700)
        hz = lambda m: 700 * (10 ** (m / 2595) - 1)
        freqs = [hz(m) for m in np.linspace(mel(100), mel(5000), BANDS)]
        t = np.arange(KERNEL) / RATE
        window = np.hanning(KERNEL) / KERNEL * 8
        weight = [window * np.cos(2 * np.pi * f * t) for f in freqs] + [window * np.sin(2 * np.pi * f * t) for f in freqs]
        with torch.no_grad():
            self.filterbank.weight.copy_(torch.tensor(np.array(weight), dtype=torch.float32).unsqueeze(1))

    def features(self, frames):
        """frames [N, 512] -> log band energies [N, BANDS]."""
        z = self.filterbank(frames.unsqueeze(1))
        re, im = z[:, :BANDS], z[:, BANDS:]
        return torch.log(torch.sqrt(re * re + im * im + 1e-8) + 1e-3).mean(2)

    def forward(self, frame, state):
        """One step, as exported: frame [1, 512], state [2, 1, HIDDEN] -> speech [1, 1], state [2, 1, HIDDEN]."""
        y, (h, c) = self.lstm(self.features(frame).unsqueeze(0), (state[0:1], state[1:2]))
        return torch.sigmoid(self.out(y[0])), torch.cat([h, c], 0)

    def sequences(self, frames):
        """Training: frames [B, T, 512] from a zero state -> logits [B, T]."""
        b, t, _ = frames.shape
        features = self.features(frames.reshape(b * t, FRAME)).reshape(b, t, BANDS).transpose(0, 1)
        y, _ = self.lstm(features)
        return self.out(y).squeeze(2).transpose(0, 1)


# ---- synthesis -------------------------------------------------------------------------------------

def db(level):
    return 10 ** (level / 20)


def rms_to(x, level):
    rms = math.sqrt(float(np.mean(x * x))) or 1.0
    return x * (db(level) / rms)


def white(rng, n):
    return rng.standard_normal(n)


def pink(rng, n):
    spectrum = np.fft.rfft(rng.standard_normal(n))
    f = np.arange(len(spectrum))
    f[0] = 1
    return np.fft.irfft(spectrum / np.sqrt(f), n)


def hum(rng, n):
    base = rng.choice([50.0, 60.0])
    t = np.arange(n) / RATE
    harmonics = [(k, rng.uniform(0.2, 1) / k, rng.uniform(0, 2 * np.pi)) for k in range(1, 8)]
    return sum(a * np.sin(2 * np.pi * base * k * t + p) for k, a, p in harmonics)


def clicks(rng, n):
    x = np.zeros(n)
    for start in rng.integers(0, n, size=max(1, int(n / RATE * rng.uniform(3, 12)))):
        length = int(rng.integers(20, 200))
        end = min(n, start + length)
        x[start:end] += rng.choice([-1, 1]) * np.exp(-np.arange(end - start) / (length / 5)) * rng.standard_normal(end - start)
    return x


def utterance(rng, n, pitch):
    """A speech-like utterance filling n samples: syllables of glottal pulses through moving formants."""
    t = np.arange(n) / RATE
    # syllables: onsets every 160-330 ms, each 120-280 ms long
    envelope = np.zeros(n)
    formant_track = np.zeros((n, 3))
    position = 0
    targets = []
    while position < n - int(0.1 * RATE):
        length = int(rng.uniform(0.12, 0.28) * RATE)
        end = min(n, position + length)
        k = np.arange(end - position) / max(1, length - 1)
        envelope[position:end] = np.sin(np.pi * k) ** 0.7 * rng.uniform(0.5, 1.0)
        targets.append((position, end, [rng.uniform(300, 850), rng.uniform(850, 2300), rng.uniform(2300, 3200)]))
        position = end + int(rng.uniform(0.02, 0.08) * RATE)
    for start, end, (f1, f2, f3) in targets:
        k = np.linspace(0, 1, end - start)[:, None]
        glide = np.array([rng.uniform(-150, 150), rng.uniform(-400, 400), rng.uniform(-200, 200)])
        formant_track[start:end] = np.array([f1, f2, f3]) + k * glide
    # the pitch glides around its centre, slowly
    f0 = pitch * (1 + 0.12 * np.sin(2 * np.pi * rng.uniform(0.5, 2) * t + rng.uniform(0, 6))) * (1 + 0.01 * rng.standard_normal(n).cumsum() / np.sqrt(n))
    phase = 2 * np.pi * np.cumsum(f0) / RATE
    signal = np.zeros(n)
    bandwidths = np.array([80.0, 120.0, 160.0])
    # the harmonics' gains change slowly: computed every 16 samples and held
    control = slice(None, None, 16)
    hold = lambda g: np.repeat(g, 16)[:n]
    for k in range(1, int(5500 / pitch) + 1):
        freq = k * f0[control]
        # glottal tilt (-12 dB/octave over the harmonics' 1/k) times the three resonances at the frequency
        resonance = np.sum(1 / np.sqrt(1 + ((freq[:, None] - formant_track[control]) / bandwidths) ** 2), axis=1)
        signal += hold(resonance / k * (freq < 6000)) * np.sin(k * phase)
    return signal * envelope


def background(rng, n, level):
    kind = rng.choice(['silence', 'white', 'pink', 'hum', 'clicks', 'mix'])
    if kind == 'silence':
        return np.zeros(n)
    if kind == 'mix':
        return rms_to(pink(rng, n), level) + rms_to(hum(rng, n), level - 6) + rms_to(clicks(rng, n), level - 3)
    return rms_to({'white': white, 'pink': pink, 'hum': hum, 'clicks': clicks}[kind](rng, n), level)


def burst(rng, n):
    """A non-speech sound that starts and stops: hum, noise or clicks, faded in and out."""
    kind = rng.choice([hum, white, pink, clicks])
    return kind(rng, n) * np.hanning(n) ** rng.uniform(0.05, 1)


def training_example(rng, frames):
    """A sequence of `frames` frames: background noise, 0-2 non-speech bursts and 0-2 utterances; per-frame
    speech labels."""
    n = frames * FRAME
    x = background(rng, n, rng.uniform(-60, -15))
    labels = np.zeros(frames)
    for _ in range(int(rng.integers(0, 3))):
        length = int(rng.uniform(0.2, 1.0) * RATE)
        start = int(rng.integers(0, n - length))
        x[start:start + length] += rms_to(burst(rng, length), rng.uniform(-40, -8))
    for _ in range(int(rng.integers(0, 3))):
        length = int(rng.uniform(0.4, 1.2) * RATE)
        start = int(rng.integers(0, n - length))
        level = rng.uniform(-35, -6)
        x[start:start + length] += rms_to(utterance(rng, length, rng.uniform(90, 250)), level)
        labels[start // FRAME:(start + length) // FRAME] = 1
    return np.clip(x, -1, 1), labels


# ---- the built-in clip -----------------------------------------------------------------------------

CLIP_SEGMENTS = [  # seconds, what, speech
    (0.0, 0.4, 'quiet room noise', False),
    (0.4, 1.3, 'a low voice (about 110 Hz)', True),
    (1.3, 1.9, 'mains hum (50 Hz)', False),
    (1.9, 2.8, 'a higher voice (about 210 Hz) over pink noise', True),
    (2.8, 3.4, 'clicks and white noise', False),
    (3.4, 3.9, 'the low voice again, quieter', True),
    (3.9, 4.0, 'quiet room noise', False),
]


def clip():
    rng = np.random.default_rng(SEED + 1)
    n = 4 * RATE
    x = rms_to(pink(rng, n), -55)
    span = lambda a, b: slice(round(a * RATE), round(b * RATE))
    samples = lambda a, b: round(b * RATE) - round(a * RATE)
    x[span(0.4, 1.3)] += rms_to(utterance(rng, samples(0.4, 1.3), 110), -14)
    x[span(1.3, 1.9)] += rms_to(hum(rng, samples(1.3, 1.9)), -22) * np.hanning(samples(1.3, 1.9)) ** 0.2
    x[span(1.9, 2.8)] += rms_to(utterance(rng, samples(1.9, 2.8), 210), -16) + rms_to(pink(rng, samples(1.9, 2.8)), -34)
    x[span(2.8, 3.4)] += rms_to(clicks(rng, samples(2.8, 3.4)), -20) + rms_to(white(rng, samples(2.8, 3.4)), -38)
    x[span(3.4, 3.9)] += rms_to(utterance(rng, samples(3.4, 3.9), 120), -24)
    return np.round(np.clip(x, -1, 32767 / 32768) * 32768).astype(np.int16)


def write_wav(path, samples):
    with wave.open(str(path), 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.astype('<i2').tobytes())


# ---- training and export ---------------------------------------------------------------------------

def train():
    torch.manual_seed(SEED)
    rng = np.random.default_rng(SEED)
    examples = [training_example(rng, 40) for _ in range(360)]
    audio = torch.tensor(np.array([x for x, _ in examples]), dtype=torch.float32).reshape(len(examples), 40, FRAME)
    labels = torch.tensor(np.array([y for _, y in examples]), dtype=torch.float32)
    model = Vad()
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    loss_fn = nn.BCEWithLogitsLoss()
    batch = 24
    steps = 900
    for step in range(steps):
        pick = torch.arange(step * batch, (step + 1) * batch) % len(examples)
        loss = loss_fn(model.sequences(audio[pick]), labels[pick])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 100 == 0 or step == steps - 1:
            print(f'step {step}: loss {loss.item():.4f}')
    return model.eval()


def main():
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    model = train()

    audio_dir = ROOT / 'demo' / 'audio'
    audio_dir.mkdir(parents=True, exist_ok=True)
    samples = clip()
    write_wav(audio_dir / 'vad-clip.wav', samples)
    segments = [{'start': a, 'end': b, 'what': what, 'speech': speech} for a, b, what, speech in CLIP_SEGMENTS]
    (audio_dir / 'vad-clip.json').write_text(json.dumps({'sampleRate': RATE, 'frame': FRAME, 'segments': segments}, indent=1) + '\n')

    frames = torch.tensor(samples.astype(np.float32) / 32768).reshape(-1, FRAME)
    state = torch.zeros(2, 1, HIDDEN)
    probabilities = []
    with torch.no_grad():
        for frame in frames:
            p, state = model(frame.unsqueeze(0), state)
            probabilities.append(round(float(p), 7))
    tests_dir = ROOT / 'tests' / 'data' / 'vad'
    tests_dir.mkdir(parents=True, exist_ok=True)
    (tests_dir / 'pytorch.json').write_text(json.dumps({
        'model': 'demo/exported/vad-lstm.onnx', 'clip': 'demo/audio/vad-clip.wav', 'hidden': HIDDEN,
        'probabilities': probabilities, 'finalState': [round(float(v), 7) for v in state.flatten()],
    }) + '\n')

    torch.onnx.export(model, (torch.zeros(1, FRAME), torch.zeros(2, 1, HIDDEN)), str(ROOT / 'demo' / 'exported' / 'vad-lstm.onnx'),
                      opset_version=OPSET, input_names=['audio', 'state'], output_names=['speech', 'state_out'])
    for a, b, what, speech in CLIP_SEGMENTS:
        part = probabilities[round(a * RATE) // FRAME:round(b * RATE) // FRAME]
        print(f'{a:.1f}-{b:.1f} s {what}: mean {np.mean(part):.2f}, min {np.min(part):.2f}, max {np.max(part):.2f}')


if __name__ == '__main__':
    main()
