/*
 * solve_mem.c — the memory of the solver's tables (solve_mem.h).
 */
#include "core/bigmem.h"
#include "solve_mem.h"

size_t solve_table_next(size_t n, size_t max) {
    size_t next = 2 * n;
    return next < max ? next : max;
}

void *solve_mem_new(SolveMem *m, size_t full) {
    m->bytes = full;
    m->block = bigmem_alloc(full);
    m->start = full > SOLVE_START_BYTES ? bigmem_reserve(SOLVE_START_BYTES) : NULL;
    if (!m->block || (full > SOLVE_START_BYTES && !m->start)) return NULL;
    return m->start ? m->start : m->block;
}

void *solve_mem_dest(const SolveMem *m, const void *cur, size_t bytes) {
    void *dest = cur == m->start && bytes > SOLVE_START_BYTES ? m->block : (void *)cur;
    bigmem_populate(dest, bytes);
    return dest;
}

void solve_mem_moved(SolveMem *m, const void *cur, const void *dest) {
    if (cur == m->start && dest != cur) {
        bigmem_free(m->start, SOLVE_START_BYTES);
        m->start = NULL;
    }
}

void solve_mem_free(SolveMem *m) {
    bigmem_free(m->block, m->bytes);
    bigmem_free(m->start, SOLVE_START_BYTES);
    m->block = m->start = NULL;
}
