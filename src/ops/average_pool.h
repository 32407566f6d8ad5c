// What a graph's passes ask of an AveragePool node (folding a Pad of zeros into its pads), answered by
// the rules its kernel follows (ops/average_pool.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/attributes.h"
#include "core/status.h"
#include "ops/operator.h"
#include "ops/pool_geometry.h"

namespace ow {

// An AveragePool node's window and whether it counts its padding in the average (count_include_pad).
struct AveragePoolWindow {
  WindowAttributes window;  // every list given for the kernel's spatial axes
  bool counts_padding = false;
};

// The window of `pool`, with its node's attributes, where its version can count padding (defines
// count_include_pad); nullopt for an earlier version or another operator.
std::optional<AveragePoolWindow> average_pool_window(const PreparedOp& pool, const Attributes& attrs);

// `pool` (of a version average_pool_window() answers) with explicit pads `pads` (every begin, then
// every end), counted in the average; an error where the pooling refuses them.
Result<PreparedOp> average_pool_counting_pads(const PreparedOp& pool, const Attributes& attrs, const std::vector<int64_t>& pads);

}  // namespace ow
