// The one index of a graph's steps being optimized: each value's producer and readers, and which
// steps are still there. Every pass (passes/) reads it, and every rewrite keeps it current, so that no
// pass rescans the steps after the one it looks at or starts again from the first: the optimizer's
// work grows with the graph, not with its square. It is over the graph's values alone (GraphValues,
// step.h), numbered from 0 in their order (slots), so that indexing each of a session's branches
// costs the branch's size.
//
// A step a pass erases or fuses away stays in the steps (dead) until the optimizer compacts them at
// its end, so that step ids (positions in the steps) hold while it runs, and a fused step takes the
// place of the last node fused into it. A pass that changes a step's inputs or outputs detaches the
// step first and attaches it again after.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "onnx/step.h"

namespace ow::onnx {

constexpr size_t kNoStep = SIZE_MAX;

template <class T>
class ValueTable;

class StepIndex {
 public:
  // A read of a value: steps[step].inputs[input].
  struct Read {
    size_t step;
    size_t input;
  };

  // Indexes every step of `steps` (all alive), which compute and read `values` alone.
  StepIndex(std::vector<Step>& steps, GraphValues values, std::span<const size_t> graph_outputs);

  const GraphValues& values() const { return values_; }
  // The values indexed: value(slot) for slot in [0, value_count()), the graph's own first.
  size_t value_count() const { return producer_.size(); }
  size_t value(size_t slot) const { return slot < values_.count ? values_.first + slot : values_.outer[slot - values_.count]; }
  // Value v's position among them: O(1) for the graph's own, O(log) for those of the graphs around it.
  size_t slot(size_t v) const {
    return v - values_.first < values_.count
               ? v - values_.first
               : values_.count + (std::lower_bound(values_.outer.begin(), values_.outer.end(), v) - values_.outer.begin());
  }
  bool alive(size_t s) const { return alive_[s] != 0; }
  bool is_graph_output(size_t v) const { return graph_output_[slot(v)] != 0; }
  // The alive step that computes v, or kNoStep (a graph input, a constant, a folded value).
  size_t producer(size_t v) const { return producer_[slot(v)]; }
  // Where alive steps read v, in no order.
  std::span<const Read> readers(size_t v) const { return readers_[slot(v)]; }
  // The step that alone reads v, and only once, where v is no graph output; else kNoStep.
  size_t sole_reader(size_t v) const;
  // By value: the last alive step that reads it, or kNoStep. O(reads).
  ValueTable<size_t> last_readers() const;

  // Unindexes step s's reads and outputs, before a pass changes them; attach() indexes them again.
  void detach(size_t s);
  void attach(size_t s);
  // Detaches step s for good: it no longer runs.
  void erase(size_t s);
  // Every read of `from` reads `to` instead, in the steps and here. O(reads of `from`).
  void replace_reads(size_t from, size_t to);
  // Removes the dead steps from the steps, keeping the order of the others, and indexes what is left.
  void compact();

 private:
  std::vector<Step>& steps_;
  GraphValues values_;
  std::vector<size_t> producer_;            // by slot
  std::vector<std::vector<Read>> readers_;  // by slot
  // By step, by input: the read's position in readers_ of the value, so that a read is removed in
  // constant time (the last read of that value takes its place).
  std::vector<std::vector<size_t>> at_;
  std::vector<uint8_t> alive_;         // by step
  std::vector<uint8_t> graph_output_;  // by slot
};

// Something of each value an index is over, looked up by value id.
template <class T>
class ValueTable {
 public:
  ValueTable(const StepIndex& index, T initial) : index_(&index), by_slot_(index.value_count(), initial) {}
  T& operator[](size_t v) { return by_slot_[index_->slot(v)]; }
  const T& operator[](size_t v) const { return by_slot_[index_->slot(v)]; }
  T& at_slot(size_t slot) { return by_slot_[slot]; }

 private:
  const StepIndex* index_;
  std::vector<T> by_slot_;
};

}  // namespace ow::onnx
