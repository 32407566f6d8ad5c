// Names to their positions in a list of names kept beside it, for the session's value names and each
// branch's while a session is built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ow::onnx {

// Open addressing, its slots sized once for the most names it will hold (known from the graph), so it
// never rehashes.
class NameIndex {
 public:
  static constexpr size_t kNotFound = SIZE_MAX;
  void reserve(size_t most);
  // The position of `name` in `names`, or kNotFound.
  size_t find(std::string_view name, const std::vector<std::string>& names) const;
  // Indexes names.back(), unless an earlier position holds the same name: then that position.
  size_t add_last(const std::vector<std::string>& names);

 private:
  size_t first_slot(std::string_view name) const;
  std::vector<uint32_t> slots_;  // position + 1; 0: empty
};

}  // namespace ow::onnx
