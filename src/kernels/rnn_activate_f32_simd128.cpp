// The recurrent cells' Sigmoid and Tanh for float32 (kernels/rnn.h), four lanes at a time with the
// elementwise Sigmoid and Tanh's functions (kernels/math_f32x4.h), so within their 2 ulp. The clip is
// std::min(std::max(x, -clip), clip) as the scalar activations apply it (pmax and pmin: a NaN stays).
// The last n % 4 elements go through a padded vector, so every element takes the same instructions.
// The LSTM cell of the default activations runs here whole, and GRU's hidden gate and state where that
// gate's activation is Tanh, four units at a time.
#include <algorithm>

#include "kernels/math_f32x4.h"
#include "kernels/rnn.h"

namespace ow::kernels {
namespace {

template <v128_t (*Fn)(v128_t)>
void activate_clipped(float* v, size_t n, float clip) {
  const v128_t hi = wasm_f32x4_splat(clip), lo = wasm_f32x4_splat(-clip);
  const auto one = [&](const float* from, float* to) { wasm_v128_store(to, Fn(wasm_f32x4_pmin(wasm_f32x4_pmax(wasm_v128_load(from), lo), hi))); };
  size_t i = 0;
  for (; i + 4 <= n; i += 4) one(v + i, v + i);
  if (i == n) return;
  float tail[4] = {0, 0, 0, 0};
  std::copy(v + i, v + n, tail);
  one(tail, tail);
  std::copy(tail, tail + (n - i), v + i);
}

inline v128_t clipped(v128_t x, v128_t lo, v128_t hi) { return wasm_f32x4_pmin(wasm_f32x4_pmax(x, lo), hi); }

// Where each of four units' values are: the gates i, o, f, c, the peepholes i, o, f, the cell state
// and the hidden state.
struct LstmUnits {
  const float *i, *o, *f, *g, *pi, *po, *pf;
  float *c, *h;
};

// The units' step with the operations, and their order, of lstm_cell's activations and loops
// (rnn_cells.cpp), which the other activations take; h(C) unclipped (pmin and pmax by infinity give x).
template <bool kPeephole, bool kInputForget>
inline void lstm_units(const LstmUnits& u, v128_t lo, v128_t hi) {
  v128_t c = wasm_v128_load(u.c);
  v128_t i = wasm_v128_load(u.i), f = wasm_v128_load(u.f), o = wasm_v128_load(u.o);
  if constexpr (kPeephole) {
    i = wasm_f32x4_add(i, wasm_f32x4_mul(wasm_v128_load(u.pi), c));
    f = wasm_f32x4_add(f, wasm_f32x4_mul(wasm_v128_load(u.pf), c));
  }
  i = sigmoid_f32x4(clipped(i, lo, hi));
  f = kInputForget ? wasm_f32x4_sub(wasm_f32x4_const_splat(1.0f), i) : sigmoid_f32x4(clipped(f, lo, hi));
  const v128_t g = tanh_f32x4(clipped(wasm_v128_load(u.g), lo, hi));
  c = wasm_f32x4_add(wasm_f32x4_mul(f, c), wasm_f32x4_mul(i, g));
  wasm_v128_store(u.c, c);
  if constexpr (kPeephole) o = wasm_f32x4_add(o, wasm_f32x4_mul(wasm_v128_load(u.po), c));
  o = sigmoid_f32x4(clipped(o, lo, hi));
  wasm_v128_store(u.h, wasm_f32x4_mul(o, tanh_f32x4(c)));
}

template <bool kPeephole, bool kInputForget>
void lstm_cell_units(float* gates, const float* peephole, float* c, float* h, size_t hidden, float clip) {
  const v128_t hi = wasm_f32x4_splat(clip), lo = wasm_f32x4_splat(-clip);
  const auto at = [&](const float* gate_i, const float* p, float* cell, float* out, size_t k, size_t stride) {
    return LstmUnits{gate_i + k, gate_i + stride + k, gate_i + 2 * stride + k, gate_i + 3 * stride + k,
                     p ? p + k : nullptr, p ? p + stride + k : nullptr, p ? p + 2 * stride + k : nullptr, cell + k, out + k};
  };
  size_t k = 0;
  for (; k + 4 <= hidden; k += 4) lstm_units<kPeephole, kInputForget>(at(gates, peephole, c, h, k, hidden), lo, hi);
  if (k == hidden) return;
  // The last units through padded vectors: gates i, o, f, c, then peepholes i, o, f, each 4 floats.
  const size_t n = hidden - k;
  float local_gates[16] = {}, local_p[12] = {}, local_c[4] = {}, local_h[4] = {};
  for (size_t q = 0; q < 4; ++q) std::copy_n(gates + q * hidden + k, n, local_gates + 4 * q);
  if (peephole)
    for (size_t q = 0; q < 3; ++q) std::copy_n(peephole + q * hidden + k, n, local_p + 4 * q);
  std::copy_n(c + k, n, local_c);
  lstm_units<kPeephole, kInputForget>(at(local_gates, peephole ? local_p : nullptr, local_c, local_h, 0, 4), lo, hi);
  std::copy_n(local_c, n, c + k);
  std::copy_n(local_h, n, h + k);
}

// GRU's hidden gate and new state for four units, with gru_hidden's operations in its order
// (rnn_cells.cpp): n += r . product (linear_before_reset) or n += product, n = tanh(clip(n)),
// h = (1 - z) . n + z . h.
template <bool kLinearBeforeReset>
inline void gru_units(const float* z_in, const float* r_in, const float* n_in, const float* product, float* h, v128_t lo, v128_t hi) {
  const v128_t z = wasm_v128_load(z_in), p = wasm_v128_load(product);
  v128_t n = wasm_v128_load(n_in);
  n = wasm_f32x4_add(n, kLinearBeforeReset ? wasm_f32x4_mul(wasm_v128_load(r_in), p) : p);
  n = tanh_f32x4(clipped(n, lo, hi));
  const v128_t one_minus_z = wasm_f32x4_sub(wasm_f32x4_const_splat(1.0f), z);
  wasm_v128_store(h, wasm_f32x4_add(wasm_f32x4_mul(one_minus_z, n), wasm_f32x4_mul(z, wasm_v128_load(h))));
}

template <bool kLinearBeforeReset>
void gru_hidden_units(const float* gates, const float* product, float* h, size_t hidden, float clip) {
  const v128_t hi = wasm_f32x4_splat(clip), lo = wasm_f32x4_splat(-clip);
  size_t k = 0;
  for (; k + 4 <= hidden; k += 4)
    gru_units<kLinearBeforeReset>(gates + k, gates + hidden + k, gates + 2 * hidden + k, product + k, h + k, lo, hi);
  if (k == hidden) return;
  // The last units through padded vectors: gates z, r, h, the product and the state, each 4 floats.
  const size_t n = hidden - k;
  float local[20] = {};
  for (size_t q = 0; q < 3; ++q) std::copy_n(gates + q * hidden + k, n, local + 4 * q);
  std::copy_n(product + k, n, local + 12);
  std::copy_n(h + k, n, local + 16);
  gru_units<kLinearBeforeReset>(local, local + 4, local + 8, local + 12, local + 16, lo, hi);
  std::copy_n(local + 16, n, h + k);
}

}  // namespace

void gru_hidden_tanh_f32(const float* gates, const float* h_product, float* h, size_t hidden, float clip, bool linear_before_reset) {
  if (linear_before_reset) gru_hidden_units<true>(gates, h_product, h, hidden, clip);
  else gru_hidden_units<false>(gates, h_product, h, hidden, clip);
}

void lstm_cell_sigmoid_tanh_f32(float* gates, const float* peephole, float* c, float* h, size_t hidden, float clip, bool input_forget) {
  if (peephole) {
    if (input_forget) lstm_cell_units<true, true>(gates, peephole, c, h, hidden, clip);
    else lstm_cell_units<true, false>(gates, peephole, c, h, hidden, clip);
  } else {
    if (input_forget) lstm_cell_units<false, true>(gates, peephole, c, h, hidden, clip);
    else lstm_cell_units<false, false>(gates, peephole, c, h, hidden, clip);
  }
}

void sigmoid_clipped_f32(float* v, size_t n, float clip) { activate_clipped<sigmoid_f32x4>(v, n, clip); }
void tanh_clipped_f32(float* v, size_t n, float clip) { activate_clipped<tanh_f32x4>(v, n, clip); }

}  // namespace ow::kernels
