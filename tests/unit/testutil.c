/* testutil.c — see testutil.h. */
#include "testutil.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int test_random_moves(Board *b, Rng *r, int n, int pass_permille) {
    int size = board_size(b), played = 0;
    for (int i = 0; i < n; i++) {
        if (board_winner(b) != COLOR_NONE || board_full(b) || board_ply(b) >= MOVES_MAX) break;
        if (rng_below(r, 1000) < pass_permille) {
            board_play(b, MOVE_PASS);
            played++;
            continue;
        }
        Move p = MOVE_NONE;
        for (int tries = 0; tries < 64 && p == MOVE_NONE; tries++) {
            Move q;
            int ply = board_ply(b);
            Move near = MOVE_NONE;
            for (int k = 0; k < 4 && ply > 0; k++) {
                Move m = board_move_at(b, rng_below(r, ply));
                if (m != MOVE_PASS) { near = m; break; }
            }
            if (near != MOVE_NONE && rng_below(r, 4) != 0) {
                int x = point_x(near) + rng_below(r, 5) - 2, y = point_y(near) + rng_below(r, 5) - 2;
                if (x < 0 || y < 0 || x >= size || y >= size) continue;
                q = point_make(x, y);
            } else {
                q = point_make(rng_below(r, size), rng_below(r, size));
            }
            if (board_cell(b, q) == CELL_EMPTY) p = q;
        }
        if (p == MOVE_NONE) {
            for (int y = 0; y < size && p == MOVE_NONE; y++)
                for (int x = 0; x < size && p == MOVE_NONE; x++)
                    if (board_cell(b, point_make(x, y)) == CELL_EMPTY) p = point_make(x, y);
        }
        if (p == MOVE_NONE || board_play(b, p) != GMK_OK) break;
        played++;
    }
    return played;
}

int test_iters(int n) {
    double k = 1.0;
#ifdef GMK_DEBUG
    k /= TEST_DEBUG_DIVISOR;
#endif
    const char *e = getenv("GMK_TEST_SCALE");
    if (e && *e) {
        char *end;
        double f = strtod(e, &end);
        if (end != e && f > 0) k *= f;
    }
    double v = n * k;
    return v < 1 ? 1 : v > 1e9 ? 1000000000 : (int)v;
}

const char *test_shared_dir(void) {
    const char *d = getenv("GMK_SHARED");
    if (!d || !*d) d = "../shared/data";
    struct stat st;
    if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode)) return NULL;
    return d;
}

char *test_slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        if (len) *len = (size_t)n;
    }
    return buf;
}

char *test_shared_file(const char *rel, size_t *len) {
    const char *dir = test_shared_dir();
    if (!dir) {
        print_message("skip: ../shared/data is absent\n");
        skip();
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    char *text = test_slurp(path, len);
    if (!text) print_error("cannot read %s\n", path);
    assert_non_null(text);
    return text;
}

Board *test_board(Rule rule, int size, const char *moves) {
    Board *b = board_new(size, rule);
    assert_non_null(b);
    ParseError e;
    GmkStatus st = notation_parse_position(b, moves, strlen(moves), ORIGIN_BOTTOM, &e);
    if (st != GMK_OK) print_error("%s: %s\n", moves, e.msg);
    assert_int_equal(st, GMK_OK);
    return b;
}

Board *test_diagram_board(Rule rule, const char *rows, Color to_move) {
    DiagramReader *r = diagram_reader_new();
    assert_non_null(r);
    for (const char *s = rows; *s;) {
        size_t len = strcspn(s, "/");
        diagram_reader_feed(r, s, len);
        s += len + (s[len] == '/');
    }
    Board *b = board_new(diagram_reader_size(r), rule);
    assert_non_null(b);
    ParseError e;
    GmkStatus st = diagram_reader_finish(r, b, to_move, &e);
    if (st != GMK_OK) print_error("%s: %s\n", rows, e.msg);
    assert_int_equal(st, GMK_OK);
    diagram_reader_free(r);
    return b;
}

Move test_point(const Board *b, const char *s) {
    Move m;
    int len;
    assert_int_equal(notation_parse_point(s, board_size(b), ORIGIN_BOTTOM, &m, &len), GMK_OK);
    assert_int_equal(s[len], '\0');
    return m;
}

static char scratch[256];

int test_scratch_setup(void **state) {
    (void)state;
    struct stat st;
    const char *base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) && access("/dev/shm", W_OK) == 0
                           ? "/dev/shm" : "/tmp";
    snprintf(scratch, sizeof scratch, "%s/gmk-%s.XXXXXX", base, program_invocation_short_name);
    return mkdtemp(scratch) ? 0 : -1;
}

int test_scratch_teardown(void **state) {
    (void)state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    return system(cmd) == 0 ? 0 : -1;
}

const char *test_scratch_path(const char *name) {
    static char buf[4][400];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", scratch, name);
    return buf[k];
}

void test_assert_same_file(const char *a, const char *b) {
    size_t la, lb;
    char *x = test_slurp(a, &la), *y = test_slurp(b, &lb);
    assert_non_null(x);
    assert_non_null(y);
    assert_int_equal(la, lb);
    assert_memory_equal(x, y, la);
    free(x);
    free(y);
}
