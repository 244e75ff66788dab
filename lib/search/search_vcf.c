/*
 * search_vcf.c — the search's VCF probe, at the root and at the leaves.
 *
 * The probe is the solver's fast entry, solver_vcf() (lib/solve/solve.c, over lib/solve/vcf.c): a
 * depth-first search over the side to move's fours with counter-fours and
 * the renju rules handled, and a table of refuted positions that each
 * thread's solver keeps between calls, so the probes at neighbouring leaves
 * share their work. Its nodes count as the search's.
 */
#include "solve/gmk_solve.h"
#include "search.h"

/* One VCF probe for the side to move of the worker's board. */
int search_vcf(Worker *w, uint64_t max_nodes, int64_t deadline_us) {
    uint32_t ms = 0;
    if (deadline_us) {
        int64_t left = (deadline_us - timeman_now_us()) / 1000;
        ms = left < 1 ? 1 : (uint32_t)left;
    }
    int len = 0;
    SolveResult r = solver_vcf(w->solver, w->b, board_side(w->b), max_nodes, ms, w->vcf_line, &len);
    w->nodes += solver_nodes(w->solver);
    w->vcf_len = len;
    return r == SOLVE_WIN ? 1 : r == SOLVE_NOWIN ? 0 : -1;
}
