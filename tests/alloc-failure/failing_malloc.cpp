// Allocation-failure injection, linked only into the test build of the wasm (the target
// onnx-wasm-alloc-failure, scripts/alloc-failure-test.sh). malloc, free and the aligned
// allocations (Emscripten's dlmalloc defines them weakly) are replaced by ones that fail from when the
// test arms them, whoever asks: operator new, Tensor::allocate, embind, or JS through _malloc. Two
// modes:
// - one failure: the N-th allocation from now fails, and only it (or traps, as a bug would);
// - memory full: from the N-th allocation on, the memory is full, as when the wasm memory has reached
//   its maximum: an allocation succeeds only while its bytes fit in what the call has freed since
//   (whatever it made and let go of), until the test disarms at the end of the call.
// The test reaches these functions through globalThis.__onnxWasmTestModule.
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>

#include <cerrno>
#include <cstddef>

extern "C" {

void* emscripten_builtin_malloc(size_t size);
void emscripten_builtin_free(void* p);
void* emscripten_builtin_memalign(size_t alignment, size_t size);
size_t malloc_usable_size(const void* p);  // dlmalloc's

namespace {
long long countdown = -1;  // allocations that succeed before the one that fails; -1: none fails
long long counted = 0;     // allocations since the test last asked
bool trap = false;         // the failing allocation traps instead (a stand-in for a bug)
bool fill = false;         // memory-full mode: allocations fail from the countdown's end on
bool full = false;         // in memory-full mode, the memory is full now
size_t room = 0;           // bytes that allocations may still take while the memory is full

bool fails(size_t size) {
  ++counted;
  if (full) {
    if (size > room) return true;
    room -= size;
    return false;
  }
  if (countdown < 0 || countdown-- != 0) return false;
  if (trap) __builtin_trap();
  full = fill;
  return true;
}

}  // namespace

void* malloc(size_t size) { return fails(size) ? nullptr : emscripten_builtin_malloc(size); }
void* memalign(size_t alignment, size_t size) { return fails(size) ? nullptr : emscripten_builtin_memalign(alignment, size); }
void* aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }
int posix_memalign(void** p, size_t alignment, size_t size) {
  void* q = memalign(alignment, size);
  if (!q) return ENOMEM;
  *p = q;
  return 0;
}
void free(void* p) {
  if (full && p) room += malloc_usable_size(p);
  emscripten_builtin_free(p);
}

// Allocation `n` from now (0: the next) fails, and only it; -1 disarms (either mode).
EMSCRIPTEN_KEEPALIVE void ow_test_fail_allocation(double n) {
  countdown = static_cast<long long>(n);
  trap = fill = full = false;
  room = 0;
}
// Allocation `n` from now traps (WebAssembly's unreachable), as a bug in the middle of a call would.
EMSCRIPTEN_KEEPALIVE void ow_test_trap_allocation(double n) {
  ow_test_fail_allocation(n);
  trap = true;
}
// From allocation `n` from now on, the memory is full (see above) until ow_test_fail_allocation(-1).
EMSCRIPTEN_KEEPALIVE void ow_test_fill_memory(double n) {
  ow_test_fail_allocation(n);
  fill = true;
}
// Allocations since the last call of this.
EMSCRIPTEN_KEEPALIVE double ow_test_allocations() {
  const long long n = counted;
  counted = 0;
  return static_cast<double>(n);
}

EM_JS(void, expose_module, (), { globalThis.__onnxWasmTestModule = Module; });

}  // extern "C"

namespace {
const bool exposed = (expose_module(), true);
}  // namespace
