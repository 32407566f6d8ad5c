// The recurrent operators: LSTM, RNN (versions 1, 7, 14, 22) and GRU (1, 3, 7, 14, 22). Version 1 has
// output_sequence (accepted, 0 or 1; Y is computed whenever the node names it, as from version 7), GRU
// 3 adds linear_before_reset, 14 adds layout (batch first), 22 adds bfloat16.
//
// Each direction runs on its own: first X times W for every step at once (with both biases; float32 on
// the GEMM core, W packed once where a session holds it constant), then, step by step, the previous
// hidden state times R added to the step's gates, and the cell (kernels/rnn.h). In float32 that product
// runs on R packed in panels (once where a session holds R constant, else once per call), so that each
// step reads R once, in order, for all the gates and batch rows.
// float16 and bfloat16 compute in float32, float32 and float64 in their own type. A batch row whose
// sequence_lens is shorter than the sequence stops there: Y is 0 past it and Y_h (Y_c) is its state
// after its last step (its initial state for a length of 0); in reverse it starts at its own last step.
#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstring>
#include <string>

#include "core/half.h"
#include "kernels/convert_half.h"
#include "kernels/rnn.h"
#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

using kernels::Activation;
using kernels::ActivationKind;

enum class Family { kLstm, kGru, kRnn };

constexpr size_t gate_count(Family f) { return f == Family::kLstm ? 4 : f == Family::kGru ? 3 : 1; }
constexpr size_t activation_count(Family f) { return f == Family::kLstm ? 3 : f == Family::kGru ? 2 : 1; }

struct ActivationName {
  std::string_view name;
  ActivationKind kind;
  int alphas, betas;  // how many of activation_alpha and activation_beta it takes
  double alpha, beta;  // their defaults: those of the ONNX operators of the same name
};
constexpr ActivationName kActivationNames[] = {
    {"Relu", ActivationKind::kRelu, 0, 0, 0, 0},
    {"Tanh", ActivationKind::kTanh, 0, 0, 0, 0},
    {"Sigmoid", ActivationKind::kSigmoid, 0, 0, 0, 0},
    {"Affine", ActivationKind::kAffine, 1, 1, 1.0, 0.0},
    {"LeakyRelu", ActivationKind::kLeakyRelu, 1, 0, 0.01, 0},
    {"ThresholdedRelu", ActivationKind::kThresholdedRelu, 1, 0, 1.0, 0},
    {"ScaledTanh", ActivationKind::kScaledTanh, 1, 1, 1.0, 1.0},
    {"HardSigmoid", ActivationKind::kHardSigmoid, 1, 1, 0.2, 0.5},
    {"Elu", ActivationKind::kElu, 1, 0, 1.0, 0},
    {"Softsign", ActivationKind::kSoftsign, 0, 0, 0, 0},
    {"Softplus", ActivationKind::kSoftplus, 0, 0, 0, 0},
};

// The names alone, for the table (case is ignored when read).
constexpr auto kActivationChoices = [] {
  std::array<std::string_view, std::size(kActivationNames)> names{};
  for (size_t i = 0; i < names.size(); ++i) names[i] = kActivationNames[i].name;
  return names;
}();

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
}

struct Config {
  Family family;
  size_t directions = 1;
  bool reverse_only = false;  // direction "reverse"
  int64_t hidden_size = 0;    // 0: not given (taken from R)
  double clip = INFINITY;
  bool input_forget = false;         // LSTM
  bool linear_before_reset = false;  // GRU 3 on
  bool batch_first = false;          // layout 1, 14 on
  // Per direction (forward first): f, g, h of LSTM, f, g of GRU, f of RNN; the rest unused.
  std::vector<std::array<Activation, 3>> activations;
};

Result<bool> flag(const Attributes& attrs, std::string_view name) {
  OW_ASSIGN_OR_RETURN(int64_t v, attrs.get_int(name, 0));
  if (v != 0 && v != 1) return InvalidArgument("attribute '" + std::string(name) + "' must be 0 or 1, got " + std::to_string(v));
  return v == 1;
}

// The activations, one list for all directions (forward first), with the alphas and betas consumed
// in order by the activations that take them, as onnxruntime reads them; the defaults where the lists
// end.
Status parse_activations(const Attributes& attrs, Config& config) {
  const size_t per_direction = activation_count(config.family);
  OW_ASSIGN_OR_RETURN(std::vector<std::string> names, attrs.get_strings("activations"));
  OW_ASSIGN_OR_RETURN(std::vector<double> alphas, attrs.get_floats("activation_alpha"));
  OW_ASSIGN_OR_RETURN(std::vector<double> betas, attrs.get_floats("activation_beta"));
  if (names.empty()) {
    static constexpr std::string_view kDefaults[] = {"Sigmoid", "Tanh", "Tanh"};  // LSTM f g h, GRU f g
    for (size_t d = 0; d < config.directions; ++d)
      for (size_t k = 0; k < per_direction; ++k) names.emplace_back(config.family == Family::kRnn ? "Tanh" : kDefaults[k]);
  } else if (names.size() != per_direction * config.directions) {
    return InvalidArgument("attribute 'activations' has " + std::to_string(names.size()) + " names, expected " +
                           std::to_string(per_direction * config.directions) + " (" + std::to_string(per_direction) +
                           " per direction)");
  }
  size_t next_alpha = 0, next_beta = 0;
  config.activations.resize(config.directions);
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    const ActivationName* known = nullptr;
    for (const ActivationName& a : kActivationNames)
      if (same_ignoring_case(a.name, name)) known = &a;
    if (!known) return InvalidArgument("attribute 'activations' names an unknown activation '" + name + "'");
    Activation a{known->kind, known->alpha, known->beta};
    if (known->alphas && next_alpha < alphas.size()) a.alpha = alphas[next_alpha++];
    if (known->betas && next_beta < betas.size()) a.beta = betas[next_beta++];
    config.activations[i / per_direction][i % per_direction] = a;
  }
  return Status::Ok();
}

Result<Config> parse_config(Family family, const Attributes& attrs) {
  Config config;
  config.family = family;
  OW_ASSIGN_OR_RETURN(std::string direction, attrs.get_string("direction", "forward"));
  if (direction == "bidirectional") config.directions = 2;
  else if (direction == "reverse") config.reverse_only = true;
  else if (direction != "forward")
    return InvalidArgument("attribute 'direction' must be 'forward', 'reverse' or 'bidirectional', got '" + direction + "'");
  OW_ASSIGN_OR_RETURN(config.hidden_size, attrs.get_int("hidden_size", 0));
  if (attrs.has("hidden_size") && config.hidden_size <= 0)
    return InvalidArgument("attribute 'hidden_size' must be positive, got " + std::to_string(config.hidden_size));
  if (attrs.has("clip")) {
    OW_ASSIGN_OR_RETURN(config.clip, attrs.get_float("clip", INFINITY));
    if (!(config.clip > 0)) return InvalidArgument("attribute 'clip' must be positive, got " + std::to_string(config.clip));
  }
  OW_ASSIGN_OR_RETURN(config.input_forget, flag(attrs, "input_forget"));
  OW_ASSIGN_OR_RETURN(config.linear_before_reset, flag(attrs, "linear_before_reset"));
  OW_ASSIGN_OR_RETURN(config.batch_first, flag(attrs, "layout"));
  OW_RETURN_IF_ERROR(flag(attrs, "output_sequence").status());  // version 1: checked, see above
  OW_RETURN_IF_ERROR(parse_activations(attrs, config));
  return config;
}

// The sizes of one call, checked against the inputs.
struct Sizes {
  size_t seq, batch, input, hidden, directions, gates;
};

// Where row (t, d, b) of Y and row (d, b) of Y_h, Y_c, initial_h and initial_c start, in elements.
struct Layout {
  Sizes s;
  bool batch_first;
  size_t x_row(size_t t, size_t b) const { return (batch_first ? b * s.seq + t : t * s.batch + b) * s.input; }
  size_t y_row(size_t t, size_t d, size_t b) const {
    return (batch_first ? (b * s.seq + t) * s.directions + d : (t * s.directions + d) * s.batch + b) * s.hidden;
  }
  size_t state_row(size_t d, size_t b) const { return (batch_first ? b * s.directions + d : d * s.batch + b) * s.hidden; }
};

// A float32 R's rows packed for the steps' product (kernels/rnn.h), direction after direction: `gates`,
// the rows whose product the cell takes with its gates (every gate; GRU's z and r only), and `hidden`,
// GRU's hidden gate's, whose product is of r . H (or of H, to be multiplied by r). It shares the tensor
// it was packed from, so that tensor's memory stays R's while it is in use, and serves only that tensor.
struct PackedR {
  Tensor source;
  Tensor gates, hidden;
  size_t gates_per_direction = 0, hidden_per_direction = 0;  // floats

  bool packed_from(const Tensor& r) const {
    return gates.size() != 0 && r.raw_data() == source.raw_data() && r.dtype() == source.dtype() && r.dims() == source.dims();
  }
};

// The inputs and outputs of a call, as arrays of the type the cells compute in (S). `w_tensor` is W's
// tensor, for the panels a session packed from it (`w_packed`); `r_packed` R packed (float32).
template <typename S>
struct Arrays {
  const S *x, *w, *r, *bias, *h0, *c0, *peephole;
  const int32_t* lens;
  S *y, *y_h, *y_c;
  const Tensor* w_tensor;
  const PackedWeights* w_packed;
  const PackedR* r_packed;
};

template <typename S>
class Recurrence {
 public:
  Recurrence(const Config& config, const Layout& layout, const Arrays<S>& io) : config_(config), layout_(layout), io_(io) {}

  // Runs every direction; `scratch` holds scratch_size() elements.
  void run(S* scratch) {
    const Sizes& s = layout_.s;
    bool short_rows = false;
    for (size_t b = 0; b < s.batch; ++b) short_rows |= length(b) < s.seq;
    if (short_rows) std::fill_n(io_.y, s.seq * s.directions * s.batch * s.hidden, S(0));
    for (size_t d = 0; d < s.directions; ++d) run_direction(d, d == 1 || config_.reverse_only, scratch);
  }

  static size_t scratch_size(const Sizes& s) {
    // X * W for every step, the gates of a step, the state h and c, r . H (GRU) and R's product (GRU).
    return s.seq * s.batch * s.gates * s.hidden + s.batch * s.gates * s.hidden + 4 * s.batch * s.hidden;
  }

 private:
  size_t length(size_t b) const { return io_.lens ? static_cast<size_t>(io_.lens[b]) : layout_.s.seq; }

  void run_direction(size_t d, bool reverse, S* scratch) {
    const Sizes& s = layout_.s;
    const size_t H = s.hidden, GH = s.gates * H;
    S* x_w = scratch;
    S* gates = x_w + s.seq * s.batch * GH;
    S* h = gates + s.batch * GH;
    S* c = h + s.batch * H;
    S* reset_h = c + s.batch * H;
    S* h_product = reset_h + s.batch * H;
    std::fill_n(gates, s.batch * GH + 4 * s.batch * H, S(0));
    const S* w = io_.w + d * GH * s.input;
    const S* r = io_.r + d * GH * H;
    const S* wb = io_.bias ? io_.bias + d * 2 * GH : nullptr;
    const S* rb = wb ? wb + GH : nullptr;
    const S* peephole = io_.peephole ? io_.peephole + d * 3 * H : nullptr;
    const bool gru = config_.family == Family::kGru;
    const bool lbr = gru && config_.linear_before_reset;

    // X * W^T + Wb + Rb for every (t, b), rows in (t, b) order. With linear_before_reset, Rbh is
    // added to the hidden gate's product with R instead, before r multiplies it.
    for (size_t row = 0; row < s.seq * s.batch; ++row) {
      S* out = x_w + row * GH;
      for (size_t j = 0; j < GH; ++j) out[j] = wb ? wb[j] + (lbr && j >= 2 * H ? S(0) : rb[j]) : S(0);
    }
    if (!layout_.batch_first) {
      input_product(d, s.seq * s.batch, io_.x, w, x_w, GH);
    } else {
      for (size_t b = 0; b < s.batch; ++b) input_product(d, s.seq, io_.x + layout_.x_row(0, b), w, x_w + b * GH, s.batch * GH);
    }
    for (size_t b = 0; b < s.batch; ++b) {
      if (io_.h0) std::copy_n(io_.h0 + layout_.state_row(d, b), H, h + b * H);
      if (io_.c0) std::copy_n(io_.c0 + layout_.state_row(d, b), H, c + b * H);
    }

    const std::array<Activation, 3>& act = config_.activations[d];
    const kernels::CellParams params{H, config_.clip};
    const kernels::LstmCell lstm{params, act[0], act[1], act[2], config_.input_forget};
    const kernels::GruCell gru_cell{params, act[0], act[1], config_.linear_before_reset};
    const kernels::RnnCell rnn{params, act[0]};

    for (size_t step = 0; step < s.seq; ++step) {
      // Each row's time at this step (its own last step first in reverse); rows past their length
      // compute along but keep their state.
      auto time = [&](size_t b) { return reverse ? length(b) - 1 - step : step; };
      for (size_t b = 0; b < s.batch; ++b)
        if (step < length(b)) std::copy_n(x_w + (time(b) * s.batch + b) * GH, GH, gates + b * GH);
      if (!gru) {
        hidden_product(d, false, h, r, GH, gates, GH);
      } else {
        hidden_product(d, false, h, r, 2 * H, gates, GH);
        for (size_t b = 0; b < s.batch; ++b)
          if (step < length(b)) kernels::gru_update_reset(gru_cell, gates + b * GH, h + b * H, reset_h + b * H);
        for (size_t b = 0; b < s.batch; ++b)
          for (size_t k = 0; k < H; ++k) h_product[b * H + k] = lbr && rb ? rb[2 * H + k] : S(0);
        hidden_product(d, true, lbr ? h : reset_h, r + 2 * H * H, H, h_product, H);
      }
      for (size_t b = 0; b < s.batch; ++b) {
        if (step >= length(b)) continue;
        S* g = gates + b * GH;
        S* hb = h + b * H;
        switch (config_.family) {
          case Family::kLstm: kernels::lstm_cell(lstm, g, peephole, c + b * H, hb); break;
          case Family::kGru: kernels::gru_hidden(gru_cell, g, h_product + b * H, hb); break;
          case Family::kRnn: kernels::rnn_cell(rnn, g, hb); break;
        }
        std::copy_n(hb, H, io_.y + layout_.y_row(time(b), d, b));
      }
    }
    for (size_t b = 0; b < s.batch; ++b) {
      std::copy_n(h + b * H, H, io_.y_h + layout_.state_row(d, b));
      if (io_.y_c) std::copy_n(c + b * H, H, io_.y_c + layout_.state_row(d, b));
    }
  }

  // Adds X * W^T of direction d to the gates of `rows` steps (rows of x `input` apart, of out `ldc`
  // apart): for float32 on the GEMM core, with W's panels where a session packed them (W^T, [input,
  // gates * hidden], being its right operand), else the dot products of matmul_nt_add.
  void input_product(size_t d, size_t rows, const S* x, const S* w, S* out, size_t ldc) const {
    const Sizes& s = layout_.s;
    const size_t GH = s.gates * s.hidden;
    if constexpr (std::is_same_v<S, float>) {
      const auto in = static_cast<ptrdiff_t>(s.input);
      io_.w_packed->template gemm_b<float>(*io_.w_tensor, d, rows, GH, s.input, {x, in, 1}, {w, 1, in}, out, ldc, 1.0f, true);
    } else {
      kernels::matmul_nt_add(x, s.input, w, s.input, out, ldc, rows, GH, s.input);
    }
  }

  // Adds a (a hidden state per batch row) times R^T of direction d to out (rows ldc apart): the n rows
  // of R from r_rows, GRU's hidden gate's (`hidden_gate`) or those before it. float32 on R packed
  // (PackedR), float64 through the dot products of matmul_nt_add.
  void hidden_product(size_t d, bool hidden_gate, const S* a, const S* r_rows, size_t n, S* out, size_t ldc) const {
    const Sizes& s = layout_.s;
    const size_t H = s.hidden;
    if constexpr (std::is_same_v<S, float>) {
      const PackedR& r = *io_.r_packed;
      const float* panels = hidden_gate ? r.hidden.template data<float>() + d * r.hidden_per_direction
                                        : r.gates.template data<float>() + d * r.gates_per_direction;
      kernels::rnn_packed_product(a, panels, n, H, s.batch, out, ldc);
    } else {
      kernels::matmul_nt_add(a, H, r_rows, H, out, ldc, s.batch, n, H);
    }
  }

  const Config& config_;
  const Layout& layout_;
  Arrays<S> io_;
};

std::string dims_error(const char* name, const Dims& got, const std::string& expected) {
  return std::string("input '") + name + "' has shape " + dims_to_string(got) + ", expected " + expected;
}

class RecurrentKernel final : public Kernel {
 public:
  explicit RecurrentKernel(Config config) : config_(std::move(config)) {}

  // A constant float32 W and R (a model's weights): each direction's W^T packed as the GEMM core's
  // right operand, for the product of X by W over every step at once, and R (pack_r).
  Status prepare_constants(const Inputs& constants) override {
    const Tensor* w = constants.size() > 1 ? constants[1] : nullptr;
    const Tensor* r = constants.size() > 2 ? constants[2] : nullptr;
    if (r && r->dtype() == DType::kFloat32 && r->rank() == 3) OW_RETURN_IF_ERROR(pack_r(*r, r_packed_));
    if (!w || w->dtype() != DType::kFloat32 || w->rank() != 3 || w->size() == 0) return Status::Ok();
    const auto directions = static_cast<size_t>(w->dims()[0]), gh = static_cast<size_t>(w->dims()[1]), input = static_cast<size_t>(w->dims()[2]);
    return w_packed_.pack_b(*w, directions, input, gh, [&](size_t d) {
      return kernels::MatrixOperand<float>{w->data<float>() + d * gh * input, 1, static_cast<ptrdiff_t>(input)};
    });
  }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const bool lstm = config_.family == Family::kLstm;
    const auto input = [&](size_t i) -> const Tensor* { return i < inputs.size() ? inputs[i] : nullptr; };
    const Tensor& x = *inputs[0];
    const Tensor& w = *inputs[1];
    const Tensor& r = *inputs[2];
    const Tensor* bias = input(3);
    const Tensor* lens = input(4);
    const Tensor* h0 = input(5);
    const Tensor* c0 = lstm ? input(6) : nullptr;
    const Tensor* peephole = lstm ? input(7) : nullptr;
    Layout layout{};
    OW_RETURN_IF_ERROR(check_shapes(x, w, r, bias, lens, h0, c0, peephole, layout));
    const Sizes& s = layout.s;
    const auto n = [](size_t v) { return static_cast<int64_t>(v); };
    const Dims y_dims = layout.batch_first ? Dims{n(s.batch), n(s.seq), n(s.directions), n(s.hidden)}
                                           : Dims{n(s.seq), n(s.directions), n(s.batch), n(s.hidden)};
    const Dims state_dims = layout.batch_first ? Dims{n(s.batch), n(s.directions), n(s.hidden)} : Dims{n(s.directions), n(s.batch), n(s.hidden)};
    Tensor *y, *y_h, *y_c = nullptr;
    outputs.reserve(lstm ? 3 : 2);  // so that adding an output moves none before it (output_tensor)
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, x.dtype(), y_dims, y));
    OW_RETURN_IF_ERROR(output_tensor(outputs, 1, x.dtype(), state_dims, y_h));
    if (lstm) OW_RETURN_IF_ERROR(output_tensor(outputs, 2, x.dtype(), state_dims, y_c));
    const int32_t* lens_data = lens ? lens->data<int32_t>() : nullptr;
    const std::array<const Tensor*, 7> ins = {&x, &w, &r, bias, h0, c0, peephole};
    const std::array<Tensor*, 3> outs = {y, y_h, y_c};

    Status status = Status::Ok();
    visit_dtype<float, double, Float16, BFloat16>(x.dtype(), [&](auto element) {
      using T = decltype(element);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        status = run_typed<T>(layout, lens_data, ins, outs);
      } else {
        status = run_widened(layout, lens_data, ins, outs);
      }
    });
    return status;
  }

 private:
  Status check_shapes(const Tensor& x, const Tensor& w, const Tensor& r, const Tensor* bias, const Tensor* lens, const Tensor* h0,
                      const Tensor* c0, const Tensor* peephole, Layout& layout) const {
    const size_t G = gate_count(config_.family);
    if (x.rank() != 3) return InvalidArgument(dims_error("X", x.dims(), "3 dims"));
    if (w.rank() != 3) return InvalidArgument(dims_error("W", w.dims(), "3 dims"));
    if (r.rank() != 3) return InvalidArgument(dims_error("R", r.dims(), "3 dims"));
    Sizes s{};
    layout.batch_first = config_.batch_first;
    s.seq = static_cast<size_t>(x.dims()[config_.batch_first ? 1 : 0]);
    s.batch = static_cast<size_t>(x.dims()[config_.batch_first ? 0 : 1]);
    s.input = static_cast<size_t>(x.dims()[2]);
    s.directions = config_.directions;
    s.gates = G;
    s.hidden = config_.hidden_size ? static_cast<size_t>(config_.hidden_size) : static_cast<size_t>(r.dims()[2]);
    const auto n = [](size_t v) { return static_cast<int64_t>(v); };
    const std::string D = std::to_string(s.directions), GH = std::to_string(G * s.hidden), I = std::to_string(s.input),
                      H = std::to_string(s.hidden), B = std::to_string(s.batch);
    const std::string why = " (directions " + D + ", hidden size " + H + ")";
    if (w.dims() != Dims{n(s.directions), n(G * s.hidden), n(s.input)})
      return InvalidArgument(dims_error("W", w.dims(), "[" + D + ", " + GH + ", " + I + "]" + why));
    if (r.dims() != Dims{n(s.directions), n(G * s.hidden), n(s.hidden)})
      return InvalidArgument(dims_error("R", r.dims(), "[" + D + ", " + GH + ", " + H + "]" + why));
    if (bias && bias->dims() != Dims{n(s.directions), n(2 * G * s.hidden)})
      return InvalidArgument(dims_error("B", bias->dims(), "[" + D + ", " + std::to_string(2 * G * s.hidden) + "]" + why));
    if (lens) {
      if (lens->dims() != Dims{n(s.batch)}) return InvalidArgument(dims_error("sequence_lens", lens->dims(), "[" + B + "]"));
      for (size_t b = 0; b < s.batch; ++b) {
        const int32_t len = lens->data<int32_t>()[b];
        if (len < 0 || static_cast<size_t>(len) > s.seq)
          return InvalidArgument("input 'sequence_lens' has " + std::to_string(len) + " at " + std::to_string(b) +
                                 ", out of range [0, " + std::to_string(s.seq) + "]");
      }
    }
    const Dims state = config_.batch_first ? Dims{n(s.batch), n(s.directions), n(s.hidden)} : Dims{n(s.directions), n(s.batch), n(s.hidden)};
    const std::string state_text = dims_to_string(state);
    if (h0 && h0->dims() != state) return InvalidArgument(dims_error("initial_h", h0->dims(), state_text));
    if (c0 && c0->dims() != state) return InvalidArgument(dims_error("initial_c", c0->dims(), state_text));
    if (peephole && peephole->dims() != Dims{n(s.directions), n(3 * s.hidden)})
      return InvalidArgument(dims_error("P", peephole->dims(), "[" + D + ", " + std::to_string(3 * s.hidden) + "]"));
    layout.s = s;
    return Status::Ok();
  }

  // A float32 R of [directions, gates * hidden, hidden] (any other shape: not packed, refused by
  // compute) packed for the steps' product, per direction: the gates the cell takes with the product
  // (GRU: z and r), and GRU's hidden gate apart.
  Status pack_r(const Tensor& r, PackedR& packed) const {
    const size_t G = gate_count(config_.family);
    const auto directions = static_cast<size_t>(r.dims()[0]), gh = static_cast<size_t>(r.dims()[1]), hidden = static_cast<size_t>(r.dims()[2]);
    if (r.size() == 0 || gh != G * hidden) return Status::Ok();
    const bool gru = config_.family == Family::kGru;
    const size_t gate_rows = gru ? 2 * hidden : gh;
    const auto pack = [&](size_t first_gate, size_t rows, Tensor& panels, size_t& per_direction) -> Status {
      per_direction = kernels::rnn_packed_size(rows, hidden);
      OW_ASSIGN_OR_RETURN(panels, Tensor::allocate(DType::kFloat32, {static_cast<int64_t>(directions * per_direction)}));
      for (size_t d = 0; d < directions; ++d)
        kernels::rnn_pack(r.data<float>() + (d * gh + first_gate * hidden) * hidden, rows, hidden, panels.data<float>() + d * per_direction);
      return Status::Ok();
    };
    OW_RETURN_IF_ERROR(pack(0, gate_rows, packed.gates, packed.gates_per_direction));
    if (gru) OW_RETURN_IF_ERROR(pack(2, hidden, packed.hidden, packed.hidden_per_direction));
    packed.source = r;
    return Status::Ok();
  }

  template <typename S>
  Status run_typed(const Layout& layout, const int32_t* lens, const std::array<const Tensor*, 7>& ins, const std::array<Tensor*, 3>& outs) const {
    const auto data = [](const Tensor* t) { return t ? t->data<S>() : nullptr; };
    // R packed for this call where a session has not packed this R: once, for every step.
    PackedR call_panels;
    const PackedR* r_panels = &r_packed_;
    if constexpr (std::is_same_v<S, float>) {
      if (!r_packed_.packed_from(*ins[2])) {
        OW_RETURN_IF_ERROR(pack_r(*ins[2], call_panels));
        r_panels = &call_panels;
      }
    }
    const Arrays<S> io{data(ins[0]), data(ins[1]), data(ins[2]), data(ins[3]), data(ins[4]), data(ins[5]), data(ins[6]), lens,
                       outs[0]->data<S>(), outs[1]->data<S>(), outs[2] ? outs[2]->data<S>() : nullptr, ins[1], &w_packed_, r_panels};
    OW_ASSIGN_OR_RETURN(Tensor scratch, Tensor::allocate(outs[0]->dtype(), {static_cast<int64_t>(Recurrence<S>::scratch_size(layout.s))}));
    Recurrence<S>(config_, layout, io).run(scratch.data<S>());
    return Status::Ok();
  }

  // float16 and bfloat16: every input widened to float32, the outputs computed there and narrowed.
  Status run_widened(const Layout& layout, const int32_t* lens, const std::array<const Tensor*, 7>& ins, const std::array<Tensor*, 3>& outs) const {
    Tensor wide_ins[7], wide_outs[3];
    std::array<const Tensor*, 7> in_ptrs{};
    std::array<Tensor*, 3> out_ptrs{};
    for (size_t i = 0; i < 7; ++i) {
      if (!ins[i]) continue;
      OW_ASSIGN_OR_RETURN(wide_ins[i], Tensor::allocate(DType::kFloat32, ins[i]->dims()));
      convert(*ins[i], wide_ins[i]);
      in_ptrs[i] = &wide_ins[i];
    }
    for (size_t i = 0; i < 3; ++i) {
      if (!outs[i]) continue;
      OW_ASSIGN_OR_RETURN(wide_outs[i], Tensor::allocate(DType::kFloat32, outs[i]->dims()));
      out_ptrs[i] = &wide_outs[i];
    }
    OW_RETURN_IF_ERROR(run_typed<float>(layout, lens, in_ptrs, out_ptrs));
    for (size_t i = 0; i < 3; ++i)
      if (outs[i]) convert(wide_outs[i], *outs[i]);
    return Status::Ok();
  }

  // Between a half type and float32, either way (the tensors have one element count).
  static void convert(const Tensor& from, Tensor& to) {
    if (from.dtype() == DType::kFloat16) kernels::f16_to_f32(from.data<Float16>(), to.data<float>(), from.size());
    else if (from.dtype() == DType::kBFloat16) kernels::bf16_to_f32(from.data<BFloat16>(), to.data<float>(), from.size());
    else if (to.dtype() == DType::kFloat16) kernels::f32_to_f16(from.data<float>(), to.data<Float16>(), from.size());
    else kernels::f32_to_bf16(from.data<float>(), to.data<BFloat16>(), from.size());
  }

  Config config_;
  PackedWeights w_packed_;
  PackedR r_packed_;
};

template <Family F>
Result<std::unique_ptr<Kernel>> make_recurrent(int /*version*/, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(Config config, parse_config(F, attrs));
  return std::unique_ptr<Kernel>(new RecurrentKernel(std::move(config)));
}

constexpr std::array<DType, 1> kInt32Type = {DType::kInt32};
constexpr TypeConstraint kTypes[] = {{"T", kFloatTypes}, {"T1", kInt32Type}};
constexpr TypeConstraint kTypes22[] = {{"T", kFloatTypesBf16}, {"T1", kInt32Type}};

using Arity = Param::Arity;
constexpr Param kLstmInputs[] = {{"X", "T"},
                                 {"W", "T"},
                                 {"R", "T"},
                                 {"B", "T", Arity::kOptional},
                                 {"sequence_lens", "T1", Arity::kOptional},
                                 {"initial_h", "T", Arity::kOptional},
                                 {"initial_c", "T", Arity::kOptional},
                                 {"P", "T", Arity::kOptional}};
constexpr Param kLstmOutputs[] = {{"Y", "T", Arity::kOptional}, {"Y_h", "T", Arity::kOptional}, {"Y_c", "T", Arity::kOptional}};
constexpr Param kRnnInputs[] = {{"X", "T"},
                                {"W", "T"},
                                {"R", "T"},
                                {"B", "T", Arity::kOptional},
                                {"sequence_lens", "T1", Arity::kOptional},
                                {"initial_h", "T", Arity::kOptional}};
constexpr Param kRnnOutputs[] = {{"Y", "T", Arity::kOptional}, {"Y_h", "T", Arity::kOptional}};

constexpr std::string_view kDirections[] = {"forward", "reverse", "bidirectional"};
constexpr std::array<AttributeSpec, 6> kCommon = {{{"activation_alpha", AttrKind::kFloats, "each activation's own"},
                                                  {"activation_beta", AttrKind::kFloats, "each activation's own"},
                                                  {"activations", AttrKind::kStrings, "Sigmoid, Tanh, Tanh (LSTM); Sigmoid, Tanh (GRU); Tanh (RNN)", kActivationChoices},
                                                  {"clip", AttrKind::kFloat, "no bound"},
                                                  {"direction", AttrKind::kString, "forward", kDirections},
                                                  {"hidden_size", AttrKind::kInt, "R's last dim"}}};
constexpr AttributeSpec kOutputSequence{"output_sequence", AttrKind::kFlag, "0"};
constexpr AttributeSpec kLayout{"layout", AttrKind::kFlag, "0"};
constexpr AttributeSpec kLinearBeforeReset{"linear_before_reset", AttrKind::kFlag, "0"};
constexpr auto kRnnAttrs7 = kCommon;
constexpr auto kRnnAttrs1 = with(kCommon, kOutputSequence);
constexpr auto kRnnAttrs14 = with(kCommon, kLayout);
constexpr auto kLstmAttrs7 = with(kCommon, AttributeSpec{"input_forget", AttrKind::kFlag, "0"});
constexpr auto kLstmAttrs1 = with(kLstmAttrs7, kOutputSequence);
constexpr auto kLstmAttrs14 = with(kLstmAttrs7, kLayout);
constexpr auto kGruAttrs1 = with(kCommon, kOutputSequence);
constexpr auto kGruAttrs3 = with(kGruAttrs1, kLinearBeforeReset);
constexpr auto kGruAttrs7 = with(kCommon, kLinearBeforeReset);
constexpr auto kGruAttrs14 = with(kGruAttrs7, kLayout);

constexpr OpVersion kLstmVersions[] = {{.since_version = 1, .types = kTypes, .attributes = kLstmAttrs1},
                                       {.since_version = 7, .types = kTypes, .attributes = kLstmAttrs7},
                                       {.since_version = 14, .types = kTypes, .attributes = kLstmAttrs14},
                                       {.since_version = 22, .types = kTypes22, .attributes = kLstmAttrs14}};
constexpr OpVersion kGruVersions[] = {{.since_version = 1, .types = kTypes, .attributes = kGruAttrs1},
                                      {.since_version = 3, .types = kTypes, .attributes = kGruAttrs3},
                                      {.since_version = 7, .types = kTypes, .attributes = kGruAttrs7},
                                      {.since_version = 14, .types = kTypes, .attributes = kGruAttrs14},
                                      {.since_version = 22, .types = kTypes22, .attributes = kGruAttrs14}};
constexpr OpVersion kRnnVersions[] = {{.since_version = 1, .types = kTypes, .attributes = kRnnAttrs1},
                                      {.since_version = 7, .types = kTypes, .attributes = kRnnAttrs7},
                                      {.since_version = 14, .types = kTypes, .attributes = kRnnAttrs14},
                                      {.since_version = 22, .types = kTypes22, .attributes = kRnnAttrs14}};

}  // namespace

constexpr OpSchema kLstmSchema{
    .name = "LSTM", .inputs = kLstmInputs, .outputs = kLstmOutputs, .versions = kLstmVersions, .make_kernel = make_recurrent<Family::kLstm>};
constexpr OpSchema kGruSchema{
    .name = "GRU", .inputs = kRnnInputs, .outputs = kRnnOutputs, .versions = kGruVersions, .make_kernel = make_recurrent<Family::kGru>};
constexpr OpSchema kRnnSchema{
    .name = "RNN", .inputs = kRnnInputs, .outputs = kRnnOutputs, .versions = kRnnVersions, .make_kernel = make_recurrent<Family::kRnn>};

}  // namespace ow
