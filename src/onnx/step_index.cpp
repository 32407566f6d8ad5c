#include "onnx/step_index.h"

#include <algorithm>
#include <utility>

namespace ow::onnx {

StepIndex::StepIndex(std::vector<Step>& steps, GraphValues values, std::span<const size_t> graph_outputs)
    : steps_(steps),
      values_(std::move(values)),
      producer_(values_.count + values_.outer.size(), kNoStep),
      readers_(producer_.size()),
      at_(steps.size()),
      alive_(steps.size(), 1),
      graph_output_(producer_.size(), 0) {
  for (size_t v : graph_outputs) graph_output_[slot(v)] = 1;
  for (size_t s = 0; s < steps.size(); ++s) attach(s);
}

size_t StepIndex::sole_reader(size_t v) const {
  const size_t k = slot(v);
  return readers_[k].size() == 1 && !graph_output_[k] ? readers_[k][0].step : kNoStep;
}

ValueTable<size_t> StepIndex::last_readers() const {
  ValueTable<size_t> last(*this, kNoStep);
  for (size_t k = 0; k < readers_.size(); ++k) {
    size_t& at = last.at_slot(k);
    for (const Read& r : readers_[k])
      if (at == kNoStep || r.step > at) at = r.step;
  }
  return last;
}

void StepIndex::detach(size_t s) {
  const Step& step = steps_[s];
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    const size_t v = step.inputs[i];
    if (v == kNoValue) continue;
    std::vector<Read>& reads = readers_[slot(v)];
    const size_t at = at_[s][i];
    reads[at] = reads.back();
    at_[reads[at].step][reads[at].input] = at;
    reads.pop_back();
  }
  at_[s].clear();
  for (size_t v : step.outputs)
    if (v != kNoValue && producer_[slot(v)] == s) producer_[slot(v)] = kNoStep;
}

void StepIndex::attach(size_t s) {
  const Step& step = steps_[s];
  at_[s].assign(step.inputs.size(), 0);
  for (size_t i = 0; i < step.inputs.size(); ++i) {
    const size_t v = step.inputs[i];
    if (v == kNoValue) continue;
    std::vector<Read>& reads = readers_[slot(v)];
    at_[s][i] = reads.size();
    reads.push_back({s, i});
  }
  for (size_t v : step.outputs)
    if (v != kNoValue) producer_[slot(v)] = s;
}

void StepIndex::erase(size_t s) {
  detach(s);
  alive_[s] = 0;
}

void StepIndex::replace_reads(size_t from, size_t to) {
  std::vector<Read>& moved = readers_[slot(from)];
  std::vector<Read>& reads = readers_[slot(to)];
  for (const Read& r : moved) {
    steps_[r.step].inputs[r.input] = to;
    at_[r.step][r.input] = reads.size();
    reads.push_back(r);
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
