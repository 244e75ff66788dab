/*
 * solve.c — the solver's public entry points: the context, limits and
 * clocks, VCF / VCT / win-in-N dispatch, --all and --shortest, proof trees
 * and lines, and the check of every win by the independent checker
 * (solve_check.c). When the checker finds a defence the search did not
 * consider, the defence is added as a patch and the position is solved
 * again (a few rounds); a proof that still fails is reported as unknown.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

#define PATCH_ROUNDS 6 /* solve-check rounds before giving up on a proof */

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Largest power of two not above n (at least 1). */
static size_t pow2_floor(size_t n) {
    size_t p = 1;
    while (p * 2 <= n) p *= 2;
    return p;
}

Solver *solver_new(size_t memory) {
    gmk_init();
    if (!memory) memory = SOLVE_DEFAULT_MEMORY;
    if (memory < ((size_t)1 << 20)) memory = (size_t)1 << 20;
    Solver *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->undo = malloc(SOLVE_STACK * sizeof *s->undo);
    size_t vb = pow2_floor(memory / 4 / (2 * sizeof(VcfEntry)));
    size_t tb = pow2_floor((memory - vb * 2 * sizeof(VcfEntry)) / (4 * sizeof(DfpnEntry)));
    s->vtab = calloc(vb * 2, sizeof *s->vtab);
    s->ttab = calloc(tb * 4, sizeof *s->ttab);
    if (!s->undo || !s->vtab || !s->ttab) {
        solver_free(s);
        return NULL;
    }
    s->vmask = vb - 1;
    s->tmask = tb - 1;
    s->node_limit = s->local_limit = UINT64_MAX;
    return s;
}

void solver_free(Solver *s) {
    if (!s) return;
    free(s->undo);
    free(s->vtab);
    free(s->ttab);
    tree_free(&s->tree);
    free(s);
}

void solve_options_default(SolveOptions *o) {
    memset(o, 0, sizeof *o);
    o->kind = SOLVE_VCF;
    o->threes = SOLVE_DEFAULT_THREES;
    o->win_moves = 3;
    o->verify = true;
}

const SolveTree *solver_tree(const Solver *s) { return &s->tree_view; }

/* Prepares s for a search of b by the side to move (or attacker). */
static void solve_begin(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms) {
    s->b = b;
    s->att = attacker;
    s->sp = 0;
    /* the table keys start from the rule and the board size: a solver that
     * searched the same stones under another rule or on another board must
     * not reuse what it found there (tables persist between searches) */
    s->key = (Key)(b->rule * BOARD_STRIDE + b->size) * 0x9e3779b97f4a7c15ULL;
    int8_t *bx = s->box[0];
    bx[0] = bx[2] = 100;
    bx[1] = bx[3] = -1;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            int v = b->cell[p];
            if (v != CELL_BLACK && v != CELL_WHITE) continue;
            s->key ^= zobrist_table[v - 1][p];
            if (x < bx[0]) bx[0] = (int8_t)x;
            if (x > bx[1]) bx[1] = (int8_t)x;
            if (y < bx[2]) bx[2] = (int8_t)y;
            if (y > bx[3]) bx[3] = (int8_t)y;
        }
    s->nodes = 0;
    s->aborted = false;
    s->node_limit = max_nodes ? max_nodes : UINT64_MAX;
    s->local_limit = s->node_limit;
    s->deadline = max_ms ? now_s() + max_ms / 1000.0 : 0;
    s->renju_black_att = b->rule == RULE_RENJU && attacker == COLOR_BLACK;
    s->renju_black_def = b->rule == RULE_RENJU && attacker == COLOR_WHITE;
}

/* Is the game already decided on b (a win on the board, or no empty point)? */
static bool game_over(const Board *b) {
    return board_winner(b) != COLOR_NONE || board_full(b);
}

SolveResult solver_vcf(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms,
                       Move *line, int *line_len) {
    if (line_len) *line_len = 0;
    if (b->light || game_over(b)) return SOLVE_NOWIN;
    solve_begin(s, b, attacker, max_nodes, max_ms);
    VcfLine *vl = line ? &s->scratch[0] : NULL;
    int r = vcf_run(s, attacker, VCF_ANY, 0, vl);
    if (r == SR_WIN && line) {
        int n = vl->len < SOLVE_LINE_MAX ? vl->len : SOLVE_LINE_MAX;
        memcpy(line, vl->mv, (size_t)n * sizeof *line);
        if (line_len) *line_len = n;
    }
    return r == SR_WIN ? SOLVE_WIN : r == SR_FAIL ? SOLVE_NOWIN : SOLVE_UNKNOWN;
}

/* Builds the proof tree of a VCF line (root = node 0). */
static bool tree_from_line(Solver *s, const Move *mv, int len) {
    tree_reset(&s->tree);
    int root = tree_add_node(&s->tree, 0, 1);
    if (root != 0) return false;
    int next = tree_add_line(&s->tree, mv + 1, len - 1, -1);
    tree_set_edge(&s->tree, 0, 0, mv[0], len > 1 ? next : -1);
    tree_publish(s);
    return !s->tree.overflow;
}

/* The VCF part of solver_solve. */
static int solve_vcf_kind(Solver *s, const SolveOptions *o, SolveOutcome *out) {
    int depth = o->depth ? o->depth : VCF_ANY;
    VcfLine *vl = &s->scratch[0];
    int r = SR_FAIL;
    if (o->all) {
        int n = vcf_all(s, s->att, depth, out->wins);
        if (n < 0) return SR_ABORT;
        out->wins_len = n;
    }
    if (o->shortest) {
        for (int d = 1; d <= depth; d++) {
            r = vcf_run(s, s->att, d, 0, vl);
            if (r != SR_FAIL) break;
        }
        if (s->b->clscount[s->att][CLS_FIVE]) r = vcf_run(s, s->att, 0, 0, vl);
    } else {
        r = vcf_run(s, s->att, depth, 0, vl);
    }
    if (r != SR_WIN) return r;
    out->line_len = vl->len < SOLVE_LINE_MAX ? vl->len : SOLVE_LINE_MAX;
    memcpy(out->line, vl->mv, (size_t)out->line_len * sizeof *out->line);
    if (!tree_from_line(s, out->line, out->line_len)) return SR_ABORT;
    return SR_WIN;
}

GmkStatus solver_solve(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out) {
    double t0 = now_s();
    memset(out, 0, offsetof(SolveOutcome, wins));
    out->wins_len = out->undecided_len = 0;
    tree_reset(&s->tree);
    tree_publish(s);
    if (b->light || o->kind < SOLVE_VCF || o->kind > SOLVE_WIN_IN || o->depth < 0 ||
        o->threes < 1 || o->threes > 8 || (o->kind == SOLVE_WIN_IN && (o->win_moves < 1 || o->win_moves > 4)))
        return GMK_ERR_ARG;
    if (game_over(b)) {
        out->result = SOLVE_NOWIN;
        out->ms = (now_s() - t0) * 1000;
        return GMK_OK;
    }
    solve_begin(s, b, board_to_move(b), o->max_nodes, o->max_ms);
    int r;
    for (int round = 0;; round++) {
        switch (o->kind) {
        case SOLVE_VCF: r = solve_vcf_kind(s, o, out); break;
        default: r = SR_ABORT; break;
        }
        if (r != SR_WIN || !o->verify) break;
        SolveCheckError err;
        if (solve_check_tree(b, solver_tree(s), &err)) {
            out->verified = true;
            break;
        }
        /* the checker found a hole: VCF lines have none to patch */
        snprintf(out->note, sizeof out->note, "checker: %s (node %d, move %d)", err.msg, err.node,
                 err.move);
        r = SR_ABORT;
        break;
    }
    out->result = r == SR_WIN ? SOLVE_WIN : r == SR_FAIL ? SOLVE_NOWIN : SOLVE_UNKNOWN;
    if (out->result == SOLVE_UNKNOWN && !out->note[0])
        snprintf(out->note, sizeof out->note, "%s",
                 s->deadline > 0 && now_s() >= s->deadline ? "time limit" : "node limit");
    if (out->result != SOLVE_WIN) {
        out->line_len = 0;
        tree_reset(&s->tree);
        tree_publish(s);
    }
    out->nodes = s->nodes;
    out->ms = (now_s() - t0) * 1000;
    return GMK_OK;
}
