#!/usr/bin/python3
"""Exports the demo gallery's PyTorch models with torch.onnx.export into demo/exported/: image pipelines
as a web page would write them in PyTorch, on [1, 3, H, W] pictures of any size (dynamic H and W).
tools/demo-models.mjs lists them in the gallery; `npm run gen-models` copies them into demo/models/.

  pytorch-soft-blur.onnx     nn.AvgPool2d(3, stride=1, padding=1), its defaults kept: Pad (zeros) +
                             AveragePool, the border darkened as count_include_pad means
  pytorch-quantize.onnx      (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255): halve, then 8-bit levels
  pytorch-relu6-levels.onnx  torch.floor(F.relu6(x * 8 - 1)): 7 levels, shadows cut, highlights capped

Run with Debian's python3-torch (1.13): /usr/bin/python3 scripts/export-demo-models.py. Nothing else
needs PyTorch: the files are committed.
"""
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = Path(__file__).resolve().parent.parent / 'demo' / 'exported'


class Quantize(nn.Module):
    def forward(self, x):
        return (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255)


class Relu6Levels(nn.Module):
    def forward(self, x):
        return torch.floor(F.relu6(x * 8 - 1))


# name: (module, opset)
MODELS = {
    'pytorch-soft-blur': (nn.AvgPool2d(3, stride=1, padding=1), 11),
    'pytorch-quantize': (Quantize(), 13),
    'pytorch-relu6-levels': (Relu6Levels(), 14),
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (module, opset) in MODELS.items():
        torch.onnx.export(module.eval(), torch.zeros(1, 3, 32, 32), str(OUT / f'{name}.onnx'), opset_version=opset,
                          input_names=['image'], output_names=['result'],
                          dynamic_axes={'image': {2: 'H', 3: 'W'}, 'result': {2: 'h', 3: 'w'}})
        print(f'{name}.onnx')


if __name__ == '__main__':
    main()
