#!/usr/bin/python3
"""Exports small PyTorch modules with torch.onnx.export into tests/data/exported/<name>/.

Each folder is laid out as ONNX's backend cases are: model.onnx and test_data_set_N/input_K.pb,
output_K.pb (TensorProtos of the inputs and of the outputs PyTorch computed); index.json lists every
model with a one-line description, its opset, its operators and whether its outputs are exact (no
averaging in the graph: a runtime must then give PyTorch's values bit for bit, zeros' signs aside).
A model is traced at batch 2; one with a dynamic batch has two data sets, at batches 3 and 1.

The modules are what web developers write around Floor, Ceil, Round, Min and AveragePool: pooling in
every setting, adaptive pooling and means, clamp and quantize pipelines, floor division, minimum and
maximum, flatten and view, on float32, float64, float16 and integer inputs; and from issue 36 a small
CNN (Conv, Gemm), a matmul, a 1-D convolution, max pooling and F.interpolate in every mode PyTorch
writes (nearest, linear, bilinear and bicubic with align_corners true and false, trilinear); and from
issue 34 the recurrent layers (nn.LSTM, nn.GRU, nn.RNN with tanh and relu: one and two layers,
bidirectional, batch_first, with and without initial states; their outputs and final states) and
modules scripted with torch.jit.script whose data-dependent `if` exports If (on a sum, on a size, on a
sample rate choosing one of two LSTMs as Silero VAD does). Every exported graph uses only the
operators listed in ALLOWED (If's branches included); the script stops on any other.

A model whose If branches on its inputs' values has one data set per branch (CASES' optional
seventh field: the input specs of each data set); one that branches on a size has a dynamic batch.

PyTorch 1.13 cannot compute Floor, Ceil, Round, clamp, ReLU or avg_pool on float16 tensors on the CPU,
and the exporter runs the module: those float16 models are the upcast a user writes instead
(x.float().floor().half(): Cast, Floor, Cast). Min, Max, Mul, flatten, adaptive pooling and mean run
on float16 natively.

Run with Debian's python3-torch (1.13) and python3-onnx (1.12): /usr/bin/python3 scripts/export-models.py
Deterministic: the inputs come from generators seeded by each model's name. The tests do not need
PyTorch; they read the committed files.
"""
import json
import shutil
import sys
import warnings
import zlib
from io import BytesIO
from pathlib import Path

import numpy as np
import onnx
import torch
import torch.nn as nn
import torch.nn.functional as F
from onnx import numpy_helper

OUT = Path(__file__).resolve().parent.parent / 'tests' / 'data' / 'exported'

# Issue 23's operators and the five: a model that needs anything else is a mistake in the list below.
ALLOWED = set('''Constant Identity Cast Reshape Flatten Squeeze Unsqueeze Transpose Shape Gather Concat Pad
Clip Relu Max Add Sub Mul Div GlobalAveragePool ReduceMean Floor Ceil Round Min AveragePool
MatMul Gemm Conv MaxPool Resize
LSTM GRU RNN Expand ConstantOfShape Slice If Equal Greater ReduceSum
ConvTranspose InstanceNormalization DepthToSpace BatchNormalization Tanh'''.split())
# Operators whose float results depend on the order of a sum: compared with ONNX's tolerance (Resize
# only where it interpolates: nearest copies).
AVERAGING = {'AveragePool', 'GlobalAveragePool', 'ReduceMean', 'ReduceSum', 'MatMul', 'Gemm', 'Conv',
             'LSTM', 'GRU', 'RNN', 'ConvTranspose', 'InstanceNormalization', 'BatchNormalization'}


def nodes(graph):
    """The graph's nodes and those of its subgraphs (If's branches)."""
    for node in graph.node:
        yield node
        for attribute in node.attribute:
            if attribute.type == onnx.AttributeProto.GRAPH:
                yield from nodes(attribute.g)


def averages(model):
    def interpolates(node):
        return node.op_type == 'Resize' and any(a.name == 'mode' and a.s != b'nearest' for a in node.attribute)
    return any(n.op_type in AVERAGING or interpolates(n) for n in nodes(model.graph))


INPUT_NAMES = {1: ['x'], 2: ['x', 'y'], 3: ['x', 'lo', 'hi']}
TRACE_BATCH = 2
DYNAMIC_BATCHES = (3, 1)  # the data sets of a model with a dynamic batch, neither the traced one

# Edge values put first in 'grid' inputs (the rest: multiples of 0.25, so ties of Round occur).
EDGES = [float('nan'), float('inf'), float('-inf'), -0.0, 0.0, 0.5, -0.5, 1.5, -2.5, 2.5, -1e-3, 1e30, -1e30]
INT_LIMITS = {
    torch.int32: [-2**31, 2**31 - 1, 0, -1],
    torch.int64: [-2**63, 2**63 - 1, 0, -1],
    torch.uint8: [0, 255, 1, 254],
}


class Fn(nn.Module):
    """A module whose forward is f: what a user writes inline."""

    def __init__(self, f):
        super().__init__()
        self.f = f

    def forward(self, *xs):
        return self.f(*xs)


def values(kind, dtype, shape, gen):
    """An input tensor: 'normal' (N(0, 2)), 'grid' (EDGES, then quarters in [-8, 8]), 'unit' (U(-0.25,
    1.25): a quantizer's range), 'wide' (N(0, 200)), 'divisor' (±U(0.5, 4)), 'int' (the type's limits,
    then small values), 'natural' (0 to 99), 'positive' (1 to 99)."""
    n = int(np.prod(shape))
    if kind == 'normal':
        t = torch.randn(n, generator=gen) * 2
    elif kind == 'wide':
        t = torch.randn(n, generator=gen) * 200
    elif kind == 'grid':
        t = torch.randint(-32, 33, (n,), generator=gen).double() / 4
        k = min(n, len(EDGES))
        t[:k] = torch.tensor(EDGES[:k], dtype=torch.float64)
    elif kind == 'unit':
        t = torch.rand(n, generator=gen) * 1.5 - 0.25
    elif kind == 'divisor':
        sign = torch.randint(0, 2, (n,), generator=gen) * 2 - 1
        t = sign * (torch.rand(n, generator=gen) * 3.5 + 0.5)
    elif kind == 'int':
        lo, hi = (0, 256) if dtype == torch.uint8 else (-100, 101)
        t = torch.randint(lo, hi, (n,), generator=gen, dtype=torch.int64)
        k = min(n, len(INT_LIMITS[dtype]))
        t[:k] = torch.tensor(INT_LIMITS[dtype][:k], dtype=torch.int64)
    elif kind == 'natural':
        t = torch.randint(0, 100, (n,), generator=gen, dtype=torch.int64)
    elif kind == 'positive':
        t = torch.randint(1, 100, (n,), generator=gen, dtype=torch.int64)
    elif kind in ('above', 'below'):  # ±U(0.1, 2): a sum of a known sign
        t = (torch.rand(n, generator=gen) * 1.9 + 0.1) * (1 if kind == 'above' else -1)
    elif isinstance(kind, int):  # every element this value (a sample rate)
        t = torch.full((n,), kind, dtype=torch.int64)
    else:
        raise ValueError(kind)
    return t.to(dtype).reshape(shape)


def typed(dtype, default_kind):
    """An input spec maker: f32(n, 3, 4, kind='grid') is (torch.float32, (n, 3, 4), 'grid')."""
    return lambda *shape, kind=default_kind: (dtype, shape, kind)


f32, f16, f64 = (typed(t, 'normal') for t in (torch.float32, torch.float16, torch.float64))
i32, i64, u8 = (typed(t, 'int') for t in (torch.int32, torch.int64, torch.uint8))


def seeded_module(make):
    """A module whose weights come from a fixed seed, not the order the list is built in."""
    torch.manual_seed(36)
    return make()


class TinyUNet(nn.Module):
    """A U-Net's shape at its smallest: a Conv + InstanceNorm + ReLU encoder, a pooled middle, a
    ConvTranspose 2x2 stride 2 back up, the skip concatenated, a 1x1 Conv out."""

    def __init__(self):
        super().__init__()
        self.down = nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.InstanceNorm2d(4, affine=True), nn.ReLU())
        self.middle = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(4, 8, 3, padding=1), nn.InstanceNorm2d(8), nn.ReLU())
        self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)
        self.out = nn.Conv2d(8, 1, 1)

    def forward(self, x):
        skip = self.down(x)
        return self.out(torch.cat([self.up(self.middle(skip)), skip], 1))


def linear_batchnorm():
    """nn.Linear, then nn.BatchNorm1d with running statistics and affine parameters of its own."""
    model = nn.Sequential(nn.Linear(12, 6), nn.BatchNorm1d(6), nn.ReLU())
    with torch.no_grad():
        norm = model[1]
        norm.running_mean.uniform_(-1, 1)
        norm.running_var.uniform_(0.25, 2)
        norm.weight.uniform_(0.5, 1.5)
        norm.bias.uniform_(-0.5, 0.5)
    return model


class Recurrent(nn.Module):
    """A recurrent layer's output sequence and final states, from the initial states given as inputs
    (as a streaming model takes them) or from none (the exporter then makes their zeros from x's
    Shape: Expand, or ConstantOfShape where the batch is dynamic)."""

    def __init__(self, rnn, states):
        super().__init__()
        self.rnn = rnn
        lstm = isinstance(rnn, nn.LSTM)
        self.input_names = ['x'] + (['h0', 'c0'] if lstm else ['h0'])[:states]
        self.output_names = ['y', 'h_n', 'c_n'] if lstm else ['y', 'h_n']

    def forward(self, x, *states):
        y, final = self.rnn(x, (states if len(states) == 2 else states[0]) if states else None)
        return (y, *final) if isinstance(final, tuple) else (y, final)


def recurrent(make, states):
    return seeded_module(lambda: Recurrent(make(), states))


class IfSum(nn.Module):
    """A data-dependent branch on the input's sum (If on Greater of ReduceSum)."""

    def forward(self, x):
        if bool(x.sum() > 0):
            return x * 2
        return x - 1


class IfSize(nn.Module):
    """A branch on the batch size (If on a Gather of the Shape of x)."""

    def forward(self, x):
        if x.size(0) > 2:
            return x.mean(1)
        return x.sum(1)


class IfSampleRate(nn.Module):
    """A voice-activity step branching on the sample rate as Silero VAD does: at 16000 Hz an LSTM over
    64 features, else one over the first 32, both from the given states (If around LSTM; the scripted
    export reorders PyTorch's gates inside each branch with Slice and Concat)."""

    input_names = ['x', 'h0', 'c0', 'sr']
    output_names = ['y', 'h_n', 'c_n']

    def __init__(self):
        super().__init__()
        self.lstm16k = nn.LSTM(64, 64, batch_first=True)
        self.lstm8k = nn.LSTM(32, 64, batch_first=True)

    def forward(self, x, h0, c0, sr):
        if bool(sr == 16000):
            y, (h, c) = self.lstm16k(x, (h0, c0))
        else:
            y, (h, c) = self.lstm8k(x[:, :, :32], (h0, c0))
        return y, h, c


def scripted(cls):
    """torch.jit.script of a seeded cls(), keeping its input and output names."""
    script = torch.jit.script(seeded_module(cls).eval())
    script.input_names = getattr(cls, 'input_names', None)
    script.output_names = getattr(cls, 'output_names', None)
    return script


# (name, description, module, inputs, opsets, dynamic batch). N in an input's shape is the batch
# (TRACE_BATCH, or DYNAMIC_BATCHES in the data sets of a dynamic one). One model per opset: <name>_opset<N>.
N = 'n'
CASES = [
    # ---- AvgPool1d/2d/3d: the defaults (count_include_pad=True) export Pad + AveragePool
    ('avgpool2d_default', 'nn.AvgPool2d(2), defaults (count_include_pad=True: Pad + AveragePool)',
     nn.AvgPool2d(2), [f32(N, 3, 6, 6)], [7, 10, 11, 13, 17], False),
    ('avgpool2d_default_dynamic', 'nn.AvgPool2d(2), defaults, dynamic batch',
     nn.AvgPool2d(2), [f32(N, 2, 4, 4)], [11, 17], True),
    ('avgpool2d_k3_s2_p1', 'nn.AvgPool2d(3, stride=2, padding=1): padded zeros counted (Pad)',
     nn.AvgPool2d(3, stride=2, padding=1), [f32(N, 2, 7, 7)], [9, 11, 17], False),
    ('avgpool2d_k3_s2_p1_exclude_pad', 'nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False)',
     nn.AvgPool2d(3, stride=2, padding=1, count_include_pad=False), [f32(N, 2, 7, 7)], [7, 11, 17], False),
    ('avgpool2d_ceil', 'nn.AvgPool2d(3, stride=2, ceil_mode=True) on 6x6: a last window that overhangs',
     nn.AvgPool2d(3, stride=2, ceil_mode=True), [f32(N, 2, 6, 6)], [10, 11, 17], False),
    ('avgpool2d_ceil_p1_exclude_pad', 'nn.AvgPool2d(3, 2, padding=1, ceil_mode=True, count_include_pad=False)',
     nn.AvgPool2d(3, 2, padding=1, ceil_mode=True, count_include_pad=False), [f32(N, 2, 6, 6)], [10, 17], False),
    ('avgpool2d_ceil_p1', 'nn.AvgPool2d(3, 2, padding=1, ceil_mode=True): padding counted, overhang not',
     nn.AvgPool2d(3, 2, padding=1, ceil_mode=True), [f32(N, 2, 6, 6)], [11, 17], False),
    ('avgpool2d_rect', 'nn.AvgPool2d((2, 3), stride=(1, 2), padding=(1, 0)): per-axis settings',
     nn.AvgPool2d((2, 3), stride=(1, 2), padding=(1, 0)), [f32(N, 2, 5, 7)], [11, 13], False),
    ('avgpool2d_stride1_exclude_pad', 'nn.AvgPool2d(2, stride=1, count_include_pad=False): overlapping windows',
     nn.AvgPool2d(2, stride=1, count_include_pad=False), [f32(N, 3, 5, 5)], [7, 13], False),
    ('avgpool1d_default', 'nn.AvgPool1d(3), defaults (Pad + AveragePool)',
     nn.AvgPool1d(3), [f32(N, 3, 10)], [7, 11, 17], False),
    ('avgpool1d_p1_exclude_pad', 'nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False)',
     nn.AvgPool1d(3, stride=1, padding=1, count_include_pad=False), [f32(N, 2, 9)], [11, 17], False),
    ('avgpool1d_ceil', 'nn.AvgPool1d(4, stride=2, ceil_mode=True) on length 11',
     nn.AvgPool1d(4, stride=2, ceil_mode=True), [f32(N, 2, 11)], [10, 17], False),
    ('avgpool1d_p2', 'nn.AvgPool1d(4, stride=2, padding=2): padded zeros counted',
     nn.AvgPool1d(4, stride=2, padding=2), [f32(N, 2, 9)], [13], False),
    ('avgpool3d_default', 'nn.AvgPool3d(2), defaults (Pad + AveragePool)',
     nn.AvgPool3d(2), [f32(1, 2, 4, 4, 4)], [9, 11, 17], False),
    ('avgpool3d_ceil_p1_exclude_pad', 'nn.AvgPool3d(3, 2, padding=1, ceil_mode=True, count_include_pad=False)',
     nn.AvgPool3d(3, 2, padding=1, ceil_mode=True, count_include_pad=False), [f32(1, 1, 5, 6, 6)], [10, 17], False),
    ('avgpool3d_planes', 'nn.AvgPool3d((1, 2, 2), stride=(1, 2, 2)): 2-D pooling of each frame',
     nn.AvgPool3d((1, 2, 2), stride=(1, 2, 2)), [f32(1, 2, 3, 4, 4)], [11], False),
    ('avgpool3d_p1', 'nn.AvgPool3d(3, stride=1, padding=1): padded zeros counted',
     nn.AvgPool3d(3, stride=1, padding=1), [f32(1, 1, 4, 4, 4)], [13], False),
    ('avgpool2d_nhwc', 'F.avg_pool2d of an NHWC tensor: permute, pool, permute back (Transpose)',
     Fn(lambda x: F.avg_pool2d(x.permute(0, 3, 1, 2), 2).permute(0, 2, 3, 1)), [f32(N, 4, 4, 3)], [11, 13], False),
    ('avgpool1d_unsqueeze', 'F.avg_pool1d(x.unsqueeze(1), 2).squeeze(1): pooling a batch of rows',
     Fn(lambda x: F.avg_pool1d(x.unsqueeze(1), 2).squeeze(1)), [f32(N, 8)], [11, 13], False),
    ('avgpool2d_relu', 'nn.AvgPool2d(2) after F.relu',
     Fn(lambda x: F.avg_pool2d(F.relu(x), 2)), [f32(N, 2, 4, 4)], [9, 13], False),
    # ---- adaptive pooling and means
    ('adaptive_avgpool2d_1', 'nn.AdaptiveAvgPool2d(1) (GlobalAveragePool)',
     nn.AdaptiveAvgPool2d(1), [f32(N, 3, 5, 5)], [7, 11, 17], False),
    ('adaptive_avgpool2d_1_flatten', 'nn.AdaptiveAvgPool2d(1) then torch.flatten(x, 1): a classifier head, dynamic batch',
     Fn(lambda x: torch.flatten(F.adaptive_avg_pool2d(x, 1), 1)), [f32(N, 4, 3, 3)], [11, 13], True),
    ('adaptive_avgpool1d_1', 'nn.AdaptiveAvgPool1d(1) (GlobalAveragePool)',
     nn.AdaptiveAvgPool1d(1), [f32(N, 3, 7)], [11], False),
    ('adaptive_avgpool3d_1', 'nn.AdaptiveAvgPool3d(1) (GlobalAveragePool)',
     nn.AdaptiveAvgPool3d(1), [f32(1, 2, 3, 4, 4)], [13], False),
    ('adaptive_avgpool2d_2', 'nn.AdaptiveAvgPool2d(2) on 6x6 (AveragePool 3x3, stride 3)',
     nn.AdaptiveAvgPool2d(2), [f32(N, 2, 6, 6)], [11, 17], False),
    ('mean_hw', 'x.mean((2, 3)) (ReduceMean)',
     Fn(lambda x: x.mean((2, 3))), [f32(N, 3, 4, 4)], [9, 13, 16], False),
    ('mean_hw_keepdim', 'x.mean((2, 3), keepdim=True)',
     Fn(lambda x: x.mean((2, 3), keepdim=True)), [f32(N, 3, 4, 4)], [11], False),
    ('mean_last', 'x.mean(-1)',
     Fn(lambda x: x.mean(-1)), [f32(N, 3, 6)], [13], False),
    ('mean_center', 'x - x.mean((2, 3), keepdim=True): centring each plane (ReduceMean, Sub)',
     Fn(lambda x: x - x.mean((2, 3), keepdim=True)), [f32(N, 2, 4, 4)], [13], False),
    ('adaptive_avgpool2d_1_float16', 'nn.AdaptiveAvgPool2d(1) on float16 (GlobalAveragePool)',
     nn.AdaptiveAvgPool2d(1), [f16(N, 3, 4, 4)], [13], False),
    ('mean_hw_float16', 'x.mean((2, 3)) on float16 (ReduceMean)',
     Fn(lambda x: x.mean((2, 3))), [f16(N, 3, 4, 4)], [17], False),
    # ---- rounding, clamp and quantize pipelines
    ('floor', 'torch.floor(x), with NaN, infinities, signed zeros',
     Fn(torch.floor), [f32(N, 3, 10, kind='grid')], [7, 13], False),
    ('ceil', 'torch.ceil(x), with NaN, infinities, signed zeros',
     Fn(torch.ceil), [f32(N, 3, 10, kind='grid')], [7, 13], False),
    ('round', 'torch.round(x): ties to even, with NaN, infinities, signed zeros',
     Fn(torch.round), [f32(N, 3, 10, kind='grid')], [11, 17], False),
    ('floor_ceil_cat', 'torch.cat([x.floor(), x.ceil()], 1) (Concat)',
     Fn(lambda x: torch.cat([x.floor(), x.ceil()], 1)), [f32(N, 2, 6, kind='grid')], [11, 13], False),
    ('quantize_255', '(x * 255).round().clamp(0, 255): to the 8-bit range (Mul, Round, Clip)',
     Fn(lambda x: (x * 255).round().clamp(0, 255)), [f32(N, 3, 4, 4, kind='unit')], [11, 13, 17], False),
    ('quantize_255_dynamic', '(x * 255).round().clamp(0, 255), dynamic batch',
     Fn(lambda x: (x * 255).round().clamp(0, 255)), [f32(N, 3, 4, kind='unit')], [13], True),
    ('quantize_uint8', '(x * 255).round().clamp(0, 255).to(torch.uint8): to bytes (Cast)',
     Fn(lambda x: (x * 255).round().clamp(0, 255).to(torch.uint8)), [f32(N, 3, 4, 4, kind='unit')], [11, 17], False),
    ('quantize_int32', '(x * 255).round().to(torch.int32) (Cast)',
     Fn(lambda x: (x * 255).round().to(torch.int32)), [f32(N, 3, 5, kind='unit')], [13], False),
    ('floor_quarters', 'torch.floor(x * 4) / 4: down to quarters (Mul, Floor, Div)',
     Fn(lambda x: torch.floor(x * 4) / 4), [f32(N, 3, 6)], [9, 13], False),
    ('floor_scale_shift', '(x * 0.5 + 0.5).floor() (Mul, Add, Floor)',
     Fn(lambda x: (x * 0.5 + 0.5).floor()), [f32(N, 3, 6, kind='grid')], [13], False),
    ('pool_quantize', 'nn.AvgPool2d(2), then (x * 255).round().clamp(0, 255): a thumbnail',
     Fn(lambda x: (F.avg_pool2d(x, 2) * 255).round().clamp(0, 255)), [f32(N, 3, 6, 6, kind='unit')], [11, 17], False),
    ('clamp_max', 'torch.clamp(x, max=255) (Clip)',
     Fn(lambda x: torch.clamp(x, max=255)), [f32(N, 3, 8, kind='wide')], [9, 11, 13], False),
    ('clamp_0_6', 'x.clamp(0, 6), with NaN and infinities',
     Fn(lambda x: x.clamp(0, 6)), [f32(N, 3, 8, kind='grid')], [7, 12], False),
    ('relu6', 'F.relu6(x) (Relu, Clip)',
     Fn(F.relu6), [f32(N, 3, 8)], [9, 11, 14], False),
    ('clamp_int32', 'x.clamp(0, 100) on int32 (Cast around Clip before opset 12)',
     Fn(lambda x: x.clamp(0, 100)), [i32(N, 8)], [9, 13], False),
    ('clamp_float64', 'x.clamp(-1.5, 1.5) on float64',
     Fn(lambda x: x.clamp(-1.5, 1.5)), [f64(N, 8, kind='grid')], [13], False),
    ('clamp_tensors', 'torch.minimum(torch.maximum(x, lo), hi): clamping by tensors (Max, Min)',
     Fn(lambda x, lo, hi: torch.minimum(torch.maximum(x, lo), hi)),
     [f32(N, 6, kind='grid'), f32(N, 6), f32(N, 6, kind='grid')], [13], False),
    # ---- division
    ('div_floor', "torch.div(x, y, rounding_mode='floor') (Div, Floor)",
     Fn(lambda x, y: torch.div(x, y, rounding_mode='floor')), [f32(N, 8), f32(N, 8, kind='divisor')], [9, 13], False),
    ('div_trunc_int32', "torch.div(x, y, rounding_mode='trunc') on int32 (Div, Cast)",
     Fn(lambda x, y: torch.div(x, y, rounding_mode='trunc')), [i32(N, 8), i32(N, 8, kind='positive')], [13], False),
    ('floordiv_int64', 'x // 4 on non-negative int64 (Div, Cast)',
     Fn(lambda x: x // 4), [i64(N, 8, kind='natural')], [9, 13], False),
    # ---- minimum and maximum
    ('minimum', 'torch.minimum(x, y), with NaN, infinities, signed zeros',
     Fn(torch.minimum), [f32(N, 3, 5, kind='grid'), f32(N, 3, 5)], [7, 8, 12, 13], False),
    ('maximum', 'torch.maximum(x, y) (Max)',
     Fn(torch.maximum), [f32(N, 3, 5, kind='grid'), f32(N, 3, 5)], [8, 13], False),
    ('minimum_broadcast', 'torch.minimum(x, y), y of shape [4] against [n, 3, 4]',
     Fn(torch.minimum), [f32(N, 3, 4), f32(4)], [9, 13], False),
    ('minimum_dynamic', 'torch.minimum(x, y), dynamic batch',
     Fn(torch.minimum), [f32(N, 5), f32(N, 5)], [13], True),
    ('minimum_int32', 'torch.minimum on int32 with its limits (Cast around Min before opset 12)',
     Fn(torch.minimum), [i32(N, 6), i32(N, 6)], [9, 13], False),
    ('minimum_int64', 'torch.minimum on int64 with its limits',
     Fn(torch.minimum), [i64(N, 6), i64(N, 6)], [9, 13], False),
    ('minimum_uint8', 'torch.minimum on uint8 (Cast around Min before opset 14)',
     Fn(torch.minimum), [u8(N, 6), u8(N, 6)], [9, 14], False),
    ('maximum_int64', 'torch.maximum on int64 with its limits (Max)',
     Fn(torch.maximum), [i64(N, 6), i64(N, 6)], [13], False),
    ('minimum_float16', 'torch.minimum on float16',
     Fn(torch.minimum), [f16(N, 3, 5), f16(N, 3, 5)], [13], False),
    ('maximum_float16', 'torch.maximum on float16 (Max)',
     Fn(torch.maximum), [f16(N, 3, 5), f16(N, 3, 5)], [13], False),
    ('scale_min_float16', 'torch.minimum(x * 255, y) on float16 (Mul, Min)',
     Fn(lambda x, y: torch.minimum(x * 255, y)), [f16(N, 6, kind='unit'), f16(N, 6, kind='wide')], [13], False),
    # ---- float16 through float32: what PyTorch 1.13 on a CPU needs for these
    ('floor_float16_upcast', 'x.float().floor().half() on float16 (Cast, Floor, Cast)',
     Fn(lambda x: x.float().floor().half()), [f16(N, 10, kind='grid')], [13], False),
    ('round_float16_upcast', 'x.float().round().half() on float16 (Cast, Round, Cast)',
     Fn(lambda x: x.float().round().half()), [f16(N, 10, kind='grid')], [13], False),
    ('avgpool2d_float16_upcast', 'F.avg_pool2d(x.float(), 2).half() on float16',
     Fn(lambda x: F.avg_pool2d(x.float(), 2).half()), [f16(N, 2, 4, 4)], [13], False),
    # ---- flatten and view
    ('view_batch', 'x.view(x.size(0), -1) with a dynamic batch (Shape, Gather, Unsqueeze, Concat, Reshape)',
     Fn(lambda x: x.view(x.size(0), -1)), [f32(N, 2, 3, 3)], [9, 11, 15], True),
    ('view_batch_static', 'x.view(x.size(0), -1) at a fixed batch (Constant, Reshape)',
     Fn(lambda x: x.view(x.size(0), -1)), [f32(N, 2, 3, 3)], [11], False),
    ('flatten', 'torch.flatten(x, 1) (Flatten)',
     Fn(lambda x: torch.flatten(x, 1)), [f32(N, 2, 3, 3)], [9, 13], False),
    ('flatten_dynamic', 'torch.flatten(x, 1), dynamic batch',
     Fn(lambda x: torch.flatten(x, 1)), [f32(N, 2, 3, 3)], [11, 13], True),
    ('reshape_rows', 'x.reshape(-1, 4)',
     Fn(lambda x: x.reshape(-1, 4)), [f32(N, 2, 3, 4)], [13], False),
    ('pool_flatten', 'nn.AvgPool2d(2, count_include_pad=False) then torch.flatten(x, 1), dynamic batch',
     Fn(lambda x: torch.flatten(F.avg_pool2d(x, 2, count_include_pad=False), 1)), [f32(N, 2, 4, 4)], [13], True),
    ('pool_view', 'nn.AvgPool2d(2) then x.view(x.size(0), -1), dynamic batch',
     Fn(lambda x: F.avg_pool2d(x, 2).view(x.size(0), -1)), [f32(N, 2, 4, 4)], [11, 17], True),
    ('flatten_float16', 'torch.flatten(x, 1) on float16',
     Fn(lambda x: torch.flatten(x, 1)), [f16(N, 2, 3, 3)], [13], False),
    # ---- MaxPool1d/2d/3d (NaN and infinities in the 'grid' inputs: max pooling propagates NaN)
    ('maxpool2d_k3_s2_p1', 'nn.MaxPool2d(3, stride=2, padding=1)',
     nn.MaxPool2d(3, stride=2, padding=1), [f32(N, 3, 9, 9, kind='grid')], [9, 11, 13, 17], False),
    ('maxpool2d_ceil', 'nn.MaxPool2d(3, stride=2, ceil_mode=True) on 6x6: a last window that overhangs',
     nn.MaxPool2d(3, stride=2, ceil_mode=True), [f32(N, 2, 6, 6)], [10, 17], False),
    ('maxpool2d_dilation', 'nn.MaxPool2d(3, stride=1, padding=1, dilation=2)',
     nn.MaxPool2d(3, stride=1, padding=1, dilation=2), [f32(N, 2, 7, 8)], [11, 17], False),
    ('maxpool1d_k4_s2', 'nn.MaxPool1d(4, stride=2) on float64',
     nn.MaxPool1d(4, stride=2), [f64(N, 3, 11, kind='grid')], [8, 12], False),
    ('maxpool3d_k2', 'nn.MaxPool3d(2)', nn.MaxPool3d(2), [f32(N, 2, 4, 4, 6)], [13], True),
    # ---- F.interpolate: every mode PyTorch writes as Resize (opset 10: Resize-10, nearest only matches).
    # The interpolating ones on positive inputs: PyTorch's float32 weights round otherwise than ONNX's
    # formulas, by about an ulp of the inputs, which ONNX's absolute tolerance (1e-7) refuses near 0.
    ('interpolate_nearest_2x', 'F.interpolate(x, scale_factor=2) (nearest: asymmetric, floor)',
     Fn(lambda x: F.interpolate(x, scale_factor=2)), [f32(N, 3, 5, 7, kind='grid')], [10, 11, 13, 17], False),
    ('interpolate_nearest_half', 'F.interpolate(x, scale_factor=0.5) (nearest)',
     Fn(lambda x: F.interpolate(x, scale_factor=0.5)), [f32(N, 2, 8, 10)], [11, 17], False),
    ('interpolate_nearest_3x_uint8', 'F.interpolate(x, scale_factor=3) on uint8 (nearest)',
     Fn(lambda x: F.interpolate(x, scale_factor=3)), [u8(N, 2, 3, 4)], [13], False),
    ('interpolate_bilinear_2x', 'F.interpolate(x, scale_factor=2, mode=bilinear) (half_pixel)',
     Fn(lambda x: F.interpolate(x, scale_factor=2, mode='bilinear')), [f32(N, 3, 5, 7, kind='positive')], [11, 13, 17], True),
    ('interpolate_bilinear_half', 'F.interpolate(x, scale_factor=0.5, mode=bilinear)',
     Fn(lambda x: F.interpolate(x, scale_factor=0.5, mode='bilinear')), [f32(N, 3, 8, 12, kind='positive')], [11, 17], False),
    ('interpolate_bilinear_align_corners', 'F.interpolate(x, scale_factor=2, mode=bilinear, align_corners=True)',
     Fn(lambda x: F.interpolate(x, scale_factor=2, mode='bilinear', align_corners=True)), [f32(N, 3, 5, 7, kind='positive')], [11, 13, 17], False),
    ('interpolate_bicubic_2x', 'F.interpolate(x, scale_factor=2, mode=bicubic) (half_pixel, a = -0.75)',
     Fn(lambda x: F.interpolate(x, scale_factor=2, mode='bicubic')), [f32(N, 2, 6, 5, kind='positive')], [11, 13, 17], False),
    ('interpolate_bicubic_align_corners', 'F.interpolate(x, scale_factor=1.5, mode=bicubic, align_corners=True)',
     Fn(lambda x: F.interpolate(x, scale_factor=1.5, mode='bicubic', align_corners=True)), [f32(N, 2, 6, 8, kind='positive')], [11, 17], False),
    ('interpolate_linear_1d', 'F.interpolate(x, scale_factor=2.5, mode=linear) on [N, C, L]',
     Fn(lambda x: F.interpolate(x, scale_factor=2.5, mode='linear')), [f32(N, 2, 9, kind='positive')], [11, 17], False),
    ('interpolate_trilinear', 'F.interpolate(x, scale_factor=2, mode=trilinear) on float64',
     Fn(lambda x: F.interpolate(x, scale_factor=2, mode='trilinear')), [f64(N, 2, 3, 4, 5, kind='positive')], [13, 17], False),
    ('flatten_int64', 'torch.flatten(x, 1) on int64',
     Fn(lambda x: torch.flatten(x, 1)), [i64(N, 2, 3)], [13], False),
    ('view_uint8', 'x.view(x.size(0), -1) on uint8, dynamic batch',
     Fn(lambda x: x.view(x.size(0), -1)), [u8(N, 2, 2, 3)], [13], True),
    # ---- Products (issue 36): a small CNN, a mask head's matmul, a dilated 1-D convolution
    ('small_cnn', 'Conv 3x3 + ReLU, AvgPool, grouped Conv stride 2, depthwise Conv, Flatten, Linear (Gemm)',
     seeded_module(lambda: nn.Sequential(nn.Conv2d(1, 4, 3, padding=1), nn.ReLU(), nn.AvgPool2d(2),
                                         nn.Conv2d(4, 8, 3, stride=2, padding=1, groups=2), nn.ReLU(),
                                         nn.Conv2d(8, 8, 3, padding=1, groups=8), nn.Flatten(), nn.Linear(128, 10))),
     [f32(N, 1, 16, 16)], [11, 13], True),
    ('mask_matmul', 'torch.matmul of mask coefficients [n, 5, 32] by prototypes [32, 40] (MatMul, broadcast)',
     Fn(lambda x, y: torch.matmul(x, y)), [f32(N, 5, 32), f32(32, 40)], [9, 13], False),
    ('conv1d_dilated', 'nn.Conv1d(3, 6, 5, stride=2, padding=2, dilation=2) with bias',
     seeded_module(lambda: nn.Conv1d(3, 6, 5, stride=2, padding=2, dilation=2)), [f32(N, 3, 23)], [11, 17], False),
    # ---- nn.LSTM, nn.GRU, nn.RNN (issue 34): the output sequence and the final states. x is [seq,
    # batch, features] unless batch_first; the initial states [layers * directions, batch, hidden] are
    # inputs or, where absent, zeros the graph makes. Two layers: a Slice of the states per layer.
    ('lstm', 'nn.LSTM(8, 16) from given h0, c0',
     recurrent(lambda: nn.LSTM(8, 16), 2), [f32(5, N, 8), f32(1, N, 16), f32(1, N, 16)], [9, 14, 17], False),
    ('lstm_zero_states', 'nn.LSTM(8, 16) without initial states, dynamic batch (ConstantOfShape of zeros)',
     recurrent(lambda: nn.LSTM(8, 16), 0), [f32(4, N, 8)], [11, 17], True),
    ('lstm_bidirectional_batch_first', 'nn.LSTM(6, 8, bidirectional=True, batch_first=True) from given h0, c0',
     recurrent(lambda: nn.LSTM(6, 8, bidirectional=True, batch_first=True), 2),
     [f32(N, 4, 6), f32(2, N, 8), f32(2, N, 8)], [11, 14, 17], False),
    ('lstm_2layers', 'nn.LSTM(6, 8, num_layers=2) from given h0, c0 (Slice per layer)',
     recurrent(lambda: nn.LSTM(6, 8, num_layers=2), 2), [f32(5, N, 6), f32(2, N, 8), f32(2, N, 8)], [11, 14, 17], False),
    ('lstm_2layers_bidirectional_batch_first', 'nn.LSTM(5, 7, 2, bidirectional=True, batch_first=True), no initial states',
     recurrent(lambda: nn.LSTM(5, 7, 2, bidirectional=True, batch_first=True), 0), [f32(N, 3, 5)], [14, 17], False),
    ('lstm_vad', 'nn.LSTM(64, 64, batch_first=True): one step of a voice-activity model, from given h0, c0',
     recurrent(lambda: nn.LSTM(64, 64, batch_first=True), 2), [f32(1, 1, 64), f32(1, 1, 64), f32(1, 1, 64)], [14], False),
    ('gru', 'nn.GRU(8, 12) from a given h0 (linear_before_reset)',
     recurrent(lambda: nn.GRU(8, 12), 1), [f32(5, N, 8), f32(1, N, 12)], [9, 14, 17], False),
    ('gru_zero_state_batch_first', 'nn.GRU(8, 12, batch_first=True) without an initial state, dynamic batch',
     recurrent(lambda: nn.GRU(8, 12, batch_first=True), 0), [f32(N, 4, 8)], [11, 17], True),
    ('gru_bidirectional', 'nn.GRU(5, 6, bidirectional=True) from a given h0',
     recurrent(lambda: nn.GRU(5, 6, bidirectional=True), 1), [f32(3, N, 5), f32(2, N, 6)], [11, 14, 17], False),
    ('gru_2layers_bidirectional_batch_first', 'nn.GRU(5, 6, 2, bidirectional=True, batch_first=True) from a given h0',
     recurrent(lambda: nn.GRU(5, 6, 2, bidirectional=True, batch_first=True), 1), [f32(N, 4, 5), f32(4, N, 6)], [14, 17], False),
    ('rnn_tanh', 'nn.RNN(7, 9) from a given h0',
     recurrent(lambda: nn.RNN(7, 9), 1), [f32(6, N, 7), f32(1, N, 9)], [9, 14, 17], False),
    ('rnn_tanh_batch_first_zero_state', 'nn.RNN(7, 9, batch_first=True) without an initial state',
     recurrent(lambda: nn.RNN(7, 9, batch_first=True), 0), [f32(N, 6, 7)], [11, 17], False),
    ('rnn_tanh_2layers_bidirectional', 'nn.RNN(4, 5, 2, bidirectional=True) from a given h0',
     recurrent(lambda: nn.RNN(4, 5, 2, bidirectional=True), 1), [f32(3, N, 4), f32(4, N, 5)], [14, 17], False),
    ('rnn_relu', "nn.RNN(4, 5, nonlinearity='relu') from a given h0",
     recurrent(lambda: nn.RNN(4, 5, nonlinearity='relu'), 1), [f32(3, N, 4), f32(1, N, 5)], [11, 14], False),
    ('rnn_relu_bidirectional_batch_first', "nn.RNN(4, 5, nonlinearity='relu', bidirectional=True, batch_first=True)",
     recurrent(lambda: nn.RNN(4, 5, nonlinearity='relu', bidirectional=True, batch_first=True), 1),
     [f32(N, 3, 4), f32(2, N, 5)], [14, 17], False),
    ('rnn_relu_2layers_zero_state', "nn.RNN(4, 5, 2, nonlinearity='relu') without an initial state, dynamic batch",
     recurrent(lambda: nn.RNN(4, 5, 2, nonlinearity='relu'), 0), [f32(3, N, 4)], [14, 17], True),
    # ---- Issue 42's network operators: a U-Net's (ConvTranspose, InstanceNormalization), a
    # super-resolution net's (PixelShuffle: DepthToSpace), a linear layer's BatchNorm1d (Gemm +
    # BatchNormalization, which the exporter leaves unfolded after a Linear)
    ('tiny_unet', 'Conv + InstanceNorm2d + ReLU, MaxPool, Conv, ConvTranspose2d(8, 4, 2, stride=2), skip Concat, 1x1 Conv',
     seeded_module(TinyUNet), [f32(N, 1, 16, 16)], [13, 17], False),
    ('super_resolution', 'ESPCN-style: Conv 5x5 + Tanh, Conv 3x3 to 4 channels, nn.PixelShuffle(2) (DepthToSpace)',
     seeded_module(lambda: nn.Sequential(nn.Conv2d(1, 8, 5, padding=2), nn.Tanh(), nn.Conv2d(8, 4, 3, padding=1), nn.PixelShuffle(2))),
     [f32(N, 1, 12, 10)], [11, 13, 17], False),
    ('linear_batchnorm', 'nn.Linear(12, 6) then nn.BatchNorm1d(6) in inference (Gemm, BatchNormalization), dynamic batch',
     seeded_module(linear_batchnorm), [f32(N, 12)], [9, 14, 15], True),
    # ---- torch.jit.script of a data-dependent `if` (If): one data set per branch, or a dynamic batch
    ('if_sum', 'scripted `if x.sum() > 0: x * 2 else x - 1` (If on Greater of ReduceSum), a data set per branch',
     scripted(IfSum), [f32(N, 3, 4, kind='above')], [11, 13, 17], False,
     [[f32(N, 3, 4, kind='above')], [f32(N, 3, 4, kind='below')]]),
    ('if_size', 'scripted `if x.size(0) > 2: x.mean(1) else x.sum(1)`, dynamic batch 3 and 1 (both branches)',
     scripted(IfSize), [f32(N, 5)], [11, 17], True),
    ('if_sample_rate_lstm', 'scripted Silero-like step: if sr == 16000 nn.LSTM(64, 64) else nn.LSTM(32, 64), a data set per rate',
     scripted(IfSampleRate), [f32(1, 1, 64), f32(1, 1, 64), f32(1, 1, 64), i64(kind=16000)], [14, 17], False,
     [[f32(1, 1, 64), f32(1, 1, 64), f32(1, 1, 64), i64(kind=rate)] for rate in (16000, 8000)]),
]


def seeded(name):
    gen = torch.Generator()
    gen.manual_seed(zlib.crc32(name.encode()))
    return gen


def make_inputs(specs, batch, gen):
    return [values(kind, dtype, tuple(batch if d == N else d for d in shape), gen) for dtype, shape, kind in specs]


def to_numpy(t):
    return t.detach().numpy()


def export(name, module, specs, opset, dynamic):
    """The model's bytes, its input and output names."""
    inputs = make_inputs(specs, TRACE_BATCH, seeded(name))
    input_names = getattr(module, 'input_names', None) or INPUT_NAMES[len(inputs)]
    output_names = getattr(module, 'output_names', None) or ['out']
    axes = None
    if dynamic:
        axes = {n: {shape.index(N): 'n'} for n, (_, shape, _) in zip(input_names, specs) if N in shape}
        if output_names == ['out']:
            axes['out'] = {0: 'n'}
    f = BytesIO()
    torch.onnx.export(module, tuple(inputs), f, opset_version=opset, input_names=input_names,
                      output_names=output_names, dynamic_axes=axes)
    return f.getvalue(), input_names, output_names


def write_tensor(path, array, name):
    path.write_bytes(numpy_helper.from_array(array, name).SerializeToString())


def main():
    warnings.filterwarnings('ignore')  # the exporter's notes on ONNX's rounding and shape inference
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    index = []
    for name, description, module, specs, opsets, dynamic, *data_sets in CASES:
        module.eval()
        for opset in opsets:
            model_name = f'{name}_opset{opset}'
            bytes_, input_names, output_names = export(model_name, module, specs, opset, dynamic)
            model = onnx.load_from_string(bytes_)
            onnx.checker.check_model(model)
            operators = sorted({n.op_type for n in nodes(model.graph)})
            if not set(operators) <= ALLOWED:
                sys.exit(f'{model_name}: the exporter wrote {sorted(set(operators) - ALLOWED)}')
            graph_inputs = [i.name for i in model.graph.input]
            if graph_inputs != input_names:
                sys.exit(f'{model_name}: graph inputs {graph_inputs}, expected {input_names}')
            folder = OUT / model_name
            folder.mkdir()
            (folder / 'model.onnx').write_bytes(bytes_)
            gen = seeded(model_name + '/data')
            sets = [(s, TRACE_BATCH) for s in data_sets[0]] if data_sets else \
                [(specs, batch) for batch in (DYNAMIC_BATCHES if dynamic else (TRACE_BATCH,))]
            for k, (set_specs, batch) in enumerate(sets):
                inputs = make_inputs(set_specs, batch, gen)
                with torch.no_grad():
                    outputs = module(*inputs)
                outputs = outputs if isinstance(outputs, tuple) else (outputs,)
                data = folder / f'test_data_set_{k}'
                data.mkdir()
                for j, (input_name, t) in enumerate(zip(input_names, inputs)):
                    write_tensor(data / f'input_{j}.pb', to_numpy(t), input_name)
                for j, (output_name, t) in enumerate(zip(output_names, outputs)):
                    write_tensor(data / f'output_{j}.pb', to_numpy(t), output_name)
            entry = {
                'name': model_name,
                'description': description,
                'opset': opset,
                'operators': operators,
                'dynamicBatch': dynamic,
                'exact': not (outputs[0].dtype.is_floating_point and averages(model)),
            }
            if data_sets:
                entry['dataSets'] = len(sets)
            index.append(entry)
            print(f'{model_name}: {" ".join(operators)}')
    lines = ',\n'.join(' ' + json.dumps(entry) for entry in index)
    (OUT / 'index.json').write_text(f'[\n{lines}\n]\n')
    print(f'{len(index)} models in {OUT}')


if __name__ == '__main__':
    main()
