/*
 * gmk-search — the alpha-beta engine: best move, score and principal
 * variation for each position read, `gmk-search bench` for the benchmark,
 * and the Gomocup (pbrain) protocol with --gomocup.
 */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>

#include "cli.h"

enum {
    OPT_DEPTH = CLI_OPT_USER, OPT_NODES, OPT_TIME, OPT_THREADS, OPT_MULTIPV, OPT_HASH, OPT_VERBOSE,
    OPT_GOMOCUP, OPT_SIMPLE, OPT_DISABLE, OPT_BENCH_ORIGIN, OPT_BOOK, OPT_NO_BOOK,
};

#define DISABLE_VALUES "tt history vcf prune"

static const CliOption SEARCH_OPTIONS[] = {
    {"depth", 'd', "N", NULL, "search to depth N (plies), 1..100 (no limit given: depth 10)", NULL,
     OPT_DEPTH},
    {"nodes", 0, "N", NULL, "stop after about N nodes", NULL, OPT_NODES},
    {"time", 0, "TIME", NULL, "time per move (seconds, or with a unit: 500ms, 2s), at most " CLI_STR(CLI_TIME_MAX_S) " s", NULL, OPT_TIME},
    {"threads", 't', "N", "1", "search threads (lazy SMP), 1..64", NULL, OPT_THREADS},
    {CLI_TOP_NAME, CLI_TOP_SHORT, "N", "1", "search the N best moves (multi-PV), 1..16", NULL, OPT_MULTIPV},
    {"multipv", 0, "N", CLI_TOP_NAME, NULL, NULL, OPT_MULTIPV}, /* the old name (UCI's MultiPV) */
    {"memory", 'm', "MB", "64", "transposition table size in MB", NULL, OPT_HASH},
    {"hash", 0, "MB", "memory", NULL, NULL, OPT_HASH}, /* the old name */
    {"verbose", 'v', NULL, NULL, "one info line per completed depth on stderr", NULL, OPT_VERBOSE},
    {"book", 0, "BOOK", NULL, "play from this opening book (gmk-book) where it knows the position",
     "@file", OPT_BOOK},
    {"no-book", 0, NULL, NULL, "Gomocup protocol: play without the default opening books", NULL,
     OPT_NO_BOOK},
    {"gomocup", 0, NULL, NULL, "speak the Gomocup (pbrain) protocol on stdin/stdout", NULL,
     OPT_GOMOCUP},
    {"simple", 0, NULL, NULL, "play the seed's simple intelligence (best point, no search)", NULL,
     OPT_SIMPLE},
    {"disable", 0, "LIST", NULL, "switch features off (comma list of: tt history vcf prune)",
     DISABLE_VALUES, OPT_DISABLE},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliOption BENCH_OPTIONS[] = {
    {"depth", 'd', "N", NULL, "search every position to depth N, 1..100 (default: the position's)",
     NULL, OPT_DEPTH},
    {"threads", 't', "N", "1", "search threads (lazy SMP), 1..64", NULL, OPT_THREADS},
    {"origin", 0, "WHERE", "bottom", "row numbers of the positions in FILEs count from the bottom or the top",
     "bottom top", OPT_BENCH_ORIGIN},
    {"verbose", 'v', NULL, NULL, "one info line per completed depth on stderr", NULL, OPT_VERBOSE},
    {"disable", 0, "LIST", NULL, "switch features off (comma list of: tt history vcf prune)",
     DISABLE_VALUES, OPT_DISABLE},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram SEARCH_COMMANDS[] = {
    {"bench", "[OPTIONS] [FILE...]",
     "Search fixed positions (built in, or FILE lines of rule size depth position) and print nodes, speed and the node signature.",
     BENCH_OPTIONS, false, NULL, false},
    {NULL, NULL, NULL, NULL, false, NULL, false},
};

static const CliProgram SEARCH_PROGRAM = {
    "gmk-search", "[OPTIONS] [FILE...] | bench [OPTIONS]",
    "Search gomoku / renju positions with alpha-beta (PVS): best move, score, depth, nodes,\n"
    "time and principal variation per position. Forced wins print as \"win in N\" (own\n"
    "moves to the five). `gmk-search bench` searches fixed positions and prints a node\n"
    "signature; --gomocup speaks the Gomocup protocol (also as pbrain-gmk).",
    SEARCH_OPTIONS, true, SEARCH_COMMANDS, true,
};

#define DEFAULT_DEPTH 10  /* depth when no limit at all is given */

typedef struct {
    Cli cli;
    SearchLimits lim;      /* limits from the options */
    size_t hash_mb;        /* --hash */
    bool verbose;          /* --verbose */
    bool gomocup;          /* --gomocup */
    Search *search;        /* the engine */
    Origin bench_origin;   /* bench --origin: rows of the FILE positions */
    const char *book_path; /* --book, NULL if none */
    bool no_book;          /* --no-book */
    char missing_books[64]; /* Gomocup: rules without a default book ("renju standard"), "" if none */
} Prog;

/* --disable LIST: the SEARCH_NO_* bits. */
static bool parse_disable(Prog *pg, const char *arg) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", arg);
    for (char *t = strtok(buf, ", "); t; t = strtok(NULL, ", ")) {
        if (strcmp(t, "tt") == 0) pg->lim.disable |= SEARCH_NO_TT;
        else if (strcmp(t, "history") == 0) pg->lim.disable |= SEARCH_NO_HISTORY;
        else if (strcmp(t, "vcf") == 0) pg->lim.disable |= SEARCH_NO_VCF;
        else if (strcmp(t, "prune") == 0) pg->lim.disable |= SEARCH_NO_PRUNE;
        else {
            cli_error(&pg->cli, "--disable: '%s' is not one of %s", t, DISABLE_VALUES);
            return false;
        }
    }
    return true;
}

/* Handles the program's and bench's options. */
static bool search_option(void *ctx, int id, const char *arg) {
    Prog *pg = ctx;
    long v;
    switch (id) {
    case OPT_DEPTH:
        if (!cli_int(&pg->cli, "depth", arg, 1, SEARCH_DEPTH_MAX, &v)) return false;
        pg->lim.depth = (int)v;
        return true;
    case OPT_NODES:
        if (!cli_int(&pg->cli, "nodes", arg, 1, 4000000000000L, &v)) return false;
        pg->lim.nodes = (uint64_t)v;
        return true;
    case OPT_TIME: return cli_duration(&pg->cli, "time", arg, 1000, CLI_TIME_MAX_MS, &pg->lim.time_ms);
    case OPT_BENCH_ORIGIN: return cli_origin(&pg->cli, arg, &pg->bench_origin);
    case OPT_THREADS:
        if (!cli_int(&pg->cli, "threads", arg, 1, SEARCH_THREADS_MAX, &v)) return false;
        pg->lim.threads = (int)v;
        return true;
    case OPT_MULTIPV:
        if (!cli_int(&pg->cli, CLI_TOP_NAME, arg, 1, SEARCH_MULTIPV_MAX, &v)) return false;
        pg->lim.multipv = (int)v;
        return true;
    case OPT_HASH:
        if (!cli_int(&pg->cli, "memory", arg, 1, 1L << 20, &v)) return false;
        pg->hash_mb = (size_t)v;
        return true;
    case OPT_VERBOSE: pg->verbose = true; return true;
    case OPT_GOMOCUP: pg->gomocup = true; return true;
    case OPT_SIMPLE: pg->lim.simple = true; return true;
    case OPT_DISABLE: return parse_disable(pg, arg);
    case OPT_BOOK: pg->book_path = arg; return true;
    case OPT_NO_BOOK: pg->no_book = true; return true;
    }
    return false;
}

/* "123", "win in 3" or "loss in 2". */
static const char *score_str(int score, char *buf, size_t cap) {
    if (score_is_win(score)) snprintf(buf, cap, "win in %d", score_moves(score));
    else if (score_is_loss(score)) snprintf(buf, cap, "loss in %d", score_moves(score));
    else snprintf(buf, cap, "%d", score);
    return buf;
}

/* Space-separated moves. */
static void print_moves(const Cli *cli, int size, const Move *m, int n, bool json) {
    char buf[8];
    for (int i = 0; i < n; i++) {
        notation_point_str(m[i], size, cli->origin, buf);
        if (json) printf("%s\"%s\"", i ? "," : "", buf);
        else printf("%s%s", i ? " " : "", buf);
    }
}

/* --verbose: one info line per completed depth. */
static void print_info(void *ctx, const SearchResult *r) {
    Prog *pg = ctx;
    char sb[32];
    long long nps = r->ms > 0 ? (long long)(r->nodes * 1000 / (uint64_t)r->ms) : (long long)r->nodes * 1000;
    fflush(stdout);
    fprintf(stderr, "info depth %d seldepth %d score %s nodes %llu nps %lld time %lld pv", r->depth,
            r->seldepth, score_str(r->score, sb, sizeof sb), (unsigned long long)r->nodes, nps,
            (long long)r->ms);
    for (int i = 0; i < r->line[0].pv_len; i++) {
        char buf[8];
        fprintf(stderr, " %s", notation_point_str(r->line[0].pv[i], pg->cli.size, pg->cli.origin, buf));
    }
    fputc('\n', stderr);
}

/* Searches one input position and prints its line. */
static bool search_position(void *ctx, Board *b, const PosSource *src) {
    Prog *pg = ctx;
    Cli *cli = &pg->cli;
    char pos[MOVES_MAX * 3 + 8], mv[8], sb[32];
    SearchResult r;
    int size = board_size(b);
    bool over = cli_game_over(b); /* nothing to search: the score field says "over" */
    if (over) {
        memset(&r, 0, sizeof r);
        r.best = MOVE_NONE;
    } else {
        GmkStatus st = search_run(pg->search, b, &pg->lim, &r, pg->verbose ? print_info : NULL, pg);
        if (st != GMK_OK) {
            cli_error(cli, "%s", gmk_strerror(st));
            cli->failures++;
            return false;
        }
    }
    bool none = r.best == MOVE_NONE;
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        if (over) out_json_over(b);
        if (none) printf(",\"best\":null,\"score\":null");
        else {
            printf(",\"best\":\"%s\",\"score\":", notation_point_str(r.best, size, cli->origin, mv));
            if (score_is_win(r.score) || score_is_loss(r.score))
                printf("\"%s\"", score_str(r.score, sb, sizeof sb));
            else printf("%d", r.score);
        }
        if (r.book) fputs(",\"book\":true", stdout);
        printf(",\"depth\":%d,\"nodes\":%llu,\"ms\":%lld,\"pv\":[", r.depth,
               (unsigned long long)r.nodes, (long long)r.ms);
        if (r.lines) print_moves(cli, size, r.line[0].pv, r.line[0].pv_len, true);
        putchar(']');
        if (r.lines > 1 || pg->lim.multipv > 1) {
            fputs(",\"lines\":[", stdout);
            for (int i = 0; i < r.lines; i++) {
                const SearchLine *l = &r.line[i];
                printf("%s{\"move\":\"%s\",\"score\":", i ? "," : "",
                       notation_point_str(l->move, size, cli->origin, mv));
                if (score_is_win(l->score) || score_is_loss(l->score))
                    printf("\"%s\"", score_str(l->score, sb, sizeof sb));
                else printf("%d", l->score);
                fputs(",\"pv\":[", stdout);
                print_moves(cli, size, l->pv, l->pv_len, true);
                fputs("]}", stdout);
            }
            putchar(']');
        }
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        printf("%s\t%s\t%s\t%d\t%llu\t%lld\t", cli_position_str(cli, b, pos, sizeof pos),
               none ? "-" : notation_point_str(r.best, size, cli->origin, mv),
               over ? "over" : none ? "-" : score_str(r.score, sb, sizeof sb), r.depth, (unsigned long long)r.nodes,
               (long long)r.ms);
        if (r.lines) print_moves(cli, size, r.line[0].pv, r.line[0].pv_len, false);
        for (int i = 1; i < r.lines; i++) {
            const SearchLine *l = &r.line[i];
            printf("\t%s\t%s\t", notation_point_str(l->move, size, cli->origin, mv),
                   score_str(l->score, sb, sizeof sb));
            print_moves(cli, size, l->pv, l->pv_len, false);
        }
        out_carry(src);
        putchar('\n');
    }
    out_flush(cli);
    return true;
}

/* A protocol answer: one line, flushed at once (the manager waits for it). */
static void gomocup_write(void *ctx, const char *line) {
    Prog *pg = ctx;
    puts(line);
    out_flush(&pg->cli);
}

/* --gomocup: protocol lines from stdin until END or end of input. */
static int run_gomocup(Prog *pg) {
    Protocol *p = protocol_new(pg->search, &pg->lim, gomocup_write, pg);
    if (!p) {
        cli_error(&pg->cli, "out of memory");
        return EXIT_FAILURE_RUN;
    }
    if (pg->missing_books[0]) { /* a lone binary: say so, to the user and to the manager */
        char msg[160];
        snprintf(msg, sizeof msg, "MESSAGE no opening book for %s: playing without one", pg->missing_books);
        gomocup_write(pg, msg);
    }
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, stdin) >= 0)
        if (!protocol_feed(p, line)) break;
    free(line);
    protocol_free(p);
    return EXIT_ALL_OK;
}

/* CPU time of the process in microseconds (the bench's speed figure: the
 * machine may be shared, and wall time then says little). */
static int64_t cpu_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Searches one bench position; false when it cannot be set up or searched. */
static bool bench_one(Prog *pg, int index, const SearchBenchPos *bp, Origin origin, uint64_t *total,
                      int64_t *ms, int64_t *cpu, uint64_t *sig) {
    Board *b = board_new(bp->size, bp->rule);
    ParseError e;
    if (!b || notation_parse_position(b, bp->moves, strlen(bp->moves), origin, &e) != GMK_OK ||
        board_winner(b) != COLOR_NONE) {
        cli_error(&pg->cli, "bench position %d (%s): %s", index, bp->moves,
                  b ? (e.msg[0] ? e.msg : "the game is over") : "out of memory");
        board_free(b);
        return false;
    }
    search_clear(pg->search);
    SearchLimits lim = pg->lim;
    lim.depth = pg->lim.depth ? pg->lim.depth : bp->depth;
    lim.threads = pg->lim.threads ? pg->lim.threads : 1;
    SearchResult r;
    int64_t cpu0 = cpu_us();
    GmkStatus st = search_run(pg->search, b, &lim, &r, pg->verbose ? print_info : NULL, pg);
    *cpu += cpu_us() - cpu0;
    if (st != GMK_OK) {
        cli_error(&pg->cli, "bench position %d: search failed", index);
        board_free(b);
        return false;
    }
    char mv[8], sb[32];
    printf("%2d %-9s %2d depth %2d  best %-4s score %-10s nodes %10llu  %6lld ms  %s\n", index,
           rule_name(bp->rule), bp->size, r.depth,
           notation_point_str(r.best, bp->size, origin, mv), score_str(r.score, sb, sizeof sb),
           (unsigned long long)r.nodes, (long long)r.ms, bp->moves);
    *total += r.nodes;
    *ms += r.ms;
    *sig = search_bench_mix(*sig, r.nodes);
    board_free(b);
    return true;
}

/* Bench positions from a file: "rule size depth position" per line. */
static bool bench_file(Prog *pg, const char *path, int *index, uint64_t *total, int64_t *ms,
                       int64_t *cpu, uint64_t *sig) {
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (!f) {
        cli_error(&pg->cli, "%s: %s", path, strerror(errno));
        return false;
    }
    char line[4096], rule[32], moves[3200];
    bool ok = true;
    long n = 0;
    while (ok && fgets(line, sizeof line, f)) {
        n++;
        if (line[0] == '#' || line[0] == '\n') continue;
        SearchBenchPos bp;
        if (sscanf(line, "%31s %d %d %3199s", rule, &bp.size, &bp.depth, moves) != 4 ||
            rule_parse(rule, &bp.rule) != GMK_OK || bp.size < BOARD_MIN || bp.size > BOARD_MAX ||
            bp.depth < 1 || bp.depth > SEARCH_DEPTH_MAX) {
            cli_error(&pg->cli, "%s:%ld: not 'rule size depth position'", path, n);
            ok = false;
            break;
        }
        bp.moves = moves;
        ok = bench_one(pg, ++*index, &bp, pg->bench_origin, total, ms, cpu, sig);
    }
    if (f != stdin) fclose(f);
    return ok;
}

/* gmk-search bench: fixed positions, fixed depth, one thread, fresh table. */
static int run_bench(Prog *pg, char **files) {
    uint64_t total = 0, sig = 0;
    int64_t ms = 0, cpu = 0;
    int index = 0;
    if (!files[0]) {
        int count;
        const SearchBenchPos *pos = search_bench_positions(&count);
        for (int i = 0; i < count; i++)
            if (!bench_one(pg, ++index, &pos[i], ORIGIN_BOTTOM, &total, &ms, &cpu, &sig))
                return EXIT_FAILURE_RUN;
    }
    for (int i = 0; files[i]; i++)
        if (!bench_file(pg, files[i], &index, &total, &ms, &cpu, &sig)) return EXIT_FAILURE_RUN;
    printf("total nodes %llu  time %lld ms (cpu %lld ms)  nps %llu (per cpu second)\n",
           (unsigned long long)total, (long long)ms, (long long)(cpu / 1000),
           (unsigned long long)(cpu > 0 ? total * 1000000 / (uint64_t)cpu : total));
    printf("Bench: %llu signature %016llx\n", (unsigned long long)total, (unsigned long long)sig);
    out_flush(&pg->cli);
    return EXIT_ALL_OK;
}

/* The rules that have a default book. Renju has none: gmk-search's own
 * games are a poor guide there (its weakest rule), and against Rapfi 0.43
 * classical (c-gomoku-cli, tc=2/0.08, the 26 renju openings under
 * transforms) it scored 149 of 400 games (37.3%) without the renju
 * self-play book and 119 of 400 (29.8%) with it. (Freestyle, 200 games
 * each: 36.5% without, 31.0% with; standard 38.5% and 43.5%: kept.) */
static const bool DEFAULT_BOOK_RULE[RULE_NB] = {[RULE_FREESTYLE] = true, [RULE_STANDARD] = true};

/* The default opening books of the Gomocup protocol, one per rule of
 * DEFAULT_BOOK_RULE: default-RULE.book in $GMK_BOOK_DIR when it is set,
 * else beside the program (../share/gmk once installed, ../openings in the
 * source tree, ../../../openings for build/debug/bin and the like), else in the data
 * folder of the installation prefix (GMK_BOOKDIR, $(PREFIX)/share/gmk: no
 * path of the build tree is compiled in). A book that is missing is skipped
 * (and named in pg->missing_books, said on stderr); one that fails its
 * checks is skipped with a warning on stderr. Returns how many were opened
 * into books[]. */
static int open_default_books(Prog *pg, Book *books[RULE_NB]) {
    char dirs[5][PATH_MAX];
    int ndirs = 0;
    const char *env = getenv("GMK_BOOK_DIR");
    if (env && *env) {
        snprintf(dirs[ndirs++], PATH_MAX, "%s", env);
    } else {
        char exe[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        char *slash = n > 0 ? (exe[n] = '\0', strrchr(exe, '/')) : NULL;
        if (slash) {
            *slash = '\0';
            snprintf(dirs[ndirs++], PATH_MAX, "%.*s/../share/gmk", PATH_MAX - 16, exe);
            snprintf(dirs[ndirs++], PATH_MAX, "%.*s/../openings", PATH_MAX - 16, exe);
            snprintf(dirs[ndirs++], PATH_MAX, "%.*s/../../../openings", PATH_MAX - 24, exe);
        }
#ifdef GMK_BOOKDIR
        snprintf(dirs[ndirs++], PATH_MAX, "%s", GMK_BOOKDIR);
#endif
    }
    int opened = 0;
    for (int r = 0; r < RULE_NB; r++) {
        books[r] = NULL;
        if (!DEFAULT_BOOK_RULE[r]) continue;
        bool bad = false; /* a book there that fails its checks (said already) */
        for (int d = 0; d < ndirs && !books[r]; d++) {
            char path[PATH_MAX + 32];
            snprintf(path, sizeof path, "%.4000s/default-%s.book", dirs[d], rule_name((Rule)r));
            if (access(path, F_OK) != 0) continue;
            BookError be;
            Book *bk = book_open(path, &be);
            if (!bk) {
                cli_error(&pg->cli, "default book %s: %s (playing without it)", path, be.msg);
                bad = true;
                break;
            }
            if (book_info(bk)->rule != (Rule)r) {
                cli_error(&pg->cli, "default book %s: a book of rule %s (playing without it)", path,
                          rule_name(book_info(bk)->rule));
                book_close(bk);
                bad = true;
                break;
            }
            books[r] = bk;
            search_set_book(pg->search, bk);
            opened++;
        }
        if (!books[r] && !bad) {
            size_t k = strlen(pg->missing_books);
            snprintf(pg->missing_books + k, sizeof pg->missing_books - k, "%s%s", k ? " " : "",
                     rule_name((Rule)r));
        }
    }
    if (pg->missing_books[0]) {
        fflush(stdout);
        fprintf(stderr, "%s: no default opening book for %s (looked in", pg->cli.prog, pg->missing_books);
        for (int d = 0; d < ndirs; d++) fprintf(stderr, "%s %s", d ? "," : "", dirs[d]);
        fprintf(stderr, "; GMK_BOOK_DIR names another folder): playing without one\n");
    }
    return opened;
}

/* Positions from files, bench, or the Gomocup protocol. */
int main(int argc, char **argv) {
    Prog pg = {0};
    pg.hash_mb = SEARCH_HASH_DEFAULT;
    /* Gomocup managers start a brain named pbrain-* without options */
    const char *base = strrchr(argv[0], '/');
    pg.gomocup = strncmp(base ? base + 1 : argv[0], "pbrain-", 7) == 0;
    int first = cli_parse(&pg.cli, &SEARCH_PROGRAM, argc, argv, search_option, &pg);
    if (pg.book_path && pg.no_book) cli_conflict(&pg.cli, "book", "no-book");
    bool bench = pg.cli.command != NULL;
    GmkStatus st;
    pg.search = search_new(bench ? 16 : pg.hash_mb, &st);
    if (!pg.search) {
        cli_error(&pg.cli, "cannot allocate the table: %s", gmk_strerror(st));
        return EXIT_FAILURE_RUN;
    }
    /* a timed search would pay the table's first page faults out of its time */
    if (!bench && !pg.gomocup && pg.lim.time_ms) search_prefault(pg.search);
    Book *book = NULL;
    if (pg.book_path && !bench) {
        BookError be;
        if (!(book = book_open(pg.book_path, &be))) {
            cli_error(&pg.cli, "%s: %s", pg.book_path, be.msg);
            search_free(pg.search);
            return EXIT_FAILURE_RUN;
        }
        search_set_book(pg.search, book);
        /* the book's rule and size are the defaults; a contradiction is a usage error */
        const BookInfo *bi = book_info(book);
        if (!pg.cli.rule_set) pg.cli.rule = bi->rule;
        if (!pg.cli.size_set) pg.cli.size = bi->size;
        if (pg.cli.rule != bi->rule || pg.cli.size != bi->size) {
            cli_error(&pg.cli, "--book: %s is a %s %dx%d book; --rule %s --size %d does not match", pg.book_path,
                      rule_name(bi->rule), bi->size, bi->size, rule_name(pg.cli.rule), pg.cli.size);
            fprintf(stderr, "Try 'gmk-search --help' for more information.\n");
            search_free(pg.search);
            book_close(book);
            return EXIT_FAILURE_RUN;
        }
        if (pg.lim.multipv > 1)
            cli_error(&pg.cli, "--book: not used with --top %d (a book gives one move); searching instead",
                      pg.lim.multipv);
    }
    Book *defaults[RULE_NB] = {NULL};
    if (pg.gomocup && !pg.book_path && !pg.no_book) open_default_books(&pg, defaults);
    int rc;
    if (bench) {
        rc = run_bench(&pg, argv + first);
    } else if (pg.gomocup) {
        rc = run_gomocup(&pg);
    } else {
        if (!pg.lim.depth && !pg.lim.nodes && !pg.lim.time_ms) pg.lim.depth = DEFAULT_DEPTH;
        cli_for_each_position(&pg.cli, argv + first, search_position, &pg);
        out_flush(&pg.cli);
        rc = cli_exit_status(&pg.cli);
    }
    search_free(pg.search);
    book_close(book);
    for (int r = 0; r < RULE_NB; r++) book_close(defaults[r]);
    return rc;
}
