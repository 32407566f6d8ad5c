// Gemm, versions 1, 6, 7, 9, 11, 13: Y = alpha * A' * B' + beta * C, A' and B' being A and B or their
// transposes (transA, transB: read through strides, never copied). C broadcasts to [M, N]
// unidirectionally (a scalar, [N], [1, N], [M, 1], [M, N], ...); versions 1 and 6 need it [M, N] unless
// `broadcast` is 1. C is optional from 11. With beta 0, or no C, C is not read (as onnxruntime: a NaN
// in it does not reach Y). Integers compute exactly, wrapping, and take only whole alpha and beta;
// float16/bfloat16 compute in float32 and round once. A constant float32 B in a session (a model's
// weights) is packed for the GEMM core once, at its creation.
#include "ops/gemm.h"

#include <cmath>
#include <string>

#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/pool_geometry.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

class GemmKernel final : public Kernel {
 public:
  GemmKernel(double alpha, double beta, bool trans_a, bool trans_b, bool legacy, bool legacy_broadcast)
      : alpha_(alpha), beta_(beta), trans_a_(trans_a), trans_b_(trans_b), legacy_(legacy), legacy_broadcast_(legacy_broadcast) {}

  // A constant float32 B (a model's weights): packed for the GEMM core, which then packs only A on
  // each run.
  Status prepare_constants(const Inputs& constants) override {
    const Tensor* b = constants.size() > 1 ? constants[1] : nullptr;
    if (!b || b->dtype() != DType::kFloat32 || b->rank() != 2 || b->size() == 0) return Status::Ok();
    const auto k = static_cast<size_t>(b->dims()[trans_b_ ? 1 : 0]), n = static_cast<size_t>(b->dims()[trans_b_ ? 0 : 1]);
    return packed_b_.pack_b(*b, 1, k, n, [&](size_t) {
      return trans_b_ ? kernels::MatrixOperand<float>{b->data<float>(), 1, static_cast<ptrdiff_t>(k)}
                      : kernels::MatrixOperand<float>{b->data<float>(), static_cast<ptrdiff_t>(n), 1};
    });
  }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor &a = *inputs[0], &b = *inputs[1];
    const Tensor* c = inputs.size() > 2 ? inputs[2] : nullptr;
    if (a.rank() != 2) return InvalidArgument("input A must be a matrix (rank 2), got shape " + dims_to_string(a.dims()));
    if (b.rank() != 2) return InvalidArgument("input B must be a matrix (rank 2), got shape " + dims_to_string(b.dims()));
    const int64_t m = a.dims()[trans_a_ ? 1 : 0], k = a.dims()[trans_a_ ? 0 : 1];
    const int64_t b_k = b.dims()[trans_b_ ? 1 : 0], n = b.dims()[trans_b_ ? 0 : 1];
    if (k != b_k)
      return InvalidArgument("A of shape " + dims_to_string(a.dims()) + (trans_a_ ? " transposed" : "") + " and B of shape " +
                             dims_to_string(b.dims()) + (trans_b_ ? " transposed" : "") + " do not multiply: " + std::to_string(k) +
                             " columns against " + std::to_string(b_k) + " rows");
    // C's strides over [M, N]: 0 along a dim it broadcasts.
    size_t c_row = 0, c_col = 0;
    if (c) OW_RETURN_IF_ERROR(c_strides(c->dims(), m, n, c_row, c_col));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, a.dtype(), Dims{m, n}, y));
    if (y->size() == 0) return Status::Ok();
    const bool is_integer = a.dtype() != DType::kFloat32 && a.dtype() != DType::kFloat64 && a.dtype() != DType::kFloat16 &&
                            a.dtype() != DType::kBFloat16;
    const bool use_c = c && beta_ != 0;
    if (is_integer) {
      if (alpha_ != std::trunc(alpha_) || std::fabs(alpha_) > 9.2e18)
        return InvalidArgument("attribute 'alpha' is " + std::to_string(alpha_) + "; integer types take only whole values");
      if (use_c && (beta_ != std::trunc(beta_) || std::fabs(beta_) > 9.2e18))
        return InvalidArgument("attribute 'beta' is " + std::to_string(beta_) + "; integer types take only whole values");
    }
    const auto run = [&](auto storage) __attribute__((always_inline)) {
      using S = decltype(storage);
      using C = ComputeType<S>;
      std::vector<float> a_scratch, b_scratch, c_scratch, y_scratch;
      const C* a_data = compute_elements<S>(a, a_scratch);
      const C* b_data = compute_elements<S>(b, b_scratch);
      C* y_data = result_elements<S>(*y, y_scratch);
      const auto cast = [](double v) {
        if constexpr (std::is_integral_v<C>) return static_cast<C>(static_cast<int64_t>(v));
        else return static_cast<C>(v);
      };
      const size_t um = static_cast<size_t>(m), un = static_cast<size_t>(n);
      if (use_c) {  // Y = beta * C, broadcast; the product is added to it
        const C* c_data = compute_elements<S>(*c, c_scratch);
        kernels::scale_matrix<C>(um, un, {c_data, static_cast<ptrdiff_t>(c_row), static_cast<ptrdiff_t>(c_col)}, cast(beta_), y_data, un);
      }
      const auto ik = static_cast<ptrdiff_t>(k), in = static_cast<ptrdiff_t>(n), im = static_cast<ptrdiff_t>(m);
      const kernels::MatrixOperand<C> av = trans_a_ ? kernels::MatrixOperand<C>{a_data, 1, im} : kernels::MatrixOperand<C>{a_data, ik, 1};
      const kernels::MatrixOperand<C> bv = trans_b_ ? kernels::MatrixOperand<C>{b_data, 1, ik} : kernels::MatrixOperand<C>{b_data, in, 1};
      packed_b_.gemm_b<C>(b, 0, um, un, static_cast<size_t>(k), av, bv, y_data, un, cast(alpha_), use_c);
      store_result<S>(*y, y_scratch);
    };
    if (!visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(a.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(a.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  Status c_strides(const Dims& dims, int64_t m, int64_t n, size_t& row, size_t& col) const {
    const std::string shapes = "input C of shape " + dims_to_string(dims) + " does not broadcast to [M, N] = " + dims_to_string({m, n});
    if (legacy_ && !legacy_broadcast_) {
      if (dims != Dims{m, n}) return InvalidArgument("input C of shape " + dims_to_string(dims) + " must be [M, N] = " +
                                                     dims_to_string({m, n}) + " unless attribute 'broadcast' is 1");
      row = static_cast<size_t>(n), col = 1;
      return Status::Ok();
    }
    if (dims.size() > 2) return InvalidArgument(shapes);
    const int64_t c_m = dims.size() == 2 ? dims[0] : 1, c_n = dims.empty() ? 1 : dims.back();
    if ((c_m != 1 && c_m != m) || (c_n != 1 && c_n != n)) return InvalidArgument(shapes);
    row = c_m == 1 ? 0 : static_cast<size_t>(c_n);
    col = c_n == 1 ? 0 : 1;
    return Status::Ok();
  }

  double alpha_, beta_;
  bool trans_a_, trans_b_, legacy_, legacy_broadcast_;
  PackedWeights packed_b_;
};

// From this version C broadcasts to [M, N] without the `broadcast` attribute.
constexpr int kBroadcastsFrom = 7;

Result<std::unique_ptr<Kernel>> make_gemm(int version, const Attributes& attrs) {
  OW_ASSIGN_OR_RETURN(double alpha, attrs.get_float("alpha", 1.0));
  OW_ASSIGN_OR_RETURN(double beta, attrs.get_float("beta", 1.0));
  OW_ASSIGN_OR_RETURN(bool trans_a, flag_attribute(attrs, "transA"));
  OW_ASSIGN_OR_RETURN(bool trans_b, flag_attribute(attrs, "transB"));
  OW_ASSIGN_OR_RETURN(bool broadcast, flag_attribute(attrs, "broadcast"));
  return std::unique_ptr<Kernel>(new GemmKernel(alpha, beta, trans_a, trans_b, version < kBroadcastsFrom, broadcast));
}

// 6 changes only the text, 7 always broadcasts C (drops `broadcast`), 9 adds the 32- and 64-bit
// integers, 11 makes C optional, 13 adds bfloat16.
constexpr auto kTypes9 = with(kFloatTypes, DType::kInt32, DType::kInt64, DType::kUint32, DType::kUint64);
constexpr auto kTypes13 = with(kTypes9, DType::kBFloat16);
constexpr std::array<AttributeSpec, 4> kAttributes7 = {{{"alpha", AttrKind::kFloat, "1"},
                                                        {"beta", AttrKind::kFloat, "1"},
                                                        {"transA", AttrKind::kFlag, "0"},
                                                        {"transB", AttrKind::kFlag, "0"}}};
constexpr auto kAttributes1 = with(kAttributes7, AttributeSpec{"broadcast", AttrKind::kFlag, "0"});
constexpr Param kInputs[] = {{"A", "T"}, {"B", "T"}, {"C", "T"}};
constexpr Param kInputs11[] = {{"A", "T"}, {"B", "T"}, {"C", "T", Param::Arity::kOptional}};
constexpr Param kOutputs[] = {{"Y", "T"}};
constexpr OpVersion kGemmVersions[] = {
    {.since_version = 1, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
    {.since_version = 6, .types = type_t<kFloatTypes>, .attributes = kAttributes1},
    {.since_version = 7, .types = type_t<kFloatTypes>, .attributes = kAttributes7},
    {.since_version = 9, .types = type_t<kTypes9>, .attributes = kAttributes7},
    {.since_version = 11, .types = type_t<kTypes9>, .attributes = kAttributes7, .inputs = kInputs11},
    {.since_version = 13, .types = type_t<kTypes13>, .attributes = kAttributes7, .inputs = kInputs11}};

}  // namespace

constexpr OpSchema kGemmSchema{.name = "Gemm", .inputs = kInputs, .outputs = kOutputs, .versions = kGemmVersions, .make_kernel = make_gemm};

bool gemm_columns_are_rows_of_b(const PreparedOp& gemm, const Attributes& attrs, const Tensor* c) {
  if (&gemm.schema() != &kGemmSchema || gemm.version().since_version < kBroadcastsFrom) return false;
  const Result<double> beta = attrs.get_float("beta", 1.0);
  const Result<bool> trans_b = flag_attribute(attrs, "transB");
  if (!beta.ok() || beta.value() != 1 || !trans_b.ok() || !trans_b.value()) return false;
  return c == nullptr || c->rank() == 1;
}

}  // namespace ow
