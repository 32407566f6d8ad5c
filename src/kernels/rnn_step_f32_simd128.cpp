// The recurrent step's float32 product on R packed in panels (kernels/rnn.h): for each panel, twelve
// vector accumulators of its 48 rows' sums (with the splat and a loaded vector, within x64's 16 vector
// registers); for each k, one splat of h's element and twelve loads at fixed offsets, two k per pass.
#include <algorithm>
#include <cstring>

#include "kernels/rnn.h"
#include "kernels/simd128.h"

namespace ow::kernels {
namespace {

constexpr size_t kVectors = kRnnPanelRows / 4;

inline void accumulate(v128_t (&acc)[kVectors], const float* h, const float* b) {
  const v128_t hk = wasm_v128_load32_splat(h);
  for (size_t q = 0; q < kVectors; ++q) acc[q] = wasm_f32x4_add(acc[q], wasm_f32x4_mul(hk, wasm_v128_load(b + 4 * q)));
}

// out[j] += sum over k of h[k] * panel(k, j), for the panel's 32 rows j.
void panel_product(const float* h, const float* panel, size_t hidden, float* out) {
  v128_t acc[kVectors];
  for (v128_t& v : acc) v = wasm_f32x4_splat(0.0f);
  size_t k = 0;
  for (; k + 2 <= hidden; k += 2, panel += 2 * kRnnPanelRows) {
    accumulate(acc, h + k, panel);
    accumulate(acc, h + k + 1, panel + kRnnPanelRows);
  }
  if (k < hidden) accumulate(acc, h + k, panel);
  for (size_t q = 0; q < kVectors; ++q) wasm_v128_store(out + 4 * q, wasm_f32x4_add(wasm_v128_load(out + 4 * q), acc[q]));
}

}  // namespace

size_t rnn_packed_size(size_t rows, size_t hidden) { return (rows + kRnnPanelRows - 1) / kRnnPanelRows * kRnnPanelRows * hidden; }

void rnn_pack(const float* r, size_t rows, size_t hidden, float* packed) {
  for (size_t j0 = 0; j0 < rows; j0 += kRnnPanelRows) {
    const size_t panel_rows = std::min(kRnnPanelRows, rows - j0);
    for (size_t k = 0; k < hidden; ++k, packed += kRnnPanelRows) {
      size_t j = 0;
      for (; j < panel_rows; ++j) packed[j] = r[(j0 + j) * hidden + k];
      for (; j < kRnnPanelRows; ++j) packed[j] = 0.0f;
    }
  }
}

void rnn_packed_product(const float* h, const float* packed, size_t rows, size_t hidden, size_t batch, float* c, size_t ldc) {
  for (size_t j0 = 0; j0 < rows; j0 += kRnnPanelRows, packed += kRnnPanelRows * hidden) {
    const size_t panel_rows = std::min(kRnnPanelRows, rows - j0);
    for (size_t m = 0; m < batch; ++m) {
      float* out = c + m * ldc + j0;
      if (panel_rows == kRnnPanelRows) {
        panel_product(h + m * hidden, packed, hidden, out);
        continue;
      }
      float local[kRnnPanelRows] = {};  // the last panel's rows past R's through a local row
      std::memcpy(local, out, panel_rows * sizeof(float));
      panel_product(h + m * hidden, packed, hidden, local);
      std::memcpy(out, local, panel_rows * sizeof(float));
    }
  }
}

}  // namespace ow::kernels
