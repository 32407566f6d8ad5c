// Min: elementwise minimum of one or more inputs of one type. Versions 1 and 6 need identical shapes;
// from 8 the inputs broadcast (NumPy rules) to the output shape.
//
// The output is computed in chunks small enough to stay in cache. Each chunk starts from one input and
// folds every other input into it with the micro-kernels of kernels/min.h, so N inputs cost one pass
// over memory rather than N - 1; float32 folds the inputs laid out like the output three at a time,
// which also spares re-reading the chunk. An input is read in runs over which it is either contiguous or a
// single broadcast element; index arithmetic happens once per run, never per element.
#include <algorithm>
#include <cstring>

#include "kernels/min.h"
#include "ops/families.h"
#include "ops/type_lists.h"

namespace ow {
namespace {

// Bytes of output per chunk, whatever the element type.
constexpr size_t kChunkBytes = 16 * 1024;

// How an input is read along the output in row-major order: the output dims (those of extent 1
// dropped) merged into groups over which the input's offset grows by a constant stride, outermost
// first. The innermost stride is 1 (the input is contiguous there) or 0 (it is broadcast).
struct Broadcast {
  std::vector<size_t> extents;
  std::vector<size_t> strides;
};

// `in` must broadcast to `out`.
Broadcast plan_broadcast(const Dims& in, const Dims& out) {
  Broadcast b;
  const size_t lead = out.size() - in.size();
  size_t in_stride = 1;  // stride of the current dim in the input's own layout
  for (size_t j = out.size(); j-- > 0;) {
    const auto extent = static_cast<size_t>(out[j]);
    const auto in_extent = j < lead ? size_t{1} : static_cast<size_t>(in[j - lead]);
    if (extent == 1) continue;
    const size_t stride = in_extent == 1 ? 0 : in_stride;
    in_stride *= in_extent;
    if (!b.extents.empty() && stride == b.strides.back() * b.extents.back()) {
      b.extents.back() *= extent;  // the dim continues the group inside it
    } else {
      b.extents.push_back(extent);
      b.strides.push_back(stride);
    }
  }
  if (b.extents.empty()) {  // a single element
    b.extents.push_back(1);
    b.strides.push_back(1);
  }
  std::reverse(b.extents.begin(), b.extents.end());
  std::reverse(b.strides.begin(), b.strides.end());
  return b;
}

// y = min(a, b, c, d) over n elements (d may be c)
using MinVvvv = void (*)(const void* a, const void* b, const void* c, const void* d, void* y, size_t n);

// The micro-kernels of one element type behind untyped pointers, so that one fold (below) serves all
// twelve types rather than one copy of it per type; the kernels run a whole run per call.
struct MinLoops {
  size_t element_size;
  // y = min(a, b) over `rows` consecutive rows of n elements of a and y, each against the same b
  void (*vv_rows)(const void* a, const void* b, void* y, size_t n, size_t rows);
  void (*vs)(const void* a, const void* b, void* y, size_t n);  // y = min(a, *b)
  MinVvvv vvvv;  // null but for float32: other types fold one input at a time
};

template <typename T>
constexpr MinVvvv min_vvvv_of() {
  if constexpr (std::is_same_v<T, float>) {
    return [](const void* a, const void* b, const void* c, const void* d, void* y, size_t n) {
      kernels::min_vvvv(static_cast<const T*>(a), static_cast<const T*>(b), static_cast<const T*>(c), static_cast<const T*>(d),
                        static_cast<T*>(y), n);
    };
  } else {
    return nullptr;
  }
}

template <typename T>
constexpr MinLoops kMinLoops = {
    sizeof(T),
    [](const void* a, const void* b, void* y, size_t n, size_t rows) {
      kernels::min_vv(static_cast<const T*>(a), static_cast<const T*>(b), static_cast<T*>(y), n, rows);
    },
    [](const void* a, const void* b, void* y, size_t n) {
      kernels::min_vs(static_cast<const T*>(a), *static_cast<const T*>(b), static_cast<T*>(y), n);
    },
    min_vvvv_of<T>()};

// Calls run(pos, len, p, contiguous, rows) over output elements [begin, end) in runs: p is the
// input's element for output element pos (data and p point at elements of `size` bytes); the run reads
// p[0..len) when contiguous, else *p for all of it. A run covers `rows` blocks of len elements, one
// after the other, that read the same input elements (the group outside the innermost is broadcast):
// a row broadcast over a matrix is one run, not one per row.
template <typename Run>
void for_each_run(const Broadcast& b, const unsigned char* data, size_t size, size_t begin, size_t end, Run&& run) {
  const size_t outer = b.extents.size() - 1;
  const size_t inner = b.extents.back();
  const bool contiguous = b.strides.back() == 1;
  // Where `begin` is: an index into each outer group, and the input offset they make.
  std::vector<size_t> index(outer);
  size_t block = begin / inner, within = begin % inner, offset = 0;
  for (size_t g = outer; g-- > 0;) {
    index[g] = block % b.extents[g];
    block /= b.extents[g];
    offset += index[g] * b.strides[g];
  }
  for (size_t pos = begin; pos < end;) {
    const size_t len = std::min(inner - within, end - pos);
    size_t rows = 1;
    if (len == inner && outer > 0 && b.strides[outer - 1] == 0)
      rows = std::min(b.extents[outer - 1] - index[outer - 1], (end - pos) / inner);
    run(pos, len, data + (offset + (contiguous ? within : 0)) * size, contiguous, rows);
    pos += len * rows;
    within = 0;
    if (rows > 1) index[outer - 1] += rows - 1;  // its stride is 0: the offset stays
    for (size_t g = outer; g-- > 0;) {  // next block: an odometer over the outer groups
      offset += b.strides[g];
      if (++index[g] < b.extents[g]) break;
      offset -= b.strides[g] * b.extents[g];
      index[g] = 0;
    }
  }
}

// Fills `count` elements of `size` bytes at out with copies of *element, doubling the filled part.
void fill_elements(unsigned char* out, const unsigned char* element, size_t size, size_t count) {
  if (count == 0) return;
  std::memcpy(out, element, size);
  for (size_t filled = 1; filled < count;) {
    const size_t n = std::min(filled, count - filled);
    std::memcpy(out + filled * size, out, n * size);
    filled += n;
  }
}

void fold_min(const Inputs& inputs, Tensor& y, const MinLoops& loops) {
  const size_t n = y.size();
  const size_t size = loops.element_size;
  auto* out = static_cast<unsigned char*>(y.raw_data());
  const auto data = [](const Tensor* t) { return static_cast<const unsigned char*>(t->raw_data()); };
  if (n == 0) return;
  if (inputs.size() == 1) {
    std::memmove(out, data(inputs[0]), n * size);  // y may be the input (in place)
    return;
  }
  // Min is commutative, so each chunk starts from an input laid out like the output when there is
  // one (y itself, if y is an input: each chunk reads it before writing it); otherwise input 0 is
  // first broadcast into the chunk.
  auto full = inputs.end();
  for (auto it = inputs.begin(); it != inputs.end(); ++it)
    if ((*it)->size() == n && (full == inputs.end() || (*it)->raw_data() == out)) full = it;
  const bool start_is_full = full != inputs.end();
  const size_t first = start_is_full ? static_cast<size_t>(full - inputs.begin()) : 0;
  const Tensor* start = inputs[first];
  const Broadcast start_broadcast = start_is_full ? Broadcast{} : plan_broadcast(start->dims(), y.dims());
  // The others, the first like_y of them laid out like the output: where the type has the one-pass
  // kernel, those are folded three at a time.
  std::vector<std::pair<Broadcast, const unsigned char*>> rest;
  size_t like_y = 0;
  for (const bool laid_out_like_y : {true, false})
    for (size_t k = 0; k < inputs.size(); ++k)
      if (k != first && (inputs[k]->size() == n) == laid_out_like_y) {
        rest.emplace_back(plan_broadcast(inputs[k]->dims(), y.dims()), data(inputs[k]));
        like_y += laid_out_like_y;
      }
  if (loops.vvvv == nullptr) like_y = 0;

  // Chunks keep the running min in cache between inputs; a single pass (one input, or up to three with
  // the one-pass kernel, folded into one laid out like the output) needs none, and the setup of each
  // chunk's runs would only cost.
  const bool single_pass = start_is_full && (rest.size() == 1 || (like_y == rest.size() && like_y <= 3));
  const size_t chunk = single_pass ? n : kChunkBytes / size;
  for (size_t begin = 0; begin < n; begin += chunk) {
    const size_t end = std::min(n, begin + chunk);
    const unsigned char* acc = data(start);  // the running min of the chunk, laid out like the output
    if (!start_is_full) {
      for_each_run(start_broadcast, data(start), size, begin, end,
                   [out, size](size_t pos, size_t len, const unsigned char* p, bool contiguous, size_t rows) {
                     if (!contiguous) return fill_elements(out + pos * size, p, size, len * rows);
                     for (size_t r = 0; r < rows; ++r) std::memcpy(out + (pos + r * len) * size, p, len * size);
                   });
      acc = out;
    }
    size_t k = 0;
    for (; k + 1 < like_y; k += 3) {
      const unsigned char* c = rest[k + 1].second;
      const unsigned char* d = k + 2 < like_y ? rest[k + 2].second : c;
      const size_t at = begin * size;
      loops.vvvv(acc + at, rest[k].second + at, c + at, d + at, out + at, end - begin);
      acc = out;
    }
    for (; k < rest.size(); ++k) {
      const auto& [broadcast, input] = rest[k];
      for_each_run(broadcast, input, size, begin, end,
                   [acc, out, size, &loops](size_t pos, size_t len, const unsigned char* p, bool contiguous, size_t rows) {
                     if (contiguous) loops.vv_rows(acc + pos * size, p, out + pos * size, len, rows);
                     else loops.vs(acc + pos * size, p, out + pos * size, len * rows);
                   });
      acc = out;
    }
  }
}

class MinKernel final : public Kernel {
 public:
  explicit MinKernel(bool broadcasts) : broadcasts_(broadcasts) {}

  Status compute(const Inputs& inputs, Outputs& outputs) const override {
    OW_ASSIGN_OR_RETURN(Dims dims, output_dims(inputs));
    Tensor* y;
    OW_RETURN_IF_ERROR(output_tensor(outputs, 0, inputs[0]->dtype(), std::move(dims), y));
    visit_dtype(y->dtype(), [&](auto element) __attribute__((always_inline)) {
      fold_min(inputs, *y, kMinLoops<decltype(element)>);
    });
    return Status::Ok();
  }

 private:
  Result<Dims> output_dims(const Inputs& inputs) const {
    if (broadcasts_) {
      std::vector<const Dims*> shapes;
      for (const Tensor* t : inputs) shapes.push_back(&t->dims());
      return broadcast_shapes(shapes);
    }
    for (size_t k = 1; k < inputs.size(); ++k) {
      if (inputs[k]->dims() != inputs[0]->dims())
        return InvalidArgument("input " + std::to_string(k) + " has shape " + dims_to_string(inputs[k]->dims()) +
                               " but input 0 has shape " + dims_to_string(inputs[0]->dims()) +
                               "; this version needs identical shapes (broadcasting starts with version 8)");
    }
    return inputs[0]->dims();
  }

  bool broadcasts_;
};

Result<std::unique_ptr<Kernel>> make_min(int version, const Attributes& /*attrs*/) {
  // The only attribute any version defines is version 1's consumed_inputs, which is ignored.
  return std::unique_ptr<Kernel>(new MinKernel(version >= 8));
}

}  // namespace

// 1 has consumed_inputs, 6 drops it, 8 broadcasts, 12 adds the integer types, 13 adds bfloat16.
const OpSchema& min_schema() {
  static const OpSchema schema{
      .name = "Min",
      .inputs = {{"data_0", "T", Param::Arity::kVariadic}},
      .outputs = {{"min", "T"}},
      .versions = {{.since_version = 1, .types = type_t(kFloatTypes), .attributes = {"consumed_inputs"}},
                   {.since_version = 6, .types = type_t(kFloatTypes), .attributes = {}},
                   {.since_version = 8, .types = type_t(kFloatTypes), .attributes = {}},
                   {.since_version = 12, .types = type_t(kNumericTypes), .attributes = {}},
                   {.since_version = 13, .types = type_t(kAllTypes), .attributes = {}}},
      .make_kernel = make_min,
      .elementwise = true};
  return schema;
}

}  // namespace ow
