// Counts allocations by replacing the C library's allocator entry points in the gate's own
// executable, the way swift-nio's allocation-counter tests do. glibc documents this replacement
// ("Replacing malloc"): every other library of the process, the Swift runtime included, binds
// to the executable's malloc. Each replacement counts with one relaxed atomic add and then
// calls glibc's own allocator under its exported `__libc_` name, so the blocks and the heap are
// exactly what they would be without the counter.
#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static _Atomic int64_t allocations;

static inline void *counted(void *block) {
    if (block != NULL) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
    return block;
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void *realloc(void *pointer, size_t size) {
    if (pointer != NULL && size == 0) {
        return __libc_realloc(pointer, size);  // frees the block
    }
    return counted(__libc_realloc(pointer, size));
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, total);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 || alignment == 0) {
        return EINVAL;
    }
    void *block = counted(__libc_memalign(alignment, size));
    if (block == NULL) {
        return ENOMEM;
    }
    *result = block;
    return 0;
}

void *valloc(size_t size) { return counted(__libc_valloc(size)); }

void *pvalloc(size_t size) { return counted(__libc_pvalloc(size)); }

bool rx_gate_counts_allocations(void) { return true; }

int64_t rx_gate_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

#else

bool rx_gate_counts_allocations(void) { return false; }

int64_t rx_gate_allocations(void) { return 0; }

#endif

__attribute__((noinline)) void rx_gate_checkpoint(void) { __asm__ volatile("" ::: "memory"); }
