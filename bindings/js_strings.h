// Strings between JS and the bindings without embind's std::string conversions, which copy through a
// malloc'd block and write there without checking that malloc succeeded (into address 0 on a full
// heap). These allocate only through std::string, whose operator new throws std::bad_alloc when the
// memory is full (interop.h guard()).
#pragma once

#include <emscripten/val.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace ow {

emscripten::val string_to_js(std::string_view s);

// The UTF-8 bytes of the JS string `v`.
std::string string_from_js(const emscripten::val& v);

// As many whole UTF-8 characters of `v` as fit in `capacity` - 1 bytes at `out`, null-terminated,
// allocating nothing.
void string_from_js(const emscripten::val& v, char* out, size_t capacity);

}  // namespace ow
