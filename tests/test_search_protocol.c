/*
 * test_search_protocol.c — the Gomocup protocol: the command machine
 * in-process (every command, errors, swap2, takeback), then two gmk-search
 * processes playing whole games against each other over pipes, refereed by
 * tests/matchlib.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "matchlib.h"
#include "testutil.h"

/* ---- in-process --------------------------------------------------------- */

typedef struct {
    char lines[64][256];
    int n;
} Capture;

static void capture(void *ctx, const char *line) {
    Capture *c = ctx;
    if (c->n < 64) snprintf(c->lines[c->n++], sizeof c->lines[0], "%s", line);
}

/* Feeds one line and returns the last non-MESSAGE answer ("" if none). */
static const char *feed(Protocol *p, Capture *c, const char *line) {
    c->n = 0;
    protocol_feed(p, line);
    for (int i = c->n - 1; i >= 0; i--)
        if (strncmp(c->lines[i], "MESSAGE", 7) != 0) return c->lines[i];
    return "";
}

static bool is_xy(const char *s, int size, int *x, int *y) {
    char extra;
    return sscanf(s, "%d,%d%c", x, y, &extra) == 2 && *x >= 0 && *y >= 0 && *x < size && *y < size;
}

/* A session on a new engine with a table of mb MB, each search stopped at
 * nodes; its output lines go to c. */
static Protocol *session_new(size_t mb, uint64_t nodes, Capture *c, Search **s) {
    *s = search_new(mb, NULL);
    assert_non_null(*s);
    SearchLimits base = {0};
    base.nodes = nodes;
    Protocol *p = protocol_new(*s, &base, capture, c);
    assert_non_null(p);
    return p;
}

static void test_commands(void **state) {
    (void)state;
    Search *s;
    Capture c;
    Protocol *p = session_new(4, 3000, &c, &s);
    int x, y;
    assert_string_equal(feed(p, &c, "TURN 7,7"), "ERROR no game: START first");
    assert_true(strstr(feed(p, &c, "ABOUT"), "name=\"gmk-search\"") != NULL);
    assert_true(strncmp(feed(p, &c, "START 4"), "ERROR", 5) == 0);
    assert_true(strncmp(feed(p, &c, "RECTSTART 15,20"), "ERROR", 5) == 0);
    assert_string_equal(feed(p, &c, "RECTSTART 15,15"), "OK");
    assert_string_equal(feed(p, &c, "START 15\r"), "OK");
    assert_string_equal(feed(p, &c, "INFO timeout_turn 2000"), "");
    assert_string_equal(feed(p, &c, "INFO max_memory 83886080"), "");
    assert_true(search_hash_mb(s) <= 58);
    /* first move: anywhere on the board */
    assert_true(is_xy(feed(p, &c, "BEGIN"), 15, &x, &y));
    /* a four to block: own 0,0 1,0 ... opponent stones in a row */
    assert_string_equal(feed(p, &c, "RESTART"), "OK");
    assert_string_equal(feed(p, &c, "BOARD"), "");
    feed(p, &c, "5,7,2");
    feed(p, &c, "6,7,2");
    feed(p, &c, "7,7,2");
    feed(p, &c, "8,7,2");
    feed(p, &c, "4,7,1");
    feed(p, &c, "0,0,1");
    feed(p, &c, "0,14,1");
    feed(p, &c, "3,3,3"); /* continuous-game marks are ignored */
    assert_string_equal(feed(p, &c, "DONE"), "9,7");
    /* takebacks: the opponent's four is open again, either end is played */
    assert_string_equal(feed(p, &c, "TAKEBACK 9,7"), "OK");
    assert_string_equal(feed(p, &c, "TAKEBACK 4,7"), "OK");
    assert_true(strncmp(feed(p, &c, "TAKEBACK 4,7"), "ERROR", 5) == 0);
    const char *ans = feed(p, &c, "TURN 12,12");
    assert_true(strcmp(ans, "9,7") == 0 || strcmp(ans, "4,7") == 0);
    /* bad input */
    assert_true(strncmp(feed(p, &c, "TURN 20,3"), "ERROR", 5) == 0);
    assert_true(strncmp(feed(p, &c, "TURN 5,7"), "ERROR", 5) == 0);
    assert_true(strncmp(feed(p, &c, "FROBNICATE"), "UNKNOWN", 7) == 0);
    /* renju: black (us, on equal counts) never plays the forbidden 3-3 */
    assert_string_equal(feed(p, &c, "INFO rule 4"), "");
    assert_string_equal(feed(p, &c, "START 15"), "OK");
    feed(p, &c, "BOARD");
    feed(p, &c, "7,7,1");
    feed(p, &c, "8,7,1");
    feed(p, &c, "9,6,1");
    feed(p, &c, "9,5,1");
    feed(p, &c, "0,0,2");
    feed(p, &c, "14,0,2");
    feed(p, &c, "0,14,2");
    feed(p, &c, "14,14,2");
    const char *m = feed(p, &c, "DONE");
    assert_true(is_xy(m, 15, &x, &y));
    assert_false(x == 9 && y == 7);
    /* swap2: three stones, then a choice, then another */
    feed(p, &c, "INFO rule 1");
    feed(p, &c, "START 15");
    feed(p, &c, "SWAP2BOARD");
    m = feed(p, &c, "DONE");
    int x1, y1, x2, y2, x3, y3;
    assert_int_equal(sscanf(m, "%d,%d %d,%d %d,%d", &x1, &y1, &x2, &y2, &x3, &y3), 6);
    feed(p, &c, "SWAP2BOARD");
    feed(p, &c, "7,7");
    feed(p, &c, "8,7");
    feed(p, &c, "9,9");
    m = feed(p, &c, "DONE");
    assert_true(strcmp(m, "SWAP") == 0 || is_xy(m, 15, &x, &y));
    feed(p, &c, "SWAP2BOARD");
    feed(p, &c, "7,7");
    feed(p, &c, "8,7");
    feed(p, &c, "9,9");
    feed(p, &c, "8,8");
    feed(p, &c, "8,6");
    m = feed(p, &c, "DONE");
    assert_true(strcmp(m, "SWAP") == 0 || is_xy(m, 15, &x, &y));
    assert_false(protocol_feed(p, "END"));
    protocol_free(p);
    search_free(s);
}

/* ---- over pipes ------------------------------------------------------------ */

/* The gmk-search program of this build. */
static const char *program(void) {
    static char path[4096];
    const char *env = getenv("GMK_BIN");
    if (env && *env) {
        snprintf(path, sizeof path, "%s/gmk-search", env);
        return path;
    }
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/'); /* .../build/MODE/tests/test_x */
        if (slash) {
            *slash = '\0';
            static const char *const rel[] = {"/../bin/gmk-search",       /* debug, other compilers */
                                              "/../../../bin/gmk-search"}; /* release */
            for (int i = 0; i < 2; i++) {
                if (strlen(exe) + strlen(rel[i]) + 1 > sizeof path) continue;
                strcpy(path, exe);
                strcat(path, rel[i]);
                if (access(path, X_OK) == 0) return path;
            }
        }
    }
    return "bin/gmk-search";
}

static void play_between_processes(Rule rule, int size, const char *opts_a, const char *opts_b) {
    char cmd[2][4200];
    snprintf(cmd[0], sizeof cmd[0], "exec %s --gomocup %s", program(), opts_a);
    snprintf(cmd[1], sizeof cmd[1], "exec %s --gomocup %s", program(), opts_b);
    Engine e[2];
    assert_true(engine_start(&e[0], cmd[0]));
    assert_true(engine_start(&e[1], cmd[1]));
    MatchSettings gs = {0};
    gs.rule = rule;
    gs.size = size;
    gs.turn_ms = 2000;
    gs.tolerance_ms = 3000;
    MatchResult r;
    for (int g = 0; g < 2; g++) {
        Move opening[1] = {point_make(size / 2, size / 2)};
        game_play(&gs, &e[g], &e[1 - g], opening, 1, &r);
        if (strcmp(r.reason, "five") != 0 && strcmp(r.reason, "full-board") != 0)
            print_error("%s game %d ended by %s after %d stones\n", rule_name(rule), g, r.reason, r.moves);
        assert_true(strcmp(r.reason, "five") == 0 || strcmp(r.reason, "full-board") == 0);
        /* the record replays to the same end */
        Board *b = board_new(size, rule);
        for (int i = 0; i < r.moves; i++) {
            assert_int_equal(board_cell(b, r.record[i]), CELL_EMPTY);
            if (rule == RULE_RENJU && board_to_move(b) == COLOR_BLACK)
                assert_int_equal(board_forbidden(b, r.record[i]), FORBID_NONE);
            board_play(b, r.record[i]);
        }
        Color w = board_winner(b);
        assert_int_equal(r.winner, w == COLOR_NONE ? MATCH_DRAW : w == COLOR_BLACK ? MATCH_BLACK : MATCH_WHITE);
        board_free(b);
    }
    engine_stop(&e[0]);
    engine_stop(&e[1]);
}

/* The table is sized to the time per move (the fast control of the
 * matches: 8 MB), within the manager's memory, and keeps its size (and
 * contents) from move to move. */
static void test_table_size(void **state) {
    (void)state;
    Search *s;
    Capture c;
    Protocol *p = session_new(64, 2000, &c, &s);
    int x, y;
    assert_string_equal(feed(p, &c, "INFO timeout_turn 80"), "");
    assert_string_equal(feed(p, &c, "INFO timeout_match 2000"), "");
    assert_string_equal(feed(p, &c, "INFO max_memory 67108864"), "");
    assert_string_equal(feed(p, &c, "START 15"), "OK");
    assert_int_equal(search_hash_mb(s), 8);
    assert_true(is_xy(feed(p, &c, "BEGIN"), 15, &x, &y));
    assert_true(is_xy(feed(p, &c, "TURN 6,6"), 15, &x, &y));
    assert_int_equal(search_hash_mb(s), 8);
    /* a slower control: the memory limit (70% of 64 MB, as a power of two) */
    assert_string_equal(feed(p, &c, "INFO timeout_turn 500"), "");
    assert_string_equal(feed(p, &c, "INFO timeout_match 10000"), "");
    assert_string_equal(feed(p, &c, "START 15"), "OK");
    assert_int_equal(search_hash_mb(s), 32);
    /* a tenth of the match time when that is less than the turn */
    assert_string_equal(feed(p, &c, "INFO timeout_turn 5000"), "");
    assert_string_equal(feed(p, &c, "INFO timeout_match 1000"), "");
    assert_string_equal(feed(p, &c, "START 15"), "OK");
    assert_int_equal(search_hash_mb(s), 8);
    /* no memory limit, no match limit, a long turn: the command line's size */
    assert_string_equal(feed(p, &c, "INFO max_memory 0"), "");
    assert_string_equal(feed(p, &c, "INFO timeout_match 0"), "");
    assert_string_equal(feed(p, &c, "INFO timeout_turn 30000"), "");
    assert_string_equal(feed(p, &c, "START 15"), "OK");
    assert_int_equal(search_hash_mb(s), 64);
    protocol_free(p);
    search_free(s);
}

static void test_game_freestyle(void **state) {
    (void)state;
    play_between_processes(RULE_FREESTYLE, 15, "--nodes 4000", "--nodes 2000");
}

static void test_game_renju(void **state) {
    (void)state;
    play_between_processes(RULE_RENJU, 15, "--nodes 3000", "--simple");
}

static void test_game_small_board(void **state) {
    (void)state;
    play_between_processes(RULE_STANDARD, 7, "--nodes 2000", "--nodes 2000 --threads 2");
}

static void test_elo(void **state) {
    (void)state;
    double elo, margin;
    elo_margin(10, 0, 10, &elo, &margin);
    assert_true(elo > -0.01 && elo < 0.01);
    assert_true(margin > 100 && margin < 300);
    elo_margin(75, 0, 25, &elo, &margin);
    assert_true(elo > 190 && elo < 192);
    assert_true(elo_of(0.5) == 0);
    /* pairs: 92 of 100 split 1-1, 6 won 2-0, 2 won 1.5-0.5 (a colour-bound
     * match): the same score, a far narrower interval than the games' */
    int pairs[5] = {0, 0, 92, 2, 6};
    double pe, pm;
    elo_margin_pairs(pairs, &pe, &pm);
    elo_margin(106, 2, 92, &elo, &margin);
    assert_true(pe > 24 && pe < 25 && elo > 24 && elo < 25);
    assert_true(pm > 10 && pm < 25 && margin > 40);
    /* independent games: about the per-game interval */
    int even[5] = {25, 0, 50, 0, 25};
    elo_margin_pairs(even, &pe, &pm);
    elo_margin(100, 0, 100, &elo, &margin);
    assert_true(pe > -0.01 && pe < 0.01 && pm > 0.9 * margin && pm < 1.1 * margin);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commands),
        cmocka_unit_test(test_table_size),
        cmocka_unit_test(test_game_freestyle),
        cmocka_unit_test(test_game_renju),
        cmocka_unit_test(test_game_small_board),
        cmocka_unit_test(test_elo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
