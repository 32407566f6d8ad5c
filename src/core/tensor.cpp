#include "core/tensor.h"

#include <cstdlib>
#include <cstring>

namespace ow {

Result<Tensor> Tensor::allocate(DType type, Dims dims) {
  size_t elem = dtype_size(type);
  if (elem == 0) return Unsupported("unsupported element type " + std::to_string(static_cast<int>(type)));
  size_t bytes;
  if (!byte_count_fast(dims, elem, bytes)) {
    OW_ASSIGN_OR_RETURN(bytes, byte_count(dims, elem));
  }
  // malloc, not new: a tensor that does not fit is an error value, named by its shape. Large tensors
  // start a cache line, so that a kernel's 16-byte loads and stores never straddle two; small ones,
  // where the aligned allocation costs more than that saves, take malloc's 8-byte alignment.
  const size_t header = bytes >= kCacheLineFrom ? kCacheLine : 16;  // either holds the Block
  void* p = nullptr;
  if (bytes <= SIZE_MAX - 2 * kCacheLine)
    p = header == kCacheLine ? std::aligned_alloc(kCacheLine, (header + bytes + kCacheLine - 1) & ~(kCacheLine - 1)) : std::malloc(header + bytes);
  if (!p) return OutOfMemory("cannot allocate " + std::to_string(bytes) + " bytes for a tensor of shape " + dims_to_string(dims));
  Tensor t;
  t.dtype_ = type;
  t.size_ = bytes / elem;
  t.dims_ = std::move(dims);
  t.block_ = static_cast<Block*>(p);
  t.block_->refs = 1;
  t.block_->bytes = bytes;
  t.data_ = static_cast<unsigned char*>(p) + header;
  return t;
}

Tensor::Tensor(const Tensor& other)
    : dtype_(other.dtype_), dims_(other.dims_), size_(other.size_), block_(other.block_), data_(other.data_) {
  if (block_) ++block_->refs;
}

Tensor::Tensor(Tensor&& other) noexcept
    : dtype_(other.dtype_), dims_(std::move(other.dims_)), size_(other.size_), block_(other.block_), data_(other.data_) {
  other.block_ = nullptr;
  other.data_ = nullptr;
  other.size_ = 0;
}

Tensor& Tensor::operator=(Tensor other) noexcept {
  std::swap(dtype_, other.dtype_);
  dims_.swap(other.dims_);
  std::swap(size_, other.size_);
  std::swap(block_, other.block_);
  std::swap(data_, other.data_);
  return *this;
}

Tensor::~Tensor() {
  if (block_ && --block_->refs == 0) std::free(block_);
}

Result<Tensor> Tensor::view(DType type, Dims dims, void* data, size_t byte_length) {
  Tensor t;
  OW_RETURN_IF_ERROR(t.assign_view(type, dims, data, byte_length));
  return t;
}

Status Tensor::assign_view(DType type, const Dims& dims, void* data, size_t byte_length) {
  size_t elem = dtype_size(type);
  if (elem == 0) return Unsupported("unsupported element type " + std::to_string(static_cast<int>(type)));
  size_t bytes;
  if (!byte_count_fast(dims, elem, bytes)) {
    OW_ASSIGN_OR_RETURN(bytes, byte_count(dims, elem));
  }
  if (bytes > byte_length)
    return InvalidArgument("data holds " + std::to_string(byte_length / elem) + " elements but shape " +
                           dims_to_string(dims) + " needs " + std::to_string(bytes / elem));
  if (block_ && --block_->refs == 0) std::free(block_);
  block_ = nullptr;
  dtype_ = type;
  size_ = bytes / elem;
  dims_.assign(dims.begin(), dims.end());
  data_ = data;
  return Status::Ok();
}

Tensor Tensor::with_dims(Dims dims) const {
  Tensor t;
  t.view_of(*this, dims);
  return t;
}

void Tensor::view_of(const Tensor& x, Dims& dims) {
  if (&x != this) {
    if (x.block_) ++x.block_->refs;  // first: x may share this tensor's block
    if (block_ && --block_->refs == 0) std::free(block_);
    dtype_ = x.dtype_;
    size_ = x.size_;
    block_ = x.block_;
    data_ = x.data_;
  }
  dims_.swap(dims);
}

void Tensor::part_of(const Tensor& x, size_t offset, Dims& dims) {
  unsigned char* first = static_cast<unsigned char*>(x.data_) + offset * dtype_size(x.dtype_);
  view_of(x, dims);
  data_ = first;
  size_ = 1;
  for (int64_t d : dims_) size_ *= static_cast<size_t>(d);
}

void Tensor::view_of(Tensor&& x, Dims& dims) {
  if (&x != this) {
    if (block_ && --block_->refs == 0) std::free(block_);
    dtype_ = x.dtype_;
    size_ = x.size_;
    block_ = std::exchange(x.block_, nullptr);
    data_ = std::exchange(x.data_, nullptr);
    x.size_ = 0;
    dims_.swap(x.dims_);  // x's dims go to `dims` below, this tensor's former ones to x
  }
  dims_.swap(dims);
}

}  // namespace ow
