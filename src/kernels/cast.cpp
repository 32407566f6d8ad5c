#include "kernels/cast.h"

#include <cstring>

namespace ow::kernels {
namespace {

template <typename S, typename D>
void cast_loop(const S* x, D* y, size_t n) {
  for (size_t i = 0; i < n; ++i) y[i] = convert<D>(x[i]);
}

}  // namespace

void cast(DType from, const void* x, DType to, void* y, size_t n) {
  if (from == to) {
    if (x != y) std::memcpy(y, x, n * dtype_size(from));
    return;
  }
  visit_dtype(from, [&](auto source) __attribute__((always_inline)) {
    using S = decltype(source);
    visit_dtype(to, [&](auto target) __attribute__((always_inline)) {
      using D = decltype(target);
      cast_loop(static_cast<const S*>(x), static_cast<D*>(y), n);
    });
  });
}

}  // namespace ow::kernels
