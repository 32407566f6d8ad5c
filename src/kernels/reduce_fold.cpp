// The traversal of the reductions over axes (kernels/reduce.h): the input's groups walked once, the
// folds of one operation and type behind FoldLoops called on each run or row.
#include <vector>

#include "kernels/reduce.h"

namespace ow::kernels {
namespace {

// The positions of some groups (outermost first) as input offsets, in order.
class Odometer {
 public:
  explicit Odometer(std::vector<ReduceGroup> groups) : groups_(std::move(groups)), index_(groups_.size(), 0) {}
  size_t offset() const { return offset_; }
  // Moves to the next position; false (back at the first) after the last.
  bool next() {
    for (size_t g = groups_.size(); g-- > 0;) {
      offset_ += groups_[g].stride;
      if (++index_[g] < groups_[g].extent) return true;
      offset_ -= groups_[g].stride * groups_[g].extent;
      index_[g] = 0;
    }
    return false;
  }

 private:
  std::vector<ReduceGroup> groups_;
  std::vector<size_t> index_;
  size_t offset_ = 0;
};

}  // namespace

void fold_groups(std::span<const ReduceGroup> groups, const FoldLoops& loops, size_t element_size, const void* x, void* acc) {
  std::vector<ReduceGroup> kept_groups, reduced_groups;
  for (size_t g = 0; g + 1 < groups.size(); ++g) (groups[g].reduced ? reduced_groups : kept_groups).push_back(groups[g]);
  const bool inner_reduced = !groups.empty() && groups.back().reduced;
  const size_t inner = groups.empty() ? 1 : groups.back().extent;
  const auto* in = static_cast<const unsigned char*>(x);
  Odometer at(std::move(kept_groups));
  for (auto* s = static_cast<unsigned char*>(acc);; s += (inner_reduced ? 1 : inner) * loops.acc_size) {
    Odometer from(reduced_groups);
    do {
      const unsigned char* p = in + (at.offset() + from.offset()) * element_size;
      if (inner_reduced) loops.run(s, p, inner);
      else loops.rows(s, p, inner);
    } while (from.next());
    if (!at.next()) break;
  }
}

}  // namespace ow::kernels
