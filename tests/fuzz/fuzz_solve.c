/*
 * fuzz_solve — the threat-space solver on any position the parser accepts,
 * with small node limits: VCF, VCT and win-in-N, with and without --all.
 *
 * Input: a position text, then one option byte c (the last byte):
 * rule = c % 3; kind = c / 3 % 3 (vcf, vct, win-in); all = c / 9 % 2;
 * shortest = c / 18 % 2; the board is 15 wide, or 5 + c / 36 % 18 when
 * c >= 144. Inputs that do not parse are skipped (fuzz_position's job).
 * The solver must leave the board as it was (key, board_ok()), stay near its
 * node limit, and back every win with a line and a proof tree that the
 * independent checker accepts; winning first moves (all) must be empty
 * points, and the line's first move one of them; and a solver that has
 * searched before must answer as a new one does (win and nowin; a limit may
 * stop either). On a failure the last 32 inputs are written to
 * $FUZZ_ARTIFACTS/history/ (replay_solve DIR replays them in order).
 *
 * fuzz-seeds: field:8 $SHARED/puzzles/lfz084.tsv
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzzutil.h"

#define FUZZ_SOLVE_NODES 3000 /* per position: keeps an input well under 100 ms */
#define HISTORY 32            /* earlier inputs kept for a failure report */

/* The last HISTORY inputs: the solver keeps tables between calls, so a
 * failure may need the inputs before it. */
static struct {
    uint8_t *data[HISTORY];
    size_t size[HISTORY];
    unsigned next;
} hist;

/* Writes the kept inputs, oldest first, as DIR/NNN where DIR is
 * $FUZZ_ARTIFACTS/history (run.sh sets it) or solve-history:
 * replay_solve DIR reproduces the sequence. */
static void dump_history(void) {
    const char *art = getenv("FUZZ_ARTIFACTS");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s%s", art ? art : "solve-", art ? "/history" : "history");
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) return;
    for (unsigned i = 0; i < HISTORY; i++) {
        unsigned k = (hist.next + i) % HISTORY;
        if (!hist.data[k]) continue;
        char path[4200];
        snprintf(path, sizeof path, "%s/%03u", dir, i);
        FILE *f = fopen(path, "wb");
        if (!f) return;
        fwrite(hist.data[k], 1, hist.size[k], f);
        fclose(f);
    }
    fprintf(stderr, "fuzz_solve: the last %d inputs are in %s/\n", HISTORY, dir);
}

/* Keeps a copy of this input in the history. */
static void remember(const uint8_t *data, size_t size) {
    unsigned k = hist.next % HISTORY;
    free(hist.data[k]);
    hist.data[k] = malloc(size ? size : 1);
    if (hist.data[k]) memcpy(hist.data[k], data, size);
    hist.size[k] = size;
    hist.next++;
}

/* FUZZ_CHECK with the history written out first. */
#define SOLVE_CHECK(cond, ...)                                                  \
    do {                                                                        \
        if (!(cond)) {                                                          \
            dump_history();                                                     \
            FUZZ_CHECK(cond, __VA_ARGS__);                                      \
        }                                                                       \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static Solver *solver;
    static SolveOutcome out; /* large: keep it off the stack */
    if (!solver) solver = solver_new((size_t)1 << 20);
    FUZZ_CHECK(solver != NULL, "solver_new failed");
    FuzzInput in = {data, size};
    unsigned opt = fuzz_take_byte(&in);
    Rule rule = (Rule)(opt % 3);
    int bsize = opt >= 144 ? BOARD_MIN + (int)(opt / 36 % 18) : BOARD_DEFAULT;
    Board *b = fuzz_board(bsize, rule, 0);
    if (notation_parse_position(b, (const char *)in.data, in.size, ORIGIN_BOTTOM, NULL) != GMK_OK)
        return 0;
    if (board_winner(b) != COLOR_NONE) return 0;

    remember(data, size);

    SolveOptions o;
    solve_options_default(&o);
    o.kind = (SolveKind)(opt / 3 % 3);
    o.win_moves = 1 + (int)(opt / 9 % 2);
    o.all = opt / 9 % 2;
    o.shortest = opt / 18 % 2;
    o.max_nodes = FUZZ_SOLVE_NODES;
    o.verify = true;

    Key k0 = board_key(b);
    memset(&out, 0x55, sizeof out);
    GmkStatus st = solver_solve(solver, b, &o, &out);
    SOLVE_CHECK(st == GMK_OK, "solver_solve: %s", gmk_strerror(st));
    SOLVE_CHECK(board_key(b) == k0 && board_ok(b), "the solver changed the board");
    SOLVE_CHECK(out.result == SOLVE_WIN || out.result == SOLVE_NOWIN || out.result == SOLVE_UNKNOWN,
               "result %d", (int)out.result);
    /* the limit is checked between nodes: allow a margin, not a runaway */
    SOLVE_CHECK(out.nodes <= 20 * (uint64_t)FUZZ_SOLVE_NODES + 10000, "%llu nodes for a limit of %d",
               (unsigned long long)out.nodes, FUZZ_SOLVE_NODES);
    if (out.result == SOLVE_WIN) {
        SOLVE_CHECK(out.verified, "a win the checker did not accept");
        SOLVE_CHECK(out.line_len >= 1 && out.line_len <= SOLVE_LINE_MAX, "line of %d moves",
                   out.line_len);
        SolveCheckError err;
        SOLVE_CHECK(solve_check_line(b, out.line, out.line_len, &err) || o.kind != SOLVE_VCF,
                   "VCF line refused: %s", err.msg);
        const SolveTree *t = solver_tree(solver);
        SOLVE_CHECK(t && t->nodes > 0, "a win without a proof tree");
        SOLVE_CHECK(solve_check_tree(b, t, &err), "proof tree refused: %s", err.msg);
        SOLVE_CHECK(board_key(b) == k0, "the checker changed the board");
    }
    /* a solver that has searched before answers as a new one does */
    static SolveOutcome fresh_out;
    Solver *fresh = solver_new((size_t)1 << 20);
    SOLVE_CHECK(fresh != NULL, "solver_new failed");
    SOLVE_CHECK(solver_solve(fresh, b, &o, &fresh_out) == GMK_OK, "fresh solver failed");
    solver_free(fresh);
    SOLVE_CHECK(out.result == fresh_out.result || out.result == SOLVE_UNKNOWN ||
                    fresh_out.result == SOLVE_UNKNOWN,
                "result %d, a new solver's %d: it depends on earlier searches", (int)out.result,
                (int)fresh_out.result);
    if (o.all && out.result != SOLVE_UNKNOWN) {
        SOLVE_CHECK(out.wins_len >= 0 && out.wins_len <= bsize * bsize, "%d wins", out.wins_len);
        bool first_listed = out.result != SOLVE_WIN;
        for (int i = 0; i < out.wins_len; i++) {
            SOLVE_CHECK(board_cell(b, out.wins[i]) == CELL_EMPTY, "a winning move on a stone");
            if (out.result == SOLVE_WIN && out.wins[i] == out.line[0]) first_listed = true;
        }
        SOLVE_CHECK(first_listed || out.wins_len == 0, "the line's first move is not among the wins");
        if (out.result == SOLVE_NOWIN)
            SOLVE_CHECK(out.wins_len == 0, "nowin with %d winning moves", out.wins_len);
    }
    return 0;
}
