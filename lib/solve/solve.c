/*
 * solve.c — the solver's public entry points: the context, limits and
 * clocks, VCF / VCT / win-in-N dispatch, --all and --shortest, proof trees
 * and lines, and the check of every win by the independent checker
 * (solve_check.c). When the checker finds a defence the search did not
 * consider, the defence is added as a patch and the position is solved
 * again (a few rounds) from the table less its proofs (vct_forget_proofs);
 * a proof that still fails is reported as unknown. Defences (--defend) are
 * solve_defend.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/gmk_notation.h"
#include "core/bigmem.h"
#include "board/gmk_notation.h"
#include "solve.h"

#define PATCH_ROUNDS 6 /* solve-check rounds before giving up on a proof */

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
    s->vcf.pos = &s->pos;
    s->dfpn.pos = &s->pos;
    s->dfpn.vcf = &s->vcf;
    s->dfpn.collect = vct_collect;
    s->proof.pos = &s->pos;
    s->proof.vcf = &s->vcf;
    s->proof.dfpn = &s->dfpn;
    s->pos.undo = malloc(SOLVE_STACK * sizeof *s->pos.undo);
    s->pos.fours = calloc(FOURS_SLOTS, sizeof *s->pos.fours);
    size_t vb = pow2_floor(memory / 4 / (VCF_WAYS * sizeof(VcfEntry)));
    size_t tbytes = 4 * sizeof(DfpnEntry) + sizeof(uint32_t); /* a bucket and its tags */
    size_t tb = pow2_floor((memory - memory / 16 - vb * VCF_WAYS * sizeof(VcfEntry)) / tbytes);
    /* the move cache: a sixteenth at least, and what the powers of two leave */
    size_t mb = pow2_floor((memory - vb * VCF_WAYS * sizeof(VcfEntry) - tb * tbytes) / sizeof(MoveCache));
    s->vcf.vmask_max = vb - 1;
    s->dfpn.tmask_max = tb - 1;
    s->dfpn.mmask_max = mb - 1;
    s->vcf.vmask = (vb < VTAB_START ? vb : VTAB_START) - 1;
    s->dfpn.tmask = (tb < TTAB_START ? tb : TTAB_START) - 1;
    s->dfpn.mmask = (mb < MCACHE_START ? mb : MCACHE_START) - 1;
    s->vcf.vtab = solve_mem_new(&s->vcf.vmem, vb * VCF_WAYS * sizeof *s->vcf.vtab);
    s->dfpn.ttab = solve_mem_new(&s->dfpn.tmem, tb * 4 * sizeof *s->dfpn.ttab);
    s->dfpn.ttag = solve_mem_new(&s->dfpn.tgmem, tb * sizeof *s->dfpn.ttag);
    s->dfpn.mcache = solve_mem_new(&s->dfpn.mmem, mb * sizeof *s->dfpn.mcache);
    if (!s->pos.undo || !s->pos.fours || !s->vcf.vtab || !s->dfpn.ttab || !s->dfpn.ttag || !s->dfpn.mcache) {
        solver_free(s);
        return NULL;
    }
    s->pos.node_limit = s->pos.local_limit = UINT64_MAX;
    return s;
}

void solver_free(Solver *s) {
    if (!s) return;
    free(s->pos.undo);
    free(s->pos.fours);
    solve_mem_free(&s->vcf.vmem);
    solve_mem_free(&s->dfpn.tmem);
    solve_mem_free(&s->dfpn.tgmem);
    solve_mem_free(&s->dfpn.mmem);
    tree_free(&s->proof.tree);
    free(s);
}

void solve_options_default(SolveOptions *o) {
    memset(o, 0, sizeof *o);
    o->kind = SOLVE_VCF;
    o->threes = SOLVE_DEFAULT_THREES;
    o->win_moves = 3;
    o->verify = true;
}

const SolveTree *solver_tree(const Solver *s) { return &s->proof.view; }

uint64_t solver_nodes(const Solver *s) { return s->pos.nodes; }

/* Prepares s for a search of b by the side to move (or attacker). */
static void solve_begin(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms) {
    s->pos.b = b;
    s->dfpn.att = attacker;
    s->pos.sp = 0;
    s->dfpn.shadow = 0;
    s->dfpn.shadow_dd = 0;
    s->dfpn.threat_cap = 0;
    /* the table keys start from the rule and the board size: a solver that
     * searched the same stones under another rule or on another board must
     * not reuse what it found there (tables persist between searches) */
    s->pos.key = (Key)(b->rule * BOARD_STRIDE + b->size) * 0x9e3779b97f4a7c15ULL;
    /* the stones' part of the board's incremental key (it also holds the
     * side to move), and the box around the stones from the row bitboards */
    s->pos.key ^= b->key ^ (board_side(b) == COLOR_WHITE ? zobrist_side() : 0);
    int8_t *bx = s->pos.box[0];
    bx[0] = bx[2] = 100;
    bx[1] = bx[3] = -1;
    for (int y = 0; y < b->size; y++) {
        uint32_t r = b->rows[0][y + BOARD_PAD] | b->rows[1][y + BOARD_PAD];
        if (!r) continue;
        int lo = __builtin_ctz(r) - BOARD_PAD, hi = 31 - __builtin_clz(r) - BOARD_PAD;
        if (lo < bx[0]) bx[0] = (int8_t)lo;
        if (hi > bx[1]) bx[1] = (int8_t)hi;
        if (y < bx[2]) bx[2] = (int8_t)y;
        bx[3] = (int8_t)y;
    }
    s->dfpn.age++;
    s->pos.nodes = 0;
    s->pos.aborted = false;
    s->pos.stop = NULL;
    s->dfpn.weak_and = s->dfpn.weak_or = false;
    s->dfpn.four_pn = 1;
    s->dfpn.four_cost = 0;
    s->dfpn.cf_once = false;
    s->pos.node_limit = max_nodes ? max_nodes : UINT64_MAX;
    s->pos.local_limit = s->pos.node_limit;
    s->pos.deadline = max_ms ? now_s() + max_ms / 1000.0 : 0;
    s->dfpn.renju_black_att = b->rule == RULE_RENJU && attacker == COLOR_BLACK;
    s->dfpn.renju_black_def = b->rule == RULE_RENJU && attacker == COLOR_WHITE;
}

SolveResult solver_vcf(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms,
                       Move *line, int *line_len) {
    if (line_len) *line_len = 0;
    if (b->light || game_over(b)) return SOLVE_NOWIN;
    solve_begin(s, b, attacker, max_nodes, max_ms);
    VcfLine *vl = line ? &s->line : NULL;
    int r = vcf_run(&s->vcf, attacker, VCF_ANY, 0, vl);
    if (r == SR_WIN && line) {
        int n = vl->len < SOLVE_LINE_MAX ? vl->len : SOLVE_LINE_MAX;
        memcpy(line, vl->mv, (size_t)n * sizeof *line);
        if (line_len) *line_len = n;
    }
    return r == SR_WIN ? SOLVE_WIN : r == SR_FAIL ? SOLVE_NOWIN : SOLVE_UNKNOWN;
}

#define DEPTH_NO_LIMIT 200 /* attacker moves when no depth is given */

/* The VCF part of solver_solve. */
static int solve_vcf_kind(Solver *s, const SolveOptions *o, SolveOutcome *out) {
    int depth = o->depth ? o->depth : VCF_ANY;
    VcfLine *vl = &s->line;
    int r = SR_FAIL;
    if (o->shortest) {
        if (s->pos.b->clscount[s->dfpn.att][CLS_FIVE]) r = vcf_run(&s->vcf, s->dfpn.att, 0, 0, vl);
        for (int d = 1; d <= depth && r == SR_FAIL; d++) r = vcf_run(&s->vcf, s->dfpn.att, d, 0, vl);
    } else {
        r = vcf_run(&s->vcf, s->dfpn.att, depth, 0, vl);
    }
    if (r != SR_WIN) return r;
    out->line_len = vl->len < SOLVE_LINE_MAX ? vl->len : SOLVE_LINE_MAX;
    memcpy(out->line, vl->mv, (size_t)out->line_len * sizeof *out->line);
    if (o->all) {
        int n = vcf_all(&s->vcf, s->dfpn.att, depth, out->wins);
        if (n < 0) return SR_ABORT;
        out->wins_len = n;
        if (!proof_from_vcf_moves(&s->proof, out->wins, n, depth)) return SR_ABORT;
    } else if (!proof_from_line(&s->proof, out->line, out->line_len)) {
        return SR_ABORT;
    }
    return SR_WIN;
}

/* The search variants' parameters (SolveOptions.variant; see gmk.h). */
typedef struct {
    uint8_t threes, depth; /* 0: the threes or the depth asked for */
    uint8_t min_cls;       /* Dfpn.min_cls */
    uint8_t budget;        /* nodes, in units of 100,000; 0: no limit */
    uint8_t cap;           /* non-four attacker moves on a line (Dfpn.threat_cap); 0: any */
} SolvePass;
#define PLAN_MAX 8
static const struct {
    bool weak_and, weak_or;    /* weak numbers at AND / OR nodes */
    bool related_threats;      /* VCT: Dfpn.related_threats */
    uint8_t pn_radius;         /* attacker moves beyond this distance cost more */
    uint8_t four_pn;           /* Dfpn.four_pn */
    bool cf_once;              /* Dfpn.cf_once */
    uint8_t quiet_cls;         /* VCT, the search as asked: Dfpn.min_cls (the last pass takes any) */
    uint8_t def_cls;           /* Dfpn.def_cls */
    SolvePass plan[PLAN_MAX];  /* VCT: the narrower passes, in order, {0}-terminated */
    uint8_t four_cost;         /* Dfpn.four_cost */
} VARIANT[SOLVE_VARIANTS] = {
    {false, false, true, 3, 2, true, CLS_OPEN_TWO_TWO, CLS_THREE, {{0}}, 2},
    {false, true, false, 1, 1, false, 0, 0, {{2, 0, 0, 0}, {3, 0, 0, 0}, {0}}},
    {true, true, false, 3, 1, false, 0, 0, {{0}}},
    {false, false, true, 3, 2, true, 0, 0,
     {{0, 0, CLS_DOUBLE_TWO, 10}, {0, 9, 0, 0}, {0, 11, 0, 0}, {0, 13, 0, 0}, {0}}},
    {false, false, true, 3, 1, true, 0, CLS_THREE,
     {{0, 0, 0, 0, 1}, {0, 0, 0, 0, 2}, {0, 0, 0, 0, 3}, {0, 0, 0, 0, 4}, {0, 0, 0, 0, 5}, {0, 0, 0, 0, 6},
      {0, 0, 0, 0, 8}, {0}}},
};

/* The search as asked, and where it finds no win the last pass: the
 * search tries as quiet moves only those that make a two or more (or, in
 * win in N, stop a three), but a move that makes none can still leave a
 * VCF. Its stone can lie on a line that the VCF's later fours build (lfz084
 * 美味诘连珠 #43, white n11, was disproven without this pass), take the
 * point that a counter-four of the defender needs, or (renju) change which
 * points are forbidden. A disproof is complete only with every empty point
 * tried (Dfpn.quiet_all, keyed apart); --shortest and --all try them from
 * the start. */
static int vct_run_complete(Solver *s, int depth, int fr) {
    int r = vct_run(&s->dfpn, depth, fr);
    if (r != SR_FAIL || s->dfpn.quiet_all) return r;
    s->dfpn.quiet_all = true;
    return vct_run(&s->dfpn, depth, fr);
}

/* VCT with the variant's narrower passes first: threats of short VCFs only
 * (fewer and narrower threats), fewer attacker moves (a long forcing line
 * draws df-pn, each of its nodes having few children, where a shorter win
 * stands aside), fewer non-four attacker moves (those that make a class of
 * at least min_cls), or at most cap non-four attacker moves on any line
 * (the rest fours: the threats are where the tree grows, and a puzzle's
 * win rarely needs many while df-pn, unbounded, wanders down lines of ten
 * and more). A win in a pass is a win (*depth, *fr and the solver's threes,
 * min_cls and threat_cap are then the pass's: the proof's nodes are keyed
 * by them); a disproof there is not, nor a spent budget, and the next pass
 * follows (passes are keyed apart). Only passes narrower than the search
 * asked for run; that search comes last, then the last pass. */
static int vct_passes(Solver *s, const SolveOptions *o, int *depth, int *fr) {
    const SolvePass *plan = VARIANT[o->variant].plan;
    for (int i = 0; i < PLAN_MAX && (plan[i].threes || plan[i].depth || plan[i].min_cls || plan[i].cap); i++) {
        int t = plan[i].threes ? plan[i].threes : o->threes;
        int d = plan[i].depth ? plan[i].depth : *depth;
        if (t > o->threes || d > *depth || (t == o->threes && d == *depth && !plan[i].min_cls && !plan[i].cap))
            continue;
        s->dfpn.threes = t;
        s->dfpn.min_cls = plan[i].min_cls;
        s->dfpn.threat_cap = plan[i].cap;
        uint64_t saved = solve_budget(&s->pos, plan[i].budget * UINT64_C(100000));
        int r = vct_run(&s->dfpn, d, plan[i].cap ? plan[i].cap : *fr);
        s->pos.local_limit = saved;
        if (r == SR_WIN) {
            *depth = d;
            if (plan[i].cap) *fr = plan[i].cap;
            return r;
        }
        s->dfpn.threat_cap = 0;
        if (s->pos.aborted) return r;
    }
    s->dfpn.threes = o->threes;
    s->dfpn.min_cls = VARIANT[o->variant].quiet_cls;
    return vct_run_complete(s, *depth, *fr);
}

/* The VCT and win-in-N part of solver_solve. */
static int solve_tree_kind(Solver *s, const SolveOptions *o, SolveOutcome *out) {
    int depth = o->depth ? o->depth : DEPTH_NO_LIMIT;
    int fr = o->kind == SOLVE_WIN_IN ? o->win_moves * 2 : 0;
    s->dfpn.mode = o->kind;
    s->dfpn.threes = o->threes;
    s->dfpn.min_cls = 0;
    s->dfpn.threat_cap = 0;
    /* --shortest and --all disprove too (a shorter win, another first
     * move): every empty point from the start (vct_run_complete) */
    s->dfpn.quiet_all = o->shortest || o->all;
    int r = SR_FAIL;
    if (o->shortest) {
        for (int d = 1; d <= depth && r == SR_FAIL; d++) {
            r = vct_run(&s->dfpn, d, fr);
            if (r == SR_WIN) depth = d;
        }
    } else if (s->dfpn.mode == SOLVE_VCT && !o->all) {
        r = vct_passes(s, o, &depth, &fr);
    } else {
        r = vct_run_complete(s, depth, fr);
    }
    if (r != SR_WIN) return r;
    if (o->all) {
        Move cand[CAND_MAX];
        int n = vct_root_moves(&s->dfpn, depth, fr, cand);
        for (int i = 0; i < n; i++) {
            int x = vct_run_after(&s->dfpn, cand[i], depth, fr);
            if (x == SR_WIN) out->wins[out->wins_len++] = cand[i];
            else if (x == SR_ABORT) {
                if (s->pos.aborted) return SR_ABORT;
                out->undecided[out->undecided_len++] = cand[i];
            }
        }
        if (!out->wins_len || !proof_extract(&s->proof, depth, fr, out->wins, out->wins_len)) {
            if (!s->pos.aborted) snprintf(out->note, sizeof out->note, "the proof tree could not be built");
            return SR_ABORT;
        }
    } else if (!proof_extract(&s->proof, depth, fr, NULL, 0)) {
        if (!s->pos.aborted) snprintf(out->note, sizeof out->note, "the proof tree could not be built");
        return SR_ABORT;
    }
    out->line_len = proof_main_line(&s->proof, out->line, SOLVE_LINE_MAX);
    out->threat_cap = s->dfpn.threat_cap;
    return SR_WIN;
}

GmkStatus solver_solve(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out) {
    double t0 = now_s();
    memset(out, 0, offsetof(SolveOutcome, wins));
    out->limit = SOLVE_LIMIT_NONE;
    out->wins_len = out->undecided_len = out->threat_cap = 0;
    out->verified = false;
    out->note[0] = '\0';
    tree_reset(&s->proof.tree);
    tree_publish(&s->proof.tree, &s->proof.view);
    if (b->light || o->kind < SOLVE_VCF || o->kind > SOLVE_WIN_IN || o->depth < 0 || o->depth > 250 ||
        o->threes < 1 || o->threes > 99 || (o->kind == SOLVE_WIN_IN && (o->win_moves < 1 || o->win_moves > 4)) ||
        o->variant < 0 || o->variant >= SOLVE_VARIANTS)
        return GMK_ERR_ARG;
    if (game_over(b)) {
        out->result = SOLVE_NOWIN;
        out->ms = (now_s() - t0) * 1000;
        return GMK_OK;
    }
    solve_begin(s, b, board_to_move(b), o->max_nodes, o->max_ms);
    s->pos.stop = o->stop;
    s->dfpn.weak_and = VARIANT[o->variant].weak_and;
    s->dfpn.weak_or = VARIANT[o->variant].weak_or;
    s->dfpn.four_pn = VARIANT[o->variant].four_pn;
    s->dfpn.four_cost = VARIANT[o->variant].four_cost;
    s->dfpn.cf_once = VARIANT[o->variant].cf_once;
    s->dfpn.related_threats = VARIANT[o->variant].related_threats;
    s->dfpn.patches = 0;
    s->dfpn.att_vcf_budget = 20000;
    s->dfpn.def_vcf_budget = 0;
    s->dfpn.att_vcf_depth = VCF_ANY;
    s->dfpn.def_vcf_depth = 2;
    s->dfpn.def_threat_depth = 2;
    s->dfpn.pn_radius = VARIANT[o->variant].pn_radius;
    s->dfpn.def_cls = VARIANT[o->variant].def_cls;
    s->dfpn.pn_far = 2;
    int r;
    for (int round = 0;; round++) {
        out->wins_len = out->undecided_len = out->threat_cap = 0;
        r = o->kind == SOLVE_VCF ? solve_vcf_kind(s, o, out) : solve_tree_kind(s, o, out);
        if (r != SR_WIN || !o->verify) break;
        /* the check is bounded by the search's time limit too: a win not
         * checked by then is unknown (a big proof tree takes seconds) */
        SolveCheckError err;
        bool ok = check_tree_by(b, solver_tree(s), s->pos.deadline, &err) &&
                  (o->kind != SOLVE_VCF || solve_check_line(b, out->line, out->line_len, &err));
        if (ok) {
            out->verified = true;
            break;
        }
        if (err.out_of_time) {
            r = SR_ABORT; /* the note: "time limit" (no note yet) */
            break;
        }
        if (o->kind != SOLVE_VCF && err.defence && err.node >= 0 && err.node < s->proof.tree.nodes &&
            s->proof.tree.node_key[err.node] && round + 1 < PATCH_ROUNDS && s->dfpn.patches < PATCH_MAX) {
            Key key = s->proof.tree.node_key[err.node];
            s->dfpn.patch[s->dfpn.patches++] = (SolvePatch){key, err.move};
            vct_forget_proofs(&s->dfpn, key);
            continue;
        }
        char pt[8];
        snprintf(out->note, sizeof out->note, "checker: %s (%s)", err.msg,
                 err.move > MOVE_PASS ? notation_point_str(err.move, b->size, ORIGIN_BOTTOM, pt) : "-");
        r = SR_ABORT;
        break;
    }
    out->result = r == SR_WIN ? SOLVE_WIN : r == SR_FAIL ? SOLVE_NOWIN : SOLVE_UNKNOWN;
    out->limit = SOLVE_LIMIT_NONE;
    if (out->result == SOLVE_UNKNOWN) {
        /* a note already written is the proof's or the checker's */
        out->limit = out->note[0]                                       ? SOLVE_LIMIT_CHECK
                     : s->pos.stop && atomic_load(s->pos.stop)          ? SOLVE_LIMIT_STOPPED
                     : s->pos.deadline > 0 && now_s() >= s->pos.deadline ? SOLVE_LIMIT_TIME
                                                                         : SOLVE_LIMIT_NODES;
        if (!out->note[0])
            snprintf(out->note, sizeof out->note, "%s",
                     out->limit == SOLVE_LIMIT_STOPPED ? "stopped"
                     : out->limit == SOLVE_LIMIT_TIME  ? "time limit"
                                                       : "node limit");
    }
    if (out->result != SOLVE_WIN) {
        out->line_len = 0;
        tree_reset(&s->proof.tree);
        tree_publish(&s->proof.tree, &s->proof.view);
    }
    out->nodes = s->pos.nodes;
    out->ms = (now_s() - t0) * 1000;
    return GMK_OK;
}

const char *solve_limit_name(SolveLimit l) {
    static const char *const NAME[] = {"", "time", "nodes", "stopped", "check"};
    return (unsigned)l < sizeof NAME / sizeof *NAME ? NAME[l] : "";
}
