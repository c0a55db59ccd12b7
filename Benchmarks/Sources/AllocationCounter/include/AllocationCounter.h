#ifndef RX_GATE_ALLOCATION_COUNTER_H
#define RX_GATE_ALLOCATION_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts allocations: true on Linux with glibc, where the functions below
/// replace the C library's allocator entry points in the gate's executable.
bool rx_gate_counts_allocations(void);

/// How many blocks the process has allocated so far, on every thread: each successful call of
/// malloc, calloc, realloc (a new or moved block), reallocarray, posix_memalign, aligned_alloc,
/// memalign, valloc or pvalloc counts one. Frees are not counted.
int64_t rx_gate_allocations(void);

/// Does nothing, out of line. The gate runs callgrind with `--dump-after=rx_gate_checkpoint`,
/// so each call ends one measured region: callgrind writes the instructions counted since the
/// previous dump and starts again from zero.
void rx_gate_checkpoint(void);

#endif
