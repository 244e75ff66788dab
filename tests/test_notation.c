/*
 * test_notation.c — coordinates, position lines, normal form, diagrams in
 * and out, and the position -> diagram -> position round trip.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static Board *must_board(int size, Rule rule) {
    Board *b = board_new(size, rule);
    assert_non_null(b);
    return b;
}

/* Parses s on b; returns the status and fills err. */
static GmkStatus parse(Board *b, const char *s, Origin o, ParseError *err) {
    return notation_parse_position(b, s, strlen(s), o, err);
}

/* The normal form of b. */
static const char *norm(const Board *b, Origin o) {
    static char buf[MOVES_MAX * 3 + 1];
    assert_true(notation_format_position(b, o, buf, sizeof buf) >= 0);
    return buf;
}

static void test_points(void **state) {
    (void)state;
    Move m;
    int len;
    char buf[8];
    assert_int_equal(notation_parse_point("h8", 15, ORIGIN_BOTTOM, &m, &len), GMK_OK);
    assert_int_equal(len, 2);
    assert_int_equal(point_x(m), 7);
    assert_int_equal(point_y(m), 7);
    assert_int_equal(notation_parse_point("A15", 15, ORIGIN_BOTTOM, &m, &len), GMK_OK);
    assert_int_equal(len, 3);
    assert_int_equal(point_y(m), 14);
    assert_string_equal(notation_point_str(m, 15, ORIGIN_BOTTOM, buf), "a15");
    assert_string_equal(notation_point_str(m, 15, ORIGIN_TOP, buf), "a1");
    assert_int_equal(notation_parse_point("a1", 15, ORIGIN_TOP, &m, &len), GMK_OK);
    assert_int_equal(point_y(m), 14);
    assert_int_equal(notation_parse_point("v22", 22, ORIGIN_BOTTOM, &m, &len), GMK_OK);
    assert_string_equal(notation_point_str(m, 22, ORIGIN_BOTTOM, buf), "v22");
    assert_int_equal(notation_parse_point("p1", 15, ORIGIN_BOTTOM, &m, &len), GMK_ERR_OFFBOARD);
    assert_int_equal(notation_parse_point("h16", 15, ORIGIN_BOTTOM, &m, &len), GMK_ERR_OFFBOARD);
    assert_int_equal(notation_parse_point("h0", 15, ORIGIN_BOTTOM, &m, &len), GMK_ERR_OFFBOARD);
    assert_int_equal(notation_parse_point("h", 15, ORIGIN_BOTTOM, &m, &len), GMK_ERR_SYNTAX);
    assert_int_equal(notation_parse_point("8h", 15, ORIGIN_BOTTOM, &m, &len), GMK_ERR_SYNTAX);
    assert_string_equal(notation_point_str(MOVE_PASS, 15, ORIGIN_BOTTOM, buf), "--");
}

static void test_position_forms(void **state) {
    (void)state;
    Board *b = must_board(15, RULE_FREESTYLE);
    const char *forms[] = {"h8i9h10", "h8 i9 h10", "h8,i9,h10", "H8 I9 H10", " h8, i9 ,h10 "};
    Key k = 0;
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        assert_int_equal(parse(b, forms[i], ORIGIN_BOTTOM, NULL), GMK_OK);
        assert_string_equal(norm(b, ORIGIN_BOTTOM), "h8i9h10");
        assert_int_equal(board_to_move(b), COLOR_WHITE);
        if (i == 0) k = board_key(b);
        assert_true(board_key(b) == k);
    }
    assert_int_equal(parse(b, "h8 -- i8 -- j8", ORIGIN_BOTTOM, NULL), GMK_OK);
    assert_int_equal(board_ply(b), 5);
    assert_int_equal(board_stone_count(b, COLOR_BLACK), 3);
    assert_int_equal(board_stone_count(b, COLOR_WHITE), 0);
    assert_int_equal(board_to_move(b), COLOR_WHITE);
    assert_string_equal(norm(b, ORIGIN_BOTTOM), "h8--i8--j8");
    assert_int_equal(parse(b, "h8 -- i8 -- j8 --", ORIGIN_BOTTOM, NULL), GMK_OK);
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    assert_int_equal(parse(b, "", ORIGIN_BOTTOM, NULL), GMK_OK);
    assert_int_equal(board_ply(b), 0);
    /* --origin top is a vertical mirror */
    assert_int_equal(parse(b, "h8i9", ORIGIN_TOP, NULL), GMK_OK);
    assert_string_equal(norm(b, ORIGIN_BOTTOM), "h8i7");
    assert_string_equal(norm(b, ORIGIN_TOP), "h8i9");
    board_free(b);
}

static void test_position_errors(void **state) {
    (void)state;
    Board *b = must_board(15, RULE_FREESTYLE);
    ParseError e;
    assert_int_equal(parse(b, "h8 h8", ORIGIN_BOTTOM, &e), GMK_ERR_OCCUPIED);
    assert_int_equal(e.column, 4);
    assert_non_null(strstr(e.msg, "h8"));
    assert_int_equal(parse(b, "h8 z9", ORIGIN_BOTTOM, &e), GMK_ERR_OFFBOARD);
    assert_int_equal(parse(b, "h8 p9", ORIGIN_BOTTOM, &e), GMK_ERR_OFFBOARD);
    assert_non_null(strstr(e.msg, "off the board"));
    assert_int_equal(parse(b, "h8 i", ORIGIN_BOTTOM, &e), GMK_ERR_SYNTAX);
    assert_int_equal(parse(b, "h8 ?", ORIGIN_BOTTOM, &e), GMK_ERR_SYNTAX);
    assert_int_equal(parse(b, "h8 -", ORIGIN_BOTTOM, &e), GMK_ERR_SYNTAX);
    assert_int_equal(parse(b, "h8 99", ORIGIN_BOTTOM, &e), GMK_ERR_SYNTAX);
    /* a move after a win */
    assert_int_equal(parse(b, "a1 a2 b1 b2 c1 c2 d1 d2 e1", ORIGIN_BOTTOM, &e), GMK_OK);
    assert_int_equal(board_winner(b), COLOR_BLACK);
    assert_int_equal(parse(b, "a1 a2 b1 b2 c1 c2 d1 d2 e1 e2", ORIGIN_BOTTOM, &e), GMK_ERR_AFTER_WIN);
    assert_int_equal(parse(b, "a1 a2 b1 b2 c1 c2 d1 d2 e1 --", ORIGIN_BOTTOM, &e), GMK_ERR_AFTER_WIN);
    /* too many tokens */
    char *many = malloc(3 * (MOVES_MAX + 1) + 1);
    assert_non_null(many);
    many[0] = '\0';
    for (int i = 0; i <= MOVES_MAX; i++) strcat(many, "-- ");
    assert_int_equal(parse(b, many, ORIGIN_BOTTOM, &e), GMK_ERR_TOO_LONG);
    free(many);
    /* the parser never reads past len: "h1" cut to "h" is a syntax error */
    assert_int_equal(notation_parse_position(b, "h1", 1, ORIGIN_BOTTOM, &e), GMK_ERR_SYNTAX);
    board_free(b);
}

/* Feeds text (lines separated by \n) to a diagram reader and finishes it. */
static GmkStatus read_diagram(Board *b, const char *text, Color to_move, ParseError *e) {
    DiagramReader *r = diagram_reader_new();
    assert_non_null(r);
    const char *s = text;
    bool started = false;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (!started) {
            assert_true(diagram_line_starts(s, len));
            started = true;
        }
        DiagramFeed f = diagram_reader_feed(r, s, len);
        if (f != DIAGRAM_MORE) break;
        s += len + (nl ? 1 : 0);
    }
    GmkStatus st = diagram_reader_finish(r, b, to_move, e);
    diagram_reader_free(r);
    return st;
}

static void test_diagram_input(void **state) {
    (void)state;
    Board *b = must_board(5, RULE_FREESTYLE);
    ParseError e;
    /* plain rows, upper case = last move */
    assert_int_equal(read_diagram(b, ".....\n.xo..\n..X..\n.....\n.....\n", COLOR_NONE, &e), GMK_OK);
    assert_int_equal(board_to_move(b), COLOR_WHITE);
    assert_string_equal(norm(b, ORIGIN_BOTTOM), "b4c4c3");
    /* labelled, spaced */
    assert_int_equal(read_diagram(b,
                                  "  a b c d e\n5 . . . . . 5\n4 . x o . . 4\n3 . . x . . 3\n"
                                  "2 . . . . . 2\n1 . . . . . 1\n  a b c d e\n",
                                  COLOR_NONE, &e),
                     GMK_OK);
    assert_int_equal(board_stone_count(b, COLOR_BLACK), 2);
    /* unequal counts need --to-move */
    assert_int_equal(read_diagram(b, "xxx..\n.....\n.....\n.....\n.....\n", COLOR_NONE, &e),
                     GMK_ERR_SYNTAX);
    assert_non_null(strstr(e.msg, "--to-move"));
    assert_int_equal(read_diagram(b, "xxx..\n.....\n.....\n.....\n.....\n", COLOR_WHITE, &e), GMK_OK);
    assert_string_equal(norm(b, ORIGIN_BOTTOM), "a5--b5--c5");
    assert_int_equal(read_diagram(b, "xxx..\n.....\n.....\n.....\n.....\n", COLOR_BLACK, &e), GMK_OK);
    assert_int_equal(board_ply(b), 6);
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    /* a five: its stone comes last, the other side is to move */
    assert_int_equal(read_diagram(b, "xxxxx\noooo.\n.....\n.....\n.....\n", COLOR_NONE, &e), GMK_OK);
    assert_int_equal(board_winner(b), COLOR_BLACK);
    assert_int_equal(read_diagram(b, "xxxxx\nooooo\n.....\n.....\n.....\n", COLOR_NONE, &e),
                     GMK_ERR_AFTER_WIN);
    assert_int_equal(read_diagram(b, "xxxxx\noooo.\n.....\n.....\n.....\n", COLOR_BLACK, &e),
                     GMK_ERR_AFTER_WIN);
    /* malformed */
    assert_int_equal(read_diagram(b, ".....\n......\n.....\n.....\n.....\n", COLOR_NONE, &e),
                     GMK_ERR_SYNTAX);
    assert_int_equal(read_diagram(b, ".....\n.....\n.....\n.....\n", COLOR_NONE, &e), GMK_ERR_SIZE);
    assert_false(diagram_line_starts("h8i9", 4));
    assert_false(diagram_line_starts("abc", 3));
    board_free(b);
}

static void test_diagram_round_trip(void **state) {
    (void)state;
    Rng r = {4242};
    char buf[8192];
    for (int iter = 0; iter < test_iters(300); iter++) {
        int size = BOARD_MIN + rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
        Rule rule = (Rule)rng_below(&r, RULE_NB);
        Board *b = must_board(size, rule), *c = must_board(size, rule);
        test_random_moves(b, &r, rng_below(&r, 60), 30);
        DiagramStyle st = {(Origin)rng_below(&r, 2), rng_below(&r, 2) != 0, false, NULL, NULL, 0};
        int n = notation_format_diagram(b, &st, buf, sizeof buf);
        assert_true(n > 0);
        ParseError e;
        /* the side to move is given unless a five or the counts tell it */
        int nb = board_stone_count(b, COLOR_BLACK), nw = board_stone_count(b, COLOR_WHITE);
        bool counts_tell = (nb == nw && board_to_move(b) == COLOR_BLACK) ||
                           (nb == nw + 1 && board_to_move(b) == COLOR_WHITE);
        Color tm = board_winner(b) != COLOR_NONE || counts_tell ? COLOR_NONE : board_to_move(b);
        GmkStatus s = read_diagram(c, buf, tm, &e);
        if (s != GMK_OK) print_error("%s\n%s\n", e.msg, buf);
        assert_int_equal(s, GMK_OK);
        /* same stones, same side to move: same key */
        assert_true(board_key(c) == board_key(b));
        assert_int_equal(board_winner(c), board_winner(b));
        /* and the normal form parses back to the same board */
        Board *d = must_board(size, rule);
        const char *txt = norm(c, ORIGIN_BOTTOM);
        assert_int_equal(parse(d, txt, ORIGIN_BOTTOM, NULL), GMK_OK);
        assert_true(board_key(d) == board_key(b));
        board_free(b);
        board_free(c);
        board_free(d);
    }
}

static void test_format_round_trip(void **state) {
    (void)state;
    Rng r = {99};
    char buf[MOVES_MAX * 3 + 1];
    for (int iter = 0; iter < test_iters(300); iter++) {
        int size = BOARD_MIN + rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
        Board *b = must_board(size, RULE_STANDARD), *c = must_board(size, RULE_STANDARD);
        test_random_moves(b, &r, rng_below(&r, 100), 100);
        Origin o = (Origin)rng_below(&r, 2);
        assert_true(notation_format_position(b, o, buf, sizeof buf) >= 0);
        assert_int_equal(parse(c, buf, o, NULL), GMK_OK);
        assert_int_equal(board_ply(c), board_ply(b));
        assert_true(board_key(c) == board_key(b));
        board_free(b);
        board_free(c);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points),          cmocka_unit_test(test_position_forms),
        cmocka_unit_test(test_position_errors), cmocka_unit_test(test_diagram_input),
        cmocka_unit_test(test_diagram_round_trip), cmocka_unit_test(test_format_round_trip),
    };
    return cmocka_run_group_tests_name("notation", tests, NULL, NULL);
}
