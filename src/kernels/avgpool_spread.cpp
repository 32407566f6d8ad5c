// Spreading the box of pooled outputs over the whole output, in place: from the last output back,
// so that every output moves (towards the end: the box is never larger) before anything overwrites it.
#include <algorithm>
#include <cstring>

#include "kernels/avgpool.h"

namespace ow::kernels {
namespace {

struct Spread {
  const std::vector<AvgPoolBoxAxis>& axes;
  size_t element_size;
  uint64_t empty;

  // `bytes` of `empty`s at p: one element, then copies of what is written, doubling.
  void fill(unsigned char* p, size_t bytes) const {
    if (bytes == 0) return;
    std::memcpy(p, &empty, element_size);
    for (size_t done = element_size; done < bytes;) {
      const size_t n = std::min(done, bytes - done);
      std::memcpy(p + done, p, n);
      done += n;
    }
  }

  // The outputs of axes i.. at dst, from the box's at src (src <= dst, and whatever is still to move
  // lies before src).
  void place(size_t i, unsigned char* dst, const unsigned char* src) const {
    const AvgPoolBoxAxis& ax = axes[i];
    size_t out_stride = element_size, box_stride = element_size;
    for (size_t j = i + 1; j < axes.size(); ++j) {
      out_stride *= axes[j].size;
      box_stride *= axes[j].end - axes[j].begin;
    }
    fill(dst + ax.end * out_stride, (ax.size - ax.end) * out_stride);
    if (out_stride == box_stride) std::memmove(dst + ax.begin * out_stride, src, (ax.end - ax.begin) * out_stride);
    else for (size_t o = ax.end; o-- > ax.begin;) place(i + 1, dst + o * out_stride, src + (o - ax.begin) * box_stride);
    fill(dst, ax.begin * out_stride);
  }
};

}  // namespace

void avgpool_spread(const std::vector<AvgPoolBoxAxis>& axes, size_t element_size, uint64_t empty, void* y) {
  auto* p = static_cast<unsigned char*>(y);
  Spread{axes, element_size, empty}.place(0, p, p);
}

}  // namespace ow::kernels
