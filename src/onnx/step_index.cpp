#include "onnx/step_index.h"

#include <algorithm>

namespace ow::onnx {

StepIndex::StepIndex(std::vector<Step>& steps, size_t value_count, std::span<const size_t> graph_outputs)
    : steps_(steps),
      producer_(value_count, kNoStep),
      readers_(value_count),
      at_(steps.size()),
      alive_(steps.size(), 1),
      graph_output_(value_count, 0) {
  for (size_t v : graph_outputs) graph_output_[v] = 1;
  for (size_t s = 0; s < steps.size(); ++s) attach(s);
}

size_t StepIndex::sole_reader(size_t v) const {
  return readers_[v].size() == 1 && !graph_output_[v] ? readers_[v][0].step : kNoStep;
}

std::vector<size_t> StepIndex::last_readers() const {
  std::vector<size_t> last(readers_.size(), kNoStep);
  for (size_t v = 0; v < readers_.size(); ++v)
    for (const Read& r : readers_[v])
      if (last[v] == kNoStep || r.step > last[v]) last[v] = r.step;
  return last;
}

void StepIndex::detach(size_t s) {
  const Step& step = steps_[s];
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    const size_t v = step.inputs[i];
    if (v == kNoValue) continue;
    std::vector<Read>& reads = readers_[v];
    const size_t at = at_[s][i];
    reads[at] = reads.back();
    at_[reads[at].step][reads[at].input] = at;
    reads.pop_back();
  }
  at_[s].clear();
  for (size_t v : step.outputs)
    if (v != kNoValue && producer_[v] == s) producer_[v] = kNoStep;
}

void StepIndex::attach(size_t s) {
  const Step& step = steps_[s];
  at_[s].assign(step.inputs.size(), 0);
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    const size_t v = step.inputs[i];
    if (v == kNoValue) continue;
    at_[s][i] = readers_[v].size();
    readers_[v].push_back({s, i});
  }
  for (size_t v : step.outputs)
    if (v != kNoValue) producer_[v] = s;
}

void StepIndex::erase(size_t s) {
  detach(s);
  alive_[s] = 0;
}

void StepIndex::replace_reads(size_t from, size_t to) {
  std::vector<Read>& moved = readers_[from];
  for (const Read& r : moved) {
    steps_[r.step].inputs[r.input] = to;
    at_[r.step][r.input] = readers_[to].size();
    readers_[to].push_back(r);
  }
  moved.clear();
  moved.shrink_to_fit();
}

void StepIndex::compact() {
  size_t kept = 0;
  for (size_t s = 0; s < steps_.size(); ++s)
    if (alive_[s]) {
      if (kept != s) steps_[kept] = std::move(steps_[s]);
      ++kept;
    }
  steps_.resize(kept);
  for (std::vector<Read>& reads : readers_) reads.clear();
  std::fill(producer_.begin(), producer_.end(), kNoStep);
  at_.assign(kept, {});
  alive_.assign(kept, 1);
  for (size_t s = 0; s < kept; ++s) attach(s);
}

}  // namespace ow::onnx
