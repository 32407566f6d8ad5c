// Runs each kind of step (step.h) with the same PreparedOps and kernels the declared nodes use, so
// that every optimization level gives the same bytes.
#include "onnx/executor.h"

#include <algorithm>

#include "core/shape.h"

namespace ow::onnx {
namespace {

// Whether every input broadcasts to x's shape (the output of an elementwise step computed into x).
bool broadcasts_to(const Inputs& inputs, const Tensor& x) {
  const Dims& to = x.dims();
  for (const Tensor* t : inputs) {
    if (!t || t == &x) continue;
    const Dims& from = t->dims();
    if (from.size() > to.size()) return false;
    const size_t shift = to.size() - from.size();
    for (size_t k = 0; k < from.size(); ++k)
      if (from[k] != 1 && from[k] != to[shift + k]) return false;
  }
  return true;
}

// Whether a fused Pad + AveragePool must run unfused on x (Step::PadPool).
bool needs_unfused(const Step::PadPool& u, const Tensor& x) {
  const size_t rank = x.rank(), spatial = u.extent.size();
  if (rank != spatial + 2) return true;  // the unfused run reports the error
  bool spans_plane = true;
  for (size_t i = 0; i < spatial; ++i) {
    const int64_t begin = u.pads[2 + i] + u.own[i], zeros_end = u.pads[rank + 2 + i];
    const int64_t in = x.dims()[2 + i], length = in + begin + zeros_end + u.own[spatial + i];
    if (in > u.extent[i]) spans_plane = false;
    if (u.ceil_mode && zeros_end > 0 && length >= u.extent[i]) {
      const int64_t last_start = (length - u.extent[i] + u.strides[i] - 1) / u.strides[i] * u.strides[i];
      if (last_start >= in + begin && last_start < in + begin + zeros_end) return true;
    }
  }
  return spans_plane;
}

// A fused chain: the pass where it serves the chain's input (float32, of at least the constants' rank:
// a constant of higher rank broadcasts x to a larger shape), into that input where the step may
// compute into it; else the nodes one by one. Its errors name the node.
Status run_chain(const Step& step, const Step::Chain& chain, const Inputs& inputs, Outputs& produced) {
  const Tensor& x = *inputs[0];
  produced.clear();
  if (x.dtype() == DType::kFloat32 && x.rank() >= chain.rank) {
    if (step.kind == Step::Kind::kInPlace && x.exclusive()) produced.push_back(x);
    Tensor* y;
    Status st = output_tensor(produced, 0, chain.pass.writes_bool() ? DType::kBool : DType::kFloat32, x.dims(), y);
    if (!st.ok()) return st.with_context(step.label + ": ");
    kernels::scale_round_clamp(chain.pass, x.data<float>(), y->raw_data(), x.size());
    return Status::Ok();
  }
  Tensor value = x, read;  // the chain's value: its input, then each node's output; read: the one before
  Inputs link_inputs;
  for (const Step::Link& link : chain.links) {
    link_inputs.clear();
    for (size_t i = 0; i < link.inputs.size(); ++i)
      link_inputs.push_back(i == link.chained ? &value : link.inputs[i] == Step::Link::kCompared ? &read : inputs[link.inputs[i]]);
    Status st = link.op.run(link_inputs, produced);
    if (!st.ok()) return st.with_context(link.label + ": ");
    read = std::move(value);
    value = std::move(produced[0]);
  }
  produced.assign(1, std::move(value));
  return Status::Ok();
}

// A step that computes its outputs (not a view, not a chain) into `produced`, in order.
Status compute_step(const Step& step, const Inputs& inputs, Outputs& produced) {
  if (step.kind == Step::Kind::kInPlace) {
    produced.clear();
    const Tensor* x = inputs[step.in_place];
    if (x->exclusive() && broadcasts_to(inputs, *x)) produced.push_back(*x);
    return step.op.run_into(inputs, produced);
  }
  const Step::PadPool* u = step.as<Step::PadPool>();
  if (!u) return step.op.run(inputs, produced);
  if (!needs_unfused(*u, *inputs[0])) return step.op.run({inputs[0]}, produced);
  OW_RETURN_IF_ERROR(u->pad.run(inputs, produced));
  const Tensor padded = std::move(produced[0]);
  return u->pool.run({&padded}, produced);
}

// A Reshape's inputs where it reads its shape off dimensions (Step::ReshapeFromDims): the data and the
// shape, which the steps it replaced compute (one reporting an error) where a dimension is out of range.
Status shape_from_dims(const Step& step, const Step::ReshapeFromDims& from, std::vector<Tensor>& values, StepScratch& scratch) {
  auto allocated = Tensor::allocate(DType::kInt64, {static_cast<int64_t>(from.entries.size())});
  if (!allocated.ok()) return allocated.status().with_context(step.label + ": ");
  scratch.shape = allocated.take();
  int64_t* shape = scratch.shape.data<int64_t>();
  bool in_range = true;
  for (size_t k = 0; k < from.entries.size() && in_range; ++k) {
    const Step::ShapeEntry& e = from.entries[k];
    if (e.of == kNoValue) {
      shape[k] = e.number;
      continue;
    }
    const Dims& dims = values[step.inputs[e.of]].dims();
    const int64_t rank = static_cast<int64_t>(dims.size()), d = e.number < 0 ? e.number + rank : e.number;
    in_range = d >= 0 && d < rank;
    if (in_range) shape[k] = dims[d];
  }
  const Tensor* shape_input = &scratch.shape;
  if (!in_range) {
    for (const Step& declared : from.steps) OW_RETURN_IF_ERROR(run_step(declared, values, scratch));
    shape_input = &values[from.value];
  }
  scratch.inputs = {&values[step.inputs[0]], shape_input};
  return Status::Ok();
}

// An If (Step::Conditional): the condition, a bool of one element, chooses the branch, whose steps run
// on the session's values; the If's outputs take the branch's. Errors name the branch.
Status run_conditional(const Step& step, const Step::Conditional& c, std::vector<Tensor>& values, StepScratch& scratch) {
  const Tensor& cond = values[step.inputs[0]];
  scratch.inputs.assign(1, &cond);
  OW_RETURN_IF_ERROR(step.op.check_inputs(scratch.inputs));
  if (cond.size() != 1)
    return InvalidArgument(step.op.label() + ": the condition must hold one element, got shape " + dims_to_string(cond.dims()));
  const bool then = cond.data<Bool>()[0].value != 0;
  const Step::Subgraph& branch = then ? c.then_branch : c.else_branch;
  for (const Step& s : branch.steps) {
    Status st = run_step(s, values, scratch);
    if (!st.ok()) return st.with_context(then ? "then_branch: " : "else_branch: ");
    for (size_t v : s.release) values[v] = Tensor();
  }
  const std::span<const DType> types = constraint_types(step.op.version(), "V");
  for (size_t i = 0; i < step.outputs.size(); ++i) {
    if (step.outputs[i] == kNoValue) continue;
    const Tensor& y = values[branch.outputs[i]];
    if (std::find(types.begin(), types.end(), y.dtype()) == types.end())
      return InvalidArgument(step.op.label() + ": output " + std::to_string(i) + " has type " + dtype_name(y.dtype()) +
                             ", which this version does not accept");
    values[step.outputs[i]] = y;  // shares its memory: the branch's own is released below
  }
  for (size_t v : branch.produced) values[v] = Tensor();
  return Status::Ok();
}

}  // namespace

Status run_step(const Step& step, std::vector<Tensor>& values, StepScratch& scratch) {
  if (const Step::Conditional* c = step.as<Step::Conditional>()) {
    Status st = run_conditional(step, *c, values, scratch);
    return st.ok() ? st : st.with_context(step.label + ": ");
  }
  Inputs& inputs = scratch.inputs;
  inputs.clear();
  if (const Step::ReshapeFromDims* from = step.as<Step::ReshapeFromDims>()) OW_RETURN_IF_ERROR(shape_from_dims(step, *from, values, scratch));
  else
    for (size_t v : step.inputs) inputs.push_back(v == kNoValue ? nullptr : &values[v]);
  if (step.kind == Step::Kind::kView) {
    if (Status st = step.op.view_shape(inputs, scratch.dims); !st.ok()) return st.with_context(step.label + ": ");
    if (step.outputs.empty() || step.outputs[0] == kNoValue) return Status::Ok();
    Tensor& y = values[step.outputs[0]];
    if (step.takes_input) y.view_of(std::move(values[step.inputs[0]]), scratch.dims);
    else y.view_of(*inputs[0], scratch.dims);
    return Status::Ok();
  }
  if (step.kind == Step::Kind::kParts) {
    Result<bool> contiguous = step.op.contiguous_parts(inputs, scratch.parts);
    if (!contiguous.ok()) return contiguous.status().with_context(step.label + ": ");
    if (contiguous.value()) {
      // Each output shares input 0's memory; the parts are those the kernel would copy.
      for (size_t i = 0; i < step.outputs.size(); ++i)
        if (step.outputs[i] != kNoValue) values[step.outputs[i]].part_of(*inputs[0], scratch.parts[i].offset, scratch.parts[i].dims);
      return Status::Ok();
    }
  }
  Outputs& produced = scratch.produced;
  if (const Step::Chain* chain = step.as<Step::Chain>()) {
    OW_RETURN_IF_ERROR(run_chain(step, *chain, inputs, produced));
  } else if (Status st = compute_step(step, inputs, produced); !st.ok()) {
    return st.with_context(step.label + ": ");
  }
  // The node names at most the outputs its operator produces (checked at create).
  for (size_t i = 0; i < step.outputs.size(); ++i)
    if (step.outputs[i] != kNoValue) values[step.outputs[i]] = std::move(produced[i]);
  return Status::Ok();
}

}  // namespace ow::onnx
