/*
 * cli_input.c — reading positions for the gmk programs (see cli.h): lines
 * and board diagrams from files or stdin, each bad line reported with its
 * file and line; binary files recognised once; whole files for the readers
 * that want them.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- input -------------------------------------------------------------- */

/* Line reader with a length cap: a longer line is skipped and flagged. */
typedef struct {
    FILE *f;
    char *buf;
    size_t cap;
    size_t max;       /* longest line kept, in bytes */
    long line;        /* number of the line last read */
    bool too_long;    /* the line last read was longer than max */
    bool has_nul;     /* it held a NUL byte */
} LineReader;

/* Reads the next line (without its newline) into r->buf; returns its length
 * or -1 at the end of the file. */
static long read_line(LineReader *r) {
    size_t n = 0;
    int ch;
    r->too_long = r->has_nul = false;
    while ((ch = getc(r->f)) != EOF && ch != '\n') {
        if (ch == 0) r->has_nul = true;
        if (n >= r->max) {
            r->too_long = true;
            continue;
        }
        if (n + 1 >= r->cap) {
            size_t cap = r->cap ? r->cap * 2 : 4096;
            char *nb = realloc(r->buf, cap);
            if (!nb) {
                r->too_long = true; /* treat as unreadable, keep going */
                continue;
            }
            r->buf = nb;
            r->cap = cap;
        }
        r->buf[n++] = (char)ch;
    }
    if (ch == EOF && n == 0 && !r->too_long && !r->has_nul) return -1;
    r->line++;
    if (!r->buf) {
        r->buf = malloc(1);
        r->cap = r->buf ? 1 : 0;
    }
    if (r->buf) r->buf[n] = '\0';
    if (n && r->buf[n - 1] == '\r') r->buf[--n] = '\0';
    if (r->line == 1 && n >= 3 && memcmp(r->buf, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 BOM */
        memmove(r->buf, r->buf + 3, n - 2);
        n -= 3;
    }
    return (long)n;
}

/* Boards of every size, made on first use. */
typedef struct {
    Board *board[BOARD_MAX + 1];
    Rule rule;
} BoardCache;

static Board *board_for(BoardCache *bc, const Cli *cli, int size) {
    if (!bc->board[size]) {
        bc->board[size] = board_new_flags(size, bc->rule, cli->light ? BOARD_LIGHT : 0);
        if (!bc->board[size] ||
            (cli->shapes && !cli->light && board_set_shapes(bc->board[size], cli->shapes) != GMK_OK)) {
            cli_error(cli, "out of memory");
            exit(EXIT_FAILURE_RUN);
        }
    }
    return bc->board[size];
}

/* State while reading one file. */
typedef struct {
    Cli *cli;
    BoardCache *bc;
    DiagramReader *dr;
    const char *name;
    long diagram_line;     /* first line of the open diagram */
    CliPositionFn fn;
    void *ctx;
    bool stop;
    bool skip_file;        /* the file is binary data: the rest of it is skipped */
    bool text_seen;        /* a line that is not blank was read from the file */
    long big_line;         /* first line of a diagram too big for any board, 0: none open */
    int big_rows, big_width; /* its rows so far and the cells of its widest row */
    long good;             /* positions of the file passed to fn */
} Reading;

static void finish_diagram(Reading *rd) {
    int size = diagram_reader_size(rd->dr);
    ParseError err;
    if (size < BOARD_MIN || size > BOARD_MAX) size = rd->cli->size;
    Board *b = board_for(rd->bc, rd->cli, size);
    GmkStatus st = diagram_reader_finish(rd->dr, b, rd->cli->to_move, &err);
    if (rd->cli->size_set && size != rd->cli->size) { /* not silently another board */
        cli_line_error(rd->cli, rd->name, rd->diagram_line, "diagram is %dx%d, --size says %d", size, size,
                       rd->cli->size);
        return;
    }
    if (st != GMK_OK) {
        cli_line_error(rd->cli, rd->name, rd->diagram_line, "%s", err.msg);
        return;
    }
    PosSource src = {rd->name, rd->diagram_line, NULL, 0};
    rd->good++;
    if (!rd->fn(rd->ctx, b, &src)) rd->stop = true;
}

/* The cells of a line that is a diagram row wider than any board (only
 * '.', 'x', 'o' and spaces, some dots, more than BOARD_MAX cells), else 0. */
static int big_row_cells(const char *s, size_t len) {
    int cells = 0;
    bool dot = false;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == ' ' || c == '\r') continue;
        if (!strchr(".xXoO", c)) return 0;
        dot |= c == '.';
        cells++;
    }
    return dot && cells > BOARD_MAX ? cells : 0;
}

/* Ends a diagram too big for any board: one error for all its rows. */
static void finish_big(Reading *rd) {
    cli_line_error(rd->cli, rd->name, rd->big_line, "diagram of %d rows of up to %d cells: boards are %dx%d to %dx%d",
                   rd->big_rows, rd->big_width, BOARD_MIN, BOARD_MIN, BOARD_MAX, BOARD_MAX);
    rd->big_line = 0;
}

/* Reads a line as a row of a diagram too big for any board; true if it is one. */
static bool big_diagram_row(Reading *rd, const LineReader *lr, const char *s, size_t flen) {
    int cells = big_row_cells(s, flen);
    if (!cells && rd->big_line && diagram_line_starts(s, flen)) cells = 1; /* a narrower row of it */
    if (!cells) {
        if (rd->big_line) finish_big(rd);
        return false;
    }
    if (!rd->big_line) {
        rd->big_line = lr->line;
        rd->big_rows = rd->big_width = 0;
    }
    rd->big_rows++;
    if (cells > rd->big_width) rd->big_width = cells;
    return true;
}

static void handle_line(Reading *rd, LineReader *lr, long len) {
    Cli *cli = rd->cli;
    char *s = lr->buf;
    /* the first line that is not blank tells a binary file: said once, the
     * file skipped (not a report for each of its "lines") */
    if (!rd->good && !rd->text_seen && (lr->has_nul || (!lr->too_long && cli_line_binary(s, (size_t)len)))) {
        cli_binary_file(cli, rd->name, 0);
        rd->skip_file = true;
        return;
    }
    if (len > 0 || lr->has_nul || lr->too_long) rd->text_seen = true;
    if (lr->too_long || lr->has_nul) {
        if (diagram_reader_open(rd->dr)) finish_diagram(rd);
        cli_line_error(cli, rd->name, lr->line, "%s", lr->too_long ? "line too long" : "NUL byte in line");
        return;
    }
    char *tab = memchr(s, '\t', (size_t)len);
    size_t flen = tab ? (size_t)(tab - s) : (size_t)len;
    if (!diagram_reader_open(rd->dr) && big_diagram_row(rd, lr, s, flen)) return;
    if (diagram_reader_open(rd->dr)) {
        if (s[0] == '#') return;
        DiagramFeed f = diagram_reader_feed(rd->dr, s, flen);
        if (f == DIAGRAM_MORE) return;
        finish_diagram(rd);
        if (f == DIAGRAM_DONE) return;
    }
    size_t i = 0;
    while (i < flen && (s[i] == ' ' || s[i] == '\r')) i++;
    if (i == flen && !tab) return; /* blank */
    if (s[i] == '#') return;
    if (diagram_line_starts(s, flen)) {
        rd->diagram_line = lr->line;
        diagram_reader_feed(rd->dr, s, flen);
        return;
    }
    Board *b = board_for(rd->bc, cli, cli->size);
    ParseError err;
    if (notation_parse_position(b, s, flen, cli->origin, &err) != GMK_OK) {
        cli_line_error(cli, rd->name, lr->line, "%s", err.msg);
        return;
    }
    PosSource src = {rd->name, lr->line, tab ? tab + 1 : NULL, tab ? (size_t)len - flen - 1 : 0};
    rd->good++;
    if (!rd->fn(rd->ctx, b, &src)) rd->stop = true;
}

void cli_for_each_position(Cli *cli, char **files, CliPositionFn fn, void *ctx) {
    static char *stdin_only[] = {"-", NULL};
    BoardCache bc = {{0}, cli->rule};
    DiagramReader *dr = diagram_reader_new();
    if (!dr) {
        cli_error(cli, "out of memory");
        exit(EXIT_FAILURE_RUN);
    }
    if (!files || !files[0]) files = stdin_only;
    LineReader lr = {0};
    lr.max = cli->line_max ? cli->line_max : CLI_LINE_MAX;
    Reading rd = {cli, &bc, dr, NULL, 0, fn, ctx, false, false, false, 0, 0, 0, 0};
    for (int i = 0; files[i] && !rd.stop; i++) {
        bool is_stdin = strcmp(files[i], "-") == 0;
        FILE *f = is_stdin ? stdin : fopen(files[i], "r");
        if (!f) {
            cli_error(cli, "%s: %s", files[i], strerror(errno));
            cli->failures++;
            continue;
        }
        rd.name = is_stdin ? "<stdin>" : files[i];
        lr.f = f;
        lr.line = 0;
        long len;
        rd.skip_file = rd.text_seen = false;
        rd.good = 0;
        while (!rd.stop && !rd.skip_file && (len = read_line(&lr)) >= 0) handle_line(&rd, &lr, len);
        if (!rd.stop && diagram_reader_open(dr)) finish_diagram(&rd);
        if (rd.big_line) finish_big(&rd);
        if (ferror(f)) {
            cli_error(cli, "%s: read error: %s", rd.name, strerror(errno));
            cli->failures++;
        }
        cli_file_end(cli, rd.name);
        if (!is_stdin) fclose(f);
        else clearerr(stdin);
    }
    free(lr.buf);
    diagram_reader_free(dr);
    for (int s = 0; s <= BOARD_MAX; s++) board_free(bc.board[s]);
}

char *cli_slurp(const char *path, size_t *len) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || ferror(f)) break;
        char *nb = realloc(buf, cap * 2 + 1);
        if (!nb) {
            free(buf);
            buf = NULL;
            errno = ENOMEM;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        int e = errno;
        free(buf);
        buf = NULL;
        errno = e;
    }
    if (f != stdin) fclose(f);
    if (buf) buf[n] = '\0';
    *len = n;
    return buf;
}

