/*
 * bigmem.h — large zeroed tables (transposition tables, caches) whose
 * random probes should not miss the TLB as well as the cache.
 */
#ifndef GMK_BIGMEM_H
#define GMK_BIGMEM_H

#include <stddef.h>

/* A zeroed block of bytes (> 0). From 2 MB up it is aligned to 2 MB and,
 * where the kernel offers them (Linux transparent huge pages in "madvise"
 * mode, Debian's default), backed by huge pages: one TLB entry covers 2 MB
 * instead of 4 KB. Pages are zero-filled by the kernel on first use, so a
 * large table costs nothing until it is probed. NULL when out of memory. */
void *bigmem_alloc(size_t bytes);

/* The same block on small pages: for the small start of a table that grows
 * (the solver's), where a small search touching one byte in each of a few
 * 2 MB pages would have the kernel clear them all. */
void *bigmem_reserve(size_t bytes);

/* Faults in the pages of [p, p + bytes) of such a block at once, where the
 * kernel can (Linux 5.14's MADV_POPULATE_WRITE; elsewhere nothing is done
 * and the pages come on first use as before): for a table about to fill
 * that range at random, one call instead of a trap per page. */
void bigmem_populate(void *p, size_t bytes);

/* Frees a block of bigmem_alloc(bytes) (NULL is ignored). */
void bigmem_free(void *p, size_t bytes);

#endif
