/*
 * solve.h — the solver's top: struct Solver, which holds one struct per
 * layer, each owned by its layer, and the public entry points of
 * gmk_solve.h (solve.c, solve_parallel.c). The layers, each calling only
 * those below it:
 *
 *   solve.c, solve_parallel.c   entry points: options, passes and variants
 *                               (as data), the check, --all, defences
 *   solve_check.c               the independent checker: shares nothing
 *                               with the search but the board (gmk.h)
 *   proof.h    Proof            proof trees and lines (proof.c, solve_tree.c)
 *   vct.h      Dfpn             df-pn over AND/OR threats (vct.c, vct_table.c)
 *   vcf.h      Vcf              continuous fours (vcf.c)
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

#endif /* GMK_SOLVE_H */
