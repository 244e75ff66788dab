/*
 * fuzz_position — notation_parse_position() on any bytes, under every rule,
 * board size and origin, and what a parsed position must satisfy.
 *
 * Input: the position text, then one option byte c (the last byte):
 * rule = c % 3, origin = c / 3 % 2, size = 5 + c / 6 % 18.
 * A success must leave a board that passes board_ok(), agrees with a light
 * board (BOARD_LIGHT, plain run counting) on every winner, has a winning line
 * exactly when its last stone won, prints in normal form (both origins) to a
 * text that parses back to the same key, and draws as a diagram that reads
 * back to the same key and winner; threat and renju forbidden-point searches
 * must leave it unchanged, name empty points only, and agree with run
 * counting on fives. A failure must fill ParseError with its
 * status, a column inside the text and a printable message, and leave a
 * board that still passes board_ok().
 *
 * fuzz-seeds: field:8 $SHARED/puzzles/lfz084.tsv
 * fuzz-seeds: field:9 $SHARED/puzzles/lfz084.tsv
 * fuzz-seeds: lines $SHARED/games/eva_movelists.txt
 * fuzz-seeds: lines $SHARED/openings/pos_freestyle_20x20.txt
 */
#include <string.h>

#include "fuzzutil.h"

/* Feeds a diagram text (lines) to a reader and finishes it on b. */
static GmkStatus read_back_diagram(const char *text, size_t n, Board *b, Color to_move,
                                   ParseError *err) {
    DiagramReader *r = diagram_reader_new();
    FUZZ_CHECK(r != NULL, "out of memory");
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(text + i, '\n', n - i);
        size_t len = nl ? (size_t)(nl - (text + i)) : n - i;
        if (i == 0) FUZZ_CHECK(diagram_line_starts(text, len), "diagram's first line not taken");
        if (diagram_reader_feed(r, text + i, len) != DIAGRAM_MORE) break;
        i += len + 1;
    }
    GmkStatus st = diagram_reader_finish(r, b, to_move, err);
    diagram_reader_free(r);
    return st;
}

/* Checks everything a successfully parsed position promises. */
static void check_position(Board *b, const char *text, size_t len) {
    int size = board_size(b);
    Rule rule = board_rule(b);
    FUZZ_CHECK(board_ok(b), "board_ok() after parsing '%.*s'", (int)len, text);
    Color w = board_winner(b);
    FUZZ_CHECK(board_scan_winner(b) == w, "winner %d but a winning line of %d on the board",
               (int)w, (int)board_scan_winner(b));

    /* the same moves on a light board: same keys and winners move by move */
    Board *lb = fuzz_board(size, rule, BOARD_LIGHT);
    board_reset(lb);
    for (int i = 0; i < board_ply(b); i++) {
        FUZZ_CHECK(board_play(lb, board_move_at(b, i)) == GMK_OK, "light board refused move %d", i);
        FUZZ_CHECK(i + 1 < board_ply(b) ? board_winner(lb) == COLOR_NONE : board_winner(lb) == w,
                   "light board winner %d after move %d", (int)board_winner(lb), i + 1);
    }
    FUZZ_CHECK(board_key(lb) == board_key(b), "light board key differs");

    /* normal form, both origins, parses back to the same board */
    static char buf[MOVES_MAX * 3 + 1];
    Board *c = fuzz_board(size, rule, 0);
    for (int o = 0; o < 2; o++) {
        int n = notation_format_position(b, (Origin)o, buf, sizeof buf);
        FUZZ_CHECK(n >= 0, "normal form does not fit");
        ParseError e;
        GmkStatus st = notation_parse_position(c, buf, (size_t)n, (Origin)o, &e);
        FUZZ_CHECK(st == GMK_OK, "normal form '%s' does not parse: %s", buf, e.msg);
        FUZZ_CHECK(board_key(c) == board_key(b) && board_ply(c) == board_ply(b),
                   "normal form '%s' is another position", buf);
    }

    /* threats and renju forbidden points look ahead on b: they must leave it
     * as it was, name only empty points, and agree with plain run counting
     * on fives; a forbidden point is never a five */
    static Move pts[BOARD_MAX * BOARD_MAX];
    Key k0 = board_key(b);
    int nf = board_forbidden_points(b, pts);
    FUZZ_CHECK(nf >= 0 && (rule == RULE_RENJU || nf == 0), "%d forbidden points", nf);
    for (int i = 0; i < nf; i++) {
        FUZZ_CHECK(board_cell(b, pts[i]) == CELL_EMPTY, "forbidden point not empty");
        FUZZ_CHECK(!board_wins_at(b, pts[i], COLOR_BLACK), "a five is called forbidden");
        FUZZ_CHECK(board_forbidden(b, pts[i]) != FORBID_NONE, "forbidden list and test disagree");
    }
    for (int col = 0; col < COLOR_NB; col++) {
        int fives = 0;
        for (int y = 0; y < size; y++)
            for (int x = 0; x < size; x++) {
                Move p = point_make(x, y);
                if (board_cell(b, p) != CELL_EMPTY) continue;
                bool five = board_wins_at(b, p, (Color)col);
                fives += five;
                FUZZ_CHECK(board_point_makes(b, p, (Color)col, THREAT_FIVE) == five,
                           "point_makes(five) and wins_at disagree at %d,%d", x, y);
            }
        for (int k = 0; k < THREAT_NB; k++) {
            int n = board_threat_points(b, (Color)col, (ThreatKind)k, pts);
            FUZZ_CHECK(n >= 0 && n <= size * size, "%d threat points", n);
            for (int i = 0; i < n; i++)
                FUZZ_CHECK(board_cell(b, pts[i]) == CELL_EMPTY, "threat point not empty");
            if (k == THREAT_FIVE) FUZZ_CHECK(n == fives, "%d five points, %d by counting", n, fives);
        }
    }
    FUZZ_CHECK(board_key(b) == k0 && board_ok(b), "threat or forbidden search changed the board");

    /* diagram out and back in: same stones, side to move and winner */
    static char dia[8192];
    DiagramStyle style = {(Origin)(len & 1), (len & 2) != 0, false, NULL, NULL, 0};
    int dn = notation_format_diagram(b, &style, dia, sizeof dia);
    FUZZ_CHECK(dn > 0, "diagram does not fit");
    ParseError e;
    GmkStatus st = read_back_diagram(dia, (size_t)dn, c, board_to_move(b), &e);
    FUZZ_CHECK(st == GMK_OK, "diagram of '%.*s' does not read back: %s\n%s", (int)len, text, e.msg,
               dia);
    FUZZ_CHECK(board_key(c) == board_key(b), "diagram of '%.*s' reads back as another position\n%s",
               (int)len, text, dia);
    FUZZ_CHECK(board_winner(c) == w, "diagram winner %d, position winner %d", (int)board_winner(c),
               (int)w);
    FUZZ_CHECK(board_ok(c), "board_ok() after reading a diagram back");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzInput in = {data, size};
    unsigned opt = fuzz_take_byte(&in);
    Rule rule = (Rule)(opt % 3);
    Origin origin = (Origin)(opt / 3 % 2);
    int bsize = BOARD_MIN + (int)(opt / 6 % (BOARD_MAX - BOARD_MIN + 1));
    const char *text = (const char *)in.data;
    size_t len = in.size;

    Board *b = fuzz_board(bsize, rule, 0);
    ParseError err;
    memset(&err, 0x55, sizeof err); /* the parser must fill it */
    GmkStatus st = notation_parse_position(b, text, len, origin, &err);
    FUZZ_CHECK(st == err.status, "status %d, err.status %d", (int)st, (int)err.status);
    if (st == GMK_OK) {
        FUZZ_CHECK(err.msg[0] == '\0' && err.column == 0, "error filled on success");
        check_position(b, text, len);
    } else {
        FUZZ_CHECK(st == GMK_ERR_SYNTAX || st == GMK_ERR_OFFBOARD || st == GMK_ERR_OCCUPIED ||
                       st == GMK_ERR_AFTER_WIN || st == GMK_ERR_TOO_LONG,
                   "unexpected status %d", (int)st);
        FUZZ_CHECK(err.column >= 1 && (size_t)err.column <= len, "column %d outside 1..%zu",
                   err.column, len);
        FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
        FUZZ_CHECK(fuzz_printable(err.msg), "message not printable: '%s'", err.msg);
        FUZZ_CHECK(board_ok(b), "board_ok() after a failed parse");
    }
    return 0;
}
