/*
 * test_book_openings.c — openings/renju26.tsv: 26 lines, each a legal
 * three-move opening with black in the centre and white next to it, no two
 * the same under the 8 symmetries, and each the opening of the same number in
 * the reference list of ../shared/data (up to symmetry), when present.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Canonical keys of the openings of a TSV file, by number (1..26); the
 * position is in column pos_col, the number in column no_col. */
static int read_openings(const char *path, int pos_col, int no_col, Key key[27]) {
    size_t len;
    char *text = test_slurp(path, &len);
    assert_non_null(text);
    Board *b = board_new(15, RULE_RENJU);
    int n = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#') continue;
        char *f[8] = {0};
        int k = 0;
        for (char *p = line; k < 8 && p; k++) {
            f[k] = p;
            p = strchr(p, '\t');
            if (p) *p++ = '\0';
        }
        assert_non_null(f[pos_col]);
        int no = atoi(f[no_col]);
        assert_true(no >= 1 && no <= 26);
        assert_int_equal(notation_parse_position(b, f[pos_col], strlen(f[pos_col]), ORIGIN_BOTTOM, NULL), GMK_OK);
        assert_int_equal(board_ply(b), 3);
        assert_int_equal(board_move_at(b, 0), point_make(7, 7));
        Move w = board_move_at(b, 1);
        assert_true(abs(point_x(w) - 7) <= 1 && abs(point_y(w) - 7) <= 1);
        Move third = board_move_at(b, 2);
        assert_true(abs(point_x(third) - 7) <= 2 && abs(point_y(third) - 7) <= 2);
        key[no] = board_canonical_key(b, NULL);
        n++;
    }
    board_free(b);
    free(text);
    return n;
}

static void test_renju26(void **state) {
    (void)state;
    Key key[27] = {0};
    const char *src = getenv("GMK_SOURCE_DIR");
    char path[1024];
    snprintf(path, sizeof path, "%s/openings/renju26.tsv", src && *src ? src : ".");
    assert_int_equal(read_openings(path, 0, 1, key), 26);
    for (int i = 1; i <= 26; i++)
        for (int j = i + 1; j <= 26; j++) assert_true(key[i] != key[j]);
    const char *dir = test_shared_dir();
    if (!dir) {
        printf("skip: ../shared/data absent (reference openings not compared)\n");
        return;
    }
    Key ref[27] = {0};
    snprintf(path, sizeof path, "%s/openings/renju26_openings.tsv", dir);
    assert_int_equal(read_openings(path, 5, 0, ref), 26);
    for (int i = 1; i <= 26; i++) assert_true(key[i] == ref[i]);
}

int main(void) {
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_renju26)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
