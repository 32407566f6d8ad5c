#!/usr/bin/python3
"""Exports the two small networks of tests/data/graphs/ with torch.onnx.export (torch 1.13), seeded
weights as scripts/export-models.py seeds its modules:

  mnist_cnn      an MNIST-shaped CNN as web demos ship it: Conv 5x5 (8) + ReLU + MaxPool 2, Conv 5x5
                 (16) + ReLU + MaxPool 3, Flatten, Linear 256 -> 10; input [1, 1, 28, 28]
  resnet_block   a ResNet basic block: Conv 3x3 - BatchNorm - ReLU - Conv 3x3 - BatchNorm, plus the
                 input, ReLU, 64 channels; exported in eval mode, so the exporter folds each BatchNorm
                 (random running statistics) into its Conv; input [1, 64, h, w] with h and w dynamic

Only the models are written here: scripts/graph-models.mjs then feeds them and writes onnxruntime-node's
outputs beside them. Run: /usr/bin/python3 scripts/export-graph-models.py
"""
import importlib.util
import warnings
from io import BytesIO
from pathlib import Path

import onnx
import torch
import torch.nn as nn

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / 'tests' / 'data' / 'graphs'
OPSET = 13

spec = importlib.util.spec_from_file_location('export_models', ROOT / 'scripts' / 'export-models.py')
export_models = importlib.util.module_from_spec(spec)
spec.loader.exec_module(export_models)


class BasicBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(channels)
        self.conv2 = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(channels)

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        return torch.relu(self.bn2(self.conv2(y)) + x)


def resnet_block():
    block = BasicBlock(64)
    # Trained-looking statistics, so that folding them into the Convs changes the weights.
    for bn in (block.bn1, block.bn2):
        bn.running_mean.uniform_(-0.5, 0.5)
        bn.running_var.uniform_(0.5, 2.0)
        bn.weight.data.uniform_(0.5, 1.5)
        bn.bias.data.uniform_(-0.2, 0.2)
    return block


def mnist_cnn():
    return nn.Sequential(nn.Conv2d(1, 8, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(8, 16, 5, padding=2), nn.ReLU(), nn.MaxPool2d(3),
                         nn.Flatten(), nn.Linear(256, 10))


# name: (module maker, traced input shape, dynamic axes of the input and output)
MODELS = {
    'mnist_cnn': (mnist_cnn, (1, 1, 28, 28), None),
    'resnet_block': (resnet_block, (1, 64, 14, 14), {'x': {2: 'h', 3: 'w'}, 'y': {2: 'h', 3: 'w'}}),
}


def main():
    warnings.filterwarnings('ignore')
    for name, (make, shape, axes) in MODELS.items():
        module = export_models.seeded_module(make).eval()
        f = BytesIO()
        torch.onnx.export(module, torch.zeros(shape), f, opset_version=OPSET, input_names=['x'], output_names=['y'],
                          dynamic_axes=axes)
        model = onnx.load_from_string(f.getvalue())
        onnx.checker.check_model(model)
        folder = OUT / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / 'model.onnx').write_bytes(f.getvalue())
        print(f'{name}: {" ".join(n.op_type for n in model.graph.node)}')


if __name__ == '__main__':
    main()
