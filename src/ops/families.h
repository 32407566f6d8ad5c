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
// arith: ops/min_max.cpp (with min_schema), ops/arithmetic.cpp, ops/clip_relu.cpp
const OpSchema& clip_schema();
const OpSchema& relu_schema();
const OpSchema& max_schema();
const OpSchema& add_schema();
const OpSchema& sub_schema();
const OpSchema& mul_schema();
const OpSchema& div_schema();
// Pad (ops/pad.cpp), GlobalAveragePool (ops/average_pool.cpp), ReduceMean (ops/reduce_mean.cpp)
const OpSchema& pad_schema();
const OpSchema& global_average_pool_schema();
const OpSchema& reduce_mean_schema();
// Constants and data movement (ops/constant.cpp, identity.cpp, cast.cpp, gather_concat.cpp)
const OpSchema& constant_schema();
const OpSchema& identity_schema();
const OpSchema& cast_schema();
const OpSchema& shape_schema();
const OpSchema& gather_schema();
const OpSchema& concat_schema();

}  // namespace ow
