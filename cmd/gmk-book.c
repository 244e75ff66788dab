/*
 * gmk-book — opening books from game records: build, probe, merge, dump,
 * stats, and RenLib import / export. One CliOption table per command (a
 * commands table of cli.h), so that help, man pages and completions come
 * from the same place.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

enum {
    OPT_OUTPUT = CLI_OPT_USER, OPT_MAX_PLY, OPT_MIN_GAMES, OPT_FORMAT, OPT_VARIATIONS, OPT_MEMORY,
    OPT_PICK, OPT_MARGIN, OPT_SEED, OPT_MIN_SCORE, OPT_TOP, OPT_RENLIB, OPT_FORCE, OPT_PROGRESS, OPT_QUIET,
    OPT_COMPACT,
};

#define DEFAULT_MARGIN "0.05"
#ifndef BUILD_CHUNK
#define BUILD_CHUNK (64u << 20) /* bytes of input read at a time by build */
#endif
#define FORMAT_VALUES "auto moves pgn sgf psq rif"

/* Options shared by several subcommands (ids of the common ones are handled
 * by cli_parse itself). */
#define O_RULE {"rule", 'r', "RULE", CLI_DEFAULT_RULE_NAME, "freestyle, standard or renju", CLI_RULE_VALUES, CLI_OPT_RULE}
#define O_SIZE {"size", 's', "N", "15", "board size, 5..22", "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22", CLI_OPT_SIZE}
#define O_ORIGIN {"origin", 0, "WHERE", "bottom", "row numbers count from the bottom or the top", "bottom top", CLI_OPT_ORIGIN}
#define O_JSON {"json", 0, NULL, NULL, "JSON Lines output", NULL, CLI_OPT_JSON}
#define O_OUTPUT {"output", 'o', "BOOK", NULL, "the book to write (required)", "@file", OPT_OUTPUT}
#define O_MIN_GAMES {"min-games", 0, "N", "1", "drop positions seen fewer than N times", NULL, OPT_MIN_GAMES}
#define O_FORCE {"force", 0, NULL, NULL, "overwrite an output that is not a book of its kind", NULL, OPT_FORCE}
#define O_PROGRESS {"progress", 0, NULL, NULL, "progress on stderr even when it is not a terminal", NULL, OPT_PROGRESS}
#define O_QUIET {"quiet", 'q', NULL, NULL, "no summary line on stderr at the end", NULL, OPT_QUIET}
#define O_COMPACT {"compact", 0, NULL, NULL, "shortened keys: about 2 bytes less per position; cannot be merged", NULL, OPT_COMPACT}
#define O_END {NULL, 0, NULL, NULL, NULL, NULL, 0}

static const CliOption BUILD_OPTIONS[] = {
    O_OUTPUT, O_RULE, O_SIZE,
    {"max-ply", 0, "N", CLI_STR(BOOK_MAX_PLY_DEFAULT), "walk the first N stones of each game (0: all)", NULL, OPT_MAX_PLY},
    O_MIN_GAMES,
    {"input-format", 0, "FORMAT", "auto", "record format: auto moves pgn sgf psq rif", FORMAT_VALUES, OPT_FORMAT},
    {"format", 'f', "FORMAT", "input-format", NULL, NULL, OPT_FORMAT}, /* the old name */
    {"variations", 0, NULL, NULL, "SGF: every variation is a game of its own", NULL, OPT_VARIATIONS},
    {"memory", 'm', "MB", "1024", "memory for counts before sorted runs spill to $TMPDIR", NULL, OPT_MEMORY},
    O_COMPACT, O_ORIGIN, O_FORCE, O_PROGRESS, O_QUIET, O_END,
};
static const CliOption PROBE_OPTIONS[] = {
    {"pick", 0, NULL, NULL, "print one move, at random weighted by score among the good ones", NULL, OPT_PICK},
    {"margin", 0, "X", DEFAULT_MARGIN, "--pick: moves within X of the best score are good", NULL, OPT_MARGIN},
    {"seed", 0, "N", NULL, "--pick: random seed (default: from the clock)", NULL, OPT_SEED},
    {"min-games", 0, "N", "1", "show moves played at least N times", NULL, OPT_MIN_GAMES},
    {"min-score", 0, "X", "0", "show moves scoring at least X", NULL, OPT_MIN_SCORE},
    {"top", 0, "N", NULL, "show the N best moves (default: all)", NULL, OPT_TOP},
    {"rule", 'r', "RULE", "the book's", "rule of the positions", CLI_RULE_VALUES, CLI_OPT_RULE},
    {"size", 's', "N", "the book's", "board size, 5..22", "5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22", CLI_OPT_SIZE},
    O_ORIGIN,
    {"to-move", 0, "COLOR", NULL, "side to move in board diagrams (default: from the counts)", "black white", CLI_OPT_TO_MOVE},
    O_JSON, O_END,
};
static const CliOption MERGE_OPTIONS[] = {O_OUTPUT, O_MIN_GAMES, O_COMPACT, O_FORCE, O_PROGRESS, O_QUIET, O_END};
static const CliOption DUMP_OPTIONS[] = {O_JSON, O_END};
static const CliOption IMPORT_OPTIONS[] = {
    O_OUTPUT,
    {"rule", 'r', "RULE", "renju", "rule recorded in the book", CLI_RULE_VALUES, CLI_OPT_RULE},
    O_FORCE, O_END,
};
static const CliOption EXPORT_OPTIONS[] = {
    {"renlib", 0, NULL, NULL, "write a RenLib .lib library (required: the only format)", NULL, OPT_RENLIB},
    {"output", 'o', "BOOK", NULL, "the .lib file to write (required)", "@file", OPT_OUTPUT},
    O_FORCE, O_END,
};

static const CliProgram COMMANDS[] = {
    {"build", "-o BOOK [OPTIONS] [FILE...]",
     "Build a book from game records (move lists, PGN, SGF, psq, RenjuNet XML)", BUILD_OPTIONS, false},
    {"probe", "[OPTIONS] BOOK [FILE...]",
     "Print the book moves of positions, best first: move:games:wins:draws:losses:score",
     PROBE_OPTIONS, false},
    {"merge", "-o OUT [OPTIONS] BOOK...",
     "Merge books of one size and rule; merged shards equal the whole book byte for byte",
     MERGE_OPTIONS, false},
    {"dump", "[OPTIONS] BOOK", "Print every entry of a book in key order", DUMP_OPTIONS, false},
    {"stats", "[OPTIONS] BOOK", "Check every block of a book and print what it holds", DUMP_OPTIONS, false},
    {"import", "-o BOOK [OPTIONS] FILE.lib",
     "Turn a RenLib library into a book, comments and board texts kept", IMPORT_OPTIONS, false},
    {"export", "--renlib -o OUT.lib BOOK", "Write a 15x15 book as a RenLib library", EXPORT_OPTIONS, false},
    {NULL, NULL, NULL, NULL, false},
};
static const CliProgram BOOK_PROGRAM = {
    "gmk-book", "COMMAND [OPTIONS] [ARGS...]",
    "Opening books for gomoku and renju: built from game records, compressed, probed by\n"
    "position in any of its 8 orientations, merged, and exchanged with RenLib.\n"
    "A position is keyed by its canonical key (the same for its 8 symmetric images);\n"
    "games, wins, draws and losses are counted for the side that moved.",
    NULL, false, COMMANDS, false,
};
enum { CMD_BUILD, CMD_PROBE, CMD_MERGE, CMD_DUMP, CMD_STATS, CMD_IMPORT, CMD_EXPORT, CMD_NB };

/* Settings of a run. */
typedef struct {
    Cli cli;
    int cmd;                   /* CMD_* */
    const char *output;        /* -o */
    long max_ply;              /* --max-ply */
    long min_games;            /* --min-games */
    RecordFormat format;       /* --format */
    bool variations;           /* --variations */
    long memory_mb;            /* --memory */
    bool compact;              /* --compact */
    bool pick;                 /* --pick */
    double margin;             /* --margin */
    uint64_t seed;             /* --seed (or from the clock) */
    double min_score;          /* --min-score */
    long top;                  /* --top, 0: all */
    bool renlib;               /* --renlib */
    bool force;                /* --force */
    bool quiet;                /* --quiet: no summary line */
    bool progress;             /* --progress */
    /* state */
    Book *bk;                  /* probe */
    const char *book_path;     /* its file */
    BookBuilder *bb;           /* build */
    BookPositions *positions;  /* dump: a position for each key */
    const char *file;          /* file being read (build) */
    uint64_t bad_records;
    CliProgress pr;            /* the progress line */
    uint64_t total_bytes;      /* bytes of the input files (0: unknown) */
    uint64_t done_bytes;       /* bytes of the files read before the current one */
    RecordStream stream;       /* how far the current file is read */
    long cur_line;             /* line of the last record read */
} Gb;

/* Parses a number in [lo, hi]; prints a usage error otherwise. */
static bool parse_double(const Cli *cli, const char *opt, const char *arg, double lo, double hi, double *out) {
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (errno || end == arg || *end || !(v >= lo && v <= hi)) {
        cli_error(cli, "--%s: '%s' is not a number in %g..%g", opt, arg, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

static bool book_option(void *ctx, int id, const char *arg) {
    Gb *g = ctx;
    long v;
    switch (id) {
    case OPT_OUTPUT: g->output = arg; return true;
    case OPT_MAX_PLY: return cli_int(&g->cli, "max-ply", arg, 0, 65535, &g->max_ply);
    case OPT_MIN_GAMES: return cli_int(&g->cli, "min-games", arg, 0, UINT32_MAX, &g->min_games);
    case OPT_FORMAT:
        if (record_format_parse(arg, &g->format) == GMK_OK) return true;
        cli_error(&g->cli, "--input-format: '%s' is not one of %s", arg, FORMAT_VALUES);
        return false;
    case OPT_VARIATIONS: g->variations = true; return true;
    case OPT_MEMORY: return cli_int(&g->cli, "memory", arg, 1, 1L << 30, &g->memory_mb);
    case OPT_PICK: g->pick = true; return true;
    case OPT_MARGIN: return parse_double(&g->cli, "margin", arg, 0, 1, &g->margin);
    case OPT_SEED:
        if (!cli_int(&g->cli, "seed", arg, 0, LONG_MAX, &v)) return false;
        g->seed = (uint64_t)v;
        return true;
    case OPT_MIN_SCORE: return parse_double(&g->cli, "min-score", arg, 0, 1, &g->min_score);
    case OPT_TOP: return cli_int(&g->cli, "top", arg, 1, 100000, &g->top);
    case OPT_RENLIB: g->renlib = true; return true;
    case OPT_COMPACT: g->compact = true; return true;
    case OPT_FORCE: g->force = true; return true;
    case OPT_QUIET: g->quiet = true; return true;
    case OPT_PROGRESS: g->progress = true; return true;
    }
    return false;
}

/* Usage error: message, hint, exit 2. */
static void usage_fail(const Cli *cli, const char *what) {
    cli_error(cli, "%s", what);
    fprintf(stderr, "Try '%s %s --help' for more information.\n", cli->prog,
            cli->command ? cli->command->name : "");
    exit(EXIT_FAILURE_RUN);
}

/* Refuses (usage error, exit 2) to write g->output when it is one of the
 * inputs (the same file, by device and inode), or when it exists, is not
 * empty and does not start with `magic` (a gmk book, a RenLib library)
 * unless --force: a mistyped -o must not destroy games or another file. */
static void check_output(Gb *g, char **inputs, const char *magic, size_t magic_len, const char *kind) {
    struct stat so, si;
    if (stat(g->output, &so) != 0) return; /* a new file */
    for (int i = 0; inputs[i]; i++)
        if (strcmp(inputs[i], "-") != 0 && stat(inputs[i], &si) == 0 && si.st_dev == so.st_dev &&
            si.st_ino == so.st_ino) {
            char why[PATH_MAX + 64];
            snprintf(why, sizeof why, "%s: the output is also an input; refusing to overwrite it", g->output);
            usage_fail(&g->cli, why);
        }
    if (g->force || !S_ISREG(so.st_mode) || so.st_size == 0) return;
    char head[16] = {0};
    FILE *f = fopen(g->output, "rb");
    size_t n = f ? fread(head, 1, magic_len, f) : 0;
    if (f) fclose(f);
    if (n == magic_len && memcmp(head, magic, magic_len) == 0) return;
    char why[PATH_MAX + 96];
    snprintf(why, sizeof why, "%s exists and is not %s; refusing to overwrite it (--force to do so)",
             g->output, kind);
    usage_fail(&g->cli, why);
}

#define BOOK_OUTPUT "GMKBOOK", 8, "a gmk book" /* the first 8 bytes of a book, NUL included */

/* ---- build --------------------------------------------------------------- */

/* Build progress: games, games/s, bad records; the share of the input read
 * and the time left when the input size is known. */
static void progress(Gb *g, bool final) {
    if (!cli_progress_due(&g->pr, final)) return;
    double el = g->pr.last - g->pr.t0;
    uint64_t games = book_builder_games(g->bb);
    double rate = el > 0 ? (double)games / el : 0;
    char where[96] = "", eta[48], line[256];
    const RecordStream *rs = &g->stream;
    if (!final && g->total_bytes > 0 && rs->chunk_lines > 0) {
        double in_chunk = (double)(g->cur_line - rs->chunk_line) / (double)rs->chunk_lines;
        if (in_chunk < 0) in_chunk = 0;
        if (in_chunk > 1) in_chunk = 1;
        double done = (double)(g->done_bytes + rs->done_bytes) + in_chunk * (double)rs->chunk_bytes;
        double frac = done / (double)g->total_bytes;
        if (frac > 1) frac = 1;
        if (frac > 0.001) {
            cli_eta(el * (1 - frac) / frac, eta, sizeof eta);
            snprintf(where, sizeof where, ", %.0f%% of %.0f MB, %s", frac * 100,
                     (double)g->total_bytes / 1e6, eta);
        }
    }
    snprintf(line, sizeof line, "%s: %llu games, %.0f games/s%s, %llu bad records", g->cli.prog,
             (unsigned long long)games, rate, where, (unsigned long long)g->bad_records);
    cli_progress_line(&g->pr, line, final);
}

/* Progress of writing the book, or of a merge: entries, entries/s, ETA. */
static void progress_entries(void *ctx, uint64_t done, uint64_t total) {
    Gb *g = ctx;
    bool final = done >= total;
    if (!cli_progress_due(&g->pr, final)) return;
    double el = g->pr.last - g->pr.t0;
    char eta[48] = "", line[256];
    if (!final && done > 0) cli_eta(el * (double)(total - done) / (double)done, eta, sizeof eta);
    double pc = total ? 100.0 * (double)done / (double)total : 100.0, rate = el > 0 ? (double)done / el / 1e6 : 0.0;
    if (g->cmd == CMD_MERGE)
        snprintf(line, sizeof line, "%s: merged %llu of %llu entries (%.0f%%), %.2f M entries/s%s%s",
                 g->cli.prog, (unsigned long long)done, (unsigned long long)total, pc, rate,
                 *eta ? ", " : "", eta);
    else /* build: the moves counted, sorted into the book */
        snprintf(line, sizeof line, "%s: writing the book: %llu of %llu moves (%.0f%%), %.2f M moves/s%s%s",
                 g->cli.prog, (unsigned long long)done, (unsigned long long)total, pc, rate,
                 *eta ? ", " : "", eta);
    cli_progress_line(&g->pr, line, final);
}

static bool build_game(void *ctx, const GameRecord *rec) {
    Gb *g = ctx;
    g->cur_line = rec->line;
    BookError err;
    if (book_builder_add_game(g->bb, rec, &err) != GMK_OK) {
        if (err.status == GMK_ERR_NOMEM || err.status == GMK_ERR_IO) {
            cli_error(&g->cli, "%s", err.msg);
            exit(EXIT_FAILURE_RUN);
        }
        g->bad_records++;
        cli_line_error(&g->cli, g->file, rec->line, "game skipped: %s", err.msg);
    }
    if ((book_builder_games(g->bb) & 1023) == 0) progress(g, false);
    return true;
}

static void build_error(void *ctx, const RecordError *e) {
    Gb *g = ctx;
    g->bad_records++;
    cli_line_error(&g->cli, g->file, e->line, "%s", e->msg);
}

/* Reads one file (or stdin) of records into the builder, in chunks of whole
 * records for move lists, PGN and psq, whole for SGF and XML. */
static void build_file(Gb *g, const char *path) {
    bool is_stdin = strcmp(path, "-") == 0;
    g->file = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f) {
        cli_error(&g->cli, "%s: %s", path, strerror(errno));
        g->cli.failures++;
        return;
    }
    RecordOptions o = {g->format, g->cli.size, g->cli.rule, g->cli.origin, g->variations, 1, 0};
    RecordSink sink = {build_game, build_error, g};
    GmkStatus st = records_read_stream(f, &o, BUILD_CHUNK, &sink, &g->stream);
    if (st == GMK_ERR_IO)
        cli_error(&g->cli, "%s: read error: %s", g->file, strerror(g->stream.err));
    else if (st != GMK_OK) /* not game records, an unknown format, out of memory */
        cli_error(&g->cli, "%s: %s", g->file, g->stream.what ? g->stream.what : gmk_strerror(st));
    if (st != GMK_OK) g->cli.failures++;
    g->done_bytes += g->stream.done_bytes;
    g->stream = (RecordStream){0};
    if (!is_stdin) fclose(f);
}

/* Without -r or -s, a book takes the rule and size of the first record that
 * the first input holds (a PGN [Rule] tag, SGF RU and SZ, a psq board), so
 * that renju games make a renju book without a line per game saying they
 * do not fit. Standard input is not peeked at (it cannot be read twice). */
static void build_defaults(Gb *g, const char *path, bool rule_set, bool size_set) {
    if ((rule_set && size_set) || strcmp(path, "-") == 0) return;
    FILE *f = fopen(path, "rb");
    if (!f) return; /* reported when it is read */
    size_t cap = (size_t)1 << 20;
    char *buf = malloc(cap);
    size_t n = buf ? fread(buf, 1, cap, f) : 0;
    fclose(f);
    RecordOptions o = {g->format, g->cli.size, g->cli.rule, g->cli.origin, g->variations, 1, 0};
    Rule rule;
    int size;
    if (buf && records_first_rule(buf, n, n < cap, &o, &rule, &size)) {
        if (!rule_set) g->cli.rule = rule;
        if (!size_set) g->cli.size = size;
    }
    free(buf);
}

/* The one-line summary of a build or merge (unless --quiet):
 * "gmk-book: BOOK: WHAT, P positions, E entries" (from the book written);
 * after a merge of n books, WHAT says so, with the games of the book. */
static void summary(Gb *g, const char *what, int merged) {
    BookError err;
    Book *bk = book_open(g->output, &err);
    if (!bk) return;
    const BookInfo *i = book_info(bk);
    char buf[96];
    if (merged) {
        snprintf(buf, sizeof buf, "%d book%s merged, %llu games", merged, merged == 1 ? "" : "s",
                 (unsigned long long)i->games);
        what = buf;
    }
    cli_error(&g->cli, "%s: %s, %llu positions, %llu entries", g->output, what, (unsigned long long)i->positions,
              (unsigned long long)i->entries);
    book_close(bk);
}

static int cmd_build(Gb *g, char **files, bool rule_set, bool size_set) {
    if (!g->output) usage_fail(&g->cli, "build: -o BOOK is required");
    check_output(g, files, BOOK_OUTPUT);
    if (files[0]) build_defaults(g, files[0], rule_set, size_set);
    /* the input's size, for the progress line */
    uint64_t bytes = 0;
    for (int i = 0; files[i]; i++) {
        struct stat sb;
        if (strcmp(files[i], "-") != 0 && stat(files[i], &sb) == 0) bytes += (uint64_t)sb.st_size;
    }
    BookOptions o = {g->cli.size, g->cli.rule, (int)g->max_ply, (uint32_t)g->min_games,
                     (size_t)g->memory_mb << 20, 0, g->compact};
    BookError err;
    g->bb = book_builder_new(&o, &err);
    if (!g->bb) {
        cli_error(&g->cli, "%s", err.msg);
        return EXIT_FAILURE_RUN;
    }
    static char *stdin_only[] = {"-", NULL};
    if (!files[0]) files = stdin_only;
    struct stat sb;
    if (strcmp(files[0], "-") == 0 && !files[1] && fstat(0, &sb) == 0 && S_ISREG(sb.st_mode))
        bytes = (uint64_t)sb.st_size; /* stdin from a file: its size is known too */
    else
        for (int i = 0; files[i]; i++)
            if (strcmp(files[i], "-") == 0) bytes = 0; /* a pipe: unknown */
    g->total_bytes = bytes;
    cli_progress_start(&g->pr, g->progress);
    book_builder_set_progress(g->bb, progress_entries, g);
    for (int i = 0; files[i]; i++) build_file(g, files[i]);
    progress(g, true);
    g->pr.t0 = cli_now(); /* the write's own clock (its first line at once if it takes a while) */
    if (!g->cli.failures && g->bad_records && book_builder_games(g->bb) == 0) {
        cli_error(&g->cli, "no game read: every record was bad");
        g->cli.failures++;
    }
    if (g->cli.failures) /* an input could not be read: a book of the rest would be wrong */
        cli_error(&g->cli, "%s: not written (an input failed; the old file is kept)", g->output);
    else if (book_builder_write(g->bb, g->output, &err) != GMK_OK) {
        cli_error(&g->cli, "%s", err.msg);
        g->cli.failures++;
    } else if (!g->quiet && !isatty(2)) { /* a terminal had the progress line */
        char what[96];
        snprintf(what, sizeof what, "%llu games read, %llu skipped", (unsigned long long)book_builder_games(g->bb),
                 (unsigned long long)g->bad_records);
        summary(g, what, 0);
    }
    book_builder_free(g->bb);
    return cli_exit_status(&g->cli);
}

/* ---- probe ------------------------------------------------------------- */

static void print_move_text(const Cli *cli, const Board *b, const BookMove *m) {
    char pt[8];
    printf("\t%s:%llu:%llu:%llu:%llu:%.3f", notation_point_str(m->move, board_size(b), cli->origin, pt),
           (unsigned long long)m->games, (unsigned long long)m->wins, (unsigned long long)m->draws,
           (unsigned long long)m->losses, m->score);
}

static void print_move_json(const Cli *cli, const Board *b, const BookMove *m) {
    char pt[8];
    printf("{\"move\":\"%s\",\"games\":%llu,\"wins\":%llu,\"draws\":%llu,\"losses\":%llu,\"score\":%.4f}",
           notation_point_str(m->move, board_size(b), cli->origin, pt), (unsigned long long)m->games,
           (unsigned long long)m->wins, (unsigned long long)m->draws, (unsigned long long)m->losses,
           m->score);
}

static bool probe_position(void *ctx, Board *b, const PosSource *src) {
    Gb *g = ctx;
    Cli *cli = &g->cli;
    BookMove all[BOARD_MAX * BOARD_MAX + 1];
    int n;
    bool over = cli_game_over(b); /* no book moves after the end: "over" */
    GmkStatus st = over ? GMK_OK : book_probe(g->bk, b, all, (int)(sizeof all / sizeof all[0]), &n);
    if (over) n = 0;
    if (st == GMK_ERR_SIZE) {
        cli_line_error(cli, src->file, src->line, "%s", book_last_error(g->bk));
        return true;
    }
    if (st != GMK_OK) {
        cli_error(cli, "%s: %s", g->book_path, book_last_error(g->bk));
        cli->failures++;
        return false;
    }
    int k = 0; /* filters */
    for (int i = 0; i < n; i++)
        if ((long)all[i].games >= g->min_games && all[i].score >= g->min_score) all[k++] = all[i];
    if (g->top && k > g->top) k = (int)g->top;
    int first = 0;
    if (g->pick && k > 0) {
        first = book_pick(all, k, g->margin, &g->seed);
        k = first + 1;
    }
    char pos[MOVES_MAX * 3 + 8];
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        if (over) out_json_over(b);
        fputs(",\"moves\":[", stdout);
        for (int i = first; i < k; i++) {
            if (i > first) putchar(',');
            print_move_json(cli, b, &all[i]);
        }
        putchar(']');
        if (g->pick) {
            char pt[8];
            if (k > 0) printf(",\"pick\":\"%s\"", notation_point_str(all[first].move, board_size(b), cli->origin, pt));
            else fputs(",\"pick\":null", stdout);
        }
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        fputs(cli_position_str(cli, b, pos, sizeof pos), stdout);
        if (k == first) fputs(over ? "\tover" : "\t-", stdout);
        for (int i = first; i < k; i++) print_move_text(cli, b, &all[i]);
        out_carry(src);
        putchar('\n');
    }
    out_flush(cli);
    return true;
}

/* Opens a book or ends the run with exit status 2. */
static Book *open_or_die(Gb *g, const char *path) {
    BookError err;
    Book *bk = book_open(path, &err);
    if (!bk) {
        cli_error(&g->cli, "%s: %s", path, err.msg);
        exit(EXIT_FAILURE_RUN);
    }
    g->book_path = path;
    return bk;
}

static int cmd_probe(Gb *g, char **args, bool rule_set, bool size_set) {
    if (!args[0]) usage_fail(&g->cli, "probe: a BOOK is required");
    g->bk = open_or_die(g, args[0]);
    const BookInfo *info = book_info(g->bk);
    if (!size_set) g->cli.size = info->size;
    if (!rule_set) g->cli.rule = info->rule;
    if (g->cli.rule != info->rule) {
        char why[512];
        snprintf(why, sizeof why, "probe: %s is a %s book; --rule %s does not match", args[0],
                 rule_name(info->rule), rule_name(g->cli.rule));
        usage_fail(&g->cli, why);
    }
    if (g->cli.size != info->size) { /* one clear usage error, not one per line */
        char why[512];
        snprintf(why, sizeof why, "probe: %s is a %dx%d book; --size %d does not match", args[0], info->size,
                 info->size, g->cli.size);
        usage_fail(&g->cli, why);
    }
    if (!g->seed) g->seed = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15ULL ^ (uint64_t)getpid();
    if (!g->seed) g->seed = 1;
    g->cli.light = true; /* stones and keys are all a probe needs */
    cli_for_each_position(&g->cli, args + 1, probe_position, g);
    out_flush(&g->cli);
    book_close(g->bk);
    return cli_exit_status(&g->cli);
}

/* ---- merge, dump, stats ------------------------------------------------ */

static int cmd_merge(Gb *g, char **args) {
    if (!g->output) usage_fail(&g->cli, "merge: -o OUT is required");
    int n = 0;
    while (args[n]) n++;
    if (n == 0) usage_fail(&g->cli, "merge: no books to merge");
    check_output(g, (char *[]){NULL}, BOOK_OUTPUT);
    BookError err;
    cli_progress_start(&g->pr, g->progress);
    if (book_merge_progress((const char *const *)args, n, g->output, (uint32_t)g->min_games,
                            g->compact, progress_entries, g, &err) != GMK_OK) {
        cli_error(&g->cli, "%s", err.msg);
        return EXIT_FAILURE_RUN;
    }
    if (!g->quiet && !isatty(2)) summary(g, NULL, n);
    return EXIT_ALL_OK;
}

/* A text field in JSON: a string if it is UTF-8, else "NAME_hex". */
static void json_text(const char *name, const char *s, size_t n) {
    if (out_utf8_valid(s, n)) {
        printf(",\"%s\":", name);
        out_json_string(s, n);
    } else {
        printf(",\"%s_hex\":\"", name);
        for (size_t i = 0; i < n; i++) printf("%02x", (unsigned char)s[i]);
        putchar('"');
    }
}

/* A text field in text output: bytes as stored, TAB / newline / backslash escaped. */
static void text_field(const char *s, size_t n) {
    putchar('\t');
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\t') fputs("\\t", stdout);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\r') fputs("\\r", stdout);
        else if (c == '\\') fputs("\\\\", stdout);
        else putchar(c);
    }
}

/* The representative position of a key (the line of book moves that
 * reaches it first, canonical orientation): "h8i9", "" for the root, NULL
 * when no line of book moves reaches it. */
static const char *dump_position(Gb *g, Key key) {
    static char buf[MOVES_MAX * 3 + 8];
    static Key last;
    static const char *last_str;
    static bool have;
    if (have && key == last) return last_str;
    Move line[MOVES_MAX];
    long i = book_positions_find(g->positions, key);
    int n = i >= 0 ? book_positions_line(g->positions, (size_t)i, line, MOVES_MAX) : -1;
    size_t len = 0;
    int size = book_info(g->bk)->size;
    for (int k = 0; k < n && len + 4 < sizeof buf; k++) {
        char pt[8];
        notation_point_str(line[k], size, ORIGIN_BOTTOM, pt);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s", pt);
    }
    buf[len] = '\0';
    last = key;
    have = true;
    last_str = n >= 0 ? buf : NULL;
    return last_str;
}

static bool dump_entry(void *ctx, const BookEntry *e) {
    Gb *g = ctx;
    char pt[8];
    int size = book_info(g->bk)->size;
    notation_point_str(e->move, size, ORIGIN_BOTTOM, pt);
    double score = book_score(e->wins, e->draws, e->losses);
    const char *pos = dump_position(g, e->key);
    if (g->cli.json) {
        printf("{\"key\":\"%016llx\",\"position\":", (unsigned long long)e->key);
        if (pos) printf("\"%s\"", pos);
        else fputs("null", stdout);
        printf(",\"move\":\"%s\",\"games\":%llu,\"wins\":%llu,\"draws\":%llu,"
               "\"losses\":%llu,\"score\":%.4f", pt,
               (unsigned long long)e->games, (unsigned long long)e->wins, (unsigned long long)e->draws,
               (unsigned long long)e->losses, score);
        if (e->flags)
            printf(",\"mark\":%s,\"start\":%s,\"board_text_only\":%s", e->flags & BOOK_FLAG_MARK ? "true" : "false",
                   e->flags & BOOK_FLAG_START ? "true" : "false", e->flags & BOOK_FLAG_NOMOVE ? "true" : "false");
        if (e->comment_len) json_text("comment", e->comment, e->comment_len);
        if (e->label_len) json_text("label", e->label, e->label_len);
        puts("}");
    } else {
        printf("%016llx\t%s\t%s\t%llu\t%llu\t%llu\t%llu\t%.3f", (unsigned long long)e->key,
               pos ? (*pos ? pos : "-") : "?", pt,
               (unsigned long long)e->games, (unsigned long long)e->wins, (unsigned long long)e->draws,
               (unsigned long long)e->losses, score);
        if (e->flags || e->comment_len || e->label_len) {
            printf("\t%s%s%s", e->flags & BOOK_FLAG_MARK ? "m" : "", e->flags & BOOK_FLAG_START ? "s" : "",
                   e->flags & BOOK_FLAG_NOMOVE ? "t" : "");
            if (!e->flags) putchar('-');
            text_field(e->comment ? e->comment : "", e->comment_len);
            text_field(e->label ? e->label : "", e->label_len);
        }
        putchar('\n');
    }
    if (ferror(stdout)) out_flush(&g->cli);
    return true;
}

static int cmd_dump(Gb *g, char **args) {
    if (!args[0] || args[1]) usage_fail(&g->cli, "dump: one BOOK is required");
    g->bk = open_or_die(g, args[0]);
    GmkStatus st;
    g->positions = book_positions_new(g->bk, &st);
    if (g->positions) st = book_foreach(g->bk, dump_entry, g);
    book_positions_free(g->positions);
    out_flush(&g->cli);
    if (st != GMK_OK) {
        cli_error(&g->cli, "%s: %s", args[0], book_last_error(g->bk));
        g->cli.failures++;
    }
    book_close(g->bk);
    return cli_exit_status(&g->cli);
}

static int cmd_stats(Gb *g, char **args) {
    if (!args[0] || args[1]) usage_fail(&g->cli, "stats: one BOOK is required");
    g->bk = open_or_die(g, args[0]);
    BookStats acc;
    GmkStatus st = book_stats(g->bk, &acc);
    if (st != GMK_OK) {
        cli_error(&g->cli, "%s: %s", args[0], book_last_error(g->bk));
        book_close(g->bk);
        return EXIT_FAILURE_RUN;
    }
    const BookInfo *i = book_info(g->bk);
    double bpe = i->entries ? (double)i->file_bytes / (double)i->entries : 0;
    double mpp = i->positions ? (double)i->entries / (double)i->positions : 0;
    if (g->cli.json) {
        printf("{\"file\":");
        out_json_string(args[0], strlen(args[0]));
        printf(",\"version\":%d,\"rule\":\"%s\",\"size\":%d,\"max_ply\":%d,\"min_games\":%u,"
               "\"games\":%llu,\"positions\":%llu,\"entries\":%llu,\"blocks\":%u,\"bytes\":%llu,"
               "\"bytes_per_entry\":%.3f,\"moves_per_position\":%.3f,\"single_game_entries\":%llu,"
               "\"entries_with_text\":%llu,\"checked\":true}\n",
               i->version, rule_name(i->rule), i->size, i->max_ply, i->min_games,
               (unsigned long long)i->games, (unsigned long long)i->positions,
               (unsigned long long)i->entries, i->blocks, (unsigned long long)i->file_bytes, bpe, mpp,
               (unsigned long long)acc.singles, (unsigned long long)acc.texts);
    } else {
        printf("file\t%s\nversion\t%d\nrule\t%s\nsize\t%d\nmax_ply\t%d\nmin_games\t%u\ngames\t%llu\n"
               "positions\t%llu\nentries\t%llu\nblocks\t%u\nbytes\t%llu\nbytes_per_entry\t%.3f\n"
               "moves_per_position\t%.3f\nsingle_game_entries\t%llu\nentries_with_text\t%llu\n"
               "checked\tevery block\n",
               args[0], i->version, rule_name(i->rule), i->size, i->max_ply, i->min_games,
               (unsigned long long)i->games, (unsigned long long)i->positions,
               (unsigned long long)i->entries, i->blocks, (unsigned long long)i->file_bytes, bpe, mpp,
               (unsigned long long)acc.singles, (unsigned long long)acc.texts);
    }
    out_flush(&g->cli);
    book_close(g->bk);
    return EXIT_ALL_OK;
}

/* ---- RenLib ------------------------------------------------------------- */

static int cmd_import(Gb *g, char **args) {
    if (!g->output) usage_fail(&g->cli, "import: -o BOOK is required");
    if (!args[0] || args[1]) usage_fail(&g->cli, "import: one FILE.lib is required");
    check_output(g, args, BOOK_OUTPUT);
    size_t len;
    char *buf = cli_slurp(args[0], &len);
    if (!buf) {
        cli_error(&g->cli, "%s: %s", args[0], strerror(errno));
        return EXIT_FAILURE_RUN;
    }
    BookOptions o = {15, g->cli.rule, 0, 0, 0};
    BookError err;
    BookBuilder *bb = book_builder_new(&o, &err);
    GmkStatus st = bb ? renlib_import((const uint8_t *)buf, len, bb, &err) : err.status;
    if (st == GMK_OK) st = book_builder_write(bb, g->output, &err);
    if (st != GMK_OK) cli_error(&g->cli, "%s: %s", st == GMK_ERR_IO ? g->output : args[0], err.msg);
    book_builder_free(bb);
    free(buf);
    return st == GMK_OK ? EXIT_ALL_OK : EXIT_FAILURE_RUN;
}

static int cmd_export(Gb *g, char **args) {
    if (!g->renlib) usage_fail(&g->cli, "export: --renlib is required (the only format)");
    if (!g->output) usage_fail(&g->cli, "export: -o OUT.lib is required");
    if (!args[0] || args[1]) usage_fail(&g->cli, "export: one BOOK is required");
    check_output(g, args, "\xffRenLib\xff", 8, "a RenLib library");
    g->bk = open_or_die(g, args[0]);
    BookError err;
    GmkStatus st = renlib_export(g->bk, g->output, &err);
    if (st != GMK_OK) cli_error(&g->cli, "%s", err.msg);
    book_close(g->bk);
    return st == GMK_OK ? EXIT_ALL_OK : EXIT_FAILURE_RUN;
}

/* ---- main --------------------------------------------------------------- */

int main(int argc, char **argv) {
    Gb g = {0};
    g.max_ply = BOOK_MAX_PLY_DEFAULT;
    g.min_games = 1;
    g.memory_mb = BOOK_MEMORY_DEFAULT >> 20;
    g.margin = atof(DEFAULT_MARGIN);
    int first = cli_parse(&g.cli, &BOOK_PROGRAM, argc, argv, book_option, &g);
    bool rule_set = g.cli.rule_set, size_set = g.cli.size_set;
    g.cmd = (int)(g.cli.command - COMMANDS);
    if (g.cmd == CMD_IMPORT && !rule_set) g.cli.rule = RULE_RENJU;
    char **args = argv + first;
    cli_cleanup_on_signals();
    switch (g.cmd) {
    case CMD_BUILD: return cmd_build(&g, args, rule_set, size_set);
    case CMD_PROBE: return cmd_probe(&g, args, rule_set, size_set);
    case CMD_MERGE: return cmd_merge(&g, args);
    case CMD_DUMP: return cmd_dump(&g, args);
    case CMD_STATS: return cmd_stats(&g, args);
    case CMD_IMPORT: return cmd_import(&g, args);
    default: return cmd_export(&g, args);
    }
}
