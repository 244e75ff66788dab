/*
 * test_search.c — the alpha-beta engine: forced moves and wins found,
 * renju forbidden points never played, legal principal variations on random
 * positions of every rule, deterministic node counts, limits honoured, the
 * root VCT probe's win and its conditions, singularity tests, the
 * transposition table's packing and ply adjustment.
 */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "search/evaluate.h"
#include "search/search.h"
#include "search/tt.h"

/* A 15x15 board of the rule holding the moves. */
static Board *position(Rule rule, const char *moves) { return test_board(rule, 15, moves); }

static Move at(const char *s) {
    Move m;
    int len;
    assert_int_equal(notation_parse_point(s, 15, ORIGIN_BOTTOM, &m, &len), GMK_OK);
    return m;
}

static const char *str(Move m) {
    static char buf[4][8];
    static int k;
    k = (k + 1) & 3;
    return notation_point_str(m, 15, ORIGIN_BOTTOM, buf[k]);
}

/* Depth of a test search: DEBUG builds (board_ok() after every move,
 * sanitizers) stop at 4. */
static int test_depth(int depth) {
#ifdef GMK_DEBUG
    return depth < 4 ? depth : 4;
#else
    return depth;
#endif
}

/* Searches b with the given depth (and default everything else). */
static SearchResult run(Search *s, Board *b, int depth, unsigned disable) {
    SearchLimits lim = {0};
    lim.depth = test_depth(depth);
    lim.disable = disable;
    SearchResult r;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    return r;
}

/* The principal variation replays legally from b (and b is unchanged). */
static void check_pv(Board *b, const SearchLine *l) {
    Key k = board_key(b);
    int n = 0;
    for (int i = 0; i < l->pv_len; i++) {
        if (board_winner(b) != COLOR_NONE) {
            print_error("pv goes on after a win at %d\n", i);
            fail();
        }
        if (board_to_move(b) == COLOR_BLACK && board_forbidden(b, l->pv[i]) != FORBID_NONE) {
            print_error("pv move %s is forbidden\n", str(l->pv[i]));
            fail();
        }
        assert_int_equal(board_play(b, l->pv[i]), GMK_OK);
        n++;
    }
    while (n--) board_undo(b);
    assert_true(board_key(b) == k);
}

static void test_win_in_one(void **state) {
    (void)state;
    Search *s = search_new(4, NULL);
    Board *b = position(RULE_FREESTYLE, "h8 a1 i8 a3 j8 a5 k8 a7");
    for (unsigned dis = 0; dis < 16; dis++) {
        SearchResult r = run(s, b, 4, dis);
        assert_true(r.best == at("g8") || r.best == at("l8"));
        assert_int_equal(r.score, SCORE_WIN - 1);
        assert_int_equal(score_moves(r.score), 1);
    }
    board_free(b);
    search_free(s);
}

static void test_block_four(void **state) {
    (void)state;
    Search *s = search_new(4, NULL);
    Rule rules[] = {RULE_FREESTYLE, RULE_STANDARD, RULE_RENJU};
    for (int i = 0; i < 3; i++) {
        Board *b = position(rules[i], "h8 g8 i8 a3 j8 a5 k8");
        for (unsigned dis = 0; dis < 16; dis += 5) {
            SearchResult r = run(s, b, 5, dis);
            if (r.best != at("l8")) print_error("%s: %s\n", rule_name(rules[i]), str(r.best));
            assert_int_equal(r.best, at("l8"));
        }
        board_free(b);
    }
    search_free(s);
}

static void test_open_three_answered(void **state) {
    (void)state;
    Search *s = search_new(4, NULL);
    Board *b = position(RULE_FREESTYLE, "h8 a1 i8 a3 j8");
    for (int depth = 2; depth <= 6; depth++) {
        SearchResult r = run(s, b, depth, 0);
        if (r.best != at("g8") && r.best != at("k8"))
            print_error("depth %d: %s\n", depth, str(r.best));
        assert_true(r.best == at("g8") || r.best == at("k8"));
        assert_false(score_is_win(r.score));
    }
    board_free(b);
    search_free(s);
}

static void test_four_three_win(void **state) {
    (void)state;
    Search *s = search_new(4, NULL);
    Board *b = position(RULE_FREESTYLE, "h8 g8 i8 a1 j8 a3 k9 a5 k10 a7");
    SearchResult r = run(s, b, 6, 0);
    assert_int_equal(r.best, at("k8"));
    assert_true(score_is_win(r.score));
    assert_int_equal(score_moves(r.score), 3);
    assert_true(r.vcf);
    check_pv(b, &r.line[0]);
    /* without the probe the tree search finds it too */
    r = run(s, b, 6, SEARCH_NO_VCF);
    assert_int_equal(r.best, at("k8"));
    assert_true(score_is_win(r.score));
    check_pv(b, &r.line[0]);
    board_free(b);
    search_free(s);
}

static void test_renju_forbidden_avoided(void **state) {
    (void)state;
    Search *s = search_new(4, NULL);
    /* j8 would make two open threes for black: forbidden */
    Board *b = position(RULE_RENJU, "h8 a1 i8 o1 j9 a15 j10 o15");
    assert_int_equal(board_forbidden(b, at("j8")), FORBID_DOUBLE_THREE);
    for (int depth = 1; depth <= 6; depth++) {
        SearchResult r = run(s, b, depth, 0);
        assert_true(r.best != at("j8"));
        assert_int_equal(board_forbidden(b, r.best), FORBID_NONE);
        check_pv(b, &r.line[0]);
    }
    /* under freestyle j8 is a double three and wins */
    Board *f = position(RULE_FREESTYLE, "h8 a1 i8 o1 j9 a15 j10 o15");
    SearchResult r = run(s, f, 6, 0);
    assert_int_equal(r.best, at("j8"));
    assert_true(score_is_win(r.score));
    board_free(f);
    board_free(b);
    search_free(s);
}

/* The threat codes of the evaluation (eval_threat) against the classes of
 * the empty points counted one by one, through random games. */
static void test_eval_threat(void **state) {
    (void)state;
    Rng rng = {0x7417ULL};
    int n = test_iters(20), seen_four = 0, seen_combo = 0;
    for (int i = 0; i < n; i++) {
        Rule rule = (Rule)(i % 3);
        Board *b = board_new(15, rule);
        assert_non_null(b);
        while (board_ply(b) < 120 && board_winner(b) == COLOR_NONE) {
            Move m;
            do m = point_make(3 + rng_below(&rng, 9), 3 + rng_below(&rng, 9));
            while (board_cell(b, m) != CELL_EMPTY);
            if (board_play(b, m) != GMK_OK) break;
            for (int c = 0; c < COLOR_NB; c++) {
                int fours = 0, threes = 0, combo = 0;
                for (int y = 0; y < 15; y++)
                    for (int x = 0; x < 15; x++) {
                        Move p = point_make(x, y);
                        if (board_cell(b, p) != CELL_EMPTY) continue;
                        ShapeClass k = board_point_class(b, p, (Color)c);
                        fours += k == CLS_FOUR || k == CLS_FOUR_THREE || k == CLS_DOUBLE_FOUR || k == CLS_OPEN_FOUR;
                        threes += k == CLS_OPEN_THREE || k == CLS_OPEN_THREE_THREE || k == CLS_DOUBLE_THREE;
                        combo |= k == CLS_FOUR_THREE || k == CLS_DOUBLE_THREE;
                    }
                int want = (fours < 3 ? fours : 3) * 8 + (threes < 3 ? threes : 3) * 2 + combo;
                assert_int_equal(eval_threat(b, (Color)c), want);
                seen_four += fours > 0;
                seen_combo += combo;
            }
        }
        board_free(b);
    }
    assert_true(seen_four > 0 && seen_combo > 0); /* the games reached the codes */
}

/* The evaluation's sums kept move by move (eval_sums_make) equal the sums
 * from scratch, through random games of every rule and a few sizes. */
static void test_eval_sums(void **state) {
    (void)state;
    Rng rng = {0xe5a1ULL};
    int n = test_iters(30);
    for (int i = 0; i < n; i++) {
        Rule rule = (Rule)(i % 3);
        int size = i % 5 == 4 ? 9 + i % 7 : 15;
        Board *b = board_new(size, rule);
        assert_non_null(b);
        EvalSums es[MOVES_MAX + 1], fresh;
        eval_sums_init(b, &es[0]);
        int plies = 0;
        while (plies < size * size && board_winner(b) == COLOR_NONE) {
            /* a random empty point, near the last stone half of the time */
            Move m;
            do {
                int x = rng_below(&rng, size), y = rng_below(&rng, size);
                if (plies && rng_below(&rng, 2)) {
                    Move last = board_move_at(b, plies - 1);
                    x = point_x(last) + rng_below(&rng, 5) - 2;
                    y = point_y(last) + rng_below(&rng, 5) - 2;
                }
                m = point_make(x < 0 ? 0 : x >= size ? size - 1 : x, y < 0 ? 0 : y >= size ? size - 1 : y);
            } while (board_cell(b, m) != CELL_EMPTY);
            assert_int_equal(board_play(b, m), GMK_OK);
            plies++;
            eval_sums_make(b, &es[plies - 1], &es[plies]);
            eval_sums_init(b, &fresh);
            assert_int_equal(es[plies].v[0], fresh.v[0]);
            assert_int_equal(es[plies].v[1], fresh.v[1]);
            assert_int_equal(evaluate(b, &es[plies]), search_evaluate(b));
        }
        /* and back: the sums of each earlier position still hold */
        while (plies > 0) {
            board_undo(b);
            plies--;
            eval_sums_init(b, &fresh);
            assert_int_equal(es[plies].v[0], fresh.v[0]);
            assert_int_equal(es[plies].v[1], fresh.v[1]);
        }
        board_free(b);
    }
}

static void test_random_positions(void **state) {
    (void)state;
    Search *s = search_new(8, NULL);
    Rng rng = {0x5eed5eedULL};
    int n = test_iters(40);
    for (int i = 0; i < n; i++) {
        Rule rule = (Rule)(i % 3);
        int size = i % 4 == 3 ? 9 + i % 7 : 15;
        Board *b = board_new(size, rule);
        assert_non_null(b);
        test_random_moves(b, &rng, 4 + rng_below(&rng, 30), 0);
        if (board_winner(b) != COLOR_NONE || board_full(b)) {
            board_free(b);
            continue;
        }
        Key k = board_key(b);
        SearchLimits lim = {0};
        lim.depth = test_depth(1 + rng_below(&rng, 6));
        lim.multipv = 1 + rng_below(&rng, 3);
        lim.threads = 1 + (i % 5 == 4);
        SearchResult r;
        assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
        assert_true(board_key(b) == k);
        assert_true(point_on_board(r.best, size));
        assert_int_equal(board_cell(b, r.best), CELL_EMPTY);
        if (board_to_move(b) == COLOR_BLACK && rule == RULE_RENJU && r.score > -SCORE_WIN_MIN)
            assert_int_equal(board_forbidden(b, r.best), FORBID_NONE);
        assert_true(r.lines >= 1);
        assert_int_equal(r.line[0].move, r.best);
        for (int l = 0; l < r.lines; l++) {
            assert_int_equal(r.line[l].pv[0], r.line[l].move);
            check_pv(b, &r.line[l]);
            for (int m = 0; m < l; m++) assert_true(r.line[m].move != r.line[l].move);
        }
        board_free(b);
    }
    search_free(s);
}

static void test_deterministic(void **state) {
    (void)state;
    Search *s = search_new(8, NULL);
    Board *b = position(RULE_RENJU, "h8 h9 i9 g7 j10");
    search_clear(s);
    SearchResult r1 = run(s, b, 6, 0);
    search_clear(s);
    SearchResult r2 = run(s, b, 6, 0);
    assert_true(r1.nodes == r2.nodes);
    assert_int_equal(r1.best, r2.best);
    assert_int_equal(r1.score, r2.score);
    board_free(b);
    search_free(s);
}

/* Singular extension: a freestyle middle game searched deep enough runs
 * singularity tests (renju none: it is off there), and after them no
 * excluded move is left behind, the position is unchanged and the
 * principal variation legal. */
static void test_singular(void **state) {
    (void)state;
    Search *s = search_new(8, NULL);
    for (int r = 0; r < 2; r++) {
        Board *b = position(r ? RULE_RENJU : RULE_FREESTYLE, "h8 i9 i8 g8 j8 k8 j9 h7 j7 j6");
        Key k = board_key(b);
        search_clear(s);
        SearchResult res = run(s, b, 10, 0);
        Worker *w = s->workers[0];
        for (int p = 0; p < MAX_PLY + 2; p++) assert_int_equal(w->excluded[p], MOVE_NONE);
        assert_true(board_key(b) == k);
        check_pv(b, &res.line[0]);
#ifndef GMK_DEBUG
        if (r == 0) assert_true(w->singular_tests > 0);
#endif
        if (r == 1) assert_true(w->singular_tests == 0);
        board_free(b);
    }
    search_free(s);
}

/* The root VCT probe (renju, a time limit, the game's last search two plies
 * back scored the side to move ahead): a position from a game gmk-search
 * lost as black against Rapfi, where black wins by threats (a long VCT) and
 * has no VCF. With the last search noted ahead the probe proves the win
 * (a win score, res.vcf); noted even, no probe runs and no probe decides
 * (res.vcf false, whatever the iterations find). */
static void test_root_vct(void **state) {
    (void)state;
    Search *s = search_new(8, NULL);
    Board *b = position(RULE_RENJU, "h8 g8 j7 i6 j6 j5 h7 h9");
    Move last[2] = {board_move_at(b, 6), board_move_at(b, 7)};
    board_undo(b);
    board_undo(b);
    Key before = board_key(b);
    assert_int_equal(board_play(b, last[0]), GMK_OK);
    assert_int_equal(board_play(b, last[1]), GMK_OK);
    /* a limit far above the probe's need (189 solver nodes), so that a slow
     * build (sanitizers) finds the win too: the probe ends the search as
     * soon as it has it */
    SearchLimits lim = {0};
    lim.time_ms = 20000;
    SearchResult r;
    s->last_key = before;
    s->last_score = 500;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    assert_true(r.vcf);
    assert_true(score_is_win(r.score));
    check_pv(b, &r.line[0]);
    /* the last search was even: no probe (whatever the limit) */
#ifdef GMK_DEBUG
    lim.time_ms = 3000;
#else
    lim.time_ms = 300;
#endif
    s->last_key = before;
    s->last_score = 0;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    assert_false(r.vcf);
    /* another game's position: no probe either */
    s->last_key = before ^ 1;
    s->last_score = 500;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    assert_false(r.vcf);
    board_free(b);
    search_free(s);
}

static void test_limits(void **state) {
    (void)state;
    Search *s = search_new(8, NULL);
    Board *b = position(RULE_FREESTYLE, "h8 h9 i9 g7 j10 i7");
    SearchLimits lim = {0};
    lim.time_ms = 150;
    SearchResult r;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    /* stops near its limit; sanitized builds on a loaded machine check the
     * clock far less often in wall time, so they get more slack */
#ifdef GMK_DEBUG
    assert_true(r.ms < 150 + 3000);
#else
    assert_true(r.ms < 150 + 250);
#endif
    assert_int_equal(board_cell(b, r.best), CELL_EMPTY);
    lim.time_ms = 0;
    lim.nodes = 5000;
    assert_int_equal(search_run(s, b, &lim, &r, NULL, NULL), GMK_OK);
    assert_true(r.nodes < 5000 + 2048);
    assert_int_equal(board_cell(b, r.best), CELL_EMPTY);
    /* a finished game is refused */
    Board *w = position(RULE_FREESTYLE, "a1 a2 b1 b2 c1 c2 d1 d2 e1");
    lim.nodes = 0;
    lim.depth = 2;
    assert_int_equal(search_run(s, w, &lim, &r, NULL, NULL), GMK_ERR_ARG);
    board_free(w);
    board_free(b);
    search_free(s);
}

static void test_simple(void **state) {
    (void)state;
    Board *b = position(RULE_FREESTYLE, "h8 a1 i8 a3 j8 a5 k8 a7");
    Move m = search_simple_move(b);
    assert_true(m == at("g8") || m == at("l8"));
    board_free(b);
    b = position(RULE_FREESTYLE, "h8 g8 i8 a3 j8 a5 k8");
    assert_int_equal(search_simple_move(b), at("l8"));
    board_free(b);
    b = board_new(15, RULE_RENJU);
    assert_int_equal(search_simple_move(b), at("h8"));
    board_free(b);
}

static void test_tt(void **state) {
    (void)state;
    TT tt;
    assert_int_equal(tt_init(&tt, 1), GMK_OK);
    assert_int_equal(tt.mb, 1);
    TTHit h;
    Key k = 0x123456789abcdefULL;
    assert_false(tt_probe(&tt, k, 0, &h));
    tt_store(&tt, k, 3, at("h8"), 123, -45, 7, BOUND_EXACT);
    assert_true(tt_probe(&tt, k, 5, &h));
    assert_int_equal(h.move, at("h8"));
    assert_int_equal(h.score, 123);
    assert_int_equal(h.eval, -45);
    assert_int_equal(h.depth, 7);
    assert_int_equal(h.bound, BOUND_EXACT);
    /* a win 4 plies below the storing node (ply 3) is 4 plies below any other node */
    tt_store(&tt, k, 3, MOVE_NONE, SCORE_WIN - 7, 0, 8, BOUND_LOWER);
    assert_true(tt_probe(&tt, k, 5, &h));
    assert_int_equal(h.score, SCORE_WIN - 9);
    assert_int_equal(h.move, at("h8")); /* kept */
    tt_store(&tt, k, 2, MOVE_NONE, -(SCORE_WIN - 6), 0, 9, BOUND_UPPER);
    assert_true(tt_probe(&tt, k, 0, &h));
    assert_int_equal(h.score, -(SCORE_WIN - 4));
    /* other keys in the same bucket do not collide */
    size_t mask = tt.bucket_count - 1;
    for (int i = 1; i <= 8; i++) tt_store(&tt, (k & mask) | (Key)i << 40, 0, MOVE_NONE, i, 0, i, BOUND_EXACT);
    int found = 0;
    for (int i = 1; i <= 8; i++) {
        if (tt_probe(&tt, (k & mask) | (Key)i << 40, 0, &h)) {
            assert_int_equal(h.score, i);
            found++;
        }
    }
    assert_true(found >= TT_BUCKET - 1);
    tt_clear(&tt);
    assert_false(tt_probe(&tt, k, 0, &h));
    tt_free(&tt);

    /* prefault: once on a fresh table (empty after it), then never again:
     * a table in use keeps its entries */
    assert_int_equal(tt_init(&tt, 1), GMK_OK);
    assert_false(tt.touched);
    tt_prefault(&tt);
    assert_true(tt.touched);
    assert_false(tt_probe(&tt, k, 0, &h));
    tt_store(&tt, k, 0, at("h8"), 5, 0, 3, BOUND_EXACT);
    tt_prefault(&tt);
    assert_true(tt_probe(&tt, k, 0, &h));
    assert_int_equal(h.move, at("h8"));
    tt_clear(&tt);
    assert_false(tt_probe(&tt, k, 0, &h));
    tt_free(&tt);
}

/* A node the narrowed generator leaves without a move is lost to the
 * threat that narrowed it, at the threat's distance (renju: black's
 * defences may all be forbidden); without a threat it is 0. */
static void test_no_move_score(void **state) {
    (void)state;
    /* black to move; white has an open three (f8 g8 h8) */
    Board *b = position(RULE_RENJU, "a1f8a15g8o1h8");
    assert_int_equal(board_side(b), COLOR_BLACK);
    assert_true(b->clscount[COLOR_WHITE][CLS_OPEN_FOUR] > 0);
    assert_int_equal(search_no_move_score(b, THREAT_LVL_FIVE, 3), -(SCORE_WIN - 5));
    assert_int_equal(search_no_move_score(b, THREAT_LVL_THREE, 3), -(SCORE_WIN - 7));
    assert_int_equal(search_no_move_score(b, THREAT_LVL_WIN2, 3), -(SCORE_WIN - 9));
    assert_int_equal(search_no_move_score(b, THREAT_LVL_NONE, 3), 0);
    assert_true(score_is_loss(search_no_move_score(b, THREAT_LVL_THREE, 3)));
    board_free(b);
    /* a double four of white's ends the game two plies sooner */
    b = position(RULE_RENJU, "a1f8e8g8a15h8i12i9o1i10o15i11");
    assert_true(b->clscount[COLOR_WHITE][CLS_DOUBLE_FOUR] > 0);
    assert_int_equal(search_no_move_score(b, THREAT_LVL_WIN2, 0), -(SCORE_WIN - 4));
    board_free(b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_win_in_one),
        cmocka_unit_test(test_block_four),
        cmocka_unit_test(test_open_three_answered),
        cmocka_unit_test(test_four_three_win),
        cmocka_unit_test(test_renju_forbidden_avoided),
        cmocka_unit_test(test_random_positions),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_root_vct),
        cmocka_unit_test(test_singular),
        cmocka_unit_test(test_simple),
        cmocka_unit_test(test_tt),
        cmocka_unit_test(test_no_move_score),
        cmocka_unit_test(test_eval_sums),
        cmocka_unit_test(test_eval_threat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
