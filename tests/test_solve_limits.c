/*
 * test_solve_limits.c — the solver says only what it proved (issue 53): a
 * search that a limit stopped is unknown with that limit named
 * (SolveOutcome.limit, SolveDefence.limit), never nowin; the default
 * options search the whole threat space, and a narrower kind asked for
 * by --threes proves only that no win of that kind exists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"
#include "solveutil.h"
#include "testutil.h"

static SolveOutcome out_buf;

/* Renju on 9x9, black to move: a false three that is no threat. With
 * threats of one four only (--threes 1) there is no VCT (108,037 nodes);
 * with every threat, the default, black wins. */
#define FALSE_THREE "e7 c5 e6 g4 h7 f6 h6 g6 f5 i5 g5 g7 h4 -- h3 -- h2 --"

static void test_limit_named(void **state) {
    (void)state;
    Solver *s = solver_new(8 << 20);
    assert_non_null(s);
    SolveOptions o;
    solve_options_default(&o);
    assert_int_equal(o.threes, SOLVE_THREES_ALL);
    Board *b = test_board(RULE_RENJU, 9, FALSE_THREE);
    o.kind = SOLVE_VCT;
    o.threes = 1;
    /* the search stopped by each limit (first: the tables keep what a
     * search proved): unknown, and which */
    o.max_nodes = 1000;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_UNKNOWN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_NODES);
    assert_string_equal(solve_limit_name(out_buf.limit), "nodes");
    o.max_nodes = 0;
    o.max_ms = 1;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_UNKNOWN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_TIME);
    assert_string_equal(solve_limit_name(out_buf.limit), "time");
    o.max_ms = 0;
    /* side by side: every variant stopped by the limit, none by another */
    Solver *two[2] = {solver_new(8 << 20), solver_new(8 << 20)};
    assert_true(two[0] && two[1]);
    o.max_nodes = 1000;
    assert_int_equal(solver_solve_parallel(two, 2, b, &o, &out_buf, NULL), GMK_OK);
    assert_int_equal(out_buf.result, SOLVE_UNKNOWN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_NODES);
    solver_free(two[0]);
    solver_free(two[1]);
    o.max_nodes = 0;
    /* unlimited: the narrower kind has no win, the default finds one */
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_NOWIN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_NONE);
    o.threes = SOLVE_THREES_ALL;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_NONE);
    /* win in N likewise (605,256 nodes to its nowin) */
    o.kind = SOLVE_WIN_IN;
    o.win_moves = 4;
    o.max_nodes = 2000;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_UNKNOWN);
    assert_int_equal(out_buf.limit, SOLVE_LIMIT_NODES);
    board_free(b);
    solver_free(s);
}

/* --defend: white faces black's VCT above; a limit leaves the threat
 * unknown (never nothreat) or moves undecided, and says which. */
static void test_defend_limit_named(void **state) {
    (void)state;
    Solver *s = solver_new(8 << 20);
    SolveDefence *d = malloc(sizeof *d);
    assert_non_null(s);
    assert_non_null(d);
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    Board *b = test_board(RULE_RENJU, 9, FALSE_THREE " --");
    o.max_nodes = 1000;
    assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
    assert_int_equal(d->threat, SOLVE_UNKNOWN);
    assert_int_equal(d->limit, SOLVE_LIMIT_NODES);
    o.max_nodes = 200000;
    assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
    assert_int_equal(d->threat, SOLVE_WIN);
    assert_true(d->undecided_len > 0);
    assert_int_equal(d->limit, SOLVE_LIMIT_NODES);
    o.max_nodes = 0;
    o.max_ms = 1;
    assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
    assert_int_equal(d->threat, SOLVE_UNKNOWN);
    assert_int_equal(d->limit, SOLVE_LIMIT_TIME);
    free(d);
    board_free(b);
    solver_free(s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit_named),
        cmocka_unit_test(test_defend_limit_named),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
