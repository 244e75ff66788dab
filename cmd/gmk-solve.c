/*
 * gmk-solve — threat-space search: proves forced wins by continuous fours
 * (VCF), by continuous threats (VCT) or within N free moves, or proves there
 * is none within the limits; every win is checked by an independent checker
 * before it is printed. --defend lists the moves that refute the opponent's
 * win; --tree writes proof trees as SGF.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

enum {
    OPT_VCF = CLI_OPT_USER, OPT_VCT, OPT_WIN, OPT_MAX_MOVES, OPT_THREES, OPT_NODES, OPT_TIME,
    OPT_MEMORY, OPT_SHORTEST, OPT_ALL, OPT_NO_VERIFY, OPT_TREE, OPT_DEFEND, OPT_THREADS
};

/* Per thread. 256 rather than the library's 64: the lfz084 vct set, 2
 * threads, 10 s wall, two pairs of runs back to back: 1,058 against 1,056
 * and 1,058 against 1,058 (the edge at 10 s is within the noise, though a
 * node costs about 10% more: unknown puzzles reach 28.2-28.5 M nodes in
 * 10 s against 30.1-31.1 M); 64 hard ones at 12 M nodes, variant 0: 41
 * solved against 38, nodes x0.84 on the 37 both solved. A short search
 * touches few of the table's pages. */
#define SOLVE_DEFAULT_MEMORY_MB 256
#define SGF_NODE_CAP 200000 /* SGF nodes written per position at most */
/* The time limit per position unless --time says otherwise: a search
 * that reaches it answers unknown. lfz084's vct set with every threat
 * (--threes 99), 2 threads: see puzzles/README.md for the rates. */
#define SOLVE_DEFAULT_TIME_S 30

static const CliOption SOLVE_OPTIONS[] = {
    {"vcf", 0, NULL, NULL, "prove a win by continuous fours (the default)", NULL, OPT_VCF},
    {"vct", 0, NULL, NULL,
     "prove a win by continuous threats: fours, and moves after which the attacker would win by fours "
     "(every such move by default: --threes)",
     NULL, OPT_VCT},
    {"win", 'w', "N", NULL, "prove a win where the first N attacker moves are free (1..4)",
     "1 2 3 4", OPT_WIN},
    {"max-moves", 0, "N", NULL,
     "at most N attacker moves before the five (default: no limit); nowin then means none that short",
     NULL, OPT_MAX_MOVES},
    {"threes", 0, "N", CLI_STR(SOLVE_THREES_ALL),
     "VCT: a threat is a move that wins by at most N fours if ignored (1..99; 99: any, the whole "
     "threat space; less: a narrower, faster search whose nowin covers that kind only)",
     "1 2 3 99", OPT_THREES},
    {"nodes", 0, "N", NULL, "stop after N nodes per position: result unknown (default: no limit)",
     NULL, OPT_NODES},
    {"time", 0, "TIME", CLI_STR(SOLVE_DEFAULT_TIME_S) "s",
     "stop after this time per position (seconds, or with a unit: 500ms, 2s; at most 86400 s; 0: no "
     "limit): result unknown (time)",
     NULL, OPT_TIME},
    {"memory", 'm', "MB", CLI_STR(SOLVE_DEFAULT_MEMORY_MB), "size of the search tables (per thread)", NULL, OPT_MEMORY},
    {"threads", 't', "N", NULL,
     "VCT and win in N: run N search variants side by side, the first answer wins (1..3; default: "
     "the machine's cores, at most 3, but 1 with --nodes, whose answers are then reproducible)",
     "1 2 3", OPT_THREADS},
    {"shortest", 0, NULL, NULL, "find a line with the fewest attacker moves", NULL, OPT_SHORTEST},
    {"all", 'a', NULL, NULL, "list every winning first move", NULL, OPT_ALL},
    {"no-verify", 0, NULL, NULL, "skip the independent check of each win", NULL, OPT_NO_VERIFY},
    {"tree", 0, "FILE", NULL, "write each proof tree to FILE as SGF (GM[4])", "@file", OPT_TREE},
    {"defend", 0, NULL, NULL, "list the moves that refute the opponent's win", NULL, OPT_DEFEND},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram SOLVE_PROGRAM = {
    "gmk-solve", "[OPTIONS] [FILE...]",
    "Prove forced wins for the side to move (VCF, VCT, win in N) or prove there are none.",
    SOLVE_OPTIONS, true,
};

typedef struct {
    Cli cli;
    SolveOptions opt;
    size_t memory;          /* table bytes */
    bool defend;            /* --defend */
    const char *tree_path;  /* --tree FILE or NULL */
    CliOutFile tree;        /* open --tree file (tree.f NULL: none) */
    int threads;            /* --threads (0: not given) */
    const char *mode;       /* the kind option given (--vcf, --vct, --win), NULL: none yet */
    Solver *solvers[SOLVE_THREADS];
    SolveOutcome out;
    SolveDefence def;
    /* progress on stderr (a terminal, stdout not one) */
    CliProgress pr;
    long total;             /* positions in the input, -1 if unknown (standard input) */
    long done, wins;        /* positions answered, wins (threats with --defend) among them */
    long trees;             /* proof trees written to --tree */
} Solve;

/* The progress line: done / total, wins, positions per second, and the
 * time left when the total is known. */
static void progress(Solve *sv, bool final) {
    if (!cli_progress_due(&sv->pr, final)) return;
    double el = sv->pr.last - sv->pr.t0;
    char total[32] = "", eta[48] = "", line[256];
    if (sv->total >= 0) snprintf(total, sizeof total, "/%ld", sv->total);
    if (!final && sv->total > 0 && sv->done > 0 && sv->done < sv->total) {
        eta[0] = ',';
        eta[1] = ' ';
        cli_eta(el * (double)(sv->total - sv->done) / (double)sv->done, eta + 2, sizeof eta - 2);
    }
    snprintf(line, sizeof line, "%s: %ld%s positions, %ld %s, %.1f positions/s%s", sv->cli.prog, sv->done,
             total, sv->wins, sv->defend ? "threats" : "wins", el > 0 ? (double)sv->done / el : 0.0, eta);
    cli_progress_line(&sv->pr, line, final);
}

static bool count_position(void *ctx, Board *b, const PosSource *src) {
    (void)b;
    (void)src;
    ++*(long *)ctx;
    return true;
}

/* Counts the positions of the files (a quiet pass on stones only), or -1
 * when one of them is standard input. */
static long count_positions(const Cli *cli, char **files) {
    if (!files[0]) return -1;
    for (int i = 0; files[i]; i++)
        if (strcmp(files[i], "-") == 0) return -1;
    Cli quiet = *cli;
    quiet.quiet = quiet.light = true;
    long n = 0;
    cli_for_each_position(&quiet, files, count_position, &n);
    return n;
}

/* One kind per run: a second, different kind option is a usage error
 * (not "the last one wins"). */
static bool set_mode(Solve *sv, const char *name) {
    if (sv->mode && strcmp(sv->mode, name) != 0) {
        cli_error(&sv->cli, "--%s and --%s cannot be used together (one kind of win per run)", sv->mode, name);
        return false;
    }
    sv->mode = name;
    return true;
}

static bool solve_option(void *ctx, int id, const char *arg) {
    Solve *sv = ctx;
    long v;
    switch (id) {
    case OPT_VCF:
        sv->opt.kind = SOLVE_VCF;
        return set_mode(sv, "vcf");
    case OPT_VCT:
        sv->opt.kind = SOLVE_VCT;
        return set_mode(sv, "vct");
    case OPT_WIN:
        if (!cli_int(&sv->cli, "win", arg, 1, 4, &v)) return false;
        if (sv->mode && strcmp(sv->mode, "win") == 0 && sv->opt.win_moves != (int)v) {
            cli_error(&sv->cli, "--win %d and --win %ld cannot be used together", sv->opt.win_moves, v);
            return false;
        }
        sv->opt.kind = SOLVE_WIN_IN;
        sv->opt.win_moves = (int)v;
        return set_mode(sv, "win");
    case OPT_MAX_MOVES:
        if (!cli_int(&sv->cli, "max-moves", arg, 1, 250, &v)) return false;
        sv->opt.depth = (int)v;
        return true;
    case OPT_THREES:
        if (!cli_int(&sv->cli, "threes", arg, 1, 99, &v)) return false;
        sv->opt.threes = (int)v;
        return true;
    case OPT_NODES:
        if (!cli_int(&sv->cli, "nodes", arg, 1, 2000000000000L, &v)) return false;
        sv->opt.max_nodes = (uint64_t)v;
        return true;
    case OPT_TIME: {
        int64_t ms = 0;
        if (strcmp(arg, "0") != 0 && !cli_duration(&sv->cli, "time", arg, 1000, CLI_TIME_MAX_MS, &ms))
            return false;
        sv->opt.max_ms = (uint32_t)ms; /* 0: no limit */
        return true;
    }
    case OPT_MEMORY:
        if (!cli_int(&sv->cli, "memory", arg, 1, 65536, &v)) return false;
        sv->memory = (size_t)v << 20;
        return true;
    case OPT_SHORTEST: sv->opt.shortest = true; return true;
    case OPT_ALL: sv->opt.all = true; return true;
    case OPT_NO_VERIFY: sv->opt.verify = false; return true;
    case OPT_TREE: sv->tree_path = arg; return true;
    case OPT_DEFEND: sv->defend = true; return true;
    case OPT_THREADS:
        if (!cli_int(&sv->cli, "threads", arg, 1, SOLVE_THREADS, &v)) return false;
        sv->threads = (int)v;
        return true;
    }
    return false;
}

static const char *kind_name(SolveKind k) {
    return k == SOLVE_VCF ? "vcf" : k == SOLVE_VCT ? "vct" : "win";
}

static const char *result_name(SolveResult r) {
    return r == SOLVE_WIN ? "win" : r == SOLVE_NOWIN ? "nowin" : "unknown";
}

/* The machine's cores, at most SOLVE_THREADS (at least 1). */
static int default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SOLVE_THREADS ? SOLVE_THREADS : (int)n;
}

/* Prints moves compactly ("h8i9") or "-" when there are none. */
static void print_moves(const Cli *cli, int size, const Move *m, int n) {
    char buf[8];
    if (!n) putchar('-');
    for (int i = 0; i < n; i++) fputs(notation_point_str(m[i], size, cli->origin, buf), stdout);
}

/* Prints moves as a JSON array of strings. */
static void json_moves(const Cli *cli, int size, const Move *m, int n) {
    char buf[8];
    putchar('[');
    for (int i = 0; i < n; i++)
        printf("%s\"%s\"", i ? "," : "", notation_point_str(m[i], size, cli->origin, buf));
    putchar(']');
}

/* The narrower kind the user asked for, when any: "within" holds the
 * limits under which a nowin was proven (--threes below the whole threat
 * space, --max-moves). */
static void json_within(const SolveOptions *o) {
    bool threes = o->kind == SOLVE_VCT && o->threes < SOLVE_THREES_ALL;
    if (!threes && !o->depth) return;
    fputs(",\"within\":{", stdout);
    if (threes) printf("\"threes\":%d", o->threes);
    if (o->depth) printf("%s\"max_moves\":%d", threes ? "," : "", o->depth);
    putchar('}');
}

/* ---- SGF ---------------------------------------------------------------- */

/* SGF coordinates of p (rows from the top). */
static void sgf_point(FILE *f, Move p, int size) {
    if (p == MOVE_PASS) return;
    fputc('a' + point_x(p), f);
    fputc('a' + (size - 1 - point_y(p)), f);
}

/* Writes the subtree of node (side c to move) as SGF nodes and variations. */
static void sgf_node(FILE *f, const SolveTree *t, int node, Color c, int size, long *budget) {
    if (node < 0 || node >= t->nodes) return;
    const SolveTreeNode *n = &t->node[node];
    if (*budget <= 0) {
        fputs("C[tree cut here]", f);
        return;
    }
    int k = n->count;
    for (int i = 0; i < k; i++) {
        const SolveEdge *e = &t->edge[n->first + i];
        if (k > 1) fputc('(', f);
        fprintf(f, ";%c[", c == COLOR_BLACK ? 'B' : 'W');
        sgf_point(f, e->move, size);
        fputc(']', f);
        if (e->move == MOVE_PASS) fputs("C[any other defence]", f);
        (*budget)--;
        sgf_node(f, t, e->target, (Color)!c, size, budget);
        if (k > 1) fputc(')', f);
    }
}

/* Writes one position and its proof tree as an SGF game tree. */
static void sgf_write(FILE *f, const Board *b, const SolveTree *t, const char *comment) {
    int size = board_size(b);
    fprintf(f, "(;GM[4]FF[4]CA[UTF-8]AP[gmk-solve:%s]SZ[%d]", GMK_VERSION, size);
    for (int c = 0; c < COLOR_NB; c++) {
        bool any = false;
        for (int y = size - 1; y >= 0; y--)
            for (int x = 0; x < size; x++) {
                Move p = point_make(x, y);
                if (board_cell(b, p) != c + 1) continue;
                if (!any) fputs(c == COLOR_BLACK ? "AB" : "AW", f);
                any = true;
                fputc('[', f);
                sgf_point(f, p, size);
                fputc(']', f);
            }
    }
    Color tm = board_to_move(b);
    fprintf(f, "PL[%c]C[%s]", tm == COLOR_BLACK ? 'B' : 'W', comment);
    long budget = SGF_NODE_CAP;
    sgf_node(f, t, 0, tm, size, &budget);
    fputs(")\n", f);
}

/* ---- output --------------------------------------------------------------- */

static void free_solvers(Solve *sv) {
    for (int i = 0; i < sv->threads; i++) {
        solver_free(sv->solvers[i]);
        sv->solvers[i] = NULL;
    }
}

/* Ends a run that cannot go on (out of memory): an open --tree file is
 * dropped, the old one kept; exit 2. */
static void fail_run(Solve *sv) __attribute__((noreturn));
static void fail_run(Solve *sv) {
    cli_outfile_close(&sv->cli, &sv->tree, false);
    free_solvers(sv);
    cli_exit(&sv->cli, EXIT_FAILURE_RUN);
}

/* --defend's result: the opponent's threat, as the side to move faces it. */
static const char *defend_result_name(SolveResult r) {
    return r == SOLVE_WIN ? "threat" : r == SOLVE_NOWIN ? "nothreat" : "unknown";
}

/* --defend: the opponent's threat and the moves that refute it. */
static void defend_position(Solve *sv, Board *b, const PosSource *src) {
    Cli *cli = &sv->cli;
    SolveDefence *d = &sv->def;
    char pos[MOVES_MAX * 3 + 8];
    int size = board_size(b);
    if (solver_defend(sv->solvers[0], b, &sv->opt, d) != GMK_OK) {
        cli_error(cli, "out of memory");
        fail_run(sv);
    }
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        printf(",\"kind\":\"%s\",\"defend\":true,\"result\":\"%s\",", kind_name(sv->opt.kind),
               defend_result_name(d->threat));
        if (d->limit) printf("\"limit\":\"%s\",", solve_limit_name(d->limit));
        fputs("\"threat\":", stdout);
        json_moves(cli, size, d->line, d->line_len);
        fputs(",\"defences\":", stdout);
        json_moves(cli, size, d->moves, d->moves_len);
        if (d->undecided_len) {
            fputs(",\"undecided\":", stdout);
            json_moves(cli, size, d->undecided, d->undecided_len);
        }
        json_within(&sv->opt);
        printf(",\"nodes\":%llu,\"ms\":%.1f", (unsigned long long)d->nodes, d->ms);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        printf("%s\tdefend-%s\t%s\t", cli_position_str(cli, b, pos, sizeof pos), kind_name(sv->opt.kind),
               defend_result_name(d->threat));
        if (d->threat == SOLVE_UNKNOWN) fputs(solve_limit_name(d->limit), stdout); /* no moves: the limit */
        else print_moves(cli, size, d->moves, d->moves_len);
        if (d->undecided_len) {
            fputs("\t?", stdout);
            print_moves(cli, size, d->undecided, d->undecided_len);
        }
        out_carry(src);
        putchar('\n');
    }
    out_flush(cli);
}

/* A game already over (a five on the board, or no empty point): nothing to
 * prove, the result "over" and no line. */
static void over_position(Solve *sv, Board *b, const PosSource *src) {
    Cli *cli = &sv->cli;
    char pos[MOVES_MAX * 3 + 8];
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        printf(",\"kind\":\"%s\"%s", kind_name(sv->opt.kind), sv->defend ? ",\"defend\":true" : "");
        out_json_over(b);
        fputs(sv->defend ? ",\"threat\":[],\"defences\":[]" : ",\"line\":[]", stdout);
        if (sv->opt.all && !sv->defend) fputs(",\"wins\":[]", stdout);
        fputs(",\"nodes\":0,\"ms\":0.0", stdout);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        printf("%s\t%s%s\tover\t-%s", cli_position_str(cli, b, pos, sizeof pos), sv->defend ? "defend-" : "",
               kind_name(sv->opt.kind), sv->opt.all && !sv->defend ? "\t-" : "");
        out_carry(src);
        putchar('\n');
    }
    out_flush(cli);
}

static bool solve_position(void *ctx, Board *b, const PosSource *src) {
    Solve *sv = ctx;
    Cli *cli = &sv->cli;
    SolveOutcome *o = &sv->out;
    char pos[MOVES_MAX * 3 + 8];
    int size = board_size(b);
    sv->done++;
    if (cli_game_over(b)) {
        over_position(sv, b, src);
        progress(sv, false);
        return true;
    }
    if (sv->defend) {
        defend_position(sv, b, src);
        sv->wins += sv->def.threat == SOLVE_WIN;
        progress(sv, false);
        return true;
    }
    int used = 0;
    GmkStatus st = solver_solve_parallel(sv->solvers, sv->threads, b, &sv->opt, o, &used);
    if (st != GMK_OK) {
        cli_error(cli, st == GMK_ERR_NOMEM ? "out of memory" : "bad solver options");
        fail_run(sv);
    }
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        printf(",\"kind\":\"%s\",\"result\":\"%s\",", kind_name(sv->opt.kind), result_name(o->result));
        if (o->result == SOLVE_UNKNOWN) printf("\"limit\":\"%s\",", solve_limit_name(o->limit));
        fputs("\"line\":", stdout);
        json_moves(cli, size, o->line, o->line_len);
        if (sv->opt.all) {
            fputs(",\"wins\":", stdout);
            json_moves(cli, size, o->wins, o->wins_len);
            if (o->undecided_len) {
                fputs(",\"undecided\":", stdout);
                json_moves(cli, size, o->undecided, o->undecided_len);
            }
        }
        if (o->note[0]) {
            fputs(",\"note\":", stdout);
            out_json_string(o->note, strlen(o->note));
        }
        json_within(&sv->opt);
        printf(",\"verified\":%s,\"nodes\":%llu,\"ms\":%.1f", o->verified ? "true" : "false",
               (unsigned long long)o->nodes, o->ms);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        printf("%s\t%s\t%s\t", cli_position_str(cli, b, pos, sizeof pos), kind_name(sv->opt.kind),
               result_name(o->result));
        if (o->result == SOLVE_UNKNOWN) fputs(solve_limit_name(o->limit), stdout); /* no line: the limit */
        else print_moves(cli, size, o->line, o->line_len);
        if (sv->opt.all) {
            putchar('\t');
            print_moves(cli, size, o->wins, o->wins_len);
        }
        out_carry(src);
        putchar('\n');
    }
    if (sv->tree.f && o->result == SOLVE_WIN) {
        char comment[128];
        snprintf(comment, sizeof comment, "%s wins (%s), proof tree by gmk-solve",
                 color_name(board_to_move(b)), kind_name(sv->opt.kind));
        sgf_write(sv->tree.f, b, solver_tree(sv->solvers[used]), comment);
        sv->trees++;
    }
    out_flush(cli);
    sv->wins += o->result == SOLVE_WIN;
    progress(sv, false);
    return true;
}

int main(int argc, char **argv) {
    Solve sv;
    memset(&sv, 0, sizeof sv);
    solve_options_default(&sv.opt);
    sv.memory = (size_t)SOLVE_DEFAULT_MEMORY_MB << 20;
    sv.opt.max_ms = SOLVE_DEFAULT_TIME_S * 1000;
    int first = cli_parse(&sv.cli, &SOLVE_PROGRAM, argc, argv, solve_option, &sv);
    /* the cores where variants side by side pay (VCT, win in N, one answer
     * a position); a node limit asks for a reproducible answer: one */
    if (!sv.threads)
        sv.threads = sv.opt.max_nodes || sv.defend || sv.opt.all || sv.opt.shortest ||
                             (sv.opt.kind != SOLVE_VCT && sv.opt.kind != SOLVE_WIN_IN)
                         ? 1
                         : default_threads();
    if (sv.tree_path && !cli_outfile_open(&sv.cli, sv.tree_path, &sv.tree)) cli_exit(&sv.cli, EXIT_FAILURE_RUN);
    for (int i = 0; i < sv.threads; i++)
        if (!(sv.solvers[i] = solver_new(sv.memory))) {
            cli_error(&sv.cli, "out of memory (--memory %zu, --threads %d)", sv.memory >> 20, sv.threads);
            fail_run(&sv);
        }
    cli_progress_start(&sv.pr, false);
    if (isatty(1)) sv.pr.on = false; /* the answers are on the terminal: no line among them */
    sv.total = sv.pr.on ? count_positions(&sv.cli, argv + first) : -1;
    cli_for_each_position(&sv.cli, argv + first, solve_position, &sv);
    progress(&sv, true);
    out_flush(&sv.cli);
    /* the proof trees replace an old file only when there is one to write */
    if (!cli_outfile_close(&sv.cli, &sv.tree, sv.trees > 0)) sv.cli.failures++;
    if (sv.tree_path && !sv.trees) cli_not_written(&sv.cli, sv.tree_path, "no proof tree");
    free_solvers(&sv);
    cli_exit(&sv.cli, cli_exit_status(&sv.cli));
}
