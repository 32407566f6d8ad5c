// The optimizer's passes (graph_optimizer.h says which level runs which), each in its own file, each
// a sweep over the steps in run order that reads and keeps current the graph's index (step_index.h).
// Each can run alone on a StepGraph (tests/native/graph_passes_test.cpp).
#pragma once

#include "onnx/graph_optimizer.h"

namespace ow::onnx {

// basic (constant_folding.cpp): runs each step whose inputs are all known (or, for an operator that
// reads only shapes, OpSchema::reads_only_shapes, graph inputs of fixed declared shapes) once, with its
// operator; its outputs become constants.
void fold_constants(StepGraph& g, OptimizationReport& report);
// basic (identity_removal.cpp): Identity steps removed, their readers reading the input; Pads of
// all-zero pads (ops/pad.h, pads_nothing) made views.
void remove_identities(StepGraph& g, OptimizationReport& report);
// extended (pad_pool_fusion.cpp): a Pad of zeros fused into the AveragePool that alone reads it.
void fuse_pad_pool(StepGraph& g);
// extended (batch_norm_folding.cpp): a BatchNormalization after a Conv or Gemm of constant weights
// folded into them (not bit for bit: graph_optimizer.h).
void fold_batch_norms(StepGraph& g);
// extended (conv_activation_fusion.cpp): a Relu or Clip (a clamp by constants) that alone reads a
// float32 Conv's output, or a SiLU of it (x * Sigmoid(x)), applied by the Conv as it stores it.
void fuse_conv_activations(StepGraph& g);
// extended (chain_fusion.cpp): elementwise steps by scalar constants, each reading the one before,
// fused into one pass (chain_rules.h).
void fuse_chains(StepGraph& g);
// extended (dynamic_reshape.cpp): a Reshape whose shape is computed from dimensions reads them off.
void reshape_from_dims(StepGraph& g);
// all (views.cpp): steps whose operator reshapes become views of their input.
void make_views(StepGraph& g);
// all (in_place.cpp): elementwise steps compute into an input nothing later reads.
void compute_in_place(StepGraph& g);
// Every level (release_planning.cpp): each step's release list.
void plan_releases(StepGraph& g);

}  // namespace ow::onnx
