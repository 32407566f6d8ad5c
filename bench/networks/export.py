#!/usr/bin/python3
"""Exports the benchmark's whole networks (bench/cases.mjs NETWORK_CASES) with torch.onnx.export
(Debian's python3-torch 1.13 and python3-torchvision 0.14), random seeded weights:

  mobilenet_v2, resnet18, squeezenet1_1   torchvision's, input [1, 3, 224, 224], opset 13
  yolo_detector      a YOLOv8n-style detector written here: Conv-BN-SiLU blocks, C2f, SPPF, an FPN/PAN
                     neck (Upsample, Concat) and a decoupled head whose boxes go through DFL (Softmax
                     over 16 bins); input [1, 3, 320, 320], output [1, 84, 2100], opset 13
  transformer_layer  nn.TransformerEncoderLayer(64, 4 heads, 256, GELU, batch first) over 32 tokens,
                     input [1, 32, 64]: at opset 17 (LayerNormalization) and at opset 14
                     (transformer_layer_opset14: LayerNorm written out as ReduceMean, Sub, Pow, Sqrt,
                     Div)

Each BatchNorm's running statistics are set from data (forward passes in train mode on random images,
cumulative averages) before the export in eval mode, so that activations keep a trained network's
scale; the exporter then folds each BatchNorm into its Conv.

Run: /usr/bin/python3 bench/networks/export.py [name...] (all by default). Writes
bench/networks/<name>.onnx. The models over 2 MB are not committed: bench/run.mjs runs this script for
the ones it needs when they are missing.
"""
import sys
import warnings
from io import BytesIO
from pathlib import Path

import torch
import torch.nn as nn
import torchvision

OUT = Path(__file__).resolve().parent


def conv_bn_silu(c_in, c_out, k=3, s=1):
    return nn.Sequential(nn.Conv2d(c_in, c_out, k, s, k // 2, bias=False), nn.BatchNorm2d(c_out), nn.SiLU())


class Bottleneck(nn.Module):
    def __init__(self, c, shortcut):
        super().__init__()
        self.cv1 = conv_bn_silu(c, c)
        self.cv2 = conv_bn_silu(c, c)
        self.shortcut = shortcut

    def forward(self, x):
        y = self.cv2(self.cv1(x))
        return x + y if self.shortcut else y


class C2f(nn.Module):
    """YOLOv8's C2f: a 1x1 Conv split in two halves, n bottlenecks on the second, all concatenated."""

    def __init__(self, c_in, c_out, n=1, shortcut=True):
        super().__init__()
        self.c = c_out // 2
        self.cv1 = conv_bn_silu(c_in, 2 * self.c, 1)
        self.cv2 = conv_bn_silu((2 + n) * self.c, c_out, 1)
        self.m = nn.ModuleList(Bottleneck(self.c, shortcut) for _ in range(n))

    def forward(self, x):
        y = list(self.cv1(x).split((self.c, self.c), 1))
        for m in self.m:
            y.append(m(y[-1]))
        return self.cv2(torch.cat(y, 1))


class SPPF(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.cv1 = conv_bn_silu(c_in, c_in // 2, 1)
        self.cv2 = conv_bn_silu(c_in * 2, c_out, 1)
        self.pool = nn.MaxPool2d(5, 1, 2)

    def forward(self, x):
        x = self.cv1(x)
        y1 = self.pool(x)
        y2 = self.pool(y1)
        return self.cv2(torch.cat((x, y1, y2, self.pool(y2)), 1))


class Detector(nn.Module):
    """YOLOv8n's widths (16 to 256 channels) and depths, 80 classes, a DFL box head of 16 bins."""

    def __init__(self, classes=80, reg_max=16):
        super().__init__()
        self.classes, self.reg_max = classes, reg_max
        self.stem = nn.Sequential(conv_bn_silu(3, 16, 3, 2), conv_bn_silu(16, 32, 3, 2), C2f(32, 32, 1))
        self.p3 = nn.Sequential(conv_bn_silu(32, 64, 3, 2), C2f(64, 64, 2))
        self.p4 = nn.Sequential(conv_bn_silu(64, 128, 3, 2), C2f(128, 128, 2))
        self.p5 = nn.Sequential(conv_bn_silu(128, 256, 3, 2), C2f(256, 256, 1), SPPF(256, 256))
        self.up = nn.Upsample(scale_factor=2, mode='nearest')
        self.top4 = C2f(384, 128, 1, False)
        self.top3 = C2f(192, 64, 1, False)
        self.down3 = conv_bn_silu(64, 64, 3, 2)
        self.bottom4 = C2f(192, 128, 1, False)
        self.down4 = conv_bn_silu(128, 128, 3, 2)
        self.bottom5 = C2f(384, 256, 1, False)
        self.box = nn.ModuleList(nn.Sequential(conv_bn_silu(c, 64), conv_bn_silu(64, 64), nn.Conv2d(64, 4 * reg_max, 1))
                                 for c in (64, 128, 256))
        self.cls = nn.ModuleList(nn.Sequential(conv_bn_silu(c, 80), conv_bn_silu(80, 80), nn.Conv2d(80, classes, 1))
                                 for c in (64, 128, 256))
        self.register_buffer('bins', torch.arange(reg_max, dtype=torch.float32).view(1, reg_max, 1, 1))

    def forward(self, x):
        p3 = self.p3(self.stem(x))
        p4 = self.p4(p3)
        p5 = self.p5(p4)
        t4 = self.top4(torch.cat((self.up(p5), p4), 1))
        n3 = self.top3(torch.cat((self.up(t4), p3), 1))
        n4 = self.bottom4(torch.cat((self.down3(n3), t4), 1))
        n5 = self.bottom5(torch.cat((self.down4(n4), p5), 1))
        outputs = []
        for level, box, cls in zip((n3, n4, n5), self.box, self.cls):
            b = box(level).view(1, 4, self.reg_max, -1).transpose(1, 2)  # [1, bins, 4, anchors]
            distances = (b.softmax(1) * self.bins.view(1, self.reg_max, 1, 1)).sum(1)  # DFL: [1, 4, anchors]
            outputs.append(torch.cat((distances, cls(level).flatten(2).sigmoid()), 1))
        return torch.cat(outputs, 2)


def transformer_layer():
    return nn.TransformerEncoderLayer(64, 4, 256, dropout=0.0, activation='gelu', batch_first=True)


# name: (module maker, input shape, opset)
NETWORKS = {
    'mobilenet_v2': (lambda: torchvision.models.mobilenet_v2(), (1, 3, 224, 224), 13),
    'resnet18': (lambda: torchvision.models.resnet18(), (1, 3, 224, 224), 13),
    'squeezenet1_1': (lambda: torchvision.models.squeezenet1_1(), (1, 3, 224, 224), 13),
    'yolo_detector': (Detector, (1, 3, 320, 320), 13),
    'transformer_layer': (transformer_layer, (1, 32, 64), 17),
    'transformer_layer_opset14': (transformer_layer, (1, 32, 64), 14),
}


def set_batch_norm_statistics(module, shape):
    """Running means and variances from random images, averaged over the passes (momentum None); one
    image a pass, the traced batch (the detector's head reshapes to batch 1)."""
    norms = [m for m in module.modules() if isinstance(m, nn.BatchNorm2d)]
    if not norms:
        return
    for m in norms:
        m.reset_running_stats()
        m.momentum = None
    module.train()
    with torch.no_grad():
        for _ in range(16):
            module(torch.randn(shape))


def export(name):
    make, shape, opset = NETWORKS[name]
    torch.manual_seed(0)
    module = make()
    set_batch_norm_statistics(module, shape)
    module.eval()
    f = BytesIO()
    # With grad enabled: under no_grad the transformer layer takes its fused kernel, which has no export.
    torch.onnx.export(module, torch.randn(shape), f, opset_version=opset, input_names=['x'], output_names=['y'])
    path = OUT / f'{name}.onnx'
    path.write_bytes(f.getvalue())
    return path


def main():
    warnings.filterwarnings('ignore')
    names = sys.argv[1:] or list(NETWORKS)
    unknown = [n for n in names if n not in NETWORKS]
    if unknown:
        sys.exit(f'export.py: no network {", ".join(unknown)}; the networks: {", ".join(NETWORKS)}')
    for name in names:
        path = export(name)
        print(f'{name}: {path.stat().st_size} bytes')


if __name__ == '__main__':
    main()
