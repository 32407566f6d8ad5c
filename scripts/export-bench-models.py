#!/usr/bin/python3
"""Exports the benchmark's graphs with torch.onnx.export into bench/models/: what PyTorch writes for
pooling pipelines a web page runs on an image, at the sizes bench/cases.mjs times them.

  avgpool2d-default.onnx   nn.AvgPool2d(3, stride=2, padding=1) with its defaults (count_include_pad):
                           Pad (zeros) + AveragePool, on [1, 64, 112, 112]
  pool-round-clamp.onnx    (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255): a quantize pipeline,
                           on [1, 3, 224, 224]
  pool-flatten.onnx        torch.flatten(F.avg_pool2d(x, 2), 1): Flatten after the pooling, on
                           [1, 64, 56, 56]
  pool-view.onnx           F.avg_pool2d(x, 2).view(n, -1) with a dynamic batch: shape arithmetic
                           (Shape, Gather, Unsqueeze, Concat) then Reshape, on [1, 64, 56, 56]
  if-lstm-step.onnx        one step of a voice-activity model's LSTM in a module scripted with
                           torch.jit.script that branches on the sample rate as Silero VAD does: If
                           (sr == 16000) around nn.LSTM(64, 128, batch_first=True), else an
                           nn.LSTM(32, 128) over the first 32 features; x [1, 1, 64], the states h, c
                           [1, 1, 128] given and returned (opset 14). The bare step is the LSTM case
                           of bench/cases.mjs at the same sizes.
  threshold.onnx           torch.where(x * 2 - 1 > 0.5, x * 2 - 1, 0): a threshold chain (Mul, Sub,
                           Greater, Where), on [1, 3, 224, 224]
  yolo-head-split.onnx     boxes, scores = x.split([4, 80], 1); boxes.sum(1) * 640 + scores.amax(1): a
                           YOLO head cut by Split, each part reduced, on [1, 84, 8400]

Run with Debian's python3-torch (1.13): /usr/bin/python3 scripts/export-bench-models.py. The benchmark
reads the committed files and does not need PyTorch.
"""
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

OUT = Path(__file__).resolve().parent.parent / 'bench' / 'models'
OPSET = 13


class PoolRoundClamp(nn.Module):
    def forward(self, x):
        return (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255)


class PoolFlatten(nn.Module):
    def forward(self, x):
        return torch.flatten(F.avg_pool2d(x, 2), 1)


class PoolView(nn.Module):
    def forward(self, x):
        y = F.avg_pool2d(x, 2)
        return y.view(y.size(0), -1)


class IfLstmStep(nn.Module):
    """A streaming LSTM step behind a branch on the sample rate (If), as Silero VAD's graph has one:
    the output and the states the caller keeps for the next call."""

    def __init__(self):
        super().__init__()
        self.lstm16k = nn.LSTM(64, 128, batch_first=True)
        self.lstm8k = nn.LSTM(32, 128, batch_first=True)

    def forward(self, x, h, c, sr: Tensor):
        if bool(sr == 16000):
            y, (h, c) = self.lstm16k(x, (h, c))
        else:
            y, (h, c) = self.lstm8k(x[:, :, :32], (h, c))
        return y, h, c


class Threshold(nn.Module):
    def forward(self, x):
        s = x * 2 - 1
        return torch.where(s > 0.5, s, torch.zeros(()))


class YoloHeadSplit(nn.Module):
    def forward(self, x):
        boxes, scores = x.split([4, 80], 1)
        return boxes.sum(1) * 640 + scores.amax(1)


# name: (module, input shape, whether the batch is dynamic)
MODELS = {
    'avgpool2d-default': (nn.AvgPool2d(3, stride=2, padding=1), [1, 64, 112, 112], False),
    'pool-round-clamp': (PoolRoundClamp(), [1, 3, 224, 224], False),
    'pool-flatten': (PoolFlatten(), [1, 64, 56, 56], False),
    'pool-view': (PoolView(), [1, 64, 56, 56], True),
    'threshold': (Threshold(), [1, 3, 224, 224], False),
    'yolo-head-split': (YoloHeadSplit(), [1, 84, 8400], False),
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (module, shape, dynamic) in MODELS.items():
        torch.onnx.export(module.eval(), torch.zeros(shape), str(OUT / f'{name}.onnx'), opset_version=OPSET,
                          input_names=['x'], output_names=['y'],
                          dynamic_axes={'x': {0: 'n'}, 'y': {0: 'n'}} if dynamic else None)
        print(f'{name}.onnx')
    torch.manual_seed(34)  # the LSTMs' weights
    state = torch.zeros(1, 1, 128)
    torch.onnx.export(torch.jit.script(IfLstmStep().eval()), (torch.zeros(1, 1, 64), state, state, torch.tensor(16000)),
                      str(OUT / 'if-lstm-step.onnx'), opset_version=14,
                      input_names=['x', 'h', 'c', 'sr'], output_names=['y', 'hn', 'cn'])
    print('if-lstm-step.onnx')


if __name__ == '__main__':
    main()
