// Where a kernel's output goes (operator.h): a new tensor, or one the caller gave. Apart from
// registry.cpp so that it is built for size with the other setup code (CMakeLists.txt): it runs once
// per call, and most of it is the error message.
#include <string>

#include "ops/operator.h"

namespace ow {

Status output_tensor(Outputs& outputs, size_t index, DType type, Dims dims, Tensor*& y) {
  if (index >= outputs.size()) {
    OW_ASSIGN_OR_RETURN(Tensor t, Tensor::allocate(type, std::move(dims)));
    outputs.push_back(std::move(t));
    y = &outputs.back();
    return Status::Ok();
  }
  y = &outputs[index];
  if (y->dtype() == type && y->dims() == dims) return Status::Ok();
  std::string message = "options.out is ";
  message += dtype_name(y->dtype());
  message += ' ';
  message += dims_to_string(y->dims());
  message += " but the output is ";
  message += dtype_name(type);
  message += ' ';
  message += dims_to_string(dims);
  return InvalidArgument(message);
}

}  // namespace ow
