// MatMul, versions 1, 9, 13: NumPy's matmul. A 1-D A is a row [1, K] and a 1-D B a column [K, 1], that
// dim dropped from the output; the dims before the last two broadcast (NumPy rules). Each product runs
// the GEMM core (ops/matrix_product.h): integers wrap, float16/bfloat16 compute in float32. When B has
// no batch of its own, A's batch is one tall product ([batch * M, K] x [K, N]) rather than many short ones;
// such a B constant in a session (float32 weights) is packed once, at its creation.
#include <string>

#include "ops/families.h"
#include "ops/matrix_product.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Element strides of `dims` (row-major), broadcast to `rank` dims aligned at the end: 0 along a dim
// of extent 1 or one that `dims` lacks.
std::vector<size_t> broadcast_strides(const Dims& dims, size_t rank) {
  std::vector<size_t> strides(rank, 0);
  size_t stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    const size_t at = rank - (dims.size() - i);
    strides[at] = dims[i] == 1 ? 0 : stride;
    stride *= static_cast<size_t>(dims[i]);
  }
  return strides;
}

class MatMulKernel final : public Kernel {
 public:
  // A constant float32 B of one matrix (rank 2 or more, no batch of its own), as a model's weights:
  // packed for the GEMM core, which then packs only A on each run.
  Status prepare_constants(const Inputs& constants) override {
    const Tensor* b = constants.size() > 1 ? constants[1] : nullptr;
    if (!b || b->dtype() != DType::kFloat32 || b->rank() < 2) return Status::Ok();
    const auto k = static_cast<size_t>(b->dims()[b->rank() - 2]), n = static_cast<size_t>(b->dims().back());
    if (b->size() == 0 || b->size() != k * n) return Status::Ok();
    return packed_b_.pack_b(*b, 1, k, n, [&](size_t) { return kernels::MatrixOperand<float>{b->data<float>(), static_cast<ptrdiff_t>(n), 1}; });
  }

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    const Tensor &a = *inputs[0], &b = *inputs[1];
    if (a.rank() == 0 || b.rank() == 0)
      return InvalidArgument(std::string("input ") + (a.rank() == 0 ? "A" : "B") + " is a scalar; MatMul needs rank 1 or more");
    const bool a_vector = a.rank() == 1, b_vector = b.rank() == 1;
    const int64_t m = a_vector ? 1 : a.dims()[a.rank() - 2];
    const int64_t k = a.dims().back();
    const int64_t b_k = b_vector ? b.dims()[0] : b.dims()[b.rank() - 2];
    const int64_t n = b_vector ? 1 : b.dims().back();
    if (k != b_k)
      return InvalidArgument("A of shape " + dims_to_string(a.dims()) + " and B of shape " + dims_to_string(b.dims()) +
                             " do not multiply: A has " + std::to_string(k) + " columns, B " + std::to_string(b_k) + " rows");
    const Dims a_batch(a.dims().begin(), a.dims().end() - (a_vector ? 1 : 2));
    const Dims b_batch(b.dims().begin(), b.dims().end() - (b_vector ? 1 : 2));
    OW_ASSIGN_OR_RETURN(Dims batch, broadcast_shapes({&a_batch, &b_batch}));
    Dims y_dims = batch;
    if (!a_vector) y_dims.push_back(m);
    if (!b_vector) y_dims.push_back(n);
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, a.dtype(), std::move(y_dims), y));
    if (y->size() == 0) return Status::Ok();

    const size_t count = y->size() / static_cast<size_t>(m * n);
    const std::vector<size_t> a_strides = broadcast_strides(a_batch, batch.size());
    const std::vector<size_t> b_strides = broadcast_strides(b_batch, batch.size());
    const size_t um = static_cast<size_t>(m), un = static_cast<size_t>(n), uk = static_cast<size_t>(k);
    const auto run = [&](auto storage) __attribute__((always_inline)) {
      using S = decltype(storage);
      using C = ComputeType<S>;
      std::vector<float> a_scratch, b_scratch, y_scratch;
      const C* a_data = compute_elements<S>(a, a_scratch);
      const C* b_data = compute_elements<S>(b, b_scratch);
      C* y_data = result_elements<S>(*y, y_scratch);
      const auto ik = static_cast<ptrdiff_t>(k), in = static_cast<ptrdiff_t>(n);
      if (b.size() == uk * un && a.size() == count * um * uk) {
        // B is one matrix and A's batch the output's: one product of every row of A.
        packed_b_.gemm_b<C>(b, 0, count * um, un, uk, {a_data, ik, 1}, {b_data, in, 1}, y_data, un, C(1), false);
      } else {
        std::vector<size_t> index(batch.size(), 0);
        for (size_t t = 0; t < count; ++t) {
          size_t a_at = 0, b_at = 0;
          for (size_t d = 0; d < batch.size(); ++d) {
            a_at += index[d] * a_strides[d];
            b_at += index[d] * b_strides[d];
          }
          gemm<C>(um, un, uk, {a_data + a_at * um * uk, ik, 1}, {b_data + b_at * uk * un, in, 1}, y_data + t * um * un, un, C(1), false);
          for (size_t d = batch.size(); d-- > 0 && ++index[d] == static_cast<size_t>(batch[d]);) index[d] = 0;
        }
      }
      store_result<S>(*y, y_scratch);
    };
    if (!visit_dtype<float, double, Float16, BFloat16, int32_t, int64_t, uint32_t, uint64_t>(a.dtype(), run))
      return Unsupported(std::string("type ") + dtype_name(a.dtype()));  // excluded by the schema
    return Status::Ok();
  }

 private:
  PackedWeights packed_b_;
};

Result<std::unique_ptr<Kernel>> make_matmul(int /*version*/, const Attributes& /*attrs*/) {
  return std::unique_ptr<Kernel>(new MatMulKernel());
}

// 9 adds the 32- and 64-bit integers, 13 bfloat16.
constexpr auto kTypes9 = with(kFloatTypes, DType::kInt32, DType::kInt64, DType::kUint32, DType::kUint64);
constexpr auto kTypes13 = with(kTypes9, DType::kBFloat16);
constexpr OpVersion kMatMulVersions[] = {{.since_version = 1, .types = type_t<kFloatTypes>, .attributes = {}},
                                         {.since_version = 9, .types = type_t<kTypes9>, .attributes = {}},
                                         {.since_version = 13, .types = type_t<kTypes13>, .attributes = {}}};
constexpr Param kInputs[] = {{"A", "T"}, {"B", "T"}};
constexpr Param kOutputs[] = {{"Y", "T"}};

}  // namespace

constexpr OpSchema kMatMulSchema{.name = "MatMul", .inputs = kInputs, .outputs = kOutputs, .versions = kMatMulVersions, .make_kernel = make_matmul};

}  // namespace ow
