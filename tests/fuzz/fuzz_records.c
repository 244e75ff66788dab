/*
 * fuzz_records — the game record readers, records_read(): moves lists, PGN,
 * SGF (main line and variations), Piskvork psq and RenjuNet/RIF XML, and
 * the format guess, on any bytes.
 *
 * Input: record text, then one option byte c (the last byte): format =
 * c % 6 (auto, moves, pgn, sgf, psq, rif); variations = c / 6 % 2; rule =
 * c / 12 % 3; default size 15, or 5 + c / 36 % 18 when c >= 144; origin top
 * when c is odd.
 * Every good record must hold legal tokens (points of its board, or passes)
 * that replay on a fresh board without error, a board (when given) in the
 * same position, a result in range and a line inside the text; every bad
 * record a line inside the text, an error status and a terminated message;
 * records_read itself returns GMK_OK, or GMK_ERR_FORMAT only for a guess.
 *
 * fuzz-seeds: files $SHARED/games/gomocup_sample.psq $SHARED/games/renju_sample_tree.sgf
 * fuzz-seeds: files $SHARED/games/renlib_tree_export.sgf $SHARED/games/2018_Yixin_vs_QiGuan_5games.sgf
 * fuzz-seeds: blocks $SHARED/games/runglathap.pgn.txt
 * fuzz-seeds: lines $SHARED/games/eva_movelists.txt
 */
#include <string.h>

#include "fuzzutil.h"

/* What the reader reported for one input. */
typedef struct {
    long lines;      /* lines in the text */
    int good, bad;   /* records reported */
} Seen;

static bool on_game(void *ctx, const GameRecord *g) {
    Seen *s = ctx;
    s->good++;
    FUZZ_CHECK(g->size >= BOARD_MIN && g->size <= BOARD_MAX, "record size %d", g->size);
    FUZZ_CHECK(g->rule >= 0 && g->rule < RULE_NB, "record rule %d", (int)g->rule);
    FUZZ_CHECK(g->result >= 0 && g->result < RESULT_NB, "record result %d", (int)g->result);
    FUZZ_CHECK(g->n >= 0 && g->n <= MOVES_MAX, "record of %d tokens", g->n);
    FUZZ_CHECK(g->line >= 1 && g->line <= s->lines, "record line %ld of %ld", g->line, s->lines);
    FUZZ_CHECK(g->variation >= 0, "variation %d", g->variation);
    Board *b = fuzz_board(g->size, g->rule, BOARD_LIGHT);
    board_reset(b);
    for (int i = 0; i < g->n; i++) {
        Move m = g->moves[i];
        FUZZ_CHECK(m == MOVE_PASS || point_on_board(m, g->size), "token %d is not a point", i);
        FUZZ_CHECK(board_winner(b) == COLOR_NONE, "token %d after a win", i);
        GmkStatus st = board_play(b, m);
        FUZZ_CHECK(st == GMK_OK, "token %d does not replay: %s", i, gmk_strerror(st));
    }
    if (board_winner(b) != COLOR_NONE)
        FUZZ_CHECK(g->result == (board_winner(b) == COLOR_BLACK ? RESULT_BLACK : RESULT_WHITE),
                   "a five for %d but result %d", (int)board_winner(b), (int)g->result);
    if (g->board) {
        FUZZ_CHECK(board_ply(g->board) == g->n, "board holds %d tokens of %d",
                   board_ply(g->board), g->n);
        FUZZ_CHECK(board_key(g->board) == board_key(b), "board is another position");
    }
    return true;
}

static void on_error(void *ctx, const RecordError *e) {
    Seen *s = ctx;
    s->bad++;
    FUZZ_CHECK(e->line >= 1 && e->line <= s->lines + 1, "error line %ld of %ld", e->line, s->lines);
    FUZZ_CHECK(e->status != GMK_OK && e->status < GMK_STATUS_NB, "error status %d", (int)e->status);
    FUZZ_CHECK(memchr(e->msg, '\0', sizeof e->msg) != NULL && e->msg[0], "error message");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzInput in = {data, size};
    unsigned opt = fuzz_take_byte(&in);
    RecordOptions o;
    memset(&o, 0, sizeof o);
    o.format = (RecordFormat)(opt % 6);
    o.variations = opt / 6 % 2;
    o.rule = (Rule)(opt / 12 % 3);
    o.size = opt >= 144 ? BOARD_MIN + (int)(opt / 36 % 18) : BOARD_DEFAULT;
    o.origin = opt & 1 ? ORIGIN_TOP : ORIGIN_BOTTOM;
    o.first_line = 1;
    Seen seen = {1, 0, 0};
    for (size_t i = 0; i < in.size; i++) seen.lines += in.data[i] == '\n';
    RecordSink sink = {on_game, on_error, &seen};
    GmkStatus st = records_read((const char *)in.data, in.size, &o, &sink);
    FUZZ_CHECK(st == GMK_OK || (st == GMK_ERR_FORMAT && o.format == RECORD_AUTO),
               "records_read: %s (format %d)", gmk_strerror(st), (int)o.format);
    RecordFormat g = records_guess((const char *)in.data, in.size);
    FUZZ_CHECK(g >= RECORD_AUTO && g < RECORD_FORMAT_NB, "guess %d", (int)g);
    return 0;
}
