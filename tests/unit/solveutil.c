/*
 * solveutil.c — helpers of the solver's unit tests (solveutil.h).
 */
#include "solveutil.h"
#include "testutil.h"

/* Solves with the given options; the board must come back unchanged. */
SolveResult solve_checked(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out) {
    Key k = board_key(b);
    assert_int_equal(solver_solve(s, b, o, out), GMK_OK);
    assert_true(board_key(b) == k);
    assert_true(board_ok(b));
    if (out->result == SOLVE_WIN) {
        SolveCheckError err;
        bool ok = solve_check_tree(b, solver_tree(s), &err);
        if (!ok) print_error("checker: %s\n", err.msg);
        assert_true(ok);
        assert_true(out->verified);
    }
    return out->result;
}

Board *quintet_vct_solved(Solver **s, SolveOptions *o, SolveOutcome *out) {
    solve_options_default(o);
    o->kind = SOLVE_VCT;
    o->depth = 9;
    o->threes = 2;
    Board *b = test_board(RULE_RENJU, 15,
                          "g10 h11 f9 h10 i9 i10 j9 j10 e8 g9 h8 k9 j8 i8 k8 m8 l8 i7 k6 h6 i5 j6 k5 k4");
    *s = solver_new(8 << 20);
    assert_non_null(*s);
    assert_int_equal(solve_checked(*s, b, o, out), SOLVE_WIN);
    return b;
}

/* Options for a VCT whose threats may leave a VCF of any length. */
void vct_any_threat(SolveOptions *o) {
    solve_options_default(o);
    o->kind = SOLVE_VCT;
    o->threes = 99;
}

