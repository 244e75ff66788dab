/*
 * records_text.c — the line-based game record formats: one game a line (move
 * lists), PlayOK PGN and Piskvork psq. Each collects a record's tokens and
 * hands them to rec_finish() (records.c).
 */
#include "records.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
void records_read_moves(RecordReader *rr) {
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
        if (!moves_tokens(rr, s, flen, start)) continue;
        if (rr->n == 0) { /* "\t1-0": a result and no game (a binary file's "lines") */
            rec_error(rr, start, GMK_ERR_SYNTAX, "a game without moves");
            continue;
        }
        rec_finish(rr, start, o->size, o->rule, result, 0);
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
void records_read_pgn(RecordReader *rr) {
    const char *s = rr->buf;
    size_t len = rr->len, i = 0;
    const RecordOptions *o = rr->opt;
    while (i < len && !rr->stop && rr->fatal == GMK_OK) {
        i = skip_space(s, i, len);
        if (i >= len) break;
        size_t start = i;
        GameResult tag_result = RESULT_UNKNOWN;
        Rule rule = o->rule;
        bool rule_tag = false;  /* a Rule / Variant tag was read (it wins over Site) */
        int size = o->size;     /* a GameType tag's board size, else the default */
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
                rule_tag = true;
            } else if (strcasecmp(name, "Site") == 0 && strcasecmp(val, "PlayOK") == 0 && !rule_tag) {
                rule = RULE_STANDARD; /* PlayOK's gomoku: exactly five wins, an overline does not */
            } else if (strcasecmp(name, "GameType") == 0) { /* PlayOK: "61,15": game, board size */
                const char *comma = strchr(val, ',');
                long sz = comma ? strtol(comma + 1, NULL, 10) : 0;
                if (sz >= BOARD_MIN && sz <= BOARD_MAX) size = (int)sz;
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
                GmkStatus st = notation_parse_point(tok, size, ORIGIN_BOTTOM, &m, &used);
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
        if (!done) { /* every PGN game ends with its result: this one was cut short */
            rec_error(rr, rr->n > 0 ? rr->ofs[rr->n - 1] : start, GMK_ERR_SYNTAX,
                      "the move text ends without a result (1-0, 0-1, 1/2-1/2, *): a game cut short");
            continue;
        }
        result = pgn_seat_result(result, choice_slot, chose_black);
        rr->strict_result = true;
        rec_finish(rr, start, size, rule, result, 0);
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
void records_read_psq(RecordReader *rr) {
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
        /* after the moves: the programs' names, the end code, and in
         * Gomocup's files a rule line "CODE,DIVISION" ("0,Freestyle15_1";
         * codes 0 freestyle, 1 standard, 4 renju), up to the next header */
        Rule rule = rr->opt->rule;
        int code = -1;
        size_t code_at = i, code_len = 0;
        for (size_t k = i; k < len;) {
            nl = memchr(s + k, '\n', len - k);
            eol = nl ? (size_t)(nl - s) : len;
            if (eol - k >= 8 && strncasecmp(s + k, "Piskvork", 8) == 0) break;
            Rule r;
            const char *comma = memchr(s + k, ',', eol - k);
            size_t after = comma ? (size_t)(comma - s) + 1 : eol;
            while (after < eol && s[after] == ' ') after++;
            int c = comma && after < eol && isalpha((unsigned char)s[after])
                        ? rec_rule_from_code(s + k, (size_t)(comma - s) - k, &r) : -1;
            if (c >= 0) {
                code = c;
                code_at = k;
                code_len = eol - k;
                if (c > 0) rule = r;
            }
            k = eol + 1;
        }
        if (!size_ok) {
            rec_error(rr, start, GMK_ERR_SIZE, "board %ldx%ld: only square boards of %d..%d",
                      w, h, BOARD_MIN, BOARD_MAX);
            continue;
        }
        if (code == 0) {
            rec_error(rr, code_at, GMK_ERR_ARG, "rule code '%.*s' is not freestyle (0), standard (1) or renju (4)",
                      (int)(code_len < 8 ? code_len : 8), s + code_at);
            continue;
        }
        rec_finish(rr, start, size, rule, RESULT_UNKNOWN, 0);
    }
}
