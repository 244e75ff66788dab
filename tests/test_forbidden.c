/*
 * test_forbidden.c — renju forbidden points: hand-made cases of each tricky
 * kind, and the library against the slow reference (tests/unit/refrules.c)
 * on random positions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threats/forbidden.h"
#include "refrules.h"
#include "testutil.h"

static Board *diagram_board(const char *rows) {
    return test_diagram_board(RULE_RENJU, rows, COLOR_BLACK);
}

/* Checks the library and the reference agree with the expected verdict. */
static void expect(Board *b, const char *pt, Forbid want) {
    Move p = test_point(b, pt);
    RefGrid g;
    ref_from_board(&g, b);
    Forbid got = board_forbidden(b, p);
    int ref = ref_forbidden(&g, point_x(p), point_y(p));
    if (got != want || ref != (int)want)
        print_error("%s: library %s, reference %s, expected %s\n", pt, forbid_name(got),
                    forbid_name((Forbid)ref), forbid_name(want));
    assert_int_equal(got, want);
    assert_int_equal(ref, want);
    assert_true(board_ok(b));
}

/* 9x9 boards; rows from the top (row 9) down to row 1, columns a..i. */
static void test_basic_kinds(void **state) {
    (void)state;
    /* double three at e5: e6 e7 up, f5 g5 across */
    Board *b = diagram_board("........./........./....x..../....x..../.....xx../"
                             "........./........./........./.........");
    expect(b, "e5", FORBID_DOUBLE_THREE);
    expect(b, "e8", FORBID_NONE);
    board_free(b);
    /* double four at e5: two straight fours, e6-e8 up and b5-d5 across */
    b = diagram_board("........./....x..../....x..../....x..../.xxx...../"
                      "........./........./........./.........");
    expect(b, "e5", FORBID_DOUBLE_FOUR);
    board_free(b);
    /* two fours on one line: x . x [d5] x . x */
    b = diagram_board("........./........./........./........./x.x.x.x../"
                      "........./........./........./.........");
    expect(b, "d5", FORBID_DOUBLE_FOUR);
    expect(b, "b5", FORBID_NONE);
    board_free(b);
    /* e5 makes exactly five across and an overline down: five wins; g6
     * makes a plain overline */
    b = diagram_board("......x../....x.x../....x.x../....x..../xxxx..x../"
                      "....x.x../....x..../....x..../.........");
    expect(b, "e5", FORBID_NONE);
    expect(b, "g6", FORBID_OVERLINE);
    board_free(b);
    /* four-three is allowed (straight four across, three up) */
    b = diagram_board("........./........./....x..../....x..../.xxx...../"
                      "........./........./........./.........");
    expect(b, "e5", FORBID_NONE);
    board_free(b);
    /* four-three-three is not: a second three on the anti-diagonal f4 g3 */
    b = diagram_board("........./........./....x..../....x..../.xxx...../"
                      ".....x.../......x../........./.........");
    expect(b, "e5", FORBID_DOUBLE_THREE);
    board_free(b);
}

static Board *line_board(const char *moves) { return test_board(RULE_RENJU, 15, moves); }

static void test_false_threes(void **state) {
    (void)state;
    /* e5 makes a three up (e6 e7) and one across (f5 g5, blocked by c5, so
     * only h5 makes it straight). With nothing on the h file e5 is a 3-3. */
    Board *b = diagram_board("........./........./....x..../....x..../..o..xx../"
                             "........./........./........./.........");
    expect(b, "e5", FORBID_DOUBLE_THREE);
    board_free(b);
    /* h5 an overline point (h2 h3 h4, h6 h7): the across three is false */
    b = diagram_board("........./........./....x..x./....x..x./..o..xx../"
                      ".......x./.......x./.......x./.........");
    expect(b, "h5", FORBID_OVERLINE);
    expect(b, "e5", FORBID_NONE);
    board_free(b);
    /* h5 a 4-3-3 point once e5 is played (h6 h7 up, f3 g4 diagonal): false
     * again, by a double three this time */
    b = diagram_board("........./........./....x..x./....x..x./..o..xx../"
                      "......x../.....x.../........./.........");
    expect(b, "h5", FORBID_DOUBLE_THREE);
    expect(b, "e5", FORBID_NONE);
    board_free(b);
    /* Nested cases found by a search over random positions (tests/ kept
     * only the positions) and checked against the reference: the verdict at
     * the point needs the 3-3 test of a straight-four point, whose own 3-3
     * test needs a third level. */
    b = line_board("h10f7g5--i10f6f4e5i5--e13l6--l8i12m8j8--k9--m12--m11--h13--l11--d6--c12h3j5"
                   "d4m7--f9--k12");
    expect(b, "j11", FORBID_DOUBLE_THREE);
    expect(b, "k11", FORBID_NONE);
    board_free(b);
    b = line_board("l8--d8--j11--c8i8--g10k13--j6--k9--f10j5j9--g11--m3--l3f5k11--c7--l5--j10--f13"
                   "--h11g3--d10l11--j8--k10--d5--e3l13i13--c3");
    expect(b, "l9", FORBID_DOUBLE_THREE);
    board_free(b);
    b = line_board("d11k9--j6g11--h9--d10--i9--i6k12k13m9--l11--e8--k6--i3h8--i11c8--m13--e12g10--i4"
                   "c3d3k3e11--h7");
    expect(b, "f10", FORBID_NONE);
    board_free(b);
    b = line_board("c7d7d5--j9--f7--l9--i8--j7k10m13j5e5--f9--g11--h8m6h4--m5f4--g4e9--i10");
    expect(b, "j8", FORBID_DOUBLE_THREE);
    board_free(b);
}

/* Random black-heavy renju positions: the library equals the reference on
 * every empty point. Counts each verdict so that the test cannot pass
 * without meeting every kind, false threes included. */
static void test_random_against_reference(void **state) {
    (void)state;
    Rng r = {0xf0bb1dd};
    int kinds[4] = {0, 0, 0, 0}, false_threes = 0, points = 0, levels[3] = {0, 0, 0};
    /* fewer positions in DEBUG builds, but as many as it takes (up to the
     * full 400) to meet every kind: overlines are rare */
    int positions = test_iters(400);
    for (int iter = 0; iter < positions || (iter < 400 && (!kinds[FORBID_OVERLINE] ||
                                                         !kinds[FORBID_DOUBLE_FOUR] ||
                                                         !kinds[FORBID_DOUBLE_THREE] || !false_threes));
         iter++) {
        int size = iter % 5 == 0 ? 9 + rng_below(&r, 7) : 15;
        Board *b = board_new(size, RULE_RENJU);
        assert_non_null(b);
        int span = size < 11 ? size : 11, lo = (size - span) / 2;
        int stones = 14 + rng_below(&r, 26);
        for (int i = 0; i < stones; i++) {
            Color want = rng_below(&r, 10) < 6 ? COLOR_BLACK : COLOR_WHITE;
            Move p = point_make(lo + rng_below(&r, span), lo + rng_below(&r, span));
            if (board_cell(b, p) != CELL_EMPTY || board_wins_at(b, p, want)) continue;
            if (board_to_move(b) != want) board_play(b, MOVE_PASS);
            board_play(b, p);
        }
        RefGrid g;
        ref_from_board(&g, b);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                Move p = point_make(x, y);
                if (board_cell(b, p) != CELL_EMPTY) continue;
                Forbid got = board_forbidden(b, p);
                int ref = ref_forbidden(&g, x, y);
                if ((int)got != ref) {
                    char buf[MOVES_MAX * 3 + 1], pt[8];
                    notation_format_position(b, ORIGIN_BOTTOM, buf, sizeof buf);
                    print_error("size %d %s at %s: library %s, reference %s\n", size, buf,
                                notation_point_str(p, size, ORIGIN_BOTTOM, pt), forbid_name(got),
                                forbid_name((Forbid)ref));
                }
                assert_int_equal(got, ref);
                kinds[got]++;
                points++;
                /* and the worth of each three through the point */
                for (int d = 0; d < 4; d++) {
                    int lv = forbidden_three_level(b, p, d);
                    int rl = ref_three_level(&g, x, y, d);
                    Shape s = board_point_shape(b, p, COLOR_BLACK, d);
                    if (s != SHAPE_OPEN_THREE && s != SHAPE_THREE) rl = 0;
                    if (lv != rl) {
                        char buf[MOVES_MAX * 3 + 1], pt[8];
                        notation_format_position(b, ORIGIN_BOTTOM, buf, sizeof buf);
                        print_error("%s at %s dir %d (%s): library level %d, reference %d\n", buf,
                                    notation_point_str(p, size, ORIGIN_BOTTOM, pt), d,
                                    shape_name(s), lv, rl);
                    }
                    assert_int_equal(lv, rl);
                    levels[lv]++;
                }
            }
        /* false threes: the class says double three, the rule says allowed */
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                Move p = point_make(x, y);
                if (board_cell(b, p) == CELL_EMPTY && board_point_class(b, p, COLOR_BLACK) ==
                                                          CLS_DOUBLE_THREE &&
                    board_forbidden(b, p) == FORBID_NONE)
                    false_threes++;
            }
        assert_true(board_ok(b));
        board_free(b);
    }
    print_message("forbidden: %d points, overline %d, double four %d, double three %d, "
                  "false double threes %d\n",
                  points, kinds[1], kinds[2], kinds[3], false_threes);
    assert_true(kinds[FORBID_OVERLINE] > 0);
    assert_true(kinds[FORBID_DOUBLE_FOUR] > 0);
    assert_true(kinds[FORBID_DOUBLE_THREE] > 0);
    assert_true(false_threes > 0);
    print_message("three levels: dead %d, closed %d, open %d\n", levels[0], levels[1], levels[2]);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic_kinds),
        cmocka_unit_test(test_false_threes),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests_name("forbidden", tests, NULL, NULL);
}
