// Where's selection (kernels/strided.h), for elements of 1, 2, 4 or 8 bytes. Rows whose operands are
// each contiguous or one element read again (stride 0: a scalar X or Y, a condition broadcast along
// the row) select by vectors: 16 condition bytes widened to lane masks of the element's size, and a
// bitselect of X's and Y's lanes by them, so the chosen bits move unchanged (NaN payloads too). A
// broadcast operand is read from 16 copies of its element that the step does not advance. Other rows,
// and each row's last elements, select element by element.
#include <cstdint>
#include <cstring>

#include "kernels/simd128.h"
#include "kernels/strided.h"

namespace ow::kernels {
namespace {

constexpr size_t kStep = 16;  // elements per vector step: one vector of condition bytes

// The lane masks of kStep elements of kSize bytes (kSize vectors) from the byte masks of m: each step
// sign-extends to twice the width, the low half and the high half.
template <size_t kSize>
void widen_masks(v128_t m, v128_t* masks) {
  if constexpr (kSize == 1) {
    masks[0] = m;
  } else {
    v128_t half[kSize / 2];
    widen_masks<kSize / 2>(m, half);
    for (size_t k = 0; k < kSize / 2; ++k) {
      if constexpr (kSize == 2) {
        masks[2 * k] = wasm_i16x8_extend_low_i8x16(half[k]);
        masks[2 * k + 1] = wasm_i16x8_extend_high_i8x16(half[k]);
      } else if constexpr (kSize == 4) {
        masks[2 * k] = wasm_i32x4_extend_low_i16x8(half[k]);
        masks[2 * k + 1] = wasm_i32x4_extend_high_i16x8(half[k]);
      } else {
        masks[2 * k] = wasm_i64x2_extend_low_i32x4(half[k]);
        masks[2 * k + 1] = wasm_i64x2_extend_high_i32x4(half[k]);
      }
    }
  }
}

// One operand of a vector row: where it is read from and how far a step moves it (0 when broadcast).
template <typename T>
struct RowOperand {
  const T* at;
  size_t advance;
};

template <typename T>
RowOperand<T> row_operand(const T* row, ptrdiff_t step, T (&copies)[kStep]) {
  if (step == 1) return {row, kStep};
  for (T& v : copies) v = row[0];
  return {copies, 0};
}

// out[0..n) from a row whose every step is 0 or 1; returns how many elements it wrote (whole steps).
template <typename U>
size_t select_vector_row(const unsigned char* c, const U* x, const U* y, const std::array<ptrdiff_t, 3>& step, U* out, size_t n) {
  alignas(16) unsigned char c_copies[kStep];
  alignas(16) U x_copies[kStep], y_copies[kStep];
  RowOperand<unsigned char> cr = row_operand(c, step[0], c_copies);
  RowOperand<U> xr = row_operand(x, step[1], x_copies);
  RowOperand<U> yr = row_operand(y, step[2], y_copies);
  constexpr size_t kVectors = sizeof(U);  // kStep elements
  constexpr size_t kLanes = kStep / kVectors;
  size_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    v128_t masks[kVectors];
    widen_masks<sizeof(U)>(wasm_i8x16_ne(wasm_v128_load(cr.at), wasm_i32x4_const_splat(0)), masks);
    for (size_t k = 0; k < kVectors; ++k)
      wasm_v128_store(out + i + k * kLanes, wasm_v128_bitselect(wasm_v128_load(xr.at + k * kLanes), wasm_v128_load(yr.at + k * kLanes), masks[k]));
    cr.at += cr.advance;
    xr.at += xr.advance;
    yr.at += yr.advance;
  }
  return i;
}

template <typename U>
void select_as(const std::vector<StridedAxis<3>>& axes, const unsigned char* c, const U* x, const U* y, U* out) {
  const size_t n = axes.empty() ? 1 : axes.back().extent;
  const std::array<ptrdiff_t, 3> step = axes.empty() ? std::array<ptrdiff_t, 3>{} : axes.back().strides;
  const bool vector_rows = n >= kStep && (step[0] == 0 || step[0] == 1) && (step[1] == 0 || step[1] == 1) && (step[2] == 0 || step[2] == 1);
  each_row(axes, [&](const std::array<ptrdiff_t, 3>& at) {
    const unsigned char* cr = c + at[0];
    const U* xr = x + at[1];
    const U* yr = y + at[2];
    const size_t done = vector_rows ? select_vector_row(cr, xr, yr, step, out, n) : 0;
    for (size_t i = done; i < n; ++i) out[i] = cr[i * step[0]] != 0 ? xr[i * step[1]] : yr[i * step[2]];
    out += n;
  });
}

}  // namespace

void select(std::vector<StridedAxis<3>> axes, size_t element_size, const unsigned char* condition, const void* x, const void* y,
            void* out) {
  if (any_empty(axes)) return;
  simplify_axes(axes);
  switch (element_size) {
    case 1: return select_as(axes, condition, static_cast<const uint8_t*>(x), static_cast<const uint8_t*>(y), static_cast<uint8_t*>(out));
    case 2: return select_as(axes, condition, static_cast<const uint16_t*>(x), static_cast<const uint16_t*>(y), static_cast<uint16_t*>(out));
    case 4: return select_as(axes, condition, static_cast<const uint32_t*>(x), static_cast<const uint32_t*>(y), static_cast<uint32_t*>(out));
    default: return select_as(axes, condition, static_cast<const uint64_t*>(x), static_cast<const uint64_t*>(y), static_cast<uint64_t*>(out));
  }
}

}  // namespace ow::kernels
