/*
 * solve_mem.h — the memory of the solver's tables (the VCF table, the df-pn
 * table and its tags, the move cache): the lowest layer of the solver,
 * shared by the layers that own a table (vcf.h, vct.h).
 *
 * A table starts in a small mapping of its own on small pages, grows there,
 * and moves into the block reserved at its full size once it outgrows it:
 * that block, whose pages a table only touches once it is large, asks for
 * huge pages from the start (bigmem_alloc), so a long search's table has
 * them all, and a small search touches a few small pages.
 */
#ifndef GMK_SOLVE_MEM_H
#define GMK_SOLVE_MEM_H

#include <stddef.h>

/* The memory of one table. */
typedef struct {
    void *block;     /* the table at its full size */
    size_t bytes;    /* the block's size */
    void *start;     /* the start mapping (SOLVE_START_BYTES), NULL once left or when not needed */
} SolveMem;

#define SOLVE_START_BYTES ((size_t)512 << 10) /* a table's start mapping */

/* The buckets a table of n buckets (at most max) grows to: twice as many.
 * (Eight times beyond 2 MB, as before, left a table at a sixteenth of its
 * load, every page of it zeroed by the kernel: vct_game_white_l12_1 spent
 * 36-49 ms of system time against 8 ms.) */
size_t solve_table_next(size_t n, size_t max);
/* Reserves the memory of a table of full bytes; returns where the table
 * starts: the start mapping (SOLVE_START_BYTES) or, for a table no bigger,
 * the block. NULL when out of memory. */
void *solve_mem_new(SolveMem *m, size_t full);
/* Where a table at cur goes to grow to bytes: cur (in place), or the block
 * when it outgrows the start mapping. The pages of those bytes there are
 * faulted in at once (bigmem_populate): the grown table fills them at
 * random, and a trap per page cost vct_game_white_l10_1 about 250 page
 * faults and 1.4 ms of system time in 9 ms. */
void *solve_mem_dest(const SolveMem *m, const void *cur, size_t bytes);
/* The table has moved from cur to dest (its entries copied): the start
 * mapping, left, is freed. */
void solve_mem_moved(SolveMem *m, const void *cur, const void *dest);
void solve_mem_free(SolveMem *m);

#endif /* GMK_SOLVE_MEM_H */
