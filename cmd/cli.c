/*
 * cli.c — shared command-line machinery of the gmk programs (see cli.h).
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const CliOption CLI_COMMON_OPTIONS[] = {
    {"rule", 'r', "RULE", CLI_DEFAULT_RULE_NAME, "freestyle, standard or renju", CLI_RULE_VALUES,
     CLI_OPT_RULE},
    {"size", 's', "N", "15", "board size, 5..22", "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22",
     CLI_OPT_SIZE},
    {"origin", 0, "WHERE", "bottom", "row numbers count from the bottom or the top", "bottom top",
     CLI_OPT_ORIGIN},
    {"to-move", 0, "COLOR", NULL, "side to move in board diagrams (default: from the counts)",
     "black white", CLI_OPT_TO_MOVE},
    {"json", 0, NULL, NULL, "one JSON object per position (JSON Lines)", NULL, CLI_OPT_JSON},
    {"help", 'h', NULL, NULL, "show this help and exit", NULL, CLI_OPT_HELP},
    {"version", 'V', NULL, NULL, "show the version and exit", NULL, CLI_OPT_VERSION},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

/* ---- messages ----------------------------------------------------------- */

void cli_error(const Cli *cli, const char *fmt, ...) {
    va_list ap;
    if (cli->quiet) return;
    fflush(stdout);
    fprintf(stderr, "%s: ", cli->prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void cli_line_error(Cli *cli, const char *file, long line, const char *fmt, ...) {
    va_list ap;
    char msg[1024];
    cli->bad_lines++;
    if (cli->quiet) return;
    fflush(stdout);
    fprintf(stderr, "%s: %s:%ld: ", cli->prog, file, line);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* the message may quote the input: bytes that are not printable ASCII
     * (control characters, a BOM, stray UTF-8) are shown as \xNN */
    for (const unsigned char *m = (const unsigned char *)msg; *m; m++)
        if (*m < 0x20 || *m >= 0x7f) fprintf(stderr, "\\x%02x", *m);
        else fputc(*m, stderr);
    fputc('\n', stderr);
}

int cli_exit_status(const Cli *cli) {
    if (cli->failures) return EXIT_FAILURE_RUN;
    return cli->bad_lines ? EXIT_BAD_LINES : EXIT_ALL_OK;
}

/* ---- options ------------------------------------------------------------ */

/* The common table a program or command gets: all of CLI_COMMON_OPTIONS, or
 * its tail from --help on (--help and --version). */
static const CliOption *common_table(const CliProgram *prog) {
    const CliOption *o = CLI_COMMON_OPTIONS;
    if (prog->common) return o;
    while (o->name && o->id != CLI_OPT_HELP) o++;
    return o;
}

/* Prints one --help line per option. */
static void print_options(const CliOption *o) {
    for (; o && o->name; o++) {
        char left[64];
        if (!o->help) continue; /* an alias */
        if (o->arg)
            snprintf(left, sizeof left, "%c%c%s--%s %s", o->short_name ? '-' : ' ',
                     o->short_name ? o->short_name : ' ', o->short_name ? ", " : "  ", o->name,
                     o->arg);
        else
            snprintf(left, sizeof left, "%c%c%s--%s", o->short_name ? '-' : ' ',
                     o->short_name ? o->short_name : ' ', o->short_name ? ", " : "  ", o->name);
        printf("  %-26s %s", left, o->help);
        if (o->def) printf(" (default: %s)", o->def);
        printf("\n");
    }
}

/* --help of a program, or of one of its commands (parent: the program). */
static void print_help(const CliProgram *prog, const CliProgram *parent) {
    if (parent) printf("Usage: %s %s %s\n", parent->name, prog->name, prog->usage);
    else printf("Usage: %s %s\n", prog->name, prog->usage);
    printf("%s\n", prog->summary);
    if (prog->commands) {
        printf("\nCommands:\n");
        for (const CliProgram *c = prog->commands; c->name; c++)
            printf("  %-26s %s\n", c->name, c->summary);
    }
    printf("\nOptions:\n");
    print_options(prog->opts);
    print_options(common_table(prog));
    if (prog->commands)
        printf("\nRun '%s COMMAND --help' for the options of a command.\n", prog->name);
    printf("\n");
    if (prog->common)
        printf("Positions are read one per line (moves from the empty board, black first,\n"
               "\"--\" a pass) or as board diagrams; fields after a TAB are carried through.\n");
    printf("Exit status: 0 all input processed, 1 some lines were bad, 2 usage error or\n"
           "a failure that stopped the run.\n");
}

/* Machine-readable option table (format in cli.h). */
static void list_options(const CliOption *o) {
    for (; o && o->name; o++)
        if (o->help) /* not an alias */
            printf("--%s\t%s%c\t%s\t%s\t%s\t%s\n", o->name, o->short_name ? "-" : "",
               o->short_name ? o->short_name : '-', o->arg ? o->arg : "", o->values ? o->values : "",
               o->def ? o->def : "", o->help ? o->help : "");
}

/* --list-options: the program's table, then each command's. */
static void list_program(const CliProgram *prog) {
    list_options(prog->opts);
    list_options(common_table(prog));
    for (const CliProgram *c = prog->commands; c && c->name; c++) {
        printf("command\t%s\t%s%s\n", c->name, c->summary ? c->summary : "",
               prog->commands_optional ? "\toptional" : "");
        list_options(c->opts);
        list_options(common_table(c));
    }
}

static int count_options(const CliOption *o) {
    int n = 0;
    while (o && o[n].name) n++;
    return n;
}

bool cli_int(const Cli *cli, const char *opt, const char *arg, long lo, long hi, long *out) {
    char *end;
    errno = 0;
    long v = strtol(arg, &end, 10);
    if (errno || end == arg || *end || v < lo || v > hi) {
        cli_error(cli, "--%s: '%s' is not a number in %ld..%ld", opt, arg, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

bool cli_duration(const Cli *cli, const char *opt, const char *arg, int64_t unit_ms, int64_t max_ms,
                  int64_t *ms) {
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    double unit = (double)unit_ms;
    if (end != arg && strcmp(end, "ms") == 0) unit = 1;
    else if (end != arg && strcmp(end, "s") == 0) unit = 1000;
    else if (*end) end = (char *)arg; /* junk after the number */
    double t = v * unit + 0.5;
    if (errno || end == arg || !(t >= 1) || t > (double)max_ms + 0.5) {
        cli_error(cli, "--%s: '%s' is not a duration of 1 ms to %lld s (a number of %s, or with "
                       "the unit ms or s)",
                  opt, arg, (long long)(max_ms / 1000), unit_ms == 1 ? "milliseconds" : "seconds");
        return false;
    }
    *ms = (int64_t)t;
    return true;
}

bool cli_origin(const Cli *cli, const char *arg, Origin *out) {
    if (strcmp(arg, "bottom") == 0) *out = ORIGIN_BOTTOM;
    else if (strcmp(arg, "top") == 0) *out = ORIGIN_TOP;
    else {
        cli_error(cli, "--origin: '%s' is not bottom or top", arg);
        return false;
    }
    return true;
}

/* What is being parsed: a program, or one of its commands. */
typedef struct {
    const CliProgram *prog;   /* the program or the command */
    const CliProgram *parent; /* the program when prog is a command, else NULL */
} CliScope;

/* Handles a common option; false on a bad value (message printed). */
static bool common_option(Cli *cli, const CliScope *sc, int id, const char *arg) {
    long v;
    switch (id) {
    case CLI_OPT_RULE:
        if (rule_parse(arg, &cli->rule) == GMK_OK) return cli->rule_set = true;
        cli_error(cli, "--rule: '%s' is not one of %s", arg, CLI_RULE_VALUES);
        return false;
    case CLI_OPT_SIZE:
        if (!cli_int(cli, "size", arg, BOARD_MIN, BOARD_MAX, &v)) return false;
        cli->size = (int)v;
        cli->size_set = true;
        return true;
    case CLI_OPT_ORIGIN: return cli_origin(cli, arg, &cli->origin);
    case CLI_OPT_TO_MOVE:
        if (strcmp(arg, "black") == 0) cli->to_move = COLOR_BLACK;
        else if (strcmp(arg, "white") == 0) cli->to_move = COLOR_WHITE;
        else {
            cli_error(cli, "--to-move: '%s' is not black or white", arg);
            return false;
        }
        return true;
    case CLI_OPT_JSON: cli->json = true; return true;
    case CLI_OPT_HELP: print_help(sc->prog, sc->parent); exit(EXIT_ALL_OK);
    case CLI_OPT_VERSION:
        printf("%s %s\n", sc->parent ? sc->parent->name : sc->prog->name, GMK_VERSION);
        exit(EXIT_ALL_OK);
    case CLI_OPT_LIST_OPTIONS: list_program(sc->prog); exit(EXIT_ALL_OK);
    default: return false;
    }
}

/* Prints the usage hint and exits 2. */
static void usage_exit(const CliScope *sc) {
    if (sc->parent)
        fprintf(stderr, "Try '%s %s --help' for more information.\n", sc->parent->name,
                sc->prog->name);
    else fprintf(stderr, "Try '%s --help' for more information.\n", sc->prog->name);
    exit(EXIT_FAILURE_RUN);
}

/* Parses the options of one scope with getopt_long; stop_at_operand for a
 * program whose first operand is its command. Returns getopt's optind. */
static int parse_scope(Cli *cli, const CliScope *sc, int argc, char **argv, CliOptionFn fn,
                       void *ctx, bool stop_at_operand) {
    const CliOption *tables[2] = {sc->prog->opts, common_table(sc->prog)};
    int n = count_options(tables[0]) + count_options(tables[1]);
    struct option *lo = calloc((size_t)n + 2, sizeof *lo);
    const CliOption **byindex = calloc((size_t)n + 2, sizeof *byindex);
    char shorts[128] = "";
    size_t ns = 0;
    if (!lo || !byindex) {
        cli_error(cli, "out of memory");
        exit(EXIT_FAILURE_RUN);
    }
    if (stop_at_operand) shorts[ns++] = '+';
    int k = 0;
    for (int t = 0; t < 2; t++)
        for (const CliOption *o = tables[t]; o && o->name; o++, k++) {
            lo[k].name = o->name;
            lo[k].has_arg = o->arg ? required_argument : no_argument;
            lo[k].val = 256 + k;
            byindex[k] = o;
            if (o->short_name && ns + 3 < sizeof shorts) {
                shorts[ns++] = o->short_name;
                if (o->arg) shorts[ns++] = ':';
                shorts[ns] = '\0';
            }
        }
    static const CliOption list_opt = {"list-options", 0, NULL, NULL, NULL, NULL,
                                       CLI_OPT_LIST_OPTIONS};
    lo[k].name = "list-options"; /* hidden: the option table, for completions */
    lo[k].has_arg = no_argument;
    lo[k].val = 256 + k;
    byindex[k] = &list_opt;

    opterr = 0;
    optind = 0; /* glibc: full reinitialisation, as a command is parsed after its program */
    int c;
    int longindex;
    bool ok = true;
    while (ok && (c = getopt_long(argc, argv, shorts, lo, &longindex)) != -1) {
        const CliOption *o = NULL;
        if (c >= 256) {
            o = byindex[c - 256];
        } else if (c != '?' && c != ':') {
            for (int i = 0; i < n && !o; i++)
                if (byindex[i]->short_name == c) o = byindex[i];
        }
        if (!o) {
            if (optopt && optopt < 256 && optopt != '?')
                cli_error(cli, "option -%c: %s", optopt,
                          strchr(shorts, optopt) ? "needs an argument" : "unknown option");
            else
                cli_error(cli, "%s: unknown option or missing argument", argv[optind - 1]);
            ok = false;
            break;
        }
        if (o->id == CLI_OPT_HELP || o->id == CLI_OPT_VERSION || o->id == CLI_OPT_LIST_OPTIONS) {
            /* these print and exit: free first (LeakSanitizer fails a
             * sanitized build for blocks still held at exit) */
            free(lo);
            free(byindex);
            common_option(cli, sc, o->id, optarg);
            exit(EXIT_ALL_OK); /* not reached */
        }
        if (o->id >= CLI_OPT_USER) ok = fn && fn(ctx, o->id, optarg);
        else ok = common_option(cli, sc, o->id, optarg);
    }
    free(lo);
    free(byindex);
    if (!ok) usage_exit(sc);
    return optind;
}

int cli_parse(Cli *cli, const CliProgram *prog, int argc, char **argv, CliOptionFn fn, void *ctx) {
    cli->prog = prog->name;
    cli->rule = CLI_DEFAULT_RULE;
    cli->size = BOARD_DEFAULT;
    cli->origin = ORIGIN_BOTTOM;
    cli->json = false;
    cli->to_move = COLOR_NONE;
    cli->bad_lines = cli->failures = 0;
    cli->line_max = 0;
    cli->shapes = NULL;
    cli->command = NULL;
    cli->rule_set = cli->size_set = cli->quiet = false;

    CliScope top = {prog, NULL};
    int first = parse_scope(cli, &top, argc, argv, fn, ctx, prog->commands != NULL);
    if (!prog->commands) return first;

    for (const CliProgram *c = prog->commands; first < argc && c->name; c++)
        if (strcmp(c->name, argv[first]) == 0) cli->command = c;
    if (!cli->command && prog->commands_optional) {
        /* no command: go on with the program's own options from there
         * (argv[first - 1] stands in for the program name), unless "--"
         * ended them */
        if (first >= argc || strcmp(argv[first - 1], "--") == 0) return first;
        return first - 1 + parse_scope(cli, &top, argc - first + 1, argv + first - 1, fn, ctx, false);
    }
    if (first >= argc) {
        cli_error(cli, "missing command; one of:");
        for (const CliProgram *c = prog->commands; c->name; c++)
            fprintf(stderr, "  %s\n", c->name);
        usage_exit(&top);
    }
    if (!cli->command) {
        cli_error(cli, "'%s' is not a command", argv[first]);
        usage_exit(&top);
    }
    CliScope sub = {cli->command, prog};
    return first + parse_scope(cli, &sub, argc - first, argv + first, fn, ctx, false);
}

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
    if (!rd->fn(rd->ctx, b, &src)) rd->stop = true;
}

static void handle_line(Reading *rd, LineReader *lr, long len) {
    Cli *cli = rd->cli;
    char *s = lr->buf;
    if (lr->too_long || lr->has_nul) {
        if (diagram_reader_open(rd->dr)) finish_diagram(rd);
        cli_line_error(cli, rd->name, lr->line, "%s", lr->too_long ? "line too long"
                                                                    : "NUL byte in line");
        return;
    }
    char *tab = memchr(s, '\t', (size_t)len);
    size_t flen = tab ? (size_t)(tab - s) : (size_t)len;
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
    Reading rd = {cli, &bc, dr, NULL, 0, fn, ctx, false};
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
        while (!rd.stop && (len = read_line(&lr)) >= 0) handle_line(&rd, &lr, len);
        if (!rd.stop && diagram_reader_open(dr)) finish_diagram(&rd);
        if (ferror(f)) {
            cli_error(cli, "%s: read error: %s", rd.name, strerror(errno));
            cli->failures++;
        }
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

/* ---- progress ----------------------------------------------------------- */

double cli_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void cli_progress_start(CliProgress *p, bool forced) {
    p->term = isatty(2);
    p->on = p->term || forced;
    p->shown = 0;
    p->t0 = p->last = cli_now();
}

bool cli_progress_due(CliProgress *p, bool final) {
    if (!p->on) return false;
    double t = cli_now();
    if (!final && t - p->last < (p->term ? 0.25 : 2.0)) return false;
    p->last = t;
    return true;
}

void cli_progress_line(CliProgress *p, const char *text, bool final) {
    int len = (int)strlen(text);
    if (p->term) {
        fprintf(stderr, "\r%s%*s%s", text, p->shown > len ? p->shown - len : 0, "", final ? "\n" : "");
        p->shown = final ? 0 : len;
    } else {
        fprintf(stderr, "%s\n", text);
    }
}

void cli_eta(double s, char *out, size_t cap) {
    long t = s < 0 ? 0 : s > 1e8 ? 100000000 : (long)(s + 0.5);
    if (t < 60) snprintf(out, cap, "ETA %ld s", t);
    else if (t < 3600) snprintf(out, cap, "ETA %ld min %02ld s", t / 60, t % 60);
    else snprintf(out, cap, "ETA %ld h %02ld min", t / 3600, t / 60 % 60);
}

/* ---- output ------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence that starts s (n bytes left):
 * 2..4, or 0 when it is not one (a stray byte, an overlong form, a
 * surrogate, beyond U+10FFFF or cut short). */
static size_t utf8_seq_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!len || len > n) return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80) return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90) ||
        (c == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong, surrogate, above U+10FFFF */
    return len;
}

bool out_utf8_valid(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, k; i < len; i += k)
        if (!(k = u[i] < 0x80 ? 1 : utf8_seq_len(u + i, len - i))) return false;
    return true;
}

void out_json_string(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    putchar('"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c < 0x20 || c == 0x7f) printf("\\u%04x", c);
        else if (c < 0x80) putchar(c);
        else {
            /* UTF-8 passes through; a byte that is not part of a valid
             * sequence becomes U+FFFD, so the output stays valid JSON */
            size_t k = utf8_seq_len(u + i, len - i);
            if (k) {
                fwrite(u + i, 1, k, stdout);
                i += k - 1;
            } else {
                fputs("\\ufffd", stdout);
            }
        }
    }
    putchar('"');
}

void out_carry(const PosSource *src) {
    if (!src->carry) return;
    putchar('\t');
    fwrite(src->carry, 1, src->carry_len, stdout);
}

/* The handler of cli_cleanup_on_signals(). */
static void cleanup_and_die(int sig) {
    gmk_temp_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_cleanup_on_signals(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = cleanup_and_die;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof sigs / sizeof *sigs; j++) sigaddset(&sa.sa_mask, sigs[j]);
        /* a signal ignored at start (nohup, background jobs) stays ignored */
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

void out_flush(const Cli *cli) {
    if (fflush(stdout) == 0 && !ferror(stdout)) return;
    if (errno == EPIPE) {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }
    cli_error(cli, "write error: %s", strerror(errno));
    exit(EXIT_FAILURE_RUN);
}

const char *cli_position_str(const Cli *cli, const Board *b, char *buf, size_t cap) {
    if (notation_format_position(b, cli->origin, buf, cap) < 0) snprintf(buf, cap, "?");
    else if (!buf[0]) snprintf(buf, cap, "-"); /* the empty board: a field that reads back */
    return buf;
}

bool cli_game_over(const Board *b) { return board_winner(b) != COLOR_NONE || board_full(b); }

void out_json_over(const Board *b) {
    Color w = board_winner(b);
    if (w != COLOR_NONE) printf(",\"winner\":\"%s\",\"result\":\"over\"", color_name(w));
    else fputs(",\"winner\":null,\"result\":\"over\"", stdout);
}

void out_json_common(const Cli *cli, const Board *b) {
    char pos[MOVES_MAX * 3 + 8];
    if (notation_format_position(b, cli->origin, pos, sizeof pos) < 0) snprintf(pos, sizeof pos, "?");
    fputs("\"position\":", stdout); /* the empty board is "" */
    out_json_string(pos, strlen(pos));
    printf(",\"rule\":\"%s\",\"size\":%d,\"to_move\":\"%s\"", rule_name(board_rule(b)),
           board_size(b), color_name(board_to_move(b)));
}
