/*
 * test_board.c — board, Zobrist keys, symmetries, win detection and the
 * incremental state (board_ok) under random make/unmake.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static Board *must_board(int size, Rule rule) {
    Board *b = board_new(size, rule);
    assert_non_null(b);
    return b;
}

static Move P(const char *s, int size) {
    Move m;
    int len;
    assert_int_equal(notation_parse_point(s, size, ORIGIN_BOTTOM, &m, &len), GMK_OK);
    return m;
}

/* Plays a space-separated move list on b (from its current state). */
static void play_all(Board *b, const char *moves) {
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        Move m = strcmp(t, "--") == 0 ? MOVE_PASS : P(t, board_size(b));
        assert_int_equal(board_play(b, m), GMK_OK);
    }
}

static void test_zobrist_distinct(void **state) {
    (void)state;
    gmk_init();
    size_t n = 2 * BOARD_CELLS + 1;
    Key *k = malloc(n * sizeof *k);
    assert_non_null(k);
    size_t i = 0;
    for (int c = 0; c < COLOR_NB; c++)
        for (int p = 0; p < BOARD_CELLS; p++) k[i++] = zobrist_stone((Color)c, (Move)p);
    k[i++] = zobrist_side();
    for (i = 0; i < n; i++) {
        assert_true(k[i] != 0);
        for (size_t j = i + 1; j < n; j++) assert_true(k[i] != k[j]);
    }
    free(k);
}

static void test_new_bounds(void **state) {
    (void)state;
    assert_null(board_new(4, RULE_FREESTYLE));
    assert_null(board_new(23, RULE_FREESTYLE));
    for (int s = BOARD_MIN; s <= BOARD_MAX; s++) {
        Board *b = must_board(s, RULE_RENJU);
        assert_int_equal(board_size(b), s);
        assert_true(board_ok(b));
        board_free(b);
    }
}

static void test_play_undo(void **state) {
    (void)state;
    Board *b = must_board(15, RULE_FREESTYLE);
    Key k0 = board_key(b);
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    assert_int_equal(board_play(b, P("h8", 15)), GMK_OK);
    assert_int_equal(board_to_move(b), COLOR_WHITE);
    assert_int_equal(board_play(b, P("h8", 15)), GMK_ERR_OCCUPIED);
    assert_int_equal(board_play(b, point_make(15, 0)), GMK_ERR_OFFBOARD);
    assert_int_equal(board_play(b, MOVE_PASS), GMK_OK);
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    assert_int_equal(board_cell(b, P("h8", 15)), CELL_BLACK);
    assert_int_equal(board_stone_count(b, COLOR_BLACK), 1);
    board_undo(b);
    board_undo(b);
    assert_int_equal(board_key(b), k0);
    assert_int_equal(board_cell(b, P("h8", 15)), CELL_EMPTY);
    assert_true(board_ok(b));
    board_free(b);
}

/* Black fills columns a.. of row 8 with n stones, the stone in the gap
 * column last (so that no five forms early); white plays on row 1. Returns
 * the winner after the last black stone. */
static Color line_winner(Rule rule, int n) {
    Board *b = must_board(15, rule);
    static const char *bl[] = {"a8", "b8", "c8", "d8", "e8", "f8", "g8"};
    static const char *wh[] = {"a1", "c1", "e1", "g1", "i1", "k1", "m1"};
    int gap = n == 7 ? 3 : n - 2, k = 0;
    for (int i = 0; i < n; i++) {
        if (i == gap) continue;
        play_all(b, bl[i]);
        assert_int_equal(board_winner(b), COLOR_NONE);
        play_all(b, wh[k++]);
    }
    play_all(b, bl[gap]);
    Color w = board_winner(b);
    board_free(b);
    return w;
}

static void test_win_rules(void **state) {
    (void)state;
    assert_int_equal(line_winner(RULE_FREESTYLE, 4), COLOR_NONE);
    assert_int_equal(line_winner(RULE_FREESTYLE, 5), COLOR_BLACK);
    assert_int_equal(line_winner(RULE_FREESTYLE, 6), COLOR_BLACK);
    assert_int_equal(line_winner(RULE_FREESTYLE, 7), COLOR_BLACK);
    assert_int_equal(line_winner(RULE_STANDARD, 5), COLOR_BLACK);
    assert_int_equal(line_winner(RULE_STANDARD, 6), COLOR_NONE);
    assert_int_equal(line_winner(RULE_RENJU, 5), COLOR_BLACK);
    assert_int_equal(line_winner(RULE_RENJU, 6), COLOR_NONE);
    assert_int_equal(line_winner(RULE_RENJU, 7), COLOR_NONE);

    /* renju white wins with an overline */
    Board *b = must_board(15, RULE_RENJU);
    play_all(b, "h8 a8 h10 b8 h12 c8 h14 e8 n1 f8 n3 g8 n5");
    assert_int_equal(board_winner(b), COLOR_NONE);
    assert_true(board_wins_at(b, P("d8", 15), COLOR_WHITE));
    play_all(b, "d8");
    assert_int_equal(board_winner(b), COLOR_WHITE);
    assert_int_equal(board_scan_winner(b), COLOR_WHITE);
    board_undo(b);
    assert_int_equal(board_winner(b), COLOR_NONE);
    assert_int_equal(board_scan_winner(b), COLOR_NONE);
    board_free(b);

    /* standard: an overline wins for nobody, white neither */
    b = must_board(15, RULE_STANDARD);
    play_all(b, "h8 a8 h10 b8 h12 c8 h14 e8 n1 f8 n3 g8 n5");
    assert_false(board_wins_at(b, P("d8", 15), COLOR_WHITE));
    board_free(b);

    /* a five that is also an overline in another direction still wins */
    b = must_board(15, RULE_RENJU);
    play_all(b, "a1 o15 b1 o14 c1 o13 d1 o12");
    assert_true(board_wins_at(b, P("e1", 15), COLOR_BLACK));
    board_free(b);

    /* diagonal and anti-diagonal fives, near the edges */
    b = must_board(5, RULE_FREESTYLE);
    play_all(b, "a1 a5 b2 a4 c3 a3 d4 b5");
    assert_true(board_wins_at(b, P("e5", 5), COLOR_BLACK));
    assert_false(board_wins_at(b, P("e4", 5), COLOR_BLACK));
    board_free(b);
    b = must_board(5, RULE_FREESTYLE);
    play_all(b, "a5 a1 b4 b1 c3 c1 d2 d1");
    assert_true(board_wins_at(b, P("e1", 5), COLOR_BLACK));
    play_all(b, "e1");
    assert_int_equal(board_winner(b), COLOR_BLACK);
    board_free(b);
}

static void test_symmetry_group(void **state) {
    (void)state;
    for (int size = BOARD_MIN; size <= BOARD_MAX; size++)
        for (int t = 0; t < SYM_NB; t++)
            for (int y = 0; y < size; y++)
                for (int x = 0; x < size; x++) {
                    Move p = point_make(x, y), q = p;
                    for (int i = 0; i < 8; i++) q = sym_point(q, t, size);
                    assert_int_equal(q, p);
                    Move r = sym_point(p, t, size);
                    assert_true(point_on_board(r, size));
                    assert_int_equal(sym_point(r, sym_inverse(t), size), p);
                }
    /* the 8 images of a corner-ish point are 8 distinct points */
    Move seen[SYM_NB];
    for (int t = 0; t < SYM_NB; t++) {
        seen[t] = sym_point(point_make(1, 3), t, 15);
        for (int u = 0; u < t; u++) assert_true(seen[u] != seen[t]);
    }
    assert_int_equal(sym_point(MOVE_PASS, 5, 15), MOVE_PASS);
}

static void test_canonical_key(void **state) {
    (void)state;
    Rng r = {0x1234567};
    for (int iter = 0; iter < test_iters(200); iter++) {
        int size = BOARD_MIN + rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
        Board *b = must_board(size, (Rule)rng_below(&r, RULE_NB));
        Board *c = must_board(size, board_rule(b));
        test_random_moves(b, &r, rng_below(&r, 40), 50);
        int n = board_ply(b);
        Move moves[MOVES_MAX];
        for (int i = 0; i < n; i++) moves[i] = board_move_at(b, i);
        Key canon = board_canonical_key(b, NULL);
        for (int t = 0; t < SYM_NB; t++) {
            Move img[MOVES_MAX];
            memcpy(img, moves, sizeof(Move) * (size_t)n);
            sym_moves(img, n, t, size);
            assert_int_equal(board_set_moves(c, img, n), GMK_OK);
            assert_true(board_canonical_key(c, NULL) == canon);
            assert_true(board_key(c) == board_key_sym(b, t));
            assert_true(board_ok(c));
        }
        board_free(b);
        board_free(c);
    }
}

static void test_random_make_unmake(void **state) {
    (void)state;
    Rng r = {0xfeedbeef};
    for (int iter = 0; iter < test_iters(300); iter++) {
        int size = BOARD_MIN + rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
        Board *b = must_board(size, (Rule)(iter % RULE_NB));
        Key k0 = board_key(b);
        int n = test_random_moves(b, &r, 10 + rng_below(&r, 120), 20);
        assert_true(board_ok(b));
        assert_true(board_key(b) == board_key_from_scratch(b));
        /* undo a random part, replay differently, check again */
        int back = rng_below(&r, n + 1);
        for (int i = 0; i < back; i++) board_undo(b);
        assert_true(board_ok(b));
        test_random_moves(b, &r, rng_below(&r, 30), 20);
        assert_true(board_ok(b));
        while (board_ply(b) > 0) board_undo(b);
        assert_true(board_key(b) == k0);
        assert_true(board_ok(b));
        board_free(b);
    }
}

static void test_reset_and_copy(void **state) {
    (void)state;
    Rng r = {77};
    Board *b = must_board(15, RULE_RENJU), *c = must_board(15, RULE_RENJU);
    Key empty = board_key(b);
    test_random_moves(b, &r, 100, 0);
    assert_int_equal(board_copy(c, b), GMK_OK);
    assert_true(board_key(c) == board_key(b));
    board_reset(b);
    assert_true(board_key(b) == empty);
    assert_int_equal(board_ply(b), 0);
    assert_true(board_ok(b));
    assert_true(board_ok(c));
    board_free(b);
    board_free(c);
}

/* A light board agrees with a full one on keys, winners and legality. */
static void test_light_board(void **state) {
    (void)state;
    Rng r = {31337};
    for (int iter = 0; iter < test_iters(300); iter++) {
        int size = BOARD_MIN + rng_below(&r, BOARD_MAX - BOARD_MIN + 1);
        Rule rule = (Rule)(iter % RULE_NB);
        Board *full = must_board(size, rule);
        Board *light = board_new_flags(size, rule, BOARD_LIGHT);
        assert_non_null(light);
        test_random_moves(full, &r, rng_below(&r, 200), 10);
        int n = board_ply(full);
        Move moves[MOVES_MAX];
        for (int i = 0; i < n; i++) moves[i] = board_move_at(full, i);
        board_reset(full);
        for (int i = 0; i < n; i++) {
            assert_int_equal(board_play(full, moves[i]), GMK_OK);
            assert_int_equal(board_play(light, moves[i]), GMK_OK);
            assert_true(board_key(full) == board_key(light));
            assert_int_equal(board_winner(full), board_winner(light));
        }
        assert_int_equal(board_scan_winner(full), board_scan_winner(light));
        assert_true(board_ok(light));
        assert_int_equal(board_set_shapes(light, NULL), GMK_ERR_ARG);
        while (board_ply(light)) board_undo(light);
        assert_true(board_ok(light));
        board_free(full);
        board_free(light);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zobrist_distinct),   cmocka_unit_test(test_new_bounds),
        cmocka_unit_test(test_play_undo),          cmocka_unit_test(test_win_rules),
        cmocka_unit_test(test_symmetry_group),     cmocka_unit_test(test_canonical_key),
        cmocka_unit_test(test_random_make_unmake), cmocka_unit_test(test_reset_and_copy),
        cmocka_unit_test(test_light_board),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
