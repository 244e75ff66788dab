/*
 * book_cmd.h — what the two files of gmk-book share: its settings (Gb), the
 * command numbers, and the commands that write a file (book_writers.c:
 * build, merge, import, export) beside those that read one (gmk-book.c:
 * probe, dump, stats, and the option tables and main).
 */
#ifndef GMK_BOOK_CMD_H
#define GMK_BOOK_CMD_H

#include "cli.h"

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

/* Usage error: message, hint, exit 2. */
void usage_fail(const Cli *cli, const char *what) __attribute__((noreturn));
/* Opens a book or ends the run with exit status 2. */
Book *open_or_die(Gb *g, const char *path);

/* The writers (book_writers.c); each returns the exit status. */
int cmd_build(Gb *g, char **files, bool rule_set, bool size_set);
int cmd_merge(Gb *g, char **args);
int cmd_import(Gb *g, char **args);
int cmd_export(Gb *g, char **args);

#endif
