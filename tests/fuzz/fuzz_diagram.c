/*
 * fuzz_diagram — the diagram reader fed line by line as the programs feed it
 * (a diagram starts at a line diagram_line_starts() takes and goes on while
 * the reader answers DIAGRAM_MORE), then finished, for every diagram in the
 * input.
 *
 * Input: lines, then one option byte c (the last byte): to_move = none,
 * black or white (c % 3); rule = c / 3 % 3; when c / 9 % 2 the board is
 * 5 + c / 18 % 14 wide instead of the diagram's size (a mismatch to report).
 * A finished diagram must give a board that passes board_ok(), whose winner
 * is exactly the side with a winning line, whose normal form parses back to
 * the same key, and whose own diagram reads back to the same key. A refusal
 * must come with a printable message, and leave the reader empty.
 *
 * fuzz-seeds: blocks $SHARED/puzzles/quintet/
 */
#include <string.h>

#include "fuzzutil.h"

/* State of one input's run. */
typedef struct {
    DiagramReader *r;   /* the reader under test */
    Color to_move;      /* COLOR_NONE: from the counts */
    Rule rule;          /* rule of the boards */
    int forced_size;    /* board size to use instead of the diagram's, 0 none */
    int finished;       /* diagrams finished so far */
} Run;

/* Finishes the open diagram and checks the result. */
static void finish(Run *run) {
    int size = run->forced_size ? run->forced_size : diagram_reader_size(run->r);
    if (size < BOARD_MIN || size > BOARD_MAX) size = BOARD_DEFAULT;
    Board *b = fuzz_board(size, run->rule, 0);
    ParseError err;
    memset(&err, 0x55, sizeof err);
    GmkStatus st = diagram_reader_finish(run->r, b, run->to_move, &err);
    run->finished++;
    FUZZ_CHECK(st == err.status, "status %d, err.status %d", (int)st, (int)err.status);
    FUZZ_CHECK(!diagram_reader_open(run->r), "reader still open after finish");
    FUZZ_CHECK(diagram_reader_size(run->r) == 0, "reader not emptied after finish");
    if (st != GMK_OK) {
        FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
        FUZZ_CHECK(fuzz_printable(err.msg), "message not printable: '%s'", err.msg);
        return;
    }
    FUZZ_CHECK(board_ok(b), "board_ok() after a diagram");
    FUZZ_CHECK(board_scan_winner(b) == board_winner(b), "winner %d, winning line of %d",
               (int)board_winner(b), (int)board_scan_winner(b));
    if (run->to_move != COLOR_NONE)
        FUZZ_CHECK(board_to_move(b) == run->to_move, "side to move not the one asked for");

    /* normal form round trip */
    static char buf[MOVES_MAX * 3 + 1];
    Board *c = fuzz_board(size, run->rule, 0);
    int n = notation_format_position(b, ORIGIN_BOTTOM, buf, sizeof buf);
    FUZZ_CHECK(n >= 0, "normal form does not fit");
    ParseError e;
    FUZZ_CHECK(notation_parse_position(c, buf, (size_t)n, ORIGIN_BOTTOM, &e) == GMK_OK,
               "normal form '%s' of a diagram does not parse: %s", buf, e.msg);
    FUZZ_CHECK(board_key(c) == board_key(b), "normal form '%s' is another position", buf);

    /* its own diagram reads back the same (with the side to move given) */
    static char dia[8192];
    DiagramStyle style = {ORIGIN_BOTTOM, true, false, NULL, NULL, 0};
    int dn = notation_format_diagram(b, &style, dia, sizeof dia);
    FUZZ_CHECK(dn > 0, "diagram does not fit");
    DiagramReader *r2 = diagram_reader_new();
    FUZZ_CHECK(r2 != NULL, "out of memory");
    size_t i = 0;
    while (i < (size_t)dn) {
        const char *nl = memchr(dia + i, '\n', (size_t)dn - i);
        size_t len = nl ? (size_t)(nl - (dia + i)) : (size_t)dn - i;
        if (diagram_reader_feed(r2, dia + i, len) != DIAGRAM_MORE) break;
        i += len + 1;
    }
    GmkStatus st2 = diagram_reader_finish(r2, c, board_to_move(b), &e);
    diagram_reader_free(r2);
    FUZZ_CHECK(st2 == GMK_OK, "own diagram does not read back: %s\n%s", e.msg, dia);
    FUZZ_CHECK(board_key(c) == board_key(b), "own diagram reads back as another position\n%s",
               dia);
}

/* Handles one input line the way cmd/cli.c does. */
static void feed_line(void *ctx, const char *line, size_t len) {
    Run *run = ctx;
    if (run->finished > 8) return; /* enough work for one input */
    if (diagram_reader_open(run->r)) {
        DiagramFeed f = diagram_reader_feed(run->r, line, len);
        if (f == DIAGRAM_MORE) return;
        finish(run);
        if (f == DIAGRAM_DONE) return;
    }
    if (diagram_line_starts(line, len)) {
        DiagramFeed f = diagram_reader_feed(run->r, line, len);
        FUZZ_CHECK(f == DIAGRAM_MORE, "a starting line was not taken (%d)", (int)f);
        FUZZ_CHECK(diagram_reader_open(run->r), "reader not open after its first line");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzInput in = {data, size};
    unsigned opt = fuzz_take_byte(&in);
    Run run = {diagram_reader_new(), COLOR_NONE, (Rule)(opt / 3 % 3), 0, 0};
    FUZZ_CHECK(run.r != NULL, "out of memory");
    if (opt % 3) run.to_move = opt % 3 == 1 ? COLOR_BLACK : COLOR_WHITE;
    if (opt / 9 % 2) run.forced_size = BOARD_MIN + (int)(opt / 18 % 14);
    fuzz_for_each_line((const char *)in.data, in.size, feed_line, &run);
    if (diagram_reader_open(run.r)) finish(&run);
    diagram_reader_free(run.r);
    return 0;
}
