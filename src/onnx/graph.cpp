// Session::run (and the name index and plan it reads): runs the steps through the executor; the
// optimizer that made them is session_builder.cpp's.
#include "onnx/graph.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "onnx/executor.h"
#include "onnx/graph_checks.h"

namespace ow::onnx {

void NameIndex::reserve(size_t most) {
  size_t slots = 8;
  while (slots < 2 * most) slots *= 2;  // at most half full
  slots_.assign(slots, 0);
}

size_t NameIndex::first_slot(std::string_view name) const {
  uint32_t hash = 2166136261u;  // FNV-1a
  for (unsigned char c : name) hash = (hash ^ c) * 16777619u;
  return hash & (slots_.size() - 1);
}

size_t NameIndex::find(std::string_view name, const std::vector<std::string>& names) const {
  if (slots_.empty()) return kNotFound;
  for (size_t s = first_slot(name);; s = (s + 1) & (slots_.size() - 1)) {
    if (slots_[s] == 0) return kNotFound;
    if (names[slots_[s] - 1] == name) return slots_[s] - 1;
  }
}

size_t NameIndex::add_last(const std::vector<std::string>& names) {
  const std::string& name = names.back();
  size_t s = first_slot(name);
  for (; slots_[s] != 0; s = (s + 1) & (slots_.size() - 1))
    if (names[slots_[s] - 1] == name) return slots_[s] - 1;
  slots_[s] = static_cast<uint32_t>(names.size());
  return names.size() - 1;
}

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
    for (size_t v : step.release) planned.back().frees.push_back(value_names_[v]);
    if (const Step::Conditional* c = step.as<Step::Conditional>()) {
      plan_steps(c->then_branch.steps, prefix + step.label + ": then_branch: ", planned);
      plan_steps(c->else_branch.steps, prefix + step.label + ": else_branch: ", planned);
    }
  }
}

std::vector<Session::PlannedStep> Session::plan() const {
  std::vector<PlannedStep> planned;
  plan_steps(steps_, "", planned);
  return planned;
}

Status Session::run(const std::vector<Feed>& feeds, Outputs& outputs, Progress* progress) const {
  Progress untold;
  Progress& at = progress ? *progress : untold;
  at.stage = "the run's values";
  // Shares the constants' storage; the other values, most of a graph's, start empty (not copied).
  std::vector<Tensor> values(constants_.size());
  for (size_t v = 0; v < constants_.size(); ++v)
    if (constants_[v].dtype() != DType::kUndefined) values[v] = constants_[v];
  std::vector<uint8_t> fed(graph_inputs_.size(), 0);
  for (const Feed& feed : feeds) {
    const size_t v = value_index_.find(feed.name, value_names_);
    const size_t k = v < graph_input_of_value_.size() ? graph_input_of_value_[v] : kNoValue;
    if (k == kNoValue) return unknown_feed_error(feed.name, input_names_);
    const GraphInput& input = graph_inputs_[k];
    if (fed[k]) return feed_error(feed.name, "is fed twice");
    OW_RETURN_IF_ERROR(check_feed(input.info, feed.tensor));
    fed[k] = 1;
    values[input.value] = feed.tensor;
  }
  for (size_t k = 0; k < graph_inputs_.size(); ++k)
    if (!fed[k] && !graph_inputs_[k].has_initializer)
      return feed_error(graph_inputs_[k].info.name, "is missing from the feeds");

  StepScratch scratch;
  for (const Step& step : steps_) {
    at.step = &step.label;
    Status st = run_step(step, values, scratch);
    if (!st.ok()) return st;
    for (size_t v : step.release) values[v] = Tensor();
  }
  at.step = nullptr;
  outputs.clear();
  for (size_t v : output_values_) outputs.push_back(values[v]);
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
