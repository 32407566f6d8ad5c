// float16 and bfloat16 Softmax and LogSoftmax (kernels/softmax.h): each block of d * inner elements
// converted to float32, the float32 kernel there, and back (one rounding).
#include <vector>

#include "kernels/convert_half.h"
#include "kernels/softmax.h"

namespace ow::kernels {
namespace {

template <typename H>
void softmax_via_f32(const H* x, H* y, SoftmaxShape shape, bool log) {
  const size_t block = shape.d * shape.inner;
  std::vector<float> in(block), out(block);
  for (size_t o = 0; o < shape.outer; ++o) {
    half_to_f32(x + o * block, in.data(), block);
    softmax(in.data(), out.data(), {1, shape.d, shape.inner}, log);
    f32_to_half(out.data(), y + o * block, block);
  }
}

}  // namespace

void softmax(const Float16* x, Float16* y, SoftmaxShape shape, bool log) { softmax_via_f32(x, y, shape, log); }
void softmax(const BFloat16* x, BFloat16* y, SoftmaxShape shape, bool log) { softmax_via_f32(x, y, shape, log); }

}  // namespace ow::kernels
