// Runs a session's steps (step.h). The runtime (session.cpp, Session::run) needs this alone, not the
// optimizer that makes the steps.
#pragma once

#include <vector>

#include "core/status.h"
#include "onnx/step.h"

namespace ow::onnx {

// What a run reuses from step to step, so that a step allocates only the tensors it computes.
struct StepScratch {
  Inputs inputs;
  Outputs produced;
  Dims dims;     // a view's shape; swapped with the output's dims (Tensor::view_of)
  std::vector<Part> parts;  // the outputs of a step of parts (Step::Kind::kParts)
  Tensor shape;  // a Reshape's shape read off dimensions (Step::ReshapeFromDims)
};

// Runs a step: reads its inputs from `values` (by value id) and sets its outputs there. Errors name
// the node (the step's label, or the node of a fused chain that failed).
Status run_step(const Step& step, std::vector<Tensor>& values, StepScratch& scratch);

}  // namespace ow::onnx
