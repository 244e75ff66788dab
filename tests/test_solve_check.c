/*
 * test_solve_check.c — the independent checker (solve_check.c): lines and
 * trees that are not wins turned down, forbidden defences, the trial run,
 * deadlines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"
#include "solveutil.h"
#include "testutil.h"

static SolveOutcome out_buf;

/* The checker turns down lines that are not wins. */
static void test_checker_rejects(void **state) {
    (void)state;
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5");
    Move quiet[] = {test_point(b, "c10")};
    assert_false(solve_check_line(b, quiet, 1, NULL));
    /* a closed four the defender blocks, then nothing */
    Board *e = test_board(RULE_FREESTYLE, 15, "h8 g8 i8 a3 j8 a5");
    Move four[] = {test_point(e, "k8"), test_point(e, "l8")};
    assert_false(solve_check_line(e, four, 2, NULL));
    Move wrong[] = {test_point(e, "k8"), test_point(e, "m8"), test_point(e, "l8")};
    assert_false(solve_check_line(e, wrong, 3, NULL));
    board_free(e);
    /* open four: wins whatever the block */
    Move open[] = {test_point(b, "k8")};
    Board *c = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5 --");
    (void)c;
    board_free(c);
    Board *d = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5");
    open[0] = test_point(d, "g8");
    SolveCheckError err;
    assert_true(solve_check_line(d, open, 1, &err));
    board_free(d);
    board_free(b);
}

/* The checker asks whether a defence is legal only when it is not refuted
 * (solve_check.c), so the error that a forbidden point's failing subtree
 * records must be taken back: the report names the defence that is really
 * missing. Renju, white attacking: a1 is a double four for black (b1 c1 d1,
 * a2 a3 a4), listed as a defence whose subtree has no attacker move; e1 is
 * legal, scanned after a1, and not answered. */
static void test_checker_forbidden_defence(void **state) {
    (void)state;
    Board *b = test_board(RULE_RENJU, 15, "b1 h12 c1 j14 d1 l8 a2 n11 a3 o2 a4");
    Move a1 = test_point(b, "a1");
    assert_int_equal(board_to_move(b), COLOR_WHITE);
    assert_int_equal(board_forbidden(b, a1), FORBID_DOUBLE_FOUR);
    SolveTreeNode node[] = {{0, 1}, {1, 1}, {2, 0}};
    SolveEdge edge[] = {{test_point(b, "h8"), 1}, {a1, 2}};
    SolveTree tree = {node, 3, edge, 2};
    SolveCheckError err;
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.node, 1);
    assert_int_equal(err.move, test_point(b, "e1"));
    assert_true(err.defence);
    assert_non_null(strstr(err.msg, "not answered"));
    board_free(b);
}

/* The checker's trial run (solve_check.c) stands for the check of a
 * defence that the threat's line never reads, but not for one that gives
 * the defender a five point: freestyle, black's open three h8 i8 j8 answered
 * only by the pass edge (k8, an open four); white's a4, far from the line,
 * makes a four (a1-a4) and refutes it, and it comes first in the board
 * order (a trial run standing for it would report g8). */
static void test_checker_trial(void **state) {
    (void)state;
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a2 -- a3");
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    SolveTreeNode node[] = {{0, 1}, {1, 1}, {2, 1}, {3, 0}};
    SolveEdge edge[] = {{test_point(b, "j8"), 1}, {MOVE_PASS, 2}, {test_point(b, "k8"), 3}};
    SolveTree tree = {node, 4, edge, 3};
    SolveCheckError err;
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.node, 1);
    assert_int_equal(err.move, test_point(b, "a4"));
    assert_true(err.defence);
    board_free(b);
    /* without white's three the far defences are refuted, the blocks not */
    b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 o1 -- a15");
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.move, test_point(b, "g8"));
    board_free(b);
}

/* A check that reaches its deadline has no verdict: it fails with
 * out_of_time and "time limit" (gmk-solve then answers unknown), not with
 * an error about the proof. The deadline here has passed when the check
 * starts (the clock is read at the first node), so the outcome does not
 * depend on the machine's speed; without a deadline the same tree checks.
 * The VCT of test_table_reuse. */
static void test_checker_deadline(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o, &out_buf);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    SolveCheckError err;
    err.out_of_time = true;
    assert_true(solve_check_tree_until(b, solver_tree(s), NULL, &err));
    assert_false(err.out_of_time);
    assert_false(solve_check_tree_until(b, solver_tree(s), &now, &err));
    assert_true(err.out_of_time);
    assert_false(err.defence);
    assert_int_equal(err.node, -1);
    assert_string_equal(err.msg, "time limit");
    /* a deadline far off changes nothing */
    now.tv_sec += 3600;
    assert_true(solve_check_tree_until(b, solver_tree(s), &now, &err));
    assert_false(err.out_of_time);
    solver_free(s);
    board_free(b);
}


int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker_rejects),
        cmocka_unit_test(test_checker_forbidden_defence),
        cmocka_unit_test(test_checker_trial),
        cmocka_unit_test(test_checker_deadline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
