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

#include "book_cmd.h"

enum {
    OPT_OUTPUT = CLI_OPT_USER, OPT_MAX_PLY, OPT_MIN_GAMES, OPT_FORMAT, OPT_VARIATIONS, OPT_MEMORY,
    OPT_PICK, OPT_MARGIN, OPT_SEED, OPT_MIN_SCORE, OPT_TOP, OPT_RENLIB, OPT_FORCE, OPT_PROGRESS, OPT_QUIET,
    OPT_COMPACT,
};

#define DEFAULT_MARGIN "0.05"
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
    {CLI_TOP_NAME, CLI_TOP_SHORT, "N", NULL, "show the N best moves (default: all)", NULL, OPT_TOP},
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
    case OPT_TOP: return cli_int(&g->cli, CLI_TOP_NAME, arg, 1, 100000, &g->top);
    case OPT_RENLIB: g->renlib = true; return true;
    case OPT_COMPACT: g->compact = true; return true;
    case OPT_FORCE: g->force = true; return true;
    case OPT_QUIET: g->quiet = true; return true;
    case OPT_PROGRESS: g->progress = true; return true;
    }
    return false;
}

void usage_fail(const Cli *cli, const char *what) {
    cli_error(cli, "%s", what);
    fprintf(stderr, "Try '%s %s --help' for more information.\n", cli->prog,
            cli->command ? cli->command->name : "");
    exit(EXIT_FAILURE_RUN);
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

Book *open_or_die(Gb *g, const char *path) {
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
