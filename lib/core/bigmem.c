/*
 * bigmem.c — large zeroed tables on anonymous mappings (see bigmem.h).
 *
 * mmap() gives page-aligned zero pages lazily, like calloc() of a large
 * block; 2 MB alignment is had by mapping 2 MB more and unmapping the
 * unaligned head and the tail. madvise(MADV_HUGEPAGE) then asks for huge
 * pages; where it is refused (no THP, other kernels) the table works the
 * same on small pages.
 */
#define _DEFAULT_SOURCE
#include "bigmem.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_PAGE ((size_t)2 << 20)

static size_t page_round(size_t bytes) {
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    return (bytes + page - 1) / page * page;
}

/* The mapping of bigmem_alloc and bigmem_reserve; huge: ask for huge pages. */
static void *map_table(size_t bytes, bool huge) {
    if (bytes == 0) return NULL;
    size_t len = page_round(bytes);
    if (len < HUGE_PAGE) {
        void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        return p == MAP_FAILED ? NULL : p;
    }
    if (len > SIZE_MAX - HUGE_PAGE) return NULL;
    size_t span = len + HUGE_PAGE;
    char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return NULL;
    char *p = (char *)(((uintptr_t)raw + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (p > raw) munmap(raw, (size_t)(p - raw));
    size_t tail = (size_t)(raw + span - (p + len));
    if (tail) munmap(p + len, tail);
#ifdef MADV_HUGEPAGE
    if (huge) madvise(p, len, MADV_HUGEPAGE); /* advice only: refused, the pages stay small */
#else
    (void)huge;
#endif
    return p;
}

void *bigmem_alloc(size_t bytes) { return map_table(bytes, true); }

void *bigmem_reserve(size_t bytes) { return map_table(bytes, false); }

void bigmem_populate(void *p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    long pg = sysconf(_SC_PAGESIZE);
    uintptr_t page = pg > 0 ? (uintptr_t)pg : 4096;
    uintptr_t lo = (uintptr_t)p & ~(page - 1), hi = (uintptr_t)p + bytes;
    if (p && bytes) (void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE); /* advice: refused, pages come on use */
#else
    (void)p;
    (void)bytes;
#endif
}

void bigmem_free(void *p, size_t bytes) {
    if (p) munmap(p, page_round(bytes));
}
