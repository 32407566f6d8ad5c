// The recurrent cells and their activations (kernels/rnn.h), one batch row at a time, for float32
// (which float16 and bfloat16 run as) and float64. float32's Sigmoid and Tanh run in SIMD128
// (rnn_activate_f32_simd128.cpp), the other activations and float64's in scalar loops.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "kernels/rnn.h"

namespace ow::kernels {
namespace {

template <typename S, typename Fn>
inline void map(S* v, size_t n, S clip, Fn fn) {
  for (size_t i = 0; i < n; ++i) v[i] = fn(std::min(std::max(v[i], -clip), clip));
}

// v[i] = activation(clip(v[i])) for i < n; `clip` is +inf where there is none. Not inlined: the cells
// call it several times, and each copy would hold every activation's loop.
template <typename S>
[[gnu::noinline]] void activate(const Activation& a, S clip, S* v, size_t n) {
  const S alpha = static_cast<S>(a.alpha), beta = static_cast<S>(a.beta);
  switch (a.kind) {
    case ActivationKind::kRelu: return map(v, n, clip, [](S x) { return x > 0 ? x : S(0); });
    case ActivationKind::kTanh:
      if constexpr (std::is_same_v<S, float>) return tanh_clipped_f32(v, n, clip);
      else return map(v, n, clip, [](S x) { return std::tanh(x); });
    case ActivationKind::kSigmoid:
      if constexpr (std::is_same_v<S, float>) return sigmoid_clipped_f32(v, n, clip);
      else return map(v, n, clip, [](S x) { return S(1) / (S(1) + std::exp(-x)); });
    case ActivationKind::kAffine: return map(v, n, clip, [=](S x) { return alpha * x + beta; });
    case ActivationKind::kLeakyRelu: return map(v, n, clip, [=](S x) { return x >= 0 ? x : alpha * x; });
    case ActivationKind::kThresholdedRelu: return map(v, n, clip, [=](S x) { return x > alpha ? x : S(0); });
    case ActivationKind::kScaledTanh: return map(v, n, clip, [=](S x) { return alpha * std::tanh(beta * x); });
    case ActivationKind::kHardSigmoid:
      return map(v, n, clip, [=](S x) { return std::max(S(0), std::min(S(1), alpha * x + beta)); });
    case ActivationKind::kElu: return map(v, n, clip, [=](S x) { return x >= 0 ? x : alpha * (std::exp(x) - S(1)); });
    case ActivationKind::kSoftsign: return map(v, n, clip, [](S x) { return x / (S(1) + std::abs(x)); });
    // log(1 + e^x), without e^x overflowing where x is large.
    case ActivationKind::kSoftplus: return map(v, n, clip, [](S x) { return x > 0 ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x)); });
  }
}

template <typename S>
void lstm_cell_t(const LstmCell& cell, S* gates, const S* peephole, S* c, S* h) {
  const size_t H = cell.p.hidden;
  const S clip = static_cast<S>(cell.p.clip);
  if constexpr (std::is_same_v<S, float>) {
    if (cell.f.kind == ActivationKind::kSigmoid && cell.g.kind == ActivationKind::kTanh && cell.h.kind == ActivationKind::kTanh)
      return lstm_cell_sigmoid_tanh_f32(gates, peephole, c, h, H, clip, cell.input_forget);
  }
  S* i = gates;
  S* o = gates + H;
  S* f = gates + 2 * H;
  S* g = gates + 3 * H;
  if (peephole) {
    for (size_t k = 0; k < H; ++k) {
      i[k] += peephole[k] * c[k];
      f[k] += peephole[2 * H + k] * c[k];
    }
  }
  activate(cell.f, clip, i, H);
  if (cell.input_forget) {
    for (size_t k = 0; k < H; ++k) f[k] = S(1) - i[k];
  } else {
    activate(cell.f, clip, f, H);
  }
  activate(cell.g, clip, g, H);
  for (size_t k = 0; k < H; ++k) c[k] = f[k] * c[k] + i[k] * g[k];
  if (peephole)
    for (size_t k = 0; k < H; ++k) o[k] += peephole[H + k] * c[k];
  activate(cell.f, clip, o, H);
  // h(C), with no clip: the clip bounds the gates' inputs.
  for (size_t k = 0; k < H; ++k) g[k] = c[k];
  activate(cell.h, static_cast<S>(INFINITY), g, H);
  for (size_t k = 0; k < H; ++k) h[k] = o[k] * g[k];
}

template <typename S>
void gru_update_reset_t(const GruCell& cell, S* gates, const S* h, S* reset_h) {
  const size_t H = cell.p.hidden;
  activate(cell.f, static_cast<S>(cell.p.clip), gates, 2 * H);
  if (!cell.linear_before_reset)
    for (size_t k = 0; k < H; ++k) reset_h[k] = gates[H + k] * h[k];
}

template <typename S>
void gru_hidden_t(const GruCell& cell, S* gates, const S* h_product, S* h) {
  const size_t H = cell.p.hidden;
  if constexpr (std::is_same_v<S, float>) {
    if (cell.g.kind == ActivationKind::kTanh)
      return gru_hidden_tanh_f32(gates, h_product, h, H, static_cast<float>(cell.p.clip), cell.linear_before_reset);
  }
  const S* z = gates;
  const S* r = gates + H;
  S* n = gates + 2 * H;
  if (cell.linear_before_reset) {
    for (size_t k = 0; k < H; ++k) n[k] += r[k] * h_product[k];
  } else {
    for (size_t k = 0; k < H; ++k) n[k] += h_product[k];
  }
  activate(cell.g, static_cast<S>(cell.p.clip), n, H);
  for (size_t k = 0; k < H; ++k) h[k] = (S(1) - z[k]) * n[k] + z[k] * h[k];
}

template <typename S>
void rnn_cell_t(const RnnCell& cell, S* gates, S* h) {
  activate(cell.f, static_cast<S>(cell.p.clip), gates, cell.p.hidden);
  std::copy(gates, gates + cell.p.hidden, h);
}

}  // namespace

void lstm_cell(const LstmCell& cell, float* gates, const float* peephole, float* c, float* h) { lstm_cell_t(cell, gates, peephole, c, h); }
void lstm_cell(const LstmCell& cell, double* gates, const double* peephole, double* c, double* h) { lstm_cell_t(cell, gates, peephole, c, h); }
void gru_update_reset(const GruCell& cell, float* gates, const float* h, float* reset_h) { gru_update_reset_t(cell, gates, h, reset_h); }
void gru_update_reset(const GruCell& cell, double* gates, const double* h, double* reset_h) { gru_update_reset_t(cell, gates, h, reset_h); }
void gru_hidden(const GruCell& cell, float* gates, const float* h_product, float* h) { gru_hidden_t(cell, gates, h_product, h); }
void gru_hidden(const GruCell& cell, double* gates, const double* h_product, double* h) { gru_hidden_t(cell, gates, h_product, h); }
void rnn_cell(const RnnCell& cell, float* gates, float* h) { rnn_cell_t(cell, gates, h); }
void rnn_cell(const RnnCell& cell, double* gates, double* h) { rnn_cell_t(cell, gates, h); }

}  // namespace ow::kernels
