// Diagnostics: how much of the wasm heap is in use, for checking that memory stays bounded (js/
// diagnostics.mjs, heapStats()).
#include <emscripten/bind.h>
#include <malloc.h>

namespace {

// Bytes malloc has handed out and not had back (dlmalloc's count of allocated space).
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(onnx_wasm_diagnostics) { emscripten::function("heapInUse", &heap_in_use); }
