/*
 * records.c — what every game record reader shares: the names of formats,
 * results and rules, format guessing, and the checks every record goes
 * through. The readers: records_text.c (one game a line, PlayOK PGN,
 * Piskvork psq), records_sgf.c (SGF and the RenjuNet XML database);
 * records_stream.c dispatches to them.
 *
 * Every reader works on the whole text in memory, collects one record's
 * tokens with their byte offsets, and hands them to rec_finish(), which plays
 * them on a BOARD_LIGHT board: an off-board point, a point played twice or a
 * move after a winning move makes the record malformed; it is reported with
 * the line of the offending token and skipped, and reading goes on.
 *
 * Results: a five on the board decides the winner whatever the record says
 * (a record that stops without a five keeps its stated result).
 */
#include "records.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- names ---------------------------------------------------------------- */

static const char *const FORMAT_NAMES[RECORD_FORMAT_NB] = {"auto", "moves", "pgn", "sgf",
                                                           "psq", "rif"};

const char *record_format_name(RecordFormat f) {
    return f >= 0 && f < RECORD_FORMAT_NB ? FORMAT_NAMES[f] : "?";
}

GmkStatus record_format_parse(const char *s, RecordFormat *out) {
    for (int f = 0; f < RECORD_FORMAT_NB; f++)
        if (strcmp(s, FORMAT_NAMES[f]) == 0) {
            *out = (RecordFormat)f;
            return GMK_OK;
        }
    if (strcmp(s, "xml") == 0) {
        *out = RECORD_RIF;
        return GMK_OK;
    }
    return GMK_ERR_ARG;
}

const char *game_result_name(GameResult r) {
    static const char *const names[RESULT_NB] = {"?", "black", "white", "draw"};
    return r >= 0 && r < RESULT_NB ? names[r] : "?";
}

/* Case-insensitive search for the NUL-terminated word w in s[0..len). */
static bool contains_word(const char *s, size_t len, const char *w) {
    size_t k = strlen(w);
    for (size_t i = 0; i + k <= len; i++)
        if (strncasecmp(s + i, w, k) == 0) return true;
    return false;
}

bool rec_rule_from_name(const char *s, size_t len, Rule *out) {
    static const char *const renju[] = {"renju", "rif", "soosyrv", "sosyrv", "taraguchi",
                                        "yamaguchi", "sakata", "tarannikov", "swap-5"};
    for (size_t i = 0; i < sizeof renju / sizeof renju[0]; i++)
        if (contains_word(s, len, renju[i])) {
            *out = RULE_RENJU;
            return true;
        }
    if (contains_word(s, len, "standard") || contains_word(s, len, "exact")) {
        *out = RULE_STANDARD;
        return true;
    }
    if (contains_word(s, len, "free") || contains_word(s, len, "gomoku") ||
        contains_word(s, len, "swap")) {
        *out = RULE_FREESTYLE;
        return true;
    }
    return false;
}

int rec_rule_from_code(const char *s, size_t len, Rule *out) {
    size_t i = 0;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    size_t d = i;
    long v = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9' && v < 1000) v = v * 10 + (s[i++] - '0');
    size_t e = i;
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) i++;
    if (e == d || i != len) return -1;    /* not a number */
    if (v > 15 || (v & 8)) return 0;      /* caro (8) and codes beyond Piskvork's bits */
    *out = v & 4 ? RULE_RENJU : v & 1 ? RULE_STANDARD : RULE_FREESTYLE; /* 2: continuous, no rule of its own */
    return 1;
}

/* ---- shared record machinery -------------------------------------------- */

long rec_line(RecordReader *rr, size_t ofs) {
    if (ofs > rr->len) ofs = rr->len;
    if (ofs < rr->line_ofs) {
        rr->line_ofs = 0;
        rr->line_no = rr->opt->first_line > 0 ? rr->opt->first_line : 1;
    }
    const char *p = rr->buf + rr->line_ofs, *end = rr->buf + ofs;
    while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        rr->line_no++;
        p++;
    }
    rr->line_ofs = ofs;
    return rr->line_no;
}

void rec_push(RecordReader *rr, Move m, size_t ofs) {
    if (rr->n >= MOVES_MAX) {
        rr->overflow = true;
        return;
    }
    rr->moves[rr->n] = m;
    rr->ofs[rr->n] = ofs;
    rr->n++;
}

void rec_error(RecordReader *rr, size_t ofs, GmkStatus st, const char *fmt, ...) {
    rr->records++;
    rr->n = 0;
    rr->overflow = false;
    if (!rr->sink->error) return;
    RecordError e;
    e.line = rec_line(rr, ofs);
    e.status = st;
    int k = snprintf(e.msg, sizeof e.msg, "record %d: ", rr->records);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.msg + k, sizeof e.msg - (size_t)k, fmt, ap);
    va_end(ap);
    rr->sink->error(rr->sink->ctx, &e);
}

/* The text of the token at ofs as written in the source (up to 15 bytes). */
static void token_text(const RecordReader *rr, size_t ofs, char *out) {
    int k = 0;
    while (ofs + (size_t)k < rr->len && k < 15) {
        unsigned char c = (unsigned char)rr->buf[ofs + (size_t)k];
        if (c <= ' ' || c >= 127) break;
        out[k++] = (char)c;
        if (c == ']') break;
    }
    out[k] = '\0';
}

/* A light board of this size and rule, made on first use. */
static Board *reader_board(RecordReader *rr, int size, Rule rule) {
    Board **slot = &rr->boards[rule][size];
    if (!*slot) {
        *slot = board_new_flags(size, rule, BOARD_LIGHT | BOARD_NOSYM);
        if (!*slot) rr->fatal = GMK_ERR_NOMEM;
    }
    return *slot;
}

/* Reports the game on b (already checked) to the sink. */
static void rec_report(RecordReader *rr, Board *b, size_t start, GameResult result,
                       int variation) {
    int n = board_ply(b);
    Color w = board_winner(b);
    if (w != COLOR_NONE) {
        GameResult five = w == COLOR_BLACK ? RESULT_BLACK : RESULT_WHITE;
        if (rr->strict_result && result != RESULT_UNKNOWN && result != five) {
            rec_error(rr, start, GMK_ERR_SYNTAX, "the result says %s but %s made five",
                      result == RESULT_DRAW ? "draw" : game_result_name(result),
                      game_result_name(five));
            return;
        }
        result = five;
    }
    GameRecord g = {rr->moves, n, board_size(b), board_rule(b), result, rec_line(rr, start),
                    variation, b};
    rr->records++;
    if (!rr->sink->game(rr->sink->ctx, &g)) rr->stop = true;
}

void rec_finish(RecordReader *rr, size_t start, int size, Rule rule, GameResult result,
                int variation) {
    int n = rr->n;
    if (rr->overflow) {
        rec_error(rr, start, GMK_ERR_TOO_LONG, "more than %d moves", MOVES_MAX);
        return;
    }
    Board *b = reader_board(rr, size, rule);
    if (!b) return;
    board_reset(b);
    for (int i = 0; i < n; i++) {
        Move m = rr->moves[i];
        char tok[16], pt[8];
        if (board_winner(b) != COLOR_NONE) {
            token_text(rr, rr->ofs[i], tok);
            rec_error(rr, rr->ofs[i], GMK_ERR_AFTER_WIN,
                      "move %d (%s) comes after the winning move %d", i + 1, tok, i);
            return;
        }
        GmkStatus st = m == MOVE_OFFBOARD ? GMK_ERR_OFFBOARD : board_play(b, m);
        if (st == GMK_OK) continue;
        token_text(rr, rr->ofs[i], tok);
        if (st == GMK_ERR_OCCUPIED) {
            int first = 0;
            while (first < i && rr->moves[first] != m) first++;
            notation_point_str(m, size, ORIGIN_BOTTOM, pt);
            if (strcasecmp(tok, pt) == 0)
                rec_error(rr, rr->ofs[i], st, "move %d (%s) is already occupied by move %d", i + 1,
                          tok, first + 1);
            else
                rec_error(rr, rr->ofs[i], st, "move %d (%s = %s) is already occupied by move %d",
                          i + 1, tok, pt, first + 1);
        } else if (st == GMK_ERR_OFFBOARD) {
            rec_error(rr, rr->ofs[i], st, "move %d (%s) is off the board (size %d)", i + 1, tok,
                      size);
        } else {
            rec_error(rr, rr->ofs[i], st, "move %d (%s): %s", i + 1, tok, gmk_strerror(st));
        }
        return;
    }
    rr->n = 0;
    rec_report(rr, b, start, result, variation);
}

/* ---- format guessing ------------------------------------------------------ */

RecordFormat records_guess(const char *buf, size_t len) {
    size_t i = 0;
    if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0) i = 3; /* UTF-8 BOM */
    while (i < len && isspace((unsigned char)buf[i])) i++;
    if (i == len) return RECORD_MOVES;
    const char *s = buf + i;
    size_t rest = len - i;
    if (s[0] == '(') return RECORD_SGF;
    if (s[0] == '<') return RECORD_RIF;
    if (rest >= 9 && strncasecmp(s, "Piskvork", 8) == 0) return RECORD_PSQ;
    if (s[0] == '[') return RECORD_PGN;
    if (rest >= 3 && s[0] == '1' && s[1] == '.' && (s[2] == ' ' || isalpha((unsigned char)s[2])))
        return RECORD_PGN;
    return RECORD_MOVES;
}
