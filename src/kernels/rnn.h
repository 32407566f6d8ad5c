// The loops of the recurrent operators (LSTM, GRU, RNN; ops/recurrent.cpp): each step's product of the
// hidden state by R, the float64 product by W (float32's is the GEMM core's, kernels/gemm.h), the
// activations and the cells. float16 and bfloat16 run as float32, float64 as itself.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ow::kernels {

// c[m * ldc + n] += a[m * lda + k] * b[n * ldb + k], summed over k < K, for m < M and n < N: the rows
// of b are the weight rows (ONNX's W and R are [gates * hidden, input]). Sized for per-step calls
// (M = batch, often 1): no packing, no allocation.
void matmul_nt_add(const double* a, size_t lda, const double* b, size_t ldb, double* c, size_t ldc, size_t M, size_t N, size_t K);

// A step's float32 product: R's rows (each `hidden` long) packed once (a session's constant R, else once
// per call) into panels of kRnnPanelRows rows, element k of every row of a panel together, so that a
// step reads R once, in order, a panel's loads at fixed offsets, and the hidden state's element k
// once per panel. rnn_pack packs `rows` rows into rnn_packed_size(rows, hidden) floats (the last panel
// filled with zero rows); rnn_packed_product adds h (batch rows, each `hidden` long) times those rows'
// transpose to c (batch rows ldc apart): each sum over k in order, then added to c, as the GEMM core
// sums.
constexpr size_t kRnnPanelRows = 48;
size_t rnn_packed_size(size_t rows, size_t hidden);
void rnn_pack(const float* r, size_t rows, size_t hidden, float* packed);
void rnn_packed_product(const float* h, const float* packed, size_t rows, size_t hidden, size_t batch, float* c, size_t ldc);

// The activation functions ONNX's recurrent operators name, with their alpha and beta.
enum class ActivationKind : uint8_t {
  kRelu, kTanh, kSigmoid, kAffine, kLeakyRelu, kThresholdedRelu, kScaledTanh, kHardSigmoid, kElu, kSoftsign, kSoftplus
};
struct Activation {
  ActivationKind kind = ActivationKind::kSigmoid;
  double alpha = 0, beta = 0;
};

// float32 Sigmoid and Tanh of v[i] clipped to [-clip, clip], in place (rnn_activate_f32_simd128.cpp):
// the cells' usual activations, in SIMD128 with the elementwise operators' accuracy.
void sigmoid_clipped_f32(float* v, size_t n, float clip);
void tanh_clipped_f32(float* v, size_t n, float clip);

// What every cell shares: the hidden size and the clip of the activations' inputs (+inf: none).
struct CellParams {
  size_t hidden = 0;
  double clip = 0;
};

// One batch row of one step. `gates` holds the row's pre-activations (X * W^T + H * R^T + biases, in
// ONNX's gate order) and is overwritten; `h` (and `c`) hold the previous state and receive the new one.
//
// LSTM, gates i, o, f, c (4 * hidden); `peephole` (3 * hidden: i, o, f) or null; activations f, g, h.
struct LstmCell {
  CellParams p;
  Activation f, g, h;
  bool input_forget = false;
};
void lstm_cell(const LstmCell& cell, float* gates, const float* peephole, float* c, float* h);
void lstm_cell(const LstmCell& cell, double* gates, const double* peephole, double* c, double* h);
// float32's LSTM cell of activations Sigmoid, Tanh, Tanh (the default), which lstm_cell runs: one pass
// over the hidden units, four at a time, giving the bytes of the activations and loops the others take.
void lstm_cell_sigmoid_tanh_f32(float* gates, const float* peephole, float* c, float* h, size_t hidden, float clip, bool input_forget);

// GRU, gates z, r, h (3 * hidden), activations f and g. In two halves, because the hidden gate's
// product with R needs r first: gru_update_reset activates z and r in gates[0, 2 * hidden) and, where
// the product is of (r . H) (linear_before_reset 0), writes r . H into `reset_h`; gru_hidden takes
// gates[2 * hidden, 3 * hidden) as X * Wh^T + biases and `h_product` as the hidden gate's product
// with Rh (of r . H, or of H plus Rbh to be multiplied by r where `linear_before_reset`).
struct GruCell {
  CellParams p;
  Activation f, g;
  bool linear_before_reset = false;
};
void gru_update_reset(const GruCell& cell, float* gates, const float* h, float* reset_h);
void gru_update_reset(const GruCell& cell, double* gates, const double* h, double* reset_h);
void gru_hidden(const GruCell& cell, float* gates, const float* h_product, float* h);
void gru_hidden(const GruCell& cell, double* gates, const double* h_product, double* h);
// float32's gru_hidden where g is Tanh (the default), which gru_hidden runs: one pass over the hidden
// units, four at a time, giving the bytes of the activation and loops the others take.
void gru_hidden_tanh_f32(const float* gates, const float* h_product, float* h, size_t hidden, float clip, bool linear_before_reset);

// RNN: one gate, activation f.
struct RnnCell {
  CellParams p;
  Activation f;
};
void rnn_cell(const RnnCell& cell, float* gates, float* h);
void rnn_cell(const RnnCell& cell, double* gates, double* h);

}  // namespace ow::kernels
