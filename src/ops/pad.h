// Pad's parameters, apart from its kernel: what a Pad node asks for, read from its attributes
// (prepare time) and its pads, constant_value and axes inputs (run time, or constants of a graph); and
// what a graph's passes ask of a Pad node (pads_nothing, zero_pads), answered by the same rules.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/attributes.h"
#include "core/dtype.h"
#include "core/shape.h"
#include "core/status.h"
#include "core/tensor.h"
#include "ops/operator.h"

namespace ow {

enum class PadMode { kConstant, kReflect, kEdge, kWrap };

// A Pad node's attributes, checked for its version: the mode, and for versions 1 and 2 the pads
// (`paddings` in version 1) and the value, which later versions take as inputs.
struct PadAttributes {
  int version = 0;
  PadMode mode = PadMode::kConstant;
  std::vector<int64_t> pads;  // versions 1 and 2: every begin, then every end
  double value = 0;           // versions 1 and 2
};

Result<PadAttributes> parse_pad_attributes(int version, const Attributes& attrs);

// What a Pad node does to an input of shape `dims` and type `type`: per axis of the input, elements
// added (or, negative, removed) before and after it, the mode, and the constant as the bits of one
// element of `type` (its low bytes; the value attribute converted, or the constant_value input's).
struct PadSpec {
  PadMode mode = PadMode::kConstant;
  std::vector<int64_t> begin, end;
  uint64_t constant = 0;
};

// From version 11 the inputs pads (int64), constant_value (T, optional) and, from 18, axes (int32 or
// int64, optional) give what versions 1 and 2 read from attributes; null for an input left out.
// Errors name the input or attribute at fault.
Result<PadSpec> resolve_pad(const PadAttributes& attrs, DType type, const Dims& dims, const Tensor* pads,
                            const Tensor* constant_value, const Tensor* axes);

// What a graph asks of a node before it runs, from its attributes and its pads, constant_value and
// axes inputs known then (null where omitted; the caller knows every input it gives). False or nullopt
// for a node of another operator.
// Whether a Pad node pads nothing: its pads are known and all 0, so that its output is its input in
// any mode (where Pad would refuse the input, so does its shape, resolve_pad).
bool pads_nothing(const PreparedOp& pad, const Attributes& attrs, const Tensor* pads);
// A Pad node's pads for an input of rank `rank` (every begin, then every end), where it pads with
// constant zeros (+0, every bit clear, in any type) and Pad accepts its pads for that rank; nullopt
// otherwise (where Pad would refuse them, it is left to).
std::optional<std::vector<int64_t>> zero_pads(const PreparedOp& pad, const Attributes& attrs, size_t rank, const Tensor* pads,
                                              const Tensor* constant_value, const Tensor* axes);

}  // namespace ow
