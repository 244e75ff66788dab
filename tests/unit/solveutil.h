/*
 * solveutil.h — helpers of the solver's unit tests (test_solve*.c).
 */
#ifndef GMK_SOLVEUTIL_H
#define GMK_SOLVEUTIL_H

#include "gmk.h"

/* Solves with the given options; the board must come back unchanged. */
SolveResult solve_checked(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out);
/* A quintet VCT case (MIT, Copyright (c) 2020 Renju Note) solved on a new
 * solver (*s), with its options in *o and its outcome in *out: the board,
 * for the caller to free. */
Board *quintet_vct_solved(Solver **s, SolveOptions *o, SolveOutcome *out);
/* Options for a VCT whose threats may leave a VCF of any length. */
void vct_any_threat(SolveOptions *o);

#endif /* GMK_SOLVEUTIL_H */
