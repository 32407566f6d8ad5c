// The operator families; each is defined in ops/<family>.cpp and listed in ops/registry.cpp.
#pragma once

#include "ops/operator.h"

namespace ow {

const OpSchema& floor_schema();
const OpSchema& ceil_schema();
const OpSchema& round_schema();
const OpSchema& min_schema();
const OpSchema& average_pool_schema();

}  // namespace ow
