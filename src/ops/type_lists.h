// Type constraints shared by several operator schemas.
#pragma once

#include <vector>

#include "core/dtype.h"

namespace ow {

inline const std::vector<DType> kFloatTypes = {DType::kFloat64, DType::kFloat32, DType::kFloat16};
inline const std::vector<DType> kFloatTypesBf16 = {DType::kFloat64, DType::kFloat32, DType::kFloat16, DType::kBFloat16};

}  // namespace ow
