/*
 * book_writers.c — the gmk-book commands that write a file: build (from
 * game records), merge, import (RenLib) and export (RenLib). Every output
 * is checked before any work (not an input, not another kind of file, a
 * regular file or nothing yet) and replaced only by a run that succeeded
 * and read something: a failed or empty run leaves it as it was.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book_cmd.h"

#ifndef BUILD_CHUNK
#define BUILD_CHUNK (64u << 20) /* bytes of input read at a time by build */
#endif

/* Refuses (usage error, exit 2) to write g->output when it is not a regular
 * file (a device, a FIFO, a socket, a folder), when it is one of the
 * inputs (the same file, by device and inode), or when it exists, is not
 * empty and does not start with `magic` (a gmk book, a RenLib library)
 * unless --force: a mistyped -o must not destroy games or another file. */
static void check_output(Gb *g, char **inputs, const char *magic, size_t magic_len, const char *kind) {
    struct stat so, si;
    const char *refusal = gmk_output_refusal(g->output);
    if (refusal) { /* a device, a FIFO, a folder: never replaced by a file */
        char why[PATH_MAX + 96];
        snprintf(why, sizeof why, "%s is %s, not a regular file; refusing to write it", g->output, refusal);
        usage_fail(&g->cli, why);
    }
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

/* An output not written because the run read nothing (an empty input, only
 * bad records, an empty book or library): said once, exit status 1, the old
 * file (if any) left as it was. */
static void not_written(Gb *g, const char *why) {
    cli_not_written(&g->cli, g->output, why);
    g->cli.bad_lines++;
}

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
    else if (st == GMK_ERR_FORMAT && g->stream.what && strcmp(g->stream.what, "binary data") == 0)
        cli_error(&g->cli, "%s: binary data, skipped", g->file); /* once, not a line each */
    else if (st != GMK_OK) /* not game records, an unknown format, out of memory */
        cli_error(&g->cli, "%s: %s", g->file, g->stream.what ? g->stream.what : gmk_strerror(st));
    cli_file_end(&g->cli, g->file);
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

int cmd_build(Gb *g, char **files, bool rule_set, bool size_set) {
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
    if (g->cli.failures) /* an input could not be read: a book of the rest would be wrong */
        cli_error(&g->cli, "%s: not written (an input failed; the old file is kept)", g->output);
    else if (book_builder_games(g->bb) == 0) /* nothing to replace a book with: exit 1 */
        not_written(g, g->bad_records ? "no game read: every record was bad" : "no game read");
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

/* ---- merge, dump, stats ------------------------------------------------ */

int cmd_merge(Gb *g, char **args) {
    if (!g->output) usage_fail(&g->cli, "merge: -o OUT is required");
    int n = 0;
    while (args[n]) n++;
    if (n == 0) usage_fail(&g->cli, "merge: no books to merge");
    check_output(g, (char *[]){NULL}, BOOK_OUTPUT);
    BookError err;
    bool empty = true; /* every input opens and holds nothing (a bad one: the merge says why) */
    for (int i = 0; i < n && empty; i++) {
        Book *bk = book_open(args[i], &err);
        if (!bk || book_info(bk)->entries > 0) empty = false;
        if (bk) book_close(bk);
    }
    if (empty) {
        not_written(g, n == 1 ? "the book is empty" : "the books are empty");
        return cli_exit_status(&g->cli);
    }
    cli_progress_start(&g->pr, g->progress);
    if (book_merge_progress((const char *const *)args, n, g->output, (uint32_t)g->min_games,
                            g->compact, progress_entries, g, &err) != GMK_OK) {
        cli_error(&g->cli, "%s", err.msg);
        return EXIT_FAILURE_RUN;
    }
    if (!g->quiet && !isatty(2)) summary(g, NULL, n);
    return EXIT_ALL_OK;
}


/* ---- RenLib ------------------------------------------------------------- */

int cmd_import(Gb *g, char **args) {
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
    bool empty = st == GMK_OK && book_builder_entries(bb) == 0;
    if (empty) not_written(g, "the library holds no move");
    else if (st == GMK_OK) st = book_builder_write(bb, g->output, &err);
    if (st != GMK_OK) cli_error(&g->cli, "%s: %s", st == GMK_ERR_IO ? g->output : args[0], err.msg);
    book_builder_free(bb);
    free(buf);
    return st == GMK_OK ? cli_exit_status(&g->cli) : EXIT_FAILURE_RUN;
}

int cmd_export(Gb *g, char **args) {
    if (!g->renlib) usage_fail(&g->cli, "export: --renlib is required (the only format)");
    if (!g->output) usage_fail(&g->cli, "export: -o OUT.lib is required");
    if (!args[0] || args[1]) usage_fail(&g->cli, "export: one BOOK is required");
    check_output(g, args, "\xffRenLib\xff", 8, "a RenLib library");
    g->bk = open_or_die(g, args[0]);
    if (book_info(g->bk)->entries == 0) {
        not_written(g, "the book is empty");
        book_close(g->bk);
        return cli_exit_status(&g->cli);
    }
    BookError err;
    GmkStatus st = renlib_export(g->bk, g->output, &err);
    if (st != GMK_OK) cli_error(&g->cli, "%s", err.msg);
    book_close(g->bk);
    return st == GMK_OK ? EXIT_ALL_OK : EXIT_FAILURE_RUN;
}

