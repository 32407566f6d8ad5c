// The operator families; each is defined in ops/<family>.cpp and listed in ops/registry.cpp.
#pragma once

#include "ops/operator.h"

namespace ow {

const OpSchema& floor_schema();
const OpSchema& ceil_schema();
const OpSchema& round_schema();
const OpSchema& min_schema();
const OpSchema& average_pool_schema();
// Shape-only operators (ops/reshape.cpp) and Transpose (ops/transpose.cpp)
const OpSchema& reshape_schema();
const OpSchema& flatten_schema();
const OpSchema& squeeze_schema();
const OpSchema& unsqueeze_schema();
const OpSchema& transpose_schema();
// Pad (ops/pad.cpp), GlobalAveragePool (ops/average_pool.cpp), ReduceMean (ops/reduce_mean.cpp)
const OpSchema& pad_schema();
const OpSchema& global_average_pool_schema();
const OpSchema& reduce_mean_schema();

}  // namespace ow
