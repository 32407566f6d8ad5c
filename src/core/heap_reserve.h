// The heap's reserve. Everything a call allocates in proportion to its data (tensors, tables, the call
// and result areas) goes through the error-value path; what else it allocates (shapes, small vectors,
// messages) comes from operator new, which cannot report an error but throws std::bad_alloc, and most
// of the code is built without exceptions (CMakeLists.txt): a throw would skip its destructors. So that
// it need not throw: an allocation that finds the heap full frees the reserve (kept allocated between
// calls) and takes its place, and the call, when it ends, fails as OUT_OF_MEMORY instead of returning
// what it made. One piece of such code (an operator's preparation or run) needs far less than the
// reserve. A session's bookkeeping, which grows with its graph, is built with exceptions and catches
// std::bad_alloc; it runs each operator only with the reserve still held (heap_reserve_spent()).
#pragma once

#include <cstddef>
#include <string_view>

#include "core/status.h"

namespace ow {

constexpr size_t kHeapReserveBytes = 256 * 1024;

// Takes the reserve, if it is not held, and installs the new_handler that frees it. Until this is
// first called (the native builds never do) there is no reserve, and heap_reserve_spent() is false.
void take_heap_reserve();

// Whether an allocation has freed the reserve since the last call of this (which forgets it), for a
// call that ends: it then fails as OUT_OF_MEMORY.
bool heap_reserve_used();

// Whether the reserve is not held now (freed by an allocation, or not taken back since: the heap was
// full), once it has been taken: code built without exceptions must not start then.
bool heap_reserve_spent();

// For code built with exceptions, before it calls code built without them that allocates (as an
// operator's preparation, or turning decoded fields into tensors): throws std::bad_alloc if the reserve
// is spent, so that the allocations there cannot throw through frames that would not free what they hold.
void require_heap_reserve();

// OUT_OF_MEMORY for `where` (a node, a stage of a call; "" for none): "where: out of memory (the wasm
// memory is full; 24 bytes asked for)", naming the last allocation operator new could not make from a
// full heap (where operator new is this module's: not in the native builds).
Status heap_full_error(std::string_view where);

}  // namespace ow
