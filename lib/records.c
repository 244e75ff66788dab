/*
 * records.c — game record readers: dispatch and format guessing, the checks
 * every record goes through, and the line-based formats (one game a line,
 * PlayOK PGN, Piskvork psq). SGF and the RenjuNet XML database are in
 * records_sgf.c.
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

/* ---- one game a line ------------------------------------------------------ */

/* Parses a result word (first word of the field after the position). */
static bool parse_result_word(const char *s, size_t len, GameResult *out) {
    static const struct { const char *w; GameResult r; } words[] = {
        {"1-0", RESULT_BLACK}, {"black", RESULT_BLACK}, {"b", RESULT_BLACK}, {"b+", RESULT_BLACK},
        {"0-1", RESULT_WHITE}, {"white", RESULT_WHITE}, {"w", RESULT_WHITE}, {"w+", RESULT_WHITE},
        {"1/2-1/2", RESULT_DRAW}, {"0.5-0.5", RESULT_DRAW}, {"draw", RESULT_DRAW},
        {"d", RESULT_DRAW}, {"=", RESULT_DRAW}, {"?", RESULT_UNKNOWN}, {"*", RESULT_UNKNOWN},
        {"-", RESULT_UNKNOWN}, {"unknown", RESULT_UNKNOWN},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].w) == len && strncasecmp(s, words[i].w, len) == 0) {
            *out = words[i].r;
            return true;
        }
    return false;
}

/* Splits an INTERFACE position (len bytes at s, at offset start) into
 * tokens: coordinates, "--" passes, separators ' ' and ','. False on a bad
 * token (reported). */
static bool moves_tokens(RecordReader *rr, const char *s, size_t len, size_t start) {
    int size = rr->opt->size;
    Origin origin = rr->opt->origin;
    size_t i = 0;
    while (i < len) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == ' ' || ch == ',' || ch == '\r') {
            i++;
            continue;
        }
        if (ch == '-' && i + 1 < len && s[i + 1] == '-') {
            rec_push(rr, MOVE_PASS, start + i);
            i += 2;
            continue;
        }
        char buf[4] = {0};
        for (int k = 0; k < 3 && i + (size_t)k < len; k++) buf[k] = s[i + (size_t)k];
        Move m;
        int used;
        GmkStatus st = notation_parse_point(buf, size, origin, &m, &used);
        if (st == GMK_ERR_SYNTAX) {
            size_t k = 0;
            while (i + k < len && k < 12 && s[i + k] != ' ' && s[i + k] != ',') k++;
            if (k == 0) k = 1;
            rec_error(rr, start + i, st, "bad coordinate '%.*s'", (int)k, s + i);
            return false;
        }
        rec_push(rr, st == GMK_OK ? m : MOVE_OFFBOARD, start + i);
        i += (size_t)used;
    }
    return true;
}

/* One game a line: an INTERFACE position, then optionally TAB and a result. */
static void read_moves(RecordReader *rr) {
    const RecordOptions *o = rr->opt;
    size_t pos = 0;
    while (pos < rr->len && !rr->stop && rr->fatal == GMK_OK) {
        const char *s = rr->buf + pos;
        const char *nl = memchr(s, '\n', rr->len - pos);
        size_t len = nl ? (size_t)(nl - s) : rr->len - pos;
        size_t start = pos;
        pos += len + (nl ? 1 : 0);
        if (len && s[len - 1] == '\r') len--;
        size_t i = 0;
        while (i < len && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i == len || s[i] == '#') continue;
        const char *tab = memchr(s, '\t', len);
        size_t flen = tab ? (size_t)(tab - s) : len;
        GameResult result = RESULT_UNKNOWN;
        if (tab) {
            const char *r = tab + 1, *end = s + len;
            while (r < end && *r == ' ') r++;
            const char *e = r;
            while (e < end && *e != ' ' && *e != '\t') e++;
            if (e > r && !parse_result_word(r, (size_t)(e - r), &result)) {
                rec_error(rr, (size_t)(r - rr->buf), GMK_ERR_SYNTAX,
                          "'%.*s' is not a result (1-0, 0-1, 1/2-1/2, black, white, draw, ?)",
                          (int)(e - r > 20 ? 20 : e - r), r);
                continue;
            }
        }
        if (moves_tokens(rr, s, flen, start)) rec_finish(rr, start, o->size, o->rule, result, 0);
    }
}

/* ---- PlayOK PGN ---------------------------------------------------------- */

/* Skips blanks; returns the new offset. */
static size_t skip_space(const char *s, size_t i, size_t len) {
    while (i < len && isspace((unsigned char)s[i])) i++;
    return i;
}

/* Reads a tag pair "[Name "value"]" at i; fills name/value (NUL-terminated,
 * truncated) and returns the offset after it, or 0 if malformed. */
static size_t pgn_tag(const char *s, size_t i, size_t len, char *name, size_t ncap, char *val,
                      size_t vcap) {
    size_t k = 0;
    i++; /* '[' */
    i = skip_space(s, i, len);
    while (i < len && (isalnum((unsigned char)s[i]) || s[i] == '_')) {
        if (k + 1 < ncap) name[k++] = s[i];
        i++;
    }
    name[k] = '\0';
    i = skip_space(s, i, len);
    if (i >= len || s[i] != '"') return 0;
    i++;
    k = 0;
    while (i < len && s[i] != '"' && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < len) i++;
        if (k + 1 < vcap) val[k++] = s[i];
        i++;
    }
    val[k] = '\0';
    if (i >= len || s[i] != '"') return 0;
    i = skip_space(s, i + 1, len);
    if (i >= len || s[i] != ']') return 0;
    return i + 1;
}

/* A PlayOK result names seats (1-0: the player of the Black tag won), not
 * colours: after a swap colour choice the Black tag's player may hold the
 * white stones. choice_slot is the seat token (0-based; even = the Black
 * tag's seat) that chose, chose_black what it chose; -1: no choice. Returns
 * the result as the colour that won. */
static GameResult pgn_seat_result(GameResult r, int choice_slot, bool chose_black) {
    if (choice_slot < 0 || (r != RESULT_BLACK && r != RESULT_WHITE)) return r;
    bool first_seat_black = (choice_slot % 2 == 0) == chose_black;
    if (first_seat_black) return r;
    return r == RESULT_BLACK ? RESULT_WHITE : RESULT_BLACK;
}

/* PGN (PlayOK): tag pairs, then move text up to a result token. The move
 * text alternates between the two seats. In swap openings a seat's token
 * may be a colour choice ("black"/"white", after 3 stones or after 5) with
 * "--" seat fillers beside it; those are not moves: the stones go on
 * alternating black, white. Any other "--" is a pass. The result is mapped
 * from seats to colours (pgn_seat_result), and a record whose result then
 * contradicts the five on the board is malformed. */
static void read_pgn(RecordReader *rr) {
    const char *s = rr->buf;
    size_t len = rr->len, i = 0;
    const RecordOptions *o = rr->opt;
    while (i < len && !rr->stop && rr->fatal == GMK_OK) {
        i = skip_space(s, i, len);
        if (i >= len) break;
        size_t start = i;
        GameResult tag_result = RESULT_UNKNOWN;
        Rule rule = o->rule;
        char rule_bad[40] = ""; /* a Rule / Variant tag naming no rule gmk knows */
        size_t rule_bad_at = 0;
        /* tag section */
        while (i < len && s[i] == '[') {
            char name[32], val[128];
            size_t next = pgn_tag(s, i, len, name, sizeof name, val, sizeof val);
            if (!next) {
                const char *nl = memchr(s + i, '\n', len - i);
                rec_error(rr, i, GMK_ERR_SYNTAX, "malformed tag pair");
                i = nl ? (size_t)(nl - s) + 1 : len;
                goto next_game;
            }
            if (strcasecmp(name, "Result") == 0) {
                parse_result_word(val, strlen(val), &tag_result);
            } else if (strcasecmp(name, "Rule") == 0 || strcasecmp(name, "Variant") == 0) {
                if (!rec_rule_from_name(val, strlen(val), &rule)) {
                    snprintf(rule_bad, sizeof rule_bad, "%.32s", val);
                    rule_bad_at = i;
                }
            }
            i = skip_space(s, next, len);
        }
        /* move text: tokens alternate between the seats (the Black and White
         * tags); a colour choice and the "--" next to it are seat moves, not
         * stones (see pgn_choice) */
        bool done = false, bad = false;
        GameResult result = tag_result;
        int slot = 0;              /* seat tokens so far: even = the Black tag's seat */
        int choice_slot = -1;      /* slot of the colour choice; -1: none */
        bool chose_black = false;  /* the choice was "black" */
        bool filler_next = false;  /* a "--" right after the choice is a filler */
        int last_pass_slot = -1;   /* slot of the last "--" pushed as a pass */
        while (i < len && !done) {
            i = skip_space(s, i, len);
            if (i >= len || s[i] == '[') break;
            size_t t = i;
            if (s[i] == '{') { /* comment */
                const char *e = memchr(s + i, '}', len - i);
                i = e ? (size_t)(e - s) + 1 : len;
                continue;
            }
            if (s[i] == ';') {
                const char *e = memchr(s + i, '\n', len - i);
                i = e ? (size_t)(e - s) + 1 : len;
                continue;
            }
            while (i < len && !isspace((unsigned char)s[i]) && s[i] != '{' && s[i] != '[') i++;
            size_t k = i - t;
            const char *w = s + t;
            GameResult r;
            if (k >= 2 && isdigit((unsigned char)w[0]) && w[k - 1] == '.') {
                continue; /* move number "12." or "12..." */
            }
            if (isdigit((unsigned char)w[0])) { /* "12.h8" */
                size_t d = 0;
                while (d < k && isdigit((unsigned char)w[d])) d++;
                if (d < k && w[d] == '.') {
                    while (d < k && w[d] == '.') d++;
                    i = t + d;
                    continue;
                }
            }
            bool filler = filler_next;
            filler_next = false;
            slot++;
            if (k == 2 && w[0] == '-' && w[1] == '-') {
                if (!filler) {
                    rec_push(rr, MOVE_PASS, t);
                    last_pass_slot = slot;
                }
            } else if (k == 5 &&
                       (strncasecmp(w, "black", 5) == 0 || strncasecmp(w, "white", 5) == 0)) {
                /* swap colour choice: not a move, and neither is a "--" beside it */
                if (last_pass_slot == slot - 1 && rr->n > 0 && rr->moves[rr->n - 1] == MOVE_PASS)
                    rr->n--;
                choice_slot = slot - 1;
                chose_black = tolower((unsigned char)w[0]) == 'b';
                filler_next = true;
            } else if ((k > 1 || w[0] == '*') && parse_result_word(w, k, &r)) {
                result = r;
                done = true;
            } else {
                Move m;
                int used;
                char tok[4] = {0};
                memcpy(tok, w, k < 3 ? k : 3);
                GmkStatus st = notation_parse_point(tok, o->size, ORIGIN_BOTTOM, &m, &used);
                if (st == GMK_ERR_OFFBOARD && (size_t)used == k) rec_push(rr, MOVE_OFFBOARD, t);
                else if (st == GMK_OK && (size_t)used == k) rec_push(rr, m, t);
                else {
                    rec_error(rr, t, GMK_ERR_SYNTAX, "bad token '%.*s'", (int)(k > 20 ? 20 : k), w);
                    bad = true;
                    break;
                }
            }
        }
        if (bad) { /* skip to the next tag section */
            while (i < len) {
                const char *nl = memchr(s + i, '\n', len - i);
                i = nl ? (size_t)(nl - s) + 1 : len;
                if (i < len && s[i] == '[') break;
            }
            continue;
        }
        if (rr->n == 0 && !done) {
            if (i > start) rec_error(rr, start, GMK_ERR_SYNTAX, "a game without moves");
            continue;
        }
        if (rule_bad[0]) { /* not read as freestyle: a record states its rule */
            rec_error(rr, rule_bad_at, GMK_ERR_ARG, "rule '%s' is not freestyle, standard or renju", rule_bad);
            continue;
        }
        result = pgn_seat_result(result, choice_slot, chose_black);
        rr->strict_result = true;
        rec_finish(rr, start, o->size, rule, result, 0);
        rr->strict_result = false;
    next_game:;
    }
}

/* ---- Piskvork psq ------------------------------------------------------- */

/* Parses a decimal number at s[*i]; false if none. */
static bool read_int(const char *s, size_t *i, size_t len, long *out) {
    size_t j = *i;
    bool neg = j < len && s[j] == '-';
    if (neg) j++;
    long v = 0;
    size_t d = j;
    while (j < len && isdigit((unsigned char)s[j]) && v < 100000000) v = v * 10 + (s[j++] - '0');
    if (j == d) return false;
    *i = j;
    *out = neg ? -v : v;
    return true;
}

/* psq: "Piskvorky WxH, ..." then "x,y[,ms]" lines (1-based, rows from the
 * top) up to the first other line (program names, end code). */
static void read_psq(RecordReader *rr) {
    const char *s = rr->buf;
    size_t len = rr->len, i = 0;
    while (i < len && !rr->stop && rr->fatal == GMK_OK) {
        const char *nl = memchr(s + i, '\n', len - i);
        size_t eol = nl ? (size_t)(nl - s) : len;
        size_t start = i;
        if (!(eol - i >= 9 && strncasecmp(s + i, "Piskvork", 8) == 0)) {
            i = eol + 1; /* names and codes after a game */
            continue;
        }
        size_t j = i;
        while (j < eol && !isdigit((unsigned char)s[j])) j++;
        long w = 0, h = 0;
        if (!read_int(s, &j, eol, &w) || j >= eol || (s[j] != 'x' && s[j] != 'X') ||
            (j++, !read_int(s, &j, eol, &h))) {
            rec_error(rr, i, GMK_ERR_SYNTAX, "psq header without a board size");
            i = eol + 1;
            continue;
        }
        bool size_ok = w == h && w >= BOARD_MIN && w <= BOARD_MAX;
        int size = size_ok ? (int)w : rr->opt->size;
        i = eol + 1;
        while (i < len) {
            nl = memchr(s + i, '\n', len - i);
            eol = nl ? (size_t)(nl - s) : len;
            size_t k = i;
            long x, y;
            while (k < eol && s[k] == ' ') k++;
            if (!read_int(s, &k, eol, &x) || k >= eol || s[k] != ',' || (k++, !read_int(s, &k, eol, &y)))
                break;
            if (x < 1 || x > size || y < 1 || y > size) rec_push(rr, MOVE_OFFBOARD, i);
            else rec_push(rr, point_make((int)x - 1, size - (int)y), i);
            i = eol + 1;
        }
        if (!size_ok) {
            rec_error(rr, start, GMK_ERR_SIZE, "board %ldx%ld: only square boards of %d..%d",
                      w, h, BOARD_MIN, BOARD_MAX);
            continue;
        }
        rec_finish(rr, start, size, rr->opt->rule, RESULT_UNKNOWN, 0);
    }
}

/* ---- dispatch ------------------------------------------------------------- */

GmkStatus records_read(const char *buf, size_t len, const RecordOptions *opt,
                       const RecordSink *sink) {
    RecordOptions o = opt ? *opt : (RecordOptions){0};
    if (o.size == 0) o.size = BOARD_DEFAULT;
    if (o.size < BOARD_MIN || o.size > BOARD_MAX || o.rule < 0 || o.rule >= RULE_NB)
        return GMK_ERR_ARG;
    if (o.format == RECORD_AUTO) o.format = records_guess(buf, len);
    if (o.format <= RECORD_AUTO || o.format >= RECORD_FORMAT_NB) return GMK_ERR_FORMAT;
    RecordReader *rr = calloc(1, sizeof *rr);
    if (!rr) return GMK_ERR_NOMEM;
    rr->buf = buf;
    rr->len = len;
    rr->opt = &o;
    rr->sink = sink;
    rr->line_no = o.first_line > 0 ? o.first_line : 1;
    rr->records = o.first_record > 0 && o.first_record < INT_MAX ? (int)o.first_record : 0;
    switch (o.format) {
    case RECORD_MOVES: read_moves(rr); break;
    case RECORD_PGN: read_pgn(rr); break;
    case RECORD_PSQ: read_psq(rr); break;
    case RECORD_SGF: records_read_sgf(rr); break;
    case RECORD_RIF: records_read_rif(rr); break;
    default: break;
    }
    GmkStatus st = rr->fatal;
    for (int r = 0; r < RULE_NB; r++)
        for (int s = 0; s <= BOARD_MAX; s++) board_free(rr->boards[r][s]);
    free(rr);
    return st;
}
