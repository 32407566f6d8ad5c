#include "core/tensor.h"

#include <cstdlib>
#include <cstring>

namespace ow {

Result<Tensor> Tensor::allocate(DType type, Dims dims) {
  size_t elem = dtype_size(type);
  if (elem == 0) return Unsupported("unsupported element type " + std::to_string(static_cast<int>(type)));
  OW_ASSIGN_OR_RETURN(size_t bytes, byte_count(dims, elem));
  // malloc, not new: an allocation that cannot be met must be an error value, never an abort.
  void* p = std::malloc(bytes ? bytes : 1);
  if (!p) return OutOfMemory("cannot allocate " + std::to_string(bytes) + " bytes for a tensor of shape " + dims_to_string(dims));
  Tensor t;
  t.dtype_ = type;
  t.size_ = bytes / elem;
  t.dims_ = std::move(dims);
  t.storage_ = std::shared_ptr<void>(p, std::free);
  t.data_ = p;
  return t;
}

Result<Tensor> Tensor::view(DType type, Dims dims, void* data, size_t byte_length) {
  size_t elem = dtype_size(type);
  if (elem == 0) return Unsupported("unsupported element type " + std::to_string(static_cast<int>(type)));
  OW_ASSIGN_OR_RETURN(size_t bytes, byte_count(dims, elem));
  if (bytes > byte_length)
    return InvalidArgument("data holds " + std::to_string(byte_length / elem) + " elements but shape " +
                           dims_to_string(dims) + " needs " + std::to_string(bytes / elem));
  Tensor t;
  t.dtype_ = type;
  t.size_ = bytes / elem;
  t.dims_ = std::move(dims);
  t.data_ = data;
  return t;
}

Result<Tensor> Tensor::reshaped(Dims dims) const {
  OW_ASSIGN_OR_RETURN(size_t n, element_count(dims));
  if (n != size_) return InvalidArgument("cannot reshape " + dims_to_string(dims_) + " to " + dims_to_string(dims));
  Tensor t = *this;
  t.dims_ = std::move(dims);
  return t;
}

}  // namespace ow
