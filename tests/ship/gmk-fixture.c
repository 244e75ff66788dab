/*
 * gmk-fixture — a test program shaped like gmk-book (a program with
 * subcommands), so that the subcommand convention of cmd/cli.h, the
 * completion generator and the "one feel" checks are tested before the real
 * subcommand programs land. Not installed. It prints what it parsed:
 *     gmk-fixture build -o x.book --max-ply 12 a b
 *     command=build output=x.book max_ply=12 operands: a b
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

enum { OPT_THREADS = CLI_OPT_USER, OPT_OUTPUT, OPT_MAX_PLY, OPT_TMPDIR, OPT_PICK, OPT_FORMAT };

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
    {"build", "[OPTIONS] FILE...", "Build a book from game records.", BUILD_OPTIONS, false, NULL},
    {"probe", "[OPTIONS] BOOK [FILE...]", "Print the book moves of positions.", PROBE_OPTIONS,
     true, NULL},
    {"dump", "[OPTIONS] BOOK", "Print every entry.", DUMP_OPTIONS, false, NULL},
    {"stats", "BOOK", "Print counts.", NULL, false, NULL},
    {NULL, NULL, NULL, NULL, false, NULL},
};

static const CliProgram FIXTURE_PROGRAM = {
    "gmk-fixture", "[OPTIONS] COMMAND [ARGS...]",
    "A test program with subcommands, shaped like gmk-book.", TOP_OPTIONS, false,
    FIXTURE_COMMANDS,
};

typedef struct {
    Cli cli;
    long threads;          /* --threads */
    const char *output;    /* build --output, NULL if not given */
    long max_ply;          /* build --max-ply */
    bool pick;             /* probe --pick */
} Fixture;

/* Handles the options of the program and of its commands. */
static bool fixture_option(void *ctx, int id, const char *arg) {
    Fixture *fx = ctx;
    switch (id) {
    case OPT_THREADS: return cli_int(&fx->cli, "threads", arg, 1, 64, &fx->threads);
    case OPT_OUTPUT: fx->output = arg; return true;
    case OPT_MAX_PLY: return cli_int(&fx->cli, "max-ply", arg, 1, 225, &fx->max_ply);
    case OPT_PICK: fx->pick = true; return true;
    case OPT_TMPDIR:
    case OPT_FORMAT: return true;
    }
    return false;
}

int main(int argc, char **argv) {
    Fixture fx = {.threads = 1, .max_ply = 30};
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
