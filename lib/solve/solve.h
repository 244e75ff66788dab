/*
 * solve.h — the solver's top: struct Solver, which holds one struct per
 * layer, each owned by its layer, and the public entry points of
 * gmk_solve.h (solve.c, solve_parallel.c). The layers, each calling only
 * those below it:
 *
 *   solve.c, solve_parallel.c,  entry points: options, passes and variants
 *   solve_defend.c              (as data), the check, --all, defences
 *   solve_check.c               the independent checker: shares nothing
 *                               with the search but the board (gmk.h);
 *                               its rules are solve_check_rules.c
 *   proof.h    Proof            proof trees and lines (proof.c, solve_tree.c)
 *   vct.h      Dfpn             df-pn over AND/OR threats (vct_table.c, vct.c,
 *                               vct_walk.c)
 *   vcf.h      Vcf              continuous fours (vcf_gen.c, vcf.c)
 *   solve_threat.h  SolvePos    the position, limits, threats and defences
 *                               (solve_threat.c, solve_defence.c)
 *   solve_mem.h                 the tables' memory (solve_mem.c)
 *
 * tests/layers.sh checks the order from the includes and the objects'
 * symbols.
 */
#ifndef GMK_SOLVE_H
#define GMK_SOLVE_H

#include "proof.h"

struct Solver {
    SolvePos pos;       /* the position and the limits (solve_threat.h) */
    Vcf vcf;            /* the VCF layer (vcf.h) */
    Dfpn dfpn;          /* the df-pn engine (vct.h) */
    Proof proof;        /* the last proof tree (proof.h) */
    VcfLine line;       /* the line of solver_vcf and of the VCF kind */
};

/* Seconds on the monotonic clock. */
static inline double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* solve_check_tree_until with a deadline of now_s() (0: none). */
static inline bool check_tree_by(const Board *b, const SolveTree *t, double deadline, SolveCheckError *err) {
    struct timespec ts;
    ts.tv_sec = (time_t)deadline;
    ts.tv_nsec = (long)((deadline - (double)ts.tv_sec) * 1e9);
    return solve_check_tree_until(b, t, deadline > 0 ? &ts : NULL, err);
}

/* Is the game already decided on b (a win on the board, or no empty point)? */
static inline bool game_over(const Board *b) {
    return board_winner(b) != COLOR_NONE || board_full(b);
}

#endif /* GMK_SOLVE_H */
