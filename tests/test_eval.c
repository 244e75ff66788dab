/*
 * test_eval.c — threat points and the seed's valuation: hand-made cases,
 * one-pass threat report against the per-point test, and the third-party
 * puzzles of lfz084.tsv that list the answer points (points-open-three,
 * points-closed-three, points-four).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static void test_centre_table(void **state) {
    (void)state;
    /* 15x15: 7 at h8, one less per ring, 0 on the edge */
    for (int x = 0; x < 15; x++) {
        int ring = x < 7 ? 7 - x : x - 7;
        assert_int_equal(eval_centre(15, point_make(x, 7)), 7 - ring);
        assert_int_equal(eval_centre(15, point_make(x, 0)), 0);
    }
    /* other sizes: 7 in the middle, 0 on the edge, never negative */
    for (int n = BOARD_MIN; n <= BOARD_MAX; n++) {
        assert_int_equal(eval_centre(n, point_make(0, n / 2)), 0);
        assert_int_equal(eval_centre(n, point_make(n - 1, n - 1)), 0);
        if (n % 2) assert_int_equal(eval_centre(n, point_make(n / 2, n / 2)), 7);
        for (int x = 0; x < n; x++) assert_true(eval_centre(n, point_make(x, x)) >= 0);
    }
}

static void test_point_values(void **state) {
    (void)state;
    /* black h8 h9 h10 (open three), white to move: h7 and h11 defend */
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 i9 h9 a1 h10");
    PointValue v;
    assert_true(eval_point(b, test_point(b, "h11"), &v));
    assert_int_equal(v.defense, 10000); /* black would make a straight four */
    assert_int_equal(v.centre, 4);
    assert_int_equal(v.score, v.attack + v.defense + v.centre);
    assert_false(eval_point(b, test_point(b, "h8"), &v)); /* occupied */
    PointValue c[3];
    assert_int_equal(eval_candidates(b, c, 3), 3);
    assert_true(c[0].score >= c[1].score && c[1].score >= c[2].score);
    assert_int_equal(eval_seed_score(b), c[0].score);
    board_free(b);
    /* renju: a forbidden point is no candidate for black, and no defence for white */
    b = test_board(RULE_RENJU, 9, "e7 a1 e6 a3 c5 a5 d5 a7");
    assert_int_equal(board_forbidden(b, test_point(b, "e5")), FORBID_DOUBLE_THREE);
    assert_int_equal(eval_candidates(b, c, 3), 3);
    for (int i = 0; i < 3; i++) assert_true(c[i].move != test_point(b, "e5"));
    assert_true(eval_point(b, test_point(b, "e5"), &v));
    assert_true(v.forbidden);
    assert_int_equal(v.attack, 0);
    board_play(b, MOVE_PASS); /* white to move */
    assert_true(eval_point(b, test_point(b, "e5"), &v));
    assert_int_equal(v.defense, 0);
    board_free(b);
}

/* Candidates equal a full sort of every point's value (best first, ties in
 * board order, black's forbidden points left out when black is to move). */
static int value_order(const void *a, const void *b) {
    const PointValue *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

static void test_candidates_are_the_best(void **state) {
    (void)state;
    Rng r = {777};
    static PointValue all[BOARD_MAX * BOARD_MAX], top[BOARD_MAX * BOARD_MAX];
    for (int iter = 0; iter < test_iters(300); iter++) {
        Board *b = board_new(iter % 3 ? 15 : 7 + iter % 9, (Rule)(iter % RULE_NB));
        assert_non_null(b);
        test_random_moves(b, &r, rng_below(&r, 70), 20);
        int n = 0, size = board_size(b);
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                PointValue v;
                if (!eval_point(b, point_make(x, y), &v)) continue;
                if (v.forbidden && board_to_move(b) == COLOR_BLACK) continue;
                all[n++] = v;
            }
        qsort(all, (size_t)n, sizeof *all, value_order);
        int k = 1 + rng_below(&r, 12);
        int got = eval_candidates(b, top, k);
        assert_int_equal(got, n < k ? n : k);
        for (int i = 0; i < got; i++) {
            assert_int_equal(top[i].move, all[i].move);
            assert_int_equal(top[i].score, all[i].score);
            assert_int_equal(top[i].attack, all[i].attack);
            assert_int_equal(top[i].defense, all[i].defense);
        }
        board_free(b);
    }
}

/* The one-pass report equals the per-point test on random positions. */
static void test_threat_report(void **state) {
    (void)state;
    Rng r = {2024};
    static ThreatReport tr;
    static Move m[BOARD_MAX * BOARD_MAX];
    /* an overline point with a two across (f6 . h6): its class says
     * overline, it is forbidden and listed */
    Board *ob = test_board(RULE_RENJU, 15, "h3 a1 h4 a3 h5 a5 h7 a7 h8 a9 f6 a11");
    board_threats(ob, &tr);
    assert_int_equal(board_point_class(ob, test_point(ob, "h6"), COLOR_BLACK), CLS_OVERLINE);
    assert_int_equal(tr.nforbidden, 1);
    assert_int_equal(tr.forbidden[0], test_point(ob, "h6"));
    board_free(ob);
    for (int iter = 0; iter < test_iters(300); iter++) {
        Board *b = board_new(iter % 2 ? 15 : 9 + iter % 7, (Rule)(iter % RULE_NB));
        assert_non_null(b);
        if (iter % 3 == 0) {
            /* black-heavy: overlines, fours and forbidden points */
            int size = board_size(b);
            for (int i = 0; i < 40; i++) {
                Color want = rng_below(&r, 10) < 7 ? COLOR_BLACK : COLOR_WHITE;
                Move p = point_make(rng_below(&r, size), rng_below(&r, size));
                if (board_cell(b, p) != CELL_EMPTY || board_wins_at(b, p, want)) continue;
                if (board_to_move(b) != want) board_play(b, MOVE_PASS);
                board_play(b, p);
            }
        } else {
            test_random_moves(b, &r, 10 + rng_below(&r, 50), 30);
        }
        board_threats(b, &tr);
        for (int c = 0; c < COLOR_NB; c++)
            for (int k = 0; k < THREAT_NB; k++) {
                int n = board_threat_points(b, (Color)c, (ThreatKind)k, m);
                assert_int_equal(n, tr.n[c][k]);
                assert_memory_equal(m, tr.pts[c][k], (size_t)n * sizeof(Move));
            }
        int n = board_forbidden_points(b, m);
        assert_int_equal(n, tr.nforbidden);
        assert_memory_equal(m, tr.forbidden, (size_t)n * sizeof(Move));
        board_free(b);
    }
}

/* lfz084 puzzles whose answer disagrees with the rules as written, by
 * puzzle index, with the reason (see the README's notes on the data):
 *  open-three 24: g11 and d14 also make open threes whose straight-four
 *    point (d14 / g11) is not forbidden; the answer lists g13 only.
 *  open-three 145, closed-three 140 and 141: the answer is a single far-off
 *    point (b2, e2) unrelated to the position (a data error).
 *  closed-three 65: a12 makes a12 . c12 . e12, a closed three whose four
 *    point b12 is legal; the answer leaves it out.
 *  closed-three 95: f11's three can only become a four on d13 or b15, both
 *    double fours; the answer keeps it (puzzle 27 drops such a three, b12). */
static const struct {
    const char *kind;
    int index;
} KNOWN_BAD[] = {{"points-open-three", 24},  {"points-open-three", 145}, {"points-closed-three", 140},
                 {"points-closed-three", 141}, {"points-closed-three", 65},  {"points-closed-three", 95}};

static int cmp_move(const void *a, const void *b) { return *(const Move *)a - *(const Move *)b; }

static void test_lfz084_points(void **state) {
    (void)state;
    char *text = test_shared_file("puzzles/lfz084.tsv", NULL);
    static const struct {
        const char *kind;
        ThreatKind threat;
    } kinds[] = {{"points-open-three", THREAT_OPEN_THREE},
                 {"points-closed-three", THREAT_THREE},
                 {"points-four", THREAT_FOUR}};
    int rows[3] = {0, 0, 0}, matched[3] = {0, 0, 0}, known[3] = {0, 0, 0};
    static Move got[BOARD_MAX * BOARD_MAX], want[BOARD_MAX * BOARD_MAX];
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *f[9];
        int nf = 0;
        for (char *s = line; nf < 9; nf++) {
            f[nf] = s;
            char *t = strchr(s, '\t');
            if (!t) {
                nf++;
                break;
            }
            *t = '\0';
            s = t + 1;
        }
        if (nf < 9 || !f[8][0]) continue;
        int k = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(f[5], kinds[i].kind) == 0) k = i;
        if (k < 0) continue;
        rows[k]++;
        int index = atoi(f[1]);
        bool is_known = false;
        for (size_t i = 0; i < sizeof KNOWN_BAD / sizeof *KNOWN_BAD; i++)
            is_known |= strcmp(KNOWN_BAD[i].kind, f[5]) == 0 && KNOWN_BAD[i].index == index;
        Board *b = test_board(RULE_RENJU, atoi(f[2]), f[7]);
        Color side = strcmp(f[6], "black") == 0 ? COLOR_BLACK : COLOR_WHITE;
        int ng = board_threat_points(b, side, kinds[k].threat, got);
        int nw = 0;
        for (char *t = strtok_r(f[8], " ", &f[0]); t; t = strtok_r(NULL, " ", &f[0])) want[nw++] = test_point(b, t);
        qsort(got, (size_t)ng, sizeof *got, cmp_move);
        qsort(want, (size_t)nw, sizeof *want, cmp_move);
        bool same = ng == nw && memcmp(got, want, (size_t)ng * sizeof *got) == 0;
        if (same) matched[k]++;
        else if (is_known) known[k]++;
        else print_error("%s %d (%s): no match\n", f[5], index, f[7]);
        assert_true(same || is_known);
        board_free(b);
    }
    for (int i = 0; i < 3; i++) {
        print_message("lfz084 %s: %d of %d rows match exactly (%d known disagreements)\n",
                      kinds[i].kind, matched[i], rows[i], known[i]);
        assert_true(rows[i] > 0);
    }
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_centre_table),
        cmocka_unit_test(test_point_values),
        cmocka_unit_test(test_threat_report),
        cmocka_unit_test(test_candidates_are_the_best),
        cmocka_unit_test(test_lfz084_points),
    };
    return cmocka_run_group_tests_name("eval", tests, NULL, NULL);
}
