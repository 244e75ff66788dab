/*
 * gmk-fixture — test programs with subcommands, so that the subcommand
 * convention of cmd/cli.h, the completion generator and the "one feel"
 * checks are tested before the real programs land. Not installed.
 *   gmk-fixture         is shaped like gmk-book: a command is required;
 *   gmk-fixture-search  (a link to it) like gmk-search: reads positions,
 *                       or runs its optional command "bench".
 * It prints what it parsed:
 *     gmk-fixture build -o x.book --max-ply 12 a b
 *     command=build threads=1 output=x.book max_ply=12 ... operands: a b
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum {
    OPT_THREADS = CLI_OPT_USER, OPT_OUTPUT, OPT_MAX_PLY, OPT_TMPDIR, OPT_PICK, OPT_FORMAT,
    OPT_DEPTH, OPT_GOMOCUP, OPT_POSITIONS
};

static const CliOption TOP_OPTIONS[] = {
    {"threads", 't', "N", "1", "worker threads", NULL, OPT_THREADS},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliOption BUILD_OPTIONS[] = {
    {"output", 'o', "BOOK", NULL, "the book to write", "@file", OPT_OUTPUT},
    {"max-ply", 0, "N", "30", "moves read from each game", NULL, OPT_MAX_PLY},
    {"tmpdir", 0, "DIR", "/tmp", "where temporary files go", "@dir", OPT_TMPDIR},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliOption PROBE_OPTIONS[] = {
    {"pick", 0, NULL, NULL, "print one move chosen at random", NULL, OPT_PICK},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliOption DUMP_OPTIONS[] = {
    {"format", 'f', "FORMAT", "text", "text or renlib", "text renlib", OPT_FORMAT},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram FIXTURE_COMMANDS[] = {
    {"build", "[OPTIONS] FILE...", "Build a book from game records.", BUILD_OPTIONS, false, NULL,
     false},
    {"probe", "[OPTIONS] BOOK [FILE...]", "Print the book moves of positions.", PROBE_OPTIONS,
     true, NULL, false},
    {"dump", "[OPTIONS] BOOK", "Print every entry.", DUMP_OPTIONS, false, NULL, false},
    {"stats", "BOOK", "Print counts.", NULL, false, NULL, false},
    {NULL, NULL, NULL, NULL, false, NULL, false},
};

static const CliProgram FIXTURE_PROGRAM = {
    "gmk-fixture", "[OPTIONS] COMMAND [ARGS...]",
    "A test program with subcommands, shaped like gmk-book.", TOP_OPTIONS, false,
    FIXTURE_COMMANDS, false,
};

static const CliOption SEARCH_OPTIONS[] = {
    {"depth", 'd', "N", "8", "search depth", NULL, OPT_DEPTH},
    {"gomocup", 0, NULL, NULL, "speak the Gomocup protocol", NULL, OPT_GOMOCUP},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliOption BENCH_OPTIONS[] = {
    {"positions", 0, "FILE", NULL, "bench positions", "@file", OPT_POSITIONS},
    {"depth", 'd', "N", "8", "search depth", NULL, OPT_DEPTH},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram SEARCH_COMMANDS[] = {
    {"bench", "[OPTIONS]", "Search fixed positions and print a signature.", BENCH_OPTIONS, false,
     NULL, false},
    {NULL, NULL, NULL, NULL, false, NULL, false},
};

static const CliProgram SEARCH_PROGRAM = {
    "gmk-fixture-search", "[OPTIONS] [FILE...] | bench [OPTIONS]",
    "A test program with an optional command, shaped like gmk-search.", SEARCH_OPTIONS, true,
    SEARCH_COMMANDS, true,
};

typedef struct {
    Cli cli;
    long threads;          /* --threads */
    const char *output;    /* build --output, NULL if not given */
    long max_ply;          /* build --max-ply */
    bool pick;             /* probe --pick */
    long depth;            /* gmk-fixture-search --depth */
} Fixture;

/* gmk-fixture-search --json: the common members of each position read. */
static bool fixture_position(void *ctx, Board *b, const PosSource *src) {
    Fixture *fx = ctx;
    (void)src;
    putchar('{');
    out_json_common(&fx->cli, b);
    printf(",\"depth\":%ld}\n", fx->depth);
    out_flush(&fx->cli);
    return true;
}

/* Handles the options of the program and of its commands. */
static bool fixture_option(void *ctx, int id, const char *arg) {
    Fixture *fx = ctx;
    switch (id) {
    case OPT_THREADS: return cli_int(&fx->cli, "threads", arg, 1, 64, &fx->threads);
    case OPT_OUTPUT: fx->output = arg; return true;
    case OPT_MAX_PLY: return cli_int(&fx->cli, "max-ply", arg, 1, 225, &fx->max_ply);
    case OPT_PICK: fx->pick = true; return true;
    case OPT_DEPTH: return cli_int(&fx->cli, "depth", arg, 1, 99, &fx->depth);
    case OPT_TMPDIR:
    case OPT_FORMAT:
    case OPT_GOMOCUP:
    case OPT_POSITIONS: return true;
    }
    return false;
}

int main(int argc, char **argv) {
    Fixture fx = {.threads = 1, .max_ply = 30, .depth = 8};
    const char *base = strrchr(argv[0], '/');
    if (base && strcmp(base + 1, "gmk-fixture-search") == 0) {
        int first = cli_parse(&fx.cli, &SEARCH_PROGRAM, argc, argv, fixture_option, &fx);
        if (fx.cli.json && !fx.cli.command) {
            cli_for_each_position(&fx.cli, argv + first, fixture_position, &fx);
            return cli_exit_status(&fx.cli);
        }
        printf("command=%s depth=%ld rule=%s json=%d operands:",
               fx.cli.command ? fx.cli.command->name : "-", fx.depth, rule_name(fx.cli.rule),
               fx.cli.json);
        for (int i = first; i < argc; i++) printf(" %s", argv[i]);
        printf("\n");
        out_flush(&fx.cli);
        return EXIT_ALL_OK;
    }
    int first = cli_parse(&fx.cli, &FIXTURE_PROGRAM, argc, argv, fixture_option, &fx);
    if (fx.cli.command != &FIXTURE_COMMANDS[0] && first >= argc) {
        cli_error(&fx.cli, "%s: missing BOOK", fx.cli.command->name);
        return EXIT_FAILURE_RUN;
    }
    printf("command=%s threads=%ld output=%s max_ply=%ld pick=%d rule=%s json=%d operands:",
           fx.cli.command->name, fx.threads, fx.output ? fx.output : "-", fx.max_ply, fx.pick,
           rule_name(fx.cli.rule), fx.cli.json);
    for (int i = first; i < argc; i++) printf(" %s", argv[i]);
    printf("\n");
    out_flush(&fx.cli);
    return EXIT_ALL_OK;
}
