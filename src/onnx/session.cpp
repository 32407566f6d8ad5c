// Session::run and its plan: runs the steps through the executor; the optimizer that made them is
// session_builder.cpp's.
#include "onnx/session.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "onnx/executor.h"
#include "onnx/graph_checks.h"

namespace ow::onnx {

std::string Progress::where(std::string_view call) const {
  if (node) return node_label(*node);
  if (step) return *step;
  std::string where(call);
  if (stage) where.append(": ").append(stage);
  return where;
}

void Session::plan_steps(const std::vector<Step>& steps, const std::string& prefix, std::vector<PlannedStep>& planned) const {
  for (const Step& step : steps) {
    planned.push_back({prefix + step.label, {}});
    for (size_t v : step.release) planned.back().frees.push_back(contents_.value_names[v]);
    if (const Step::Conditional* c = step.as<Step::Conditional>()) {
      plan_steps(c->then_branch.steps, prefix + step.label + ": then_branch: ", planned);
      plan_steps(c->else_branch.steps, prefix + step.label + ": else_branch: ", planned);
    }
  }
}

std::vector<Session::PlannedStep> Session::plan() const {
  std::vector<PlannedStep> planned;
  plan_steps(contents_.steps, "", planned);
  return planned;
}

Status Session::run(const std::vector<Feed>& feeds, Outputs& outputs, Progress* progress) const {
  Progress untold;
  Progress& at = progress ? *progress : untold;
  at.stage = "the run's values";
  // Shares the constants' storage; the other values, most of a graph's, start empty (not copied).
  std::vector<Tensor> values(contents_.constants.size());
  for (size_t v = 0; v < contents_.constants.size(); ++v)
    if (contents_.constants[v].dtype() != DType::kUndefined) values[v] = contents_.constants[v];
  std::vector<uint8_t> fed(contents_.graph_inputs.size(), 0);
  for (const Feed& feed : feeds) {
    const size_t v = contents_.value_index.find(feed.name, contents_.value_names);
    const size_t k = v < contents_.graph_input_of_value.size() ? contents_.graph_input_of_value[v] : kNoValue;
    if (k == kNoValue) return unknown_feed_error(feed.name, contents_.input_names);
    const GraphInput& input = contents_.graph_inputs[k];
    if (fed[k]) return feed_error(feed.name, "is fed twice");
    OW_RETURN_IF_ERROR(check_feed(input.info, feed.tensor));
    fed[k] = 1;
    values[input.value] = feed.tensor;
  }
  for (size_t k = 0; k < contents_.graph_inputs.size(); ++k)
    if (!fed[k] && !contents_.graph_inputs[k].has_initializer)
      return feed_error(contents_.graph_inputs[k].info.name, "is missing from the feeds");

  StepScratch scratch;
  for (const Step& step : contents_.steps) {
    at.step = &step.label;
    Status st = run_step(step, values, scratch);
    if (!st.ok()) return st;
    for (size_t v : step.release) values[v] = Tensor();
  }
  at.step = nullptr;
  outputs.clear();
  for (size_t v : contents_.output_values) outputs.push_back(values[v]);
  values.clear();
  // An output that still shares memory shares it with a feed (the caller's), a constant of the session
  // or another output: the caller gets a copy, never memory it could see change. So does an output that
  // is a part of a larger tensor (a Slice's view), rather than keep all of it alive.
  for (Tensor& y : outputs) {
    if (y.exclusive() && y.whole()) continue;
    OW_ASSIGN_OR_RETURN(Tensor copy, Tensor::allocate(y.dtype(), y.dims()));
    if (y.byte_size() != 0) std::memcpy(copy.raw_data(), y.raw_data(), y.byte_size());
    y = std::move(copy);
  }
  return Status::Ok();
}

}  // namespace ow::onnx
