/*
 * bench_book — opening book figures on synthetic games (tests/gen_games.h).
 *
 *   bench_book [SHARED]              the benchmark (N from GMK_BENCH_BOOK_GAMES,
 *                                    default 1,000,000 games)
 *   bench_book --generate N [SEED]   writes N games as move lists to stdout
 *
 * Reports: build speed (records parsed and checked, every position up to
 * max ply counted, the book written) in games per CPU second on one core;
 * bytes per (position, move) entry for --min-games 1 and 2; merge speed and
 * whether the merged halves equal the whole book byte for byte; the time of
 * a whole `gmk-book probe` process (from $GMK_BIN or bin/) and of an
 * in-process open + probe + close. The last line is a signature (CRC-32 of
 * the book) that changes only when the book's bytes do.
 */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "../gen_games.h"
#include "gmk.h"

extern char **environ;

static double wall(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what) {
    fprintf(stderr, "bench_book: %s\n", what);
    exit(2);
}

/* Writes n games from seed to f. */
static void generate(long n, uint64_t seed, FILE *f) {
    GenGames g;
    if (!gen_init(&g, seed, RULE_FREESTYLE)) die("out of memory");
    for (long i = 0; i < n; i++) {
        GameResult r = gen_game(&g);
        gen_write_game(&g, r, f);
    }
    gen_free(&g);
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot read a temporary file");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) die("read failed");
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static bool add_game(void *ctx, const GameRecord *g) {
    if (book_builder_add_game(ctx, g, NULL) != GMK_OK) die("a generated game was refused");
    return true;
}

static void bad_record(void *ctx, const RecordError *e) {
    (void)ctx;
    fprintf(stderr, "bench_book: line %ld: %s\n", e->line, e->msg);
    die("a generated game is malformed");
}

/* Builds a book from move-list text; returns CPU seconds. */
static double build(const char *text, size_t len, const char *out, uint32_t min_games) {
    double t0 = cpu();
    BookOptions o = {15, RULE_FREESTYLE, BOOK_MAX_PLY_DEFAULT, min_games, 0, len / 100 * BOOK_MAX_PLY_DEFAULT / 2};
    BookBuilder *bb = book_builder_new(&o, NULL);
    if (!bb) die("out of memory");
    RecordOptions ro = {RECORD_MOVES, 15, RULE_FREESTYLE, ORIGIN_BOTTOM, false, 1};
    RecordSink sink = {add_game, bad_record, bb};
    if (records_read(text, len, &ro, &sink) != GMK_OK) die("records_read failed");
    BookError err;
    if (book_builder_write(bb, out, &err) != GMK_OK) die(err.msg);
    book_builder_free(bb);
    return cpu() - t0;
}

static BookInfo info_of(const char *path) {
    BookError err;
    Book *bk = book_open(path, &err);
    if (!bk) die(err.msg);
    BookInfo i = *book_info(bk);
    book_close(bk);
    return i;
}

static bool same_file(const char *a, const char *b) {
    size_t la, lb;
    char *x = slurp(a, &la), *y = slurp(b, &lb);
    bool same = la == lb && memcmp(x, y, la) == 0;
    free(x);
    free(y);
    return same;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median wall time of a whole `gmk-book probe BOOK POSITIONS` process;
 * *cpu_ms receives the median CPU time (user + system) of the process. */
static double probe_process(const char *prog, const char *book, const char *positions, double *worst,
                            double *cpu_ms) {
    enum { RUNS = 21 };
    double t[RUNS], c[RUNS];
    for (int r = 0; r < RUNS; r++) {
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        char *argv[] = {(char *)prog, "probe", (char *)book, (char *)positions, NULL};
        pid_t pid;
        double t0 = wall();
        if (posix_spawn(&pid, prog, &fa, NULL, argv, environ) != 0) return -1;
        int status;
        struct rusage ru;
        wait4(pid, &status, 0, &ru);
        t[r] = wall() - t0;
        c[r] = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
               (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
        posix_spawn_file_actions_destroy(&fa);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
    }
    qsort(t, RUNS, sizeof t[0], cmp_double);
    qsort(c, RUNS, sizeof c[0], cmp_double);
    *worst = t[RUNS - 1];
    *cpu_ms = c[RUNS / 2];
    return t[RUNS / 2];
}

int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--generate") == 0) {
        generate(atol(argv[2]), argc > 3 ? strtoull(argv[3], NULL, 10) : 1, stdout);
        return 0;
    }
    long n = getenv("GMK_BENCH_BOOK_GAMES") ? atol(getenv("GMK_BENCH_BOOK_GAMES")) : 1000000;
    char dir[] = "/tmp/gmk-bench-book.XXXXXX";
    if (!mkdtemp(dir)) die("cannot make a temporary folder");
    char games[256], half[2][256], book[256], book2[256], hb[2][256], merged[256], pos[256];
    char bookc[256], deep[256];
    snprintf(games, sizeof games, "%s/games.txt", dir);
    snprintf(book, sizeof book, "%s/all.book", dir);
    snprintf(book2, sizeof book2, "%s/min2.book", dir);
    snprintf(bookc, sizeof bookc, "%s/compact.book", dir);
    snprintf(deep, sizeof deep, "%s/deep.txt", dir);
    snprintf(merged, sizeof merged, "%s/merged.book", dir);
    snprintf(pos, sizeof pos, "%s/positions.txt", dir);
    for (int h = 0; h < 2; h++) {
        snprintf(half[h], sizeof half[h], "%s/half%d.txt", dir, h);
        snprintf(hb[h], sizeof hb[h], "%s/half%d.book", dir, h);
    }
    /* the games, and the two halves (even and odd lines) */
    double t0 = wall();
    FILE *f = fopen(games, "w"), *fh[2] = {fopen(half[0], "w"), fopen(half[1], "w")};
    if (!f || !fh[0] || !fh[1]) die("cannot write temporary files");
    GenGames g;
    if (!gen_init(&g, 20260101, RULE_FREESTYLE)) die("out of memory");
    for (long i = 0; i < n; i++) {
        GameResult r = gen_game(&g);
        gen_write_game(&g, r, f);
        gen_write_game(&g, r, fh[i & 1]);
    }
    gen_free(&g);
    fclose(f);
    fclose(fh[0]);
    fclose(fh[1]);
    double tgen = wall() - t0;
    size_t len;
    char *text = slurp(games, &len);
    printf("book: %ld synthetic games (%.1f MB of move lists, generated in %.1f s)\n", n, len / 1e6, tgen);

    /* build */
    t0 = wall();
    double tb = build(text, len, book, 1);
    double tbw = wall() - t0;
    BookInfo bi = info_of(book);
    printf("book build: %.0f games/s on one core (%.2f s CPU, %.2f s wall; max ply %d)\n",
           (double)n / tb, tb, tbw, BOOK_MAX_PLY_DEFAULT);
    printf("book size: %llu positions, %llu entries, %.2f MB: %.2f bytes per entry (min games 1)\n",
           (unsigned long long)bi.positions, (unsigned long long)bi.entries, bi.file_bytes / 1e6,
           (double)bi.file_bytes / (double)bi.entries);

    /* merge: the two halves, and the min-games 2 book from the whole one */
    double th = 0;
    for (int h = 0; h < 2; h++) {
        size_t hl;
        char *ht = slurp(half[h], &hl);
        th += build(ht, hl, hb[h], 1);
        free(ht);
    }
    BookInfo h0 = info_of(hb[0]), h1 = info_of(hb[1]);
    const char *in[2] = {hb[0], hb[1]};
    BookError err;
    double c0 = cpu();
    if (book_merge(in, 2, merged, 1, &err) != GMK_OK) die(err.msg);
    double tm = cpu() - c0;
    printf("book merge: %.2f M input entries/s (%llu + %llu entries in %.2f s CPU); merged halves %s the whole book\n",
           (double)(h0.entries + h1.entries) / tm / 1e6, (unsigned long long)h0.entries,
           (unsigned long long)h1.entries, tm, same_file(merged, book) ? "equal" : "DIFFER FROM");
    const char *one[1] = {book};
    if (book_merge(one, 1, book2, 2, &err) != GMK_OK) die(err.msg);
    BookInfo b2 = info_of(book2);
    printf("book size: %llu positions, %llu entries, %.2f MB: %.2f bytes per entry (min games 2)\n",
           (unsigned long long)b2.positions, (unsigned long long)b2.entries, b2.file_bytes / 1e6,
           (double)b2.file_bytes / (double)b2.entries);

    /* the compact book (shortened keys) of the same games */
    c0 = cpu();
    if (book_merge_progress(one, 1, bookc, 1, true, NULL, NULL, &err) != GMK_OK) die(err.msg);
    double tc = cpu() - c0;
    BookInfo bc = info_of(bookc);
    printf("book size: %llu positions, %llu entries, %.2f MB: %.2f bytes per entry (--compact; "
           "written from the book in %.2f s CPU)\n",
           (unsigned long long)bc.positions, (unsigned long long)bc.entries, bc.file_bytes / 1e6,
           (double)bc.file_bytes / (double)bc.entries, tc);

    /* probes: a few opening positions */
    f = fopen(pos, "w");
    fprintf(f, "h8\nh8i9j10\nh8h9h10i10\n");
    fclose(f);
    Board *b = board_new(15, RULE_FREESTYLE);
    const char *lines[3] = {"h8", "h8i9j10", "h8h9h10i10"};
    int iters = 200;
    t0 = wall();
    for (int i = 0; i < iters; i++) {
        Book *bk = book_open(book, &err);
        if (!bk) die(err.msg);
        const char *l = lines[i % 3];
        notation_parse_position(b, l, strlen(l), ORIGIN_BOTTOM, NULL);
        BookMove m[64];
        int cnt;
        if (book_probe(bk, b, m, 64, &cnt) != GMK_OK) die("probe failed");
        book_close(bk);
    }
    printf("book probe: %.0f us per open + probe + close in process\n", (wall() - t0) / iters * 1e6);
    board_free(b);
    const char *bin = getenv("GMK_BIN");
    char prog[512];
    snprintf(prog, sizeof prog, "%s/gmk-book", bin && *bin ? bin : "bin");
    double worst, cpu_ms, med = access(prog, X_OK) == 0 ? probe_process(prog, book, pos, &worst, &cpu_ms) : -1;
    if (med >= 0)
        printf("book probe: %.2f ms per whole gmk-book probe process, 3 positions: %.2f ms CPU (median of 21, "
               "wall worst %.2f ms)\n", med * 1e3, cpu_ms, worst * 1e3);
    else
        printf("book probe: %s not found or failed: whole-process time not measured\n", prog);

    /* deep probes: the first games' positions at 29 stones (the last that
     * holds moves at max ply 30), which a compact book checks through all
     * their parents */
    FILE *gf = fopen(games, "r"), *df = fopen(deep, "w");
    if (!gf || !df) die("cannot write the deep positions");
    char gl[4096];
    int ndeep = 0;
    while (ndeep < 3 && fgets(gl, sizeof gl, gf)) {
        Board *gb = board_new(15, RULE_FREESTYLE);
        char *tab = strchr(gl, '\t');
        if (gb && tab && notation_parse_position(gb, gl, (size_t)(tab - gl), ORIGIN_BOTTOM, NULL) == GMK_OK &&
            board_ply(gb) >= 29) {
            char mv[8];
            for (int i = 0; i < 29; i++) fputs(notation_point_str(board_move_at(gb, i), 15, ORIGIN_BOTTOM, mv), df);
            fputc('\n', df);
            ndeep++;
        }
        board_free(gb);
    }
    fclose(gf);
    fclose(df);
    const char *pb[2] = {book, bookc}, *pn[2] = {"full keys", "--compact"};
    const char *pf[2] = {pos, deep}, *pfn[2] = {"3 opening positions", "3 positions of 29 stones"};
    for (int k = 0; k < 2 && access(prog, X_OK) == 0; k++)
        for (int q = 0; q < 2; q++) {
            med = probe_process(prog, pb[k], pf[q], &worst, &cpu_ms);
            printf("book probe (%s): %.2f ms per whole gmk-book probe process, %s: %.2f ms CPU (median "
                   "of 21, wall worst %.2f ms)\n", pn[k], med * 1e3, pfn[q], cpu_ms, worst * 1e3);
        }

    size_t bl;
    char *bytes = slurp(book, &bl);
    printf("Bench: book %08lx\n", crc32(0L, (const Bytef *)bytes, (uInt)bl));
    free(bytes);
    free(text);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "bench_book: could not remove %s\n", dir);
    return 0;
}
