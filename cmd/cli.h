/*
 * cli.h — what the four programs share: the option table (help text and
 * completions come from it), the common options of INTERFACE.md, reading
 * positions and diagrams from files, error messages and exit codes, and
 * small output helpers (JSON strings, closed pipes).
 */
#ifndef GMK_CLI_H
#define GMK_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "gmk.h"

/* Exit codes (INTERFACE.md). */
enum { EXIT_ALL_OK = 0, EXIT_BAD_LINES = 1, EXIT_FAILURE_RUN = 2 };

/* One command-line option. Tables end with an entry whose name is NULL. */
typedef struct {
    const char *name;   /* long name, without "--" */
    char short_name;    /* one-letter form, 0 if none */
    const char *arg;    /* argument placeholder ("N", "RULE"), NULL for a flag */
    const char *def;    /* default shown by --help, NULL if none */
    const char *help;   /* one line; NULL: an old spelling kept as an alias (def names the
                           option it stands for), left out of --help and the table */
    const char *values; /* completion: space-separated words, "@file", "@dir", or NULL */
    int id;             /* what the program's handler switches on */
} CliOption;

/* Ids of the common options; programs number theirs from CLI_OPT_USER. */
enum {
    CLI_OPT_RULE = 1000, CLI_OPT_SIZE, CLI_OPT_ORIGIN, CLI_OPT_JSON, CLI_OPT_TO_MOVE,
    CLI_OPT_HELP, CLI_OPT_VERSION, CLI_OPT_LIST_OPTIONS, CLI_OPT_USER = 2000
};

/* Defaults, defined once for the help text, the completions and the code. */
#define CLI_DEFAULT_RULE RULE_FREESTYLE
#define CLI_DEFAULT_RULE_NAME "freestyle"
#define CLI_RULE_VALUES "freestyle standard renju"

/* The common options in the order --help shows them; --help and --version
 * come last, and programs (or commands) without `common` get just those. */
extern const CliOption CLI_COMMON_OPTIONS[];

/* Settings every program has. */
typedef struct {
    const char *prog;      /* program name for messages ("gmk-eval") */
    Rule rule;             /* --rule */
    int size;              /* --size */
    Origin origin;         /* --origin */
    bool json;             /* --json */
    Color to_move;         /* --to-move for diagrams, COLOR_NONE = from counts */
    int bad_lines;         /* input lines reported as bad */
    int failures;          /* failures that stop a file (unreadable...) */
    const ShapeSet *shapes; /* shape tables for every board (NULL: built-in) */
    size_t line_max;       /* longest input line in bytes; 0 = CLI_LINE_MAX (tests set less) */
    const struct CliProgram *command; /* the subcommand given (entry of commands), NULL if none */
    bool light;            /* cli_for_each_position() boards are BOARD_LIGHT (stones and
                              keys only: no shape tables to build); set after cli_parse() */
    bool rule_set;         /* --rule was given (else a book's rule may be the default) */
    bool size_set;         /* --size was given (a diagram of another size is then an error) */
    bool quiet;            /* say nothing on stderr (a counting pre-pass over the input) */
    long file_reports;     /* bad lines reported in the file being read */
    long file_hidden;      /* bad lines past CLI_FILE_REPORTS_MAX in it, counted, not shown */
} Cli;

/* Bad lines reported one by one in one file; the rest of the file's are
 * summed up in one line by cli_file_end(). */
#define CLI_FILE_REPORTS_MAX 30

/* One name for one idea in every program (gmk(7), OPTIONS THAT MEAN THE SAME
 * lists them and the old spellings kept as hidden aliases):
 *   -n, --top N     how many moves to show, best first (gmk-eval's candidates,
 *                   gmk-search's lines, gmk-book probe's book moves);
 *                   old: gmk-eval --candidates, gmk-search --multipv
 *   --depth N       plies of a search (gmk-search); not a solver's limit
 *   --time T        a time limit, at most CLI_TIME_MAX_S seconds in every program
 *   -m, --memory MB memory in megabytes (gmk-search's table, gmk-book build's counts)
 * Options of one program that choose between exclusive modes are a usage
 * error together (cli_conflict), never "the last one wins". */
#define CLI_TIME_MAX_S 86400                            /* a day */
#define CLI_TIME_MAX_MS ((int64_t)CLI_TIME_MAX_S * 1000)
#define CLI_TOP_NAME "top"
#define CLI_TOP_SHORT 'n'

/* Two options given together that exclude each other (two modes, two
 * answers to one question): "PROG: --A and --B cannot be used together",
 * the usage hint, exit 2. Names without their dashes. */
void cli_conflict(const Cli *cli, const char *a, const char *b) __attribute__((noreturn));

/* A macro's value as a string literal (an option's default in its table). */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

#define CLI_LINE_MAX ((size_t)1 << 20) /* longer input lines are reported and skipped */

/* Program description for --help, --version and the option table.
 *
 * Subcommands ("gmk-book build FILES", "gmk-book probe BOOK"): give the
 * program a `commands` table, one CliProgram per command whose `name` is the
 * command word ("build"), with its own usage, summary, options and `common`
 * flag; the table ends with an entry whose name is NULL. cli_parse() then
 * reads the program's own options up to the first operand (only -h/--help
 * and -V/--version unless `common` is set), takes that operand as the
 * command (a usage error, exit 2, if it is missing or unknown), sets
 * cli->command to its entry and parses the rest with the command's table.
 * Give each command's options distinct ids (or switch on cli->command in the
 * handler). `gmk-book build --help` shows the command's own help.
 * With `commands_optional` ("gmk-search [OPTIONS] [FILE...]" beside
 * "gmk-search bench"), a first operand that is not a command word is an
 * operand of the program itself: cli->command stays NULL and the program's
 * options are read on, anywhere among its operands. tests/ship/gmk-fixture.c
 * is a worked example of both kinds.
 *
 * The hidden --list-options prints the table for the completion generator
 * (completions/gen.sh), one option per line, TAB-separated fields:
 *     --long  -s  ARG  VALUES  DEFAULT  HELP
 * ("-" for no short form; ARG empty for a flag; VALUES: completion words,
 * "@file" or "@dir", or empty; DEFAULT empty if none). The program's own
 * options come first; each command then prints a line
 *     command  NAME  SUMMARY  [optional]
 * ("optional" with commands_optional) followed by the command's options.
 * Operands complete as file names.
 * Every option, man page entry and completion comes from these tables, so
 * a new option or command is picked up by the completions, the --help check
 * and the man page check without further work. */
typedef struct CliProgram {
    const char *name;        /* "gmk-eval"; in a commands table, the command word ("build") */
    const char *usage;       /* "[OPTIONS] [FILE...]" */
    const char *summary;     /* one paragraph */
    const CliOption *opts;   /* program options (NULL-terminated), or NULL */
    bool common;             /* include CLI_COMMON_OPTIONS (else just --help and --version) */
    const struct CliProgram *commands; /* subcommands (NULL-name-terminated), or NULL */
    bool commands_optional;  /* the first operand may be an operand instead of a command */
} CliProgram;

/* Handles a program option; returns false after printing a usage error. */
typedef bool (*CliOptionFn)(void *ctx, int id, const char *arg);

/* Parses argv. Common options fill cli; program options go to fn. Handles
 * --help, --version and --list-options (exits 0), and usage errors (exits 2).
 * With prog->commands, also reads the command word (see CliProgram) and sets
 * cli->command. Returns the index of the first operand (after the command). */
int cli_parse(Cli *cli, const CliProgram *prog, int argc, char **argv, CliOptionFn fn, void *ctx);

/* Parses an integer option value in [lo, hi]; prints a usage error and
 * returns false otherwise. */
bool cli_int(const Cli *cli, const char *opt, const char *arg, long lo, long hi, long *out);

/* Parses an --origin value (bottom or top); prints a usage error and
 * returns false otherwise. */
bool cli_origin(const Cli *cli, const char *arg, Origin *out);

/* Parses a duration option value: a decimal number with an optional unit,
 * "ms" or "s" (without one, unit_ms milliseconds: 1 or 1000), rounded to
 * whole milliseconds, at least 1 ms and at most max_ms; prints a usage
 * error and returns false otherwise. */
bool cli_duration(const Cli *cli, const char *opt, const char *arg, int64_t unit_ms, int64_t max_ms,
                  int64_t *ms);

/* Where a position came from. */
typedef struct {
    const char *file;      /* file name, "<stdin>" for standard input */
    long line;             /* 1-based line of the position (first row of a diagram) */
    const char *carry;     /* text after the first TAB (without the TAB), or NULL */
    size_t carry_len;
} PosSource;

/* Called for each good position; the board holds it. Return false to stop. */
typedef bool (*CliPositionFn)(void *ctx, Board *b, const PosSource *src);

/* Reads positions (lines or diagrams) from the files (NULL-terminated list;
 * none: stdin; "-": stdin), reports bad lines as "PROG: FILE:LINE: reason"
 * on stderr and calls fn for the others. */
void cli_for_each_position(Cli *cli, char **files, CliPositionFn fn, void *ctx);

/* Reports an error about an input line and counts it. */
void cli_line_error(Cli *cli, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* After a file: "PROG: FILE: N more bad lines not shown" when it had more
 * than CLI_FILE_REPORTS_MAX; starts the count again for the next file. */
void cli_file_end(Cli *cli, const char *file);
/* A file that is binary data, not text (its first line that is not blank
 * tells): reported once as "PROG: FILE: binary data, skipped" (at line > 0:
 * "PROG: FILE:LINE: binary data, the rest of the file skipped") and counted
 * as a bad line (exit status 1). */
void cli_binary_file(Cli *cli, const char *file, long line);
/* Is a line of text (len bytes) binary data rather than text: a NUL byte,
 * or control characters (other than TAB, CR, FF, VT, ESC) in more than a
 * quarter of it? */
bool cli_line_binary(const char *s, size_t len);
/* Prints "PROG: message" on stderr. */
void cli_error(const Cli *cli, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* On SIGINT, SIGTERM and SIGHUP: remove the library's temporary files
 * (gmk_temp_cleanup) and end by the signal, as the shell expects. */
void cli_cleanup_on_signals(void);

/* The exit status for what has happened so far. */
int cli_exit_status(const Cli *cli);

/* A progress line on stderr: rewritten in place on a terminal (every
 * 0.25 s), one line every 2 s on a pipe when asked for (--progress). */
typedef struct {
    bool on;               /* shown at all (a terminal, or asked for) */
    bool term;             /* stderr is a terminal: the line is rewritten in place */
    int shown;             /* length of the line on the terminal */
    double t0, last;       /* start, last line (cli_now() seconds) */
} CliProgress;
double cli_now(void);                          /* monotonic seconds */
/* Turns progress on for a terminal stderr or when forced; starts the clock
 * (the first line comes after a while, with a rate that means something). */
void cli_progress_start(CliProgress *p, bool forced);
/* Is it time for another line? (final: always, when on) */
bool cli_progress_due(CliProgress *p, bool final);
/* Writes the line (on a terminal, the rest of a longer line before blanked). */
void cli_progress_line(CliProgress *p, const char *text, bool final);
/* "ETA 12 s", "ETA 3 min 05 s", "ETA 2 h 10 min" for s seconds. */
void cli_eta(double s, char *out, size_t cap);

/* Output helpers on stdout. A failed write on a closed pipe ends the program
 * quietly (as SIGPIPE would); other write errors are reported, exit 2. */
void out_json_string(const char *s, size_t len);
bool out_utf8_valid(const char *s, size_t len); /* well-formed UTF-8: out_json_string keeps it as is */
void out_carry(const PosSource *src);          /* "\t" + carried fields, if any */
void out_flush(const Cli *cli);                /* fflush + error check */
/* Ends the program with status after out_flush(): a write error on stdout
 * (a full disk, --help > /dev/full) is reported and the status is 2. Every
 * program ends through it (or calls out_flush() before returning). */
void cli_exit(const Cli *cli, int status) __attribute__((noreturn));
/* The normalised position of b. */
const char *cli_position_str(const Cli *cli, const Board *b, char *buf, size_t cap);
/* Is the game over on b: the last stone made a winning line, or no empty
 * point is left? Every tool then says so the same way (man gmk(7)): the
 * result "over", no moves, and in JSON "winner" (null for a full board). */
bool cli_game_over(const Board *b);
/* Writes ,"winner":...,"result":"over" (JSON members) for a game over. */
void out_json_over(const Board *b);
/* Writes "position", "rule", "size", "to_move" (JSON members, no braces). */
void out_json_common(const Cli *cli, const Board *b);

/* A file a program writes whole (gmk-solve --tree): only a regular file,
 * written to a temporary file beside it and renamed over it at the end, so
 * a failed run leaves the old one as it was (cmd/cli_output.c). */
typedef struct {
    FILE *f;               /* where to write; NULL when not open */
    const char *path;      /* as given, for messages */
    char *target;          /* the file replaced (a link's target) */
    char *tmp;             /* the temporary file */
} CliOutFile;
/* Opens path: a device, a FIFO, a socket or a folder is refused ("PATH is a
 * FIFO, not a regular file; refusing to write it"), as is a file that cannot
 * be created beside it; false after the message (a usage error: exit 2). */
bool cli_outfile_open(const Cli *cli, const char *path, CliOutFile *o);
/* Ends the file: with keep, flushes, syncs and renames it over the target
 * (false after a message if any of that fails); without keep (a failed or
 * empty run), removes it and leaves the old file. */
bool cli_outfile_close(const Cli *cli, CliOutFile *o, bool keep);

/* Says that path was not written, and why ("PATH: not written (WHY; the old
 * file is kept)", the last part when path exists): a run with nothing to
 * write leaves an old output as it was. */
void cli_not_written(const Cli *cli, const char *path, const char *why);

/* Reads a whole file into memory (NUL-terminated); NULL with errno set. */
char *cli_slurp(const char *path, size_t *len);

#endif
