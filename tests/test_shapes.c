/*
 * test_shapes.c — the shape catalogue and its tables.
 *  - Every window of both line rules: the generated table (from the PCRE2
 *    catalogue) equals a definitional classifier written from the meaning of
 *    each shape (five, straight four, four, open three ...), so the
 *    catalogue's patterns are proven exact.
 *  - Random positions of every rule and several sizes: the board's
 *    incremental shapes equal PCRE2 matching over the line strings.
 *  - Combined classes, user shape files and their errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/catalog.h"
#include "board/shapes.h"
#include "testutil.h"

extern const char SHAPES_CATALOG_TEXT[];

/* ---- the definitional classifier ---------------------------------------- */

/* Run of own stones (1) through the centre of an 11-cell line. */
static int center_run(const int *L) {
    int n = 1;
    for (int i = CATALOG_CENTER + 1; i < 11 && L[i] == 1; i++) n++;
    for (int i = CATALOG_CENTER - 1; i >= 0 && L[i] == 1; i--) n++;
    return n;
}

/* The shape the centre stone makes on line L (values 0 empty, 1 own, 2
 * blocked), from the definitions. */
static int define_shape(int *L, bool exact) {
    int r = center_run(L);
    if (r == 5 || (r > 5 && !exact)) return SHAPE_FIVE;
    if (r > 5) return SHAPE_OVERLINE;
    /* five points: empty cells that make a winning run through the centre */
    int F[11], nf = 0;
    for (int e = 0; e < 11; e++) {
        if (L[e] != 0) continue;
        L[e] = 1;
        int rr = center_run(L);
        L[e] = 0;
        if (rr == 5 || (rr > 5 && !exact)) F[nf++] = e;
    }
    if (nf) {
        for (int i = 0; i < nf; i++)
            for (int j = 0; j < nf; j++)
                if (F[j] - F[i] == 5) return SHAPE_OPEN_FOUR;
        return nf >= 2 ? SHAPE_FOUR_FOUR : SHAPE_FOUR;
    }
    /* one more stone: what can it make? */
    bool open3 = false, three = false, open2 = false, two = false;
    for (int e = 0; e < 11; e++) {
        if (L[e] != 0) continue;
        L[e] = 1;
        int s = define_shape(L, exact);
        L[e] = 0;
        open3 |= s == SHAPE_OPEN_FOUR;
        three |= s == SHAPE_FOUR || s == SHAPE_FOUR_FOUR;
        open2 |= s == SHAPE_OPEN_THREE;
        two |= s == SHAPE_THREE;
    }
    if (open3) return SHAPE_OPEN_THREE;
    if (three) return SHAPE_THREE;
    if (open2) return SHAPE_OPEN_TWO;
    if (two) return SHAPE_TWO;
    /* dead: a run of 2..4 blocked right at both ends */
    if (r >= 2) {
        int lo = CATALOG_CENTER, hi = CATALOG_CENTER;
        while (lo > 0 && L[lo - 1] == 1) lo--;
        while (hi < 10 && L[hi + 1] == 1) hi++;
        if (lo > 0 && hi < 10 && L[lo - 1] == 2 && L[hi + 1] == 2) return SHAPE_DEAD;
    }
    return SHAPE_NONE;
}

static void test_catalogue_is_exact(void **state) {
    (void)state;
    char subject[CATALOG_SUBJECT_LEN];
    int counts[LINE_RULES][SHAPE_NB] = {{0}};
    for (int exact = 0; exact < LINE_RULES; exact++)
        for (unsigned key = 0; key < WINDOW_KEYS; key++) {
            catalog_subject(key, subject);
            int L[11];
            for (int i = 0; i < 11; i++) L[i] = subject[i] - '0';
            int want = define_shape(L, exact != 0);
            int got = SHAPES_BUILTIN.table[exact][key];
            if (want != got)
                print_error("%s rule, window %.11s: table %s, definition %s\n",
                            exact ? "exact" : "free", subject, shape_name((Shape)got),
                            shape_name((Shape)want));
            assert_int_equal(got, want);
            counts[exact][got]++;
        }
    for (int s = 1; s < SHAPE_NB; s++) {
        if (s != SHAPE_OVERLINE) assert_true(counts[0][s] > 0);
        assert_true(counts[1][s] > 0);
    }
    assert_int_equal(counts[0][SHAPE_OVERLINE], 0);
}

/* ---- PCRE2 over the line strings of random boards ----------------------- */

static void test_tables_match_pcre2(void **state) {
    (void)state;
    Catalog *cat = catalog_new();
    assert_non_null(cat);
    CatalogError err;
    assert_int_equal(catalog_add_text(cat, SHAPES_CATALOG_TEXT, strlen(SHAPES_CATALOG_TEXT), &err),
                     GMK_OK);
    Rng r = {0x5eed5};
    int positions = test_iters(10000), checked = 0;
    static const int sizes[] = {5, 6, 7, 9, 15, 15, 15, 19, 22};
    for (int iter = 0; iter < positions; iter++) {
        int size = sizes[rng_below(&r, (int)(sizeof sizes / sizeof *sizes))];
        Rule rule = (Rule)(iter % RULE_NB);
        Board *b = board_new(size, rule);
        assert_non_null(b);
        test_random_moves(b, &r, 5 + rng_below(&r, size * size / 3), 30);
        for (int k = 0; k < 8; k++) {
            Move p = point_make(rng_below(&r, size), rng_below(&r, size));
            if (board_cell(b, p) != CELL_EMPTY) continue;
            for (int c = 0; c < COLOR_NB; c++)
                for (int d = 0; d < 4; d++) {
                    char subject[CATALOG_SUBJECT_LEN];
                    for (int o = -5; o <= 5; o++) {
                        static const int step[4] = {1, BOARD_STRIDE, BOARD_STRIDE + 1,
                                                    -BOARD_STRIDE + 1};
                        int v = board_cell(b, (Move)(p + o * step[d]));
                        subject[o + 5] = o == 0 ? '1' : v == CELL_EMPTY ? '0' : v == c + 1 ? '1' : '2';
                    }
                    int want = catalog_classify(cat, rule_exact(rule, (Color)c), subject, NULL);
                    int got = board_point_shape(b, p, (Color)c, d);
                    if (want != got)
                        print_error("%s %dx%d colour %d dir %d line %.11s: board %s, PCRE2 %s\n",
                                    rule_name(rule), size, size, c, d, subject,
                                    shape_name((Shape)got), shape_name((Shape)want));
                    assert_int_equal(got, want);
                    checked++;
                }
        }
        board_free(b);
    }
    print_message("PCRE2 cross-check: %d positions, %d (point, colour, direction) shapes\n",
                  positions, checked);
    catalog_free(cat);
}

/* ---- the generated pair tables ------------------------------------------ */

/* The built-in pair tables (constant data from the generator) are the ones
 * shapes_pair_build makes from the ternary tables (checked against the
 * definition and PCRE2 above), and a few entries read by hand agree. */
static void test_builtin_pair_tables(void **state) {
    (void)state;
    uint8_t *want = malloc(WINDOW_INDEXES);
    assert_non_null(want);
    for (int r = 0; r < RULE_NB; r++) {
        const uint8_t *got = shapes_pair_table(&SHAPES_BUILTIN, (Rule)r);
        assert_non_null(got);
        shapes_pair_build(want, SHAPES_BUILTIN.table[rule_exact((Rule)r, COLOR_BLACK)],
                          SHAPES_BUILTIN.table[rule_exact((Rule)r, COLOR_WHITE)]);
        assert_memory_equal(got, want, WINDOW_INDEXES);
    }
    free(want);
    /* window cells k = 0..9 (offsets -5..-1, +1..+5) at bits 2k: black on
     * -4..-1 makes a five for black, nothing for white */
    unsigned four = 0;
    for (int k = 1; k <= 4; k++) four |= (unsigned)CELL_BLACK << (2 * k);
    for (int r = 0; r < RULE_NB; r++) {
        assert_int_equal(SHAPES_BUILTIN.pair[r][four] & 15, SHAPE_FIVE);
        assert_int_equal(SHAPES_BUILTIN.pair[r][four] >> 4, SHAPE_NONE);
    }
    /* and with a sixth black stone at +1: an overline, a five only in freestyle */
    unsigned six = four | (unsigned)CELL_BLACK << (2 * 5);
    assert_int_equal(SHAPES_BUILTIN.pair[RULE_FREESTYLE][six] & 15, SHAPE_FIVE);
    assert_int_equal(SHAPES_BUILTIN.pair[RULE_STANDARD][six] & 15, SHAPE_OVERLINE);
    assert_int_equal(SHAPES_BUILTIN.pair[RULE_RENJU][six] & 15, SHAPE_OVERLINE);
}

/* ---- classes ------------------------------------------------------------- */

static unsigned s4(int a, int b, int c, int d) { return (unsigned)(a | b << 4 | c << 8 | d << 12); }

static void test_classes(void **state) {
    (void)state;
    assert_int_equal(class_of(s4(SHAPE_FIVE, SHAPE_OVERLINE, 0, 0)), CLS_FIVE);
    assert_int_equal(class_of(s4(SHAPE_OPEN_FOUR, 0, 0, 0)), CLS_OPEN_FOUR);
    assert_int_equal(class_of(s4(SHAPE_FOUR, SHAPE_FOUR, 0, 0)), CLS_DOUBLE_FOUR);
    assert_int_equal(class_of(s4(SHAPE_FOUR_FOUR, 0, 0, 0)), CLS_DOUBLE_FOUR);
    assert_int_equal(class_of(s4(SHAPE_FOUR, SHAPE_OPEN_THREE, 0, 0)), CLS_FOUR_THREE);
    assert_int_equal(class_of(s4(SHAPE_OPEN_THREE, 0, SHAPE_OPEN_THREE, 0)), CLS_DOUBLE_THREE);
    assert_int_equal(class_of(s4(SHAPE_OPEN_THREE, SHAPE_THREE, 0, 0)), CLS_OPEN_THREE_THREE);
    assert_int_equal(class_of(s4(SHAPE_FOUR, SHAPE_THREE, SHAPE_TWO, 0)), CLS_FOUR);
    assert_int_equal(class_of(s4(0, 0, SHAPE_OPEN_THREE, SHAPE_DEAD)), CLS_OPEN_THREE);
    assert_int_equal(class_of(s4(SHAPE_OPEN_TWO, SHAPE_OPEN_TWO, 0, 0)), CLS_DOUBLE_TWO);
    assert_int_equal(class_of(s4(SHAPE_THREE, 0, 0, 0)), CLS_THREE);
    assert_int_equal(class_of(s4(SHAPE_OPEN_TWO, SHAPE_TWO, 0, 0)), CLS_OPEN_TWO_TWO);
    assert_int_equal(class_of(s4(SHAPE_OPEN_TWO, 0, 0, 0)), CLS_OPEN_TWO);
    assert_int_equal(class_of(s4(SHAPE_TWO, SHAPE_DEAD, 0, 0)), CLS_TWO);
    assert_int_equal(class_of(s4(SHAPE_OVERLINE, SHAPE_DEAD, 0, 0)), CLS_OVERLINE);
    assert_int_equal(class_of(s4(SHAPE_OVERLINE, SHAPE_OPEN_TWO, SHAPE_TWO, 0)), CLS_OVERLINE);
    assert_int_equal(class_of(s4(SHAPE_OVERLINE, SHAPE_THREE, 0, 0)), CLS_THREE);
    assert_int_equal(class_of(s4(SHAPE_DEAD, 0, 0, 0)), CLS_DEAD);
    assert_int_equal(class_of(0), CLS_NONE);
    for (unsigned s = 0; s < (1u << 16); s++) assert_int_equal(CLASS_TABLE[s], class_of((uint16_t)s));
    /* the order of the directions does not matter (word_class reads them
     * in the order 0, 2, 1, 3) */
    for (unsigned s = 0; s < (1u << 16); s++) {
        unsigned t = (s & 0xF00Fu) | (s >> 4 & 0xF0u) | (s << 4 & 0xF00u);
        assert_int_equal(CLASS_TABLE[s], CLASS_TABLE[t]);
        uint32_t pairs = (s & 15) | (s >> 4 & 15) << 8 | (s >> 8 & 15) << 16 | (uint32_t)(s >> 12) << 24;
        assert_int_equal(word_class(pairs, COLOR_BLACK), CLASS_TABLE[s]);
        assert_int_equal(word_class(pairs << 4, COLOR_WHITE), CLASS_TABLE[s]);
    }
    /* the seed's scores come with the catalogue */
    assert_int_equal(SHAPES_BUILTIN.combo_score[CLS_FIVE], 100000);
    assert_int_equal(SHAPES_BUILTIN.combo_score[CLS_FOUR_THREE], 10000);
    assert_int_equal(SHAPES_BUILTIN.combo_score[CLS_DOUBLE_THREE], 5000);
    assert_int_equal(SHAPES_BUILTIN.combo_score[CLS_TWO], 3);
    assert_int_equal(SHAPES_BUILTIN.combo_score[CLS_DEAD], -5);
}

/* ---- user shape files ---------------------------------------------------- */

static void test_user_shapes(void **state) {
    (void)state;
    CatalogError err;
    GmkStatus st;
    /* a bad pattern: PCRE2's message, line and offset */
    const char *bad = "# comment\nmine three any 7 (?<=1\n";
    ShapeSet *set = shapeset_compile(bad, strlen(bad), &err, &st);
    assert_null(set);
    assert_int_equal(st, GMK_ERR_SYNTAX);
    assert_int_equal(err.line, 2);
    assert_true(err.offset > 0);
    assert_true(strlen(err.msg) > 0);
    const char *bad2 = "mine triple any 7 111\n";
    assert_null(shapeset_compile(bad2, strlen(bad2), &err, &st));
    assert_non_null(strstr(err.msg, "class"));
    /* an override: the dead shapes become "none" by scoring and a new
     * pattern turns closed twos (free rule) into threes */
    const char *user = "dead-two dead any 99 (?<=2)11(?=2)\n"
                       "combo four-three 12345\n"
                       "silly three free 1 10001\n";
    set = shapeset_compile(user, strlen(user), &err, &st);
    assert_non_null(set);
    assert_int_equal(set->combo_score[CLS_FOUR_THREE], 12345);
    bool found = false;
    for (int i = 0; i < set->pattern_count; i++)
        if (strcmp(set->pattern_name[i], "dead-two") == 0) {
            assert_int_equal(set->pattern_score[i], 99);
            found = true;
        }
    assert_true(found);
    Board *b = board_new(15, RULE_FREESTYLE);
    assert_non_null(b);
    Move h8, l8;
    int len;
    notation_parse_point("h8", 15, ORIGIN_BOTTOM, &h8, &len);
    notation_parse_point("l8", 15, ORIGIN_BOTTOM, &l8, &len);
    assert_int_equal(board_play(b, h8), GMK_OK);
    assert_int_equal(board_point_shape(b, l8, COLOR_BLACK, 0), SHAPE_TWO);
    assert_int_equal(board_set_shapes(b, set), GMK_OK);
    assert_int_equal(board_point_shape(b, l8, COLOR_BLACK, 0), SHAPE_THREE);
    assert_true(board_ok(b));
    assert_int_equal(board_set_shapes(b, NULL), GMK_OK);
    assert_int_equal(board_point_shape(b, l8, COLOR_BLACK, 0), SHAPE_TWO);
    board_free(b);
    shapeset_free(set);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalogue_is_exact),
        cmocka_unit_test(test_tables_match_pcre2),
        cmocka_unit_test(test_classes),
        cmocka_unit_test(test_builtin_pair_tables),
        cmocka_unit_test(test_user_shapes),
    };
    return cmocka_run_group_tests_name("shapes", tests, NULL, NULL);
}
