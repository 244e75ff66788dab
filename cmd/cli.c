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
    if (++cli->file_reports > CLI_FILE_REPORTS_MAX) { /* summed up by cli_file_end() */
        cli->file_hidden++;
        return;
    }
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

void cli_file_end(Cli *cli, const char *file) {
    if (cli->file_hidden && !cli->quiet) {
        fflush(stdout);
        fprintf(stderr, "%s: %s: %ld more bad lines not shown\n", cli->prog, file, cli->file_hidden);
    }
    cli->file_reports = cli->file_hidden = 0;
}

void cli_binary_file(Cli *cli, const char *file, long line) {
    cli->bad_lines++;
    if (cli->quiet) return;
    fflush(stdout);
    if (line > 0) fprintf(stderr, "%s: %s:%ld: binary data, the rest of the file skipped\n", cli->prog, file, line);
    else fprintf(stderr, "%s: %s: binary data, skipped\n", cli->prog, file);
}

bool cli_line_binary(const char *s, size_t len) {
    size_t ctrl = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0) return true;
        if ((c < 0x20 && c != '\t' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b) || c == 0x7f) ctrl++;
    }
    return len >= 4 && ctrl * 4 > len;
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
    case CLI_OPT_HELP: print_help(sc->prog, sc->parent); cli_exit(cli, EXIT_ALL_OK);
    case CLI_OPT_VERSION:
        printf("%s %s\n", sc->parent ? sc->parent->name : sc->prog->name, GMK_VERSION);
        cli_exit(cli, EXIT_ALL_OK);
    case CLI_OPT_LIST_OPTIONS: list_program(sc->prog); cli_exit(cli, EXIT_ALL_OK);
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

void cli_conflict(const Cli *cli, const char *a, const char *b) {
    cli_error(cli, "--%s and --%s cannot be used together", a, b);
    if (cli->command)
        fprintf(stderr, "Try '%s %s --help' for more information.\n", cli->prog, cli->command->name);
    else fprintf(stderr, "Try '%s --help' for more information.\n", cli->prog);
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
    cli->file_reports = cli->file_hidden = 0;

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

