// A typed, shaped block of memory: owned (allocated here) or a view of memory someone else owns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/dtype.h"
#include "core/shape.h"
#include "core/status.h"

namespace ow {

class Tensor {
 public:
  Tensor() = default;
  Tensor(const Tensor& other);
  Tensor(Tensor&& other) noexcept;
  Tensor& operator=(Tensor other) noexcept;  // copy or move, then swap
  ~Tensor();

  // New tensor whose elements the caller must all write (not zeroed: that would cost a pass over
  // memory for every elementwise output). An error for a bad shape or when memory runs out.
  static Result<Tensor> allocate(DType type, Dims dims);
  // Borrows `data`, which must hold the whole tensor and outlive every use of the view.
  static Result<Tensor> view(DType type, Dims dims, void* data, size_t byte_length);
  // As view(), into this tensor (which lets go of what it held): its dims keep their memory, so that
  // a caller viewing new data on every call allocates nothing. Unchanged on error.
  Status assign_view(DType type, const Dims& dims, void* data, size_t byte_length);

  DType dtype() const { return dtype_; }
  const Dims& dims() const { return dims_; }
  size_t rank() const { return dims_.size(); }
  size_t size() const { return size_; }  // elements
  size_t byte_size() const { return size_ * dtype_size(dtype_); }

  // Whether the elements are this tensor's (allocate(), shared by its copies) rather than borrowed
  // (view()), which must not outlive their owner.
  bool owns_data() const { return block_ != nullptr; }
  // The same elements under new `dims` of the same element count (the caller checks it): owned ones
  // shared (the reference count grows), borrowed ones borrowed again. What shape-only operators
  // (Reshape, Squeeze...) give when they need not copy.
  Tensor with_dims(Dims dims) const;
  // As with_dims(), in place: this tensor becomes x's elements (x may be this tensor itself) under
  // `dims`, which swap with this tensor's own dims, so that a caller passing the same Dims on every
  // call reuses their memory rather than allocating.
  void view_of(const Tensor& x, Dims& dims);
  // As view_of(), taking x's elements rather than sharing them (x is left empty, its dims' memory in
  // `dims` for the next call).
  void view_of(Tensor&& x, Dims& dims);
  // As view_of(), for a part of x: this tensor becomes x's elements from `offset` (in elements) on,
  // under `dims`, which the caller checks lie within x. Owned memory stays alive while any tensor
  // holding a part of it lives (the reference count grows); a part is never exclusive() while x is.
  void part_of(const Tensor& x, size_t offset, Dims& dims);

  void* raw_data() { return data_; }
  const void* raw_data() const { return data_; }
  template <typename T> T* data() { return static_cast<T*>(data_); }
  template <typename T> const T* data() const { return static_cast<const T*>(data_); }

  // Whether this tensor owns its memory and no other tensor shares it: writing into it changes no
  // other tensor (views, whose memory someone else owns, never are).
  bool exclusive() const { return block_ != nullptr && block_->refs == 1; }
  // Whether this tensor's elements are all the memory it holds (a part of another's is not, part_of).
  bool whole() const { return block_ == nullptr || byte_size() == block_->bytes; }

 private:
  DType dtype_ = DType::kUndefined;
  Dims dims_;
  size_t size_ = 0;
  // Owned elements follow their reference count in one allocation (one malloc per tensor, not two);
  // copies share them. Null for views.
  struct Block {
    size_t refs;
    size_t bytes;  // of the elements allocated
  };
  static constexpr size_t kCacheLine = 64;
  static constexpr size_t kCacheLineFrom = 4096;  // bytes of elements from which they start a cache line
  static_assert(sizeof(Block) <= 16, "the smaller header holds a Block");

  Block* block_ = nullptr;
  void* data_ = nullptr;
};

}  // namespace ow
