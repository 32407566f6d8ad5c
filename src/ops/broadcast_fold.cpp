// The output is computed in chunks small enough to stay in cache. Each chunk starts from one input and
// folds every other input into it with the micro-kernels, so N inputs cost one pass over memory rather
// than N - 1; float32 Min folds the inputs laid out like the output three at a time, which also spares
// re-reading the chunk. An input is read in runs over which it is either contiguous or a single
// broadcast element (kernels/broadcast_runs.h).
#include "ops/broadcast_fold.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "kernels/broadcast_runs.h"

namespace ow {
namespace {

// Bytes of output per chunk, whatever the element type.
constexpr size_t kChunkBytes = 16 * 1024;

// `in` must broadcast to `out`.
kernels::Broadcast plan_broadcast(const Dims& in, const Dims& out) {
  kernels::Broadcast b;
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

}  // namespace

Result<Dims> broadcast_dims(const Inputs& inputs) {
  // Two inputs of one shape, or one of them of ones with no more dims: the other's shape.
  if (inputs.size() == 2) {
    const Dims &a = inputs[0]->dims(), &b = inputs[1]->dims();
    const auto ones = [](const Dims& d) { return std::all_of(d.begin(), d.end(), [](int64_t e) { return e == 1; }); };
    if (a == b || (b.size() <= a.size() && ones(b))) return a;
    if (a.size() <= b.size() && ones(a)) return b;
  }
  std::vector<const Dims*> shapes;
  for (const Tensor* t : inputs) shapes.push_back(&t->dims());
  return broadcast_shapes(shapes);
}

void broadcast_fold(const Inputs& inputs, Tensor& y, const kernels::BinaryLoops& loops, bool commutative) {
  const size_t n = y.size();
  const size_t size = loops.element_size, out_size = loops.output_size;
  auto* out = static_cast<unsigned char*>(y.raw_data());
  const auto data = [](const Tensor* t) { return static_cast<const unsigned char*>(t->raw_data()); };
  if (n == 0) return;
  if (inputs.size() == 1) {
    std::memmove(out, data(inputs[0]), n * size);  // y may be the input (in place)
    return;
  }
  // Two inputs, each laid out like y or a single element (the most common call, a scale or an offset
  // by a constant): one pass, with no runs to plan.
  if (inputs.size() == 2) {
    const Tensor *a = inputs[0], *b = inputs[1];
    if (commutative && a->size() != n) std::swap(a, b);
    if (a->size() == n && b->size() == n) return loops.vv_rows(data(a), data(b), out, n, 1);
    if (a->size() == n && b->size() == 1) return loops.vs(data(a), data(b), out, n);
  }
  // A commutative fold starts each chunk from an input laid out like the output when there is one (y
  // itself, if y is an input: each chunk reads it before writing it); otherwise, and always for the
  // others, input 0 is first broadcast into the chunk.
  auto full = inputs.end();
  if (commutative)
    for (auto it = inputs.begin(); it != inputs.end(); ++it)
      if ((*it)->size() == n && (full == inputs.end() || (*it)->raw_data() == out)) full = it;
  const bool start_is_full = full != inputs.end() || inputs[0]->size() == n;
  const size_t first = full != inputs.end() ? static_cast<size_t>(full - inputs.begin()) : 0;
  const Tensor* start = inputs[first];
  const kernels::Broadcast start_broadcast = start_is_full ? kernels::Broadcast{} : plan_broadcast(start->dims(), y.dims());
  // The others, in order, but for a commutative fold the first like_y of them laid out like the
  // output: where the type has the one-pass kernel, those are folded three at a time.
  std::vector<std::pair<kernels::Broadcast, const unsigned char*>> rest;
  size_t like_y = 0;
  bool rest_is_y = false;  // an input other than the start is y (in place)
  for (const bool laid_out_like_y : {true, false})
    for (size_t k = 0; k < inputs.size(); ++k) {
      const bool taken_now = commutative ? (inputs[k]->size() == n) == laid_out_like_y : laid_out_like_y;
      if (k == first || !taken_now) continue;
      rest.emplace_back(plan_broadcast(inputs[k]->dims(), y.dims()), data(inputs[k]));
      like_y += commutative && laid_out_like_y;
      rest_is_y |= data(inputs[k]) == out;
    }
  if (loops.vvvv == nullptr) like_y = 0;

  // Chunks keep the running result in cache between inputs; a single pass (one input, or up to three
  // with the one-pass kernel, folded into one laid out like the output) needs none, and the setup of
  // each chunk's runs would only cost.
  const bool single_pass = start_is_full && (rest.size() == 1 || (like_y == rest.size() && like_y <= 3));
  const size_t chunk = single_pass ? n : kChunkBytes / size;
  // A broadcast start is expanded in the output chunk, unless an input yet to be read is that memory or
  // the output's elements are of another size.
  std::vector<unsigned char> scratch(!start_is_full && (rest_is_y || out_size != size) ? kChunkBytes : 0);
  for (size_t begin = 0; begin < n; begin += chunk) {
    const size_t end = std::min(n, begin + chunk);
    unsigned char* out_chunk = out + begin * out_size;
    const unsigned char* acc = data(start) + begin * size;  // the running result of the chunk
    if (!start_is_full) {
      unsigned char* expanded = scratch.empty() ? out_chunk : scratch.data();
      kernels::expand_broadcast(start_broadcast, data(start), size, begin, end, expanded);
      acc = expanded;
    }
    size_t k = 0;
    for (; k + 1 < like_y; k += 3) {
      const unsigned char* c = rest[k + 1].second;
      const unsigned char* d = k + 2 < like_y ? rest[k + 2].second : c;
      const size_t at = begin * size;
      loops.vvvv(acc, rest[k].second + at, c + at, d + at, out_chunk, end - begin);
      acc = out_chunk;
    }
    for (; k < rest.size(); ++k) {
      kernels::fold_broadcast(rest[k].first, rest[k].second, loops, begin, end, acc, out_chunk);
      acc = out_chunk;
    }
  }
}

namespace {

// A view of t's elements with other dims of the same element count.
Result<Tensor> with_dims(const Tensor& t, Dims dims) {
  return Tensor::view(t.dtype(), std::move(dims), const_cast<void*>(t.raw_data()), t.byte_size());
}

}  // namespace

Result<Tensor> legacy_operand_b(const Tensor& a, const Tensor& b, bool broadcast, int64_t axis_attribute, OperandNames names) {
  const std::string a_name = names.a, b_name = names.b;
  const std::string shapes = a_name + " has shape " + dims_to_string(a.dims()) + ", " + b_name + " " + dims_to_string(b.dims());
  if (!broadcast) {
    if (a.dims() != b.dims())
      return InvalidArgument(shapes + "; without broadcast = 1 this version needs identical shapes");
    return with_dims(b, b.dims());
  }
  if (b.size() == 1 && axis_attribute == kNoAxis) return with_dims(b, {});
  const auto rank_a = static_cast<int64_t>(a.rank()), rank_b = static_cast<int64_t>(b.rank());
  if (rank_b > rank_a) return InvalidArgument(shapes + "; " + b_name + " must not have more dims than " + a_name);
  int64_t axis = axis_attribute == kNoAxis ? rank_a - rank_b : axis_attribute;
  if (axis < 0) axis += rank_a;
  if (axis < 0 || axis + rank_b > rank_a)
    return InvalidArgument("attribute 'axis' " + std::to_string(axis_attribute) + " places " + b_name + "'s " + std::to_string(rank_b) +
                           " dims outside " + a_name + "'s " + std::to_string(rank_a));
  Dims dims(static_cast<size_t>(rank_a), 1);
  for (int64_t k = 0; k < rank_b; ++k) {
    const int64_t extent = b.dims()[static_cast<size_t>(k)];
    if (extent != a.dims()[static_cast<size_t>(axis + k)] && extent != 1)
      return InvalidArgument(shapes + "; with broadcast = 1, each of " + b_name + "'s dims must equal " + a_name + "'s from axis " +
                             std::to_string(axis) + " on, or be 1");
    dims[static_cast<size_t>(axis + k)] = extent;
  }
  return with_dims(b, std::move(dims));
}

}  // namespace ow
