/*
 * notation.c — coordinates, position lines and board diagrams (INTERFACE.md).
 *
 * Coordinates: column letter a..v from the left, row number from the bottom
 * (ORIGIN_BOTTOM, renju notation) or from the top (ORIGIN_TOP). Positions:
 * moves from the empty board, black first, separators (spaces, commas)
 * optional, "--" a pass.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "gmk_notation.h"

/* ---- coordinates -------------------------------------------------------- */

GmkStatus notation_parse_point(const char *s, int size, Origin origin, Move *out, int *len) {
    int c = tolower((unsigned char)s[0]);
    *len = 0;
    if (c < 'a' || c > 'z') return GMK_ERR_SYNTAX;
    int i = 1, row = 0;
    while (i < 3 && isdigit((unsigned char)s[i])) row = row * 10 + (s[i++] - '0');
    if (i == 1) return GMK_ERR_SYNTAX;
    *len = i;
    int x = c - 'a';
    if (x >= size || row < 1 || row > size) return GMK_ERR_OFFBOARD;
    int y = origin == ORIGIN_TOP ? size - row : row - 1;
    *out = point_make(x, y);
    return GMK_OK;
}

char *notation_point_str(Move p, int size, Origin origin, char *buf) {
    if (p == MOVE_PASS || p == MOVE_NONE) {
        strcpy(buf, "--");
        return buf;
    }
    int y = point_y(p);
    int row = origin == ORIGIN_TOP ? size - y : y + 1;
    snprintf(buf, 5, "%c%d", 'a' + point_x(p), row % 100);
    return buf;
}

/* ---- positions ---------------------------------------------------------- */

static GmkStatus parse_fail(ParseError *err, GmkStatus st, int column, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Fills err (if any) and returns st. */
static GmkStatus parse_fail(ParseError *err, GmkStatus st, int column, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->status = st;
        err->column = column;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* Plays one parsed token on b with the position-level checks. */
static GmkStatus play_checked(Board *b, Move p, int column, const char *tok, ParseError *err) {
    if (b->ply > 0 && b->winner != COLOR_NONE)
        return parse_fail(err, GMK_ERR_AFTER_WIN, column, "%s comes after the winning move (move %d)",
                          tok, b->ply);
    GmkStatus st = board_play(b, p);
    switch (st) {
    case GMK_OK: return GMK_OK;
    case GMK_ERR_OCCUPIED:
        return parse_fail(err, st, column, "%s is already occupied (move %d)", tok, b->ply + 1);
    case GMK_ERR_TOO_LONG:
        return parse_fail(err, st, column, "more than %d moves", MOVES_MAX);
    default: return parse_fail(err, st, column, "cannot play %s (move %d)", tok, b->ply + 1);
    }
}

GmkStatus notation_parse_position(Board *b, const char *s, size_t len, Origin origin,
                                  ParseError *err) {
    board_reset(b);
    if (err) {
        err->status = GMK_OK;
        err->column = 0;
        err->msg[0] = '\0';
    }
    size_t i = 0, a = 0, z = len;
    while (a < z && (s[a] == ' ' || s[a] == '\r')) a++;
    while (z > a && (s[z - 1] == ' ' || s[z - 1] == '\r')) z--;
    if (z == a + 1 && s[a] == '-') return GMK_OK; /* "-": the empty board */
    while (i < len) {
        unsigned char ch = (unsigned char)s[i];
        if (ch == ' ' || ch == ',' || ch == '\r') {
            i++;
            continue;
        }
        int column = (int)i + 1;
        char tok[8];
        Move p;
        if (ch == '-') {
            if (i + 1 >= len || s[i + 1] != '-')
                return parse_fail(err, GMK_ERR_SYNTAX, column, "bad token '-'");
            i += 2;
            p = MOVE_PASS;
            strcpy(tok, "--");
        } else {
            int n;
            /* copy at most a few bytes so that the parser never reads past len */
            char buf[4] = {0};
            for (int k = 0; k < 3 && i + (size_t)k < len; k++) buf[k] = s[i + k];
            GmkStatus st = notation_parse_point(buf, b->size, origin, &p, &n);
            if (st == GMK_ERR_SYNTAX) {
                char bad[16];
                int k = 0;
                while (i + (size_t)k < len && k < 12 && s[i + k] != ' ' && s[i + k] != ',' &&
                       (unsigned char)s[i + k] >= 32 && (unsigned char)s[i + k] < 127) {
                    bad[k] = s[i + k];
                    k++;
                }
                bad[k] = '\0';
                if (k == 0) snprintf(bad, sizeof bad, "\\x%02x", ch);
                return parse_fail(err, st, column, "bad coordinate '%s'", bad);
            }
            for (int k = 0; k < n; k++) tok[k] = (char)tolower((unsigned char)s[i + k]);
            tok[n] = '\0';
            if (st == GMK_ERR_OFFBOARD)
                return parse_fail(err, st, column, "%s is off the board (size %d)", tok, b->size);
            i += (size_t)n;
        }
        GmkStatus st = play_checked(b, p, column, tok, err);
        if (st != GMK_OK) return st;
    }
    return GMK_OK;
}

int notation_format_position(const Board *b, Origin origin, char *buf, size_t cap) {
    size_t n = 0;
    char tok[8];
    for (int i = 0; i < b->ply; i++) {
        notation_point_str(b->hist[i], b->size, origin, tok);
        size_t k = strlen(tok);
        if (n + k + 1 > cap) return -1;
        memcpy(buf + n, tok, k);
        n += k;
    }
    if (n + 1 > cap) return -1;
    buf[n] = '\0';
    return (int)n;
}

/* ---- diagrams ----------------------------------------------------------- */

#define DIAGRAM_CELL_CHARS ".xXoO*+ABCDEFGHI" /* and move numbers 1..MOVES_MAX */
#define DIAGRAM_NUMBER '#'                     /* a cell holding a move number */

struct DiagramReader {
    int rows;                          /* rows taken */
    int width;                         /* cells per row, 0 before the first */
    int header_width;                  /* letters of the column-letter line, 0 if none */
    bool header;                       /* a column-letter line was seen */
    char cell[BOARD_MAX][BOARD_MAX];   /* rows as read, top row first; DIAGRAM_NUMBER: a number */
    uint16_t num[BOARD_MAX][BOARD_MAX]; /* the move number of a DIAGRAM_NUMBER cell */
    bool bad;                          /* a row was malformed */
    char why[96];                      /* the reason if bad */
};

DiagramReader *diagram_reader_new(void) { return calloc(1, sizeof(DiagramReader)); }
void diagram_reader_free(DiagramReader *r) { free(r); }
bool diagram_reader_open(const DiagramReader *r) { return r->rows > 0 || r->header; }
int diagram_reader_size(const DiagramReader *r) { return r->width; }

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Is s a line of column letters a, b, c, ... (at least BOARD_MIN)? Returns
 * their count, or 0. */
static int column_header(const char *s, size_t len) {
    int want = 0;
    for (size_t i = 0; i < len; i++) {
        if (is_space(s[i])) continue;
        if (tolower((unsigned char)s[i]) != 'a' + want) return 0;
        want++;
    }
    return want >= BOARD_MIN && want <= BOARD_MAX ? want : 0;
}

/* One token of a diagram row: a character, or a run of digits (a move
 * number or a row label). */
typedef struct {
    char ch;          /* the character; DIAGRAM_NUMBER for digits */
    int num;          /* the number (digits), -1 if longer than 4 digits */
    int digits;       /* how many digits */
    bool spaced;      /* a space (or the line's edge) on both sides */
} RowToken;

#define ROW_TOKENS_MAX (BOARD_MAX + 3)

/* What a line says as a diagram row. */
typedef struct {
    int n;                              /* cells, labels dropped */
    RowToken cell[ROW_TOKENS_MAX];
    int bad;                            /* cells that are no diagram character */
    int first_bad;                      /* index of the first of them */
    bool dots;                          /* some cell is '.' */
    bool coordinate;                    /* a letter is followed by a digit, as in "o1" */
} RowScan;

/* Splits a line into row tokens (at most ROW_TOKENS_MAX; false if more). */
static bool row_tokens(const char *s, size_t len, RowToken *t, int *count, bool *coordinate) {
    int n = 0;
    *coordinate = false;
    for (size_t i = 0; i < len;) {
        if (is_space(s[i])) {
            i++;
            continue;
        }
        if (n == ROW_TOKENS_MAX) return false;
        bool before = i == 0 || is_space(s[i - 1]);
        size_t j = i;
        RowToken k = {s[i], 0, 0, false};
        if (isdigit((unsigned char)s[i])) {
            k.ch = DIAGRAM_NUMBER;
            while (j < len && isdigit((unsigned char)s[j])) {
                if (k.num >= 0) k.num = k.num * 10 + (s[j] - '0');
                if (++k.digits > 4) k.num = -1;
                j++;
            }
            if (i > 0 && isalpha((unsigned char)s[i - 1])) *coordinate = true;
        } else {
            j = i + 1;
        }
        k.spaced = before && (j == len || is_space(s[j]));
        t[n++] = k;
        i = j;
    }
    *count = n;
    return true;
}

/* Is the token a row label: one or two digits standing alone? */
static bool is_label(const RowToken *t) { return t->ch == DIAGRAM_NUMBER && t->digits <= 2 && t->spaced; }

/* Reads a line as a diagram row of `want` cells (0: not known yet): drops
 * the row labels (numbers) at either end when that leaves the cells wanted,
 * or, not knowing, when they stand alone (both or neither when they differ
 * on a labelled board: the labels the tools print are equal). Returns false
 * if the line is not made of row tokens at all. */
static bool row_scan(const char *s, size_t len, int want, RowScan *rs) {
    RowToken t[ROW_TOKENS_MAX];
    int n;
    memset(rs, 0, sizeof *rs);
    if (!row_tokens(s, len, t, &n, &rs->coordinate) || n == 0) return false;
    bool lead = n > 1 && is_label(&t[0]), trail = n > 1 && is_label(&t[n - 1]);
    int a = 0, z = n;
    static const int tries[4][2] = {{1, 1}, {1, 0}, {0, 1}, {0, 0}};
    bool chosen = false;
    if (want > 0)
        for (int i = 0; i < 4 && !chosen; i++) {
            if ((tries[i][0] && !lead) || (tries[i][1] && !trail)) continue;
            if (n - tries[i][0] - tries[i][1] == want) {
                a = tries[i][0];
                z = n - tries[i][1];
                chosen = true;
            }
        }
    if (!chosen) {
        a = lead ? 1 : 0;
        z = trail && n - a > 1 ? n - 1 : n;
    }
    for (int i = a; i < z; i++) {
        RowToken k = t[i];
        bool ok = k.ch == DIAGRAM_NUMBER ? k.num >= 1 && k.num <= MOVES_MAX
                                         : strchr(DIAGRAM_CELL_CHARS, k.ch) != NULL;
        if (!ok && !rs->bad++) rs->first_bad = rs->n;
        rs->dots |= k.ch == '.';
        rs->cell[rs->n++] = k;
    }
    return true;
}

/* Is the scanned line a diagram row: every cell a diagram character, or
 * (a row with a typo) dots among few bad cells; never a move list ("o1"). */
static bool row_is_diagram(const RowScan *rs) {
    if (rs->coordinate || rs->n < BOARD_MIN || rs->n > BOARD_MAX) return false;
    if (!rs->bad) return true;
    return rs->dots && rs->bad <= (rs->n / 4 > 1 ? rs->n / 4 : 1);
}

bool diagram_line_starts(const char *s, size_t len) {
    RowScan rs;
    return column_header(s, len) || (row_scan(s, len, 0, &rs) && row_is_diagram(&rs));
}

/* A byte for a message: itself if printable, else \xNN. */
static const char *char_shown(char c, char buf[8]) {
    if (c > ' ' && c < 0x7f) snprintf(buf, 8, "%c", c);
    else snprintf(buf, 8, "\\x%02x", (unsigned char)c);
    return buf;
}

DiagramFeed diagram_reader_feed(DiagramReader *r, const char *s, size_t len) {
    size_t i = 0;
    while (i < len && is_space(s[i])) i++;
    if (i == len) return diagram_reader_open(r) ? DIAGRAM_DONE : DIAGRAM_NOT;
    int letters = column_header(s, len);
    if (letters) {
        if (r->rows > 0) return DIAGRAM_DONE; /* footer */
        r->header = true;
        r->header_width = letters;
        return DIAGRAM_MORE;
    }
    RowScan rs;
    int want = r->rows ? r->width : r->header_width;
    if (!row_scan(s, len, want, &rs) || !row_is_diagram(&rs)) return DIAGRAM_NOT;
    int n = rs.n;
    if (r->rows == 0) r->width = n;
    if (rs.bad && !r->bad) {
        char shown[8];
        const RowToken *k = &rs.cell[rs.first_bad];
        r->bad = true;
        if (k->ch == DIAGRAM_NUMBER)
            snprintf(r->why, sizeof r->why, "diagram row %d, column %c: %d is not a move number (1..%d)",
                     r->rows + 1, 'a' + rs.first_bad, k->num, MOVES_MAX);
        else
            snprintf(r->why, sizeof r->why, "diagram row %d, column %c: '%s' is not a diagram character",
                     r->rows + 1, 'a' + rs.first_bad, char_shown(k->ch, shown));
    }
    if (n != r->width && !r->bad) {
        r->bad = true;
        snprintf(r->why, sizeof r->why, "diagram row %d has %d cells, the first row has %d",
                 r->rows + 1, n, r->width);
    }
    if (r->rows >= BOARD_MAX) {
        if (!r->bad) {
            r->bad = true;
            snprintf(r->why, sizeof r->why, "diagram has more than %d rows", BOARD_MAX);
        }
        return DIAGRAM_MORE;
    }
    for (int x = 0; x < n && x < r->width; x++) {
        r->cell[r->rows][x] = rs.cell[x].ch;
        r->num[r->rows][x] = (uint16_t)(rs.cell[x].num > 0 ? rs.cell[x].num : 0);
    }
    r->rows++;
    return DIAGRAM_MORE;
}

/* Plays a numbered diagram (cells of r, n x n, move numbers and no x / o
 * stones): move k on ply k, black on odd numbers, a pass for each number
 * missing, and one more when to_move says the other side. */
static GmkStatus play_numbered(DiagramReader *r, int n, Board *b, Color to_move, ParseError *err) {
    static Move at[MOVES_MAX + 2];
    int last = 0;
    for (int k = 0; k <= MOVES_MAX + 1; k++) at[k] = MOVE_PASS;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            if (r->cell[n - 1 - y][x] != DIAGRAM_NUMBER) continue;
            int k = r->num[n - 1 - y][x];
            Move p = point_make(x, y);
            if (at[k] != MOVE_PASS) {
                char t1[8], t2[8];
                notation_point_str(at[k], n, ORIGIN_BOTTOM, t1);
                notation_point_str(p, n, ORIGIN_BOTTOM, t2);
                return parse_fail(err, GMK_ERR_SYNTAX, 0, "move number %d is on both %s and %s", k, t1, t2);
            }
            at[k] = p;
            if (k > last) last = k;
        }
    if (to_move != COLOR_NONE && (last & 1) != (int)to_move) last++;
    for (int k = 1; k <= last; k++) {
        char tok[8];
        notation_point_str(at[k], n, ORIGIN_BOTTOM, tok);
        GmkStatus st = play_checked(b, at[k], 0, tok, err);
        if (st != GMK_OK) return st;
    }
    return GMK_OK;
}

/* Does colour c have a winning line on grid (cells as in Board) under rule,
 * with the stone at skip left out? */
static bool grid_has_win(uint8_t *grid, Rule rule, Color c, Move skip) {
    uint8_t saved = grid[skip];
    grid[skip] = CELL_EMPTY;
    bool won = false;
    for (int p = 0; p < BOARD_CELLS && !won; p++) {
        if (grid[p] != c + 1) continue;
        for (int d = 0; d < DIR_NB && !won; d++) {
            int step = DIR_STEP[d], run = 1;
            if (grid[p - step] == c + 1) continue; /* not the start of its run */
            while (grid[p + run * step] == c + 1) run++;
            won = run == 5 || (run > 5 && !rule_exact(rule, c));
        }
    }
    grid[skip] = saved;
    return won;
}

/* Would taking the stone at p off grid leave colour c a winning line through
 * p's lines (a run of exactly five where five must be exact)? */
static bool removal_makes_win(const uint8_t *grid, Rule rule, Color c, Move p) {
    for (int d = 0; d < DIR_NB; d++) {
        int step = DIR_STEP[d], left = 0, right = 0;
        while (grid[p - (left + 1) * step] == c + 1) left++;
        while (grid[p + (right + 1) * step] == c + 1) right++;
        if (left == 5 || right == 5 || ((left > 5 || right > 5) && !rule_exact(rule, c)))
            return true;
    }
    return false;
}

/* Orders colour c's n stones (list, on grid) so that no earlier prefix holds
 * a win, by taking stones off from the last: the winner's last stone must
 * leave no win at all, every other must not create one. The preferred last
 * stone (an upper-case one) stays last when it can. Empties c's stones from
 * grid. Returns false if no order exists this way. */
static bool order_stones(uint8_t *grid, Rule rule, Color c, Move *list, int n, bool winner) {
    for (int pos = n - 1; pos >= 0; pos--) {
        int pick = -1;
        for (int i = pos; i >= 0 && pick < 0; i--) {
            bool ok = winner && pos == n - 1 ? !grid_has_win(grid, rule, c, list[i])
                                             : !removal_makes_win(grid, rule, c, list[i]);
            if (ok) pick = i;
        }
        if (pick < 0) return false;
        Move t = list[pick];
        list[pick] = list[pos];
        list[pos] = t;
        grid[t] = CELL_EMPTY;
    }
    return true;
}

GmkStatus diagram_reader_finish(DiagramReader *r, Board *b, Color to_move, ParseError *err) {
    int n = r->width;
    if (err) {
        err->status = GMK_OK;
        err->column = 0;
        err->msg[0] = '\0';
    }
    GmkStatus st = GMK_OK;
    char why[96] = "";
    if (r->bad) {
        st = GMK_ERR_SYNTAX;
        snprintf(why, sizeof why, "%s", r->why);
    } else if (r->rows == 0) {
        st = GMK_ERR_SYNTAX;
        snprintf(why, sizeof why, "column letters without diagram rows");
    } else if (r->rows != n) {
        st = GMK_ERR_SIZE;
        snprintf(why, sizeof why, "diagram is not square: %d rows of %d cells", r->rows, n);
    } else if (b->size != n) {
        st = GMK_ERR_SIZE;
        snprintf(why, sizeof why, "diagram is %dx%d, the board %dx%d", n, n, b->size, b->size);
    }
    if (st != GMK_OK) {
        memset(r, 0, sizeof *r);
        return parse_fail(err, st, 0, "%s", why);
    }
    /* A numbered diagram: the numbers give the order. */
    int numbered = 0, stones = 0, ny = 0, nx = 0, nk = 0;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            char ch = r->cell[y][x];
            if (ch == DIAGRAM_NUMBER && !numbered++) {
                ny = y;
                nx = x;
                nk = r->num[y][x];
            }
            stones += ch != DIAGRAM_NUMBER && strchr("xXoO", ch) != NULL;
        }
    if (numbered && stones) {
        memset(r, 0, sizeof *r);
        return parse_fail(err, GMK_ERR_SYNTAX, 0,
                          "diagram row %d, column %c: move number %d among x and o stones "
                          "(a diagram has one or the other)", ny + 1, 'a' + nx, nk);
    }
    if (numbered) {
        board_reset(b);
        st = play_numbered(r, n, b, to_move, err);
        memset(r, 0, sizeof *r);
        return st;
    }
    /* Collect the stones, bottom row first; an upper-case stone is its
     * colour's last move. */
    static const int none = -1;
    Move list[COLOR_NB][BOARD_MAX * BOARD_MAX];
    int cnt[COLOR_NB] = {0, 0};
    Move last[COLOR_NB] = {MOVE_NONE, MOVE_NONE};
    uint8_t grid[BOARD_CELLS];
    board_reset(b);
    memcpy(grid, b->cell, sizeof grid);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            char ch = r->cell[n - 1 - y][x];
            int c = ch == 'x' || ch == 'X' ? COLOR_BLACK : ch == 'o' || ch == 'O' ? COLOR_WHITE : none;
            if (c == none) continue;
            Move p = point_make(x, y);
            grid[p] = (uint8_t)(c + 1);
            if ((ch == 'X' || ch == 'O') && last[c] == MOVE_NONE) last[c] = p;
            else list[c][cnt[c]++] = p;
        }
    for (int c = 0; c < COLOR_NB; c++)
        if (last[c] != MOVE_NONE) list[c][cnt[c]++] = last[c];
    memset(r, 0, sizeof *r);

    /* A side with a five must have made it with its last stone. */
    Color winner = COLOR_NONE;
    for (int c = 0; c < COLOR_NB; c++) {
        if (!grid_has_win(grid, b->rule, (Color)c, MOVE_NONE)) continue;
        if (winner != COLOR_NONE)
            return parse_fail(err, GMK_ERR_AFTER_WIN, 0, "both sides have a five");
        winner = (Color)c;
    }
    for (int c = 0; c < COLOR_NB; c++)
        if (!order_stones(grid, b->rule, (Color)c, list[c], cnt[c], c == (int)winner))
            return parse_fail(err, GMK_ERR_AFTER_WIN, 0,
                              "%s's stones cannot be played without a five before the end",
                              color_name((Color)c));
    if (to_move == COLOR_NONE) {
        if (winner != COLOR_NONE) to_move = (Color)(winner ^ 1);
        else if (cnt[0] == cnt[1]) to_move = COLOR_BLACK;
        else if (cnt[0] == cnt[1] + 1) to_move = COLOR_WHITE;
        else {
            return parse_fail(err, GMK_ERR_SYNTAX, 0,
                              "cannot tell the side to move from %d black and %d white stones "
                              "(use --to-move)", cnt[0], cnt[1]);
        }
    }
    if (winner != COLOR_NONE && to_move == winner)
        return parse_fail(err, GMK_ERR_AFTER_WIN, 0, "%s has a five but is to move",
                          color_name(winner));
    /* The shortest token sequence of the right parity with enough slots for
     * each colour (black on even tokens); stones take each colour's last
     * slots, passes the rest, so the last stone played is the last token. */
    int len = 0;
    while ((len & 1) != (int)to_move || (len + 1) / 2 < cnt[0] || len / 2 < cnt[1]) len++;
    for (int i = 0; i < len; i++) {
        int c = i & 1, slots = c ? len / 2 : (len + 1) / 2, k = (i >> 1) - (slots - cnt[c]);
        Move p = k >= 0 ? list[c][k] : MOVE_PASS;
        char tok[8];
        notation_point_str(p, n, ORIGIN_BOTTOM, tok);
        st = play_checked(b, p, 0, tok, err);
        if (st != GMK_OK) return st;
    }
    return GMK_OK;
}

static bool emit(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Appends printf-formatted text to a bounded buffer; false when it is full. */
static bool emit(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(buf + *len, *len < cap ? cap - *len : 0, fmt, ap);
    va_end(ap);
    if (w < 0 || *len + (size_t)w >= cap) return false;
    *len += (size_t)w;
    return true;
}

/* The column-letter line of a diagram. */
static bool emit_columns(char *buf, size_t cap, size_t *len, int n, int cw) {
    bool ok = emit(buf, cap, len, "  ");
    for (int x = 0; x < n && ok; x++) ok = emit(buf, cap, len, "%*c", cw, 'a' + x);
    return ok && emit(buf, cap, len, "\n");
}

int notation_format_diagram(const Board *b, const DiagramStyle *style, char *buf, size_t cap) {
    static const DiagramStyle plain = {ORIGIN_BOTTOM, true, false, NULL, NULL, 0};
    if (!style) style = &plain;
    int n = b->size, cw = style->numbers ? 3 : 2; /* cell width incl. its space */
    size_t len = 0;
    int order[BOARD_CELLS] = {0};                 /* move number of each stone */
    Move lastp = MOVE_NONE;
    for (int i = 0; i < b->ply; i++)
        if (b->hist[i] != MOVE_PASS) {
            order[b->hist[i]] = i + 1;
            lastp = b->hist[i];
        }
    bool ok = !style->labels || emit_columns(buf, cap, &len, n, cw);
    for (int y = n - 1; y >= 0 && ok; y--) {
        int label = style->origin == ORIGIN_TOP ? n - y : y + 1;
        if (style->labels) ok = emit(buf, cap, &len, "%2d", label);
        for (int x = 0; x < n && ok; x++) {
            Move p = point_make(x, y);
            int v = b->cell[p];
            char ch = v == CELL_BLACK ? 'x' : v == CELL_WHITE ? 'o' : '.';
            if (v == CELL_EMPTY)
                for (int k = 0; k < style->mark_count; k++)
                    if (style->marks[k] == p) ch = style->mark_chars[k];
            if (p == lastp) ch = (char)toupper((unsigned char)ch);
            int w = style->labels || x > 0 ? cw : cw - 1;
            if (style->numbers && v != CELL_EMPTY && order[p])
                ok = emit(buf, cap, &len, "%*d", w, order[p]);
            else
                ok = emit(buf, cap, &len, "%*c", w, ch);
        }
        if (ok && style->labels) ok = emit(buf, cap, &len, " %d", label);
        if (ok) ok = emit(buf, cap, &len, "\n");
    }
    if (ok && style->labels) ok = emit_columns(buf, cap, &len, n, cw);
    return ok ? (int)len : -1;
}
