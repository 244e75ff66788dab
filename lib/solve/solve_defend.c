/*
 * solve_defend.c — solver_defend (--defend): the opponent's threat were the
 * side to move to pass, then every move tried against it (a replay of the
 * threat's proof first, a search where it no longer holds), our fours
 * followed through their forced blocks. --nodes and --time bound the whole
 * position; a move they leave open is undecided, never a defence or not.
 */
#include <stdlib.h>
#include <string.h>

#include "solve.h"

/* Colour c's five points on b (up to max), found by a plain scan. */
static int solve_fives_any(const Board *b, Color c, Move *out, int max) {
    int n = 0;
    for (int y = 0; y < b->size && n < max; y++)
        for (int x = 0; x < b->size && n < max; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] == CELL_EMPTY && b->ps[p].cls[c] == CLS_FIVE) out[n++] = p;
        }
    return n;
}

/* A copy of a proof tree (the threat's, kept while other positions are
 * solved). */
typedef struct {
    SolveTreeNode *node;
    SolveEdge *edge;
    SolveTree view;
} TreeCopy;

static bool tree_copy(TreeCopy *c, const SolveTree *t) {
    c->node = malloc((size_t)(t->nodes ? t->nodes : 1) * sizeof *c->node);
    c->edge = malloc((size_t)(t->edges ? t->edges : 1) * sizeof *c->edge);
    if (!c->node || !c->edge) return false;
    memcpy(c->node, t->node, (size_t)t->nodes * sizeof *c->node);
    memcpy(c->edge, t->edge, (size_t)t->edges * sizeof *c->edge);
    c->view = (SolveTree){c->node, t->nodes, c->edge, t->edges};
    return true;
}

/* The limits of one --defend position: --nodes and --time bound all the
 * searches inside it together, not each one. */
typedef struct {
    uint64_t used;   /* nodes of every search so far (the position's SolveDefence.nodes) */
    double deadline; /* now_s(); 0: none */
    SolveLimit limit; /* what left the first search unknown that one of its searches told
                         (SOLVE_LIMIT_NONE: none told; defend_limit then looks at the limits) */
} DefendLimits;

/* Why something inside --defend was left unknown: the search's own word,
 * else the time when the deadline is (all but) reached, else the nodes. */
static SolveLimit defend_limit(const DefendLimits *L) {
    if (L->limit) return L->limit;
    return L->deadline > 0 && (L->deadline - now_s()) * 1000 < 1 ? SOLVE_LIMIT_TIME : SOLVE_LIMIT_NODES;
}

/* The options of the next search inside --defend (o with what is left of
 * the limits); false when nothing is left (the search's answer is then
 * unknown). */
static bool defend_opts(const DefendLimits *L, const SolveOptions *o, SolveOptions *opt) {
    *opt = *o;
    opt->all = false;
    opt->shortest = false;
    opt->verify = true;
    if (o->max_nodes) {
        if (L->used >= o->max_nodes) return false;
        opt->max_nodes = o->max_nodes - L->used;
    }
    if (L->deadline > 0) {
        double left = (L->deadline - now_s()) * 1000;
        if (left < 1) return false;
        opt->max_ms = (uint32_t)left;
    }
    return true;
}

static GmkStatus defend_scan(Solver *s, Board *b, const SolveOptions *o, DefendLimits *L, SolveDefence *out,
                             bool first_only);

/* Does me win by fours on b? Within what is left of the limits: unknown
 * when they are spent. */
static SolveResult defend_vcf(Solver *s, Board *b, const SolveOptions *o, DefendLimits *L, Color me) {
    SolveOptions opt;
    if (!defend_opts(L, o, &opt)) return SOLVE_UNKNOWN;
    SolveResult r = solver_vcf(s, b, me, opt.max_nodes, opt.max_ms, NULL, NULL);
    L->used += s->pos.nodes;
    return r;
}

/* Our four (me to move played it) with its only block at q: the opponent
 * blocks, and it is our move again in the same fight. *r is SOLVE_NOWIN
 * when the four refutes: the block makes no five, and then we win by fours,
 * the threat is gone, or a move of ours refutes what is left (the four and
 * its block may leave the defences of before; a pass after the block would
 * miss them). A four that only delays is no defence. */
static GmkStatus four_defends(Solver *s, Board *b, const SolveOptions *o, DefendLimits *L, Color me, Move q,
                              SolveResult *r) {
    GmkStatus st = board_play(b, q);
    if (st != GMK_OK) return st;
    SolveResult vcf;
    if (board_winner(b) == (Color)!me) {
        *r = SOLVE_WIN;
    } else if ((vcf = defend_vcf(s, b, o, L, me)) != SOLVE_NOWIN) {
        *r = vcf == SOLVE_WIN ? SOLVE_NOWIN : SOLVE_UNKNOWN;
    } else {
        SolveDefence *sub = malloc(sizeof *sub);
        st = sub ? defend_scan(s, b, o, L, sub, true) : GMK_ERR_NOMEM;
        if (st == GMK_OK) {
            *r = sub->threat != SOLVE_WIN || sub->moves_len ? SOLVE_NOWIN
                 : sub->undecided_len                   ? SOLVE_UNKNOWN
                                                        : SOLVE_WIN;
        }
        free(sub);
    }
    board_undo(b);
    return st;
}

/* The counts and the fields before the lists (the lists after the counts
 * are not cleared: they are large). */
static void defence_clear(SolveDefence *out) {
    memset(out, 0, offsetof(SolveDefence, moves));
    out->moves_len = out->undecided_len = 0;
    out->limit = SOLVE_LIMIT_NONE;
    out->nodes = 0;
    out->ms = 0;
}

/* solver_defend's search, in board order; with first_only it stops at the
 * first move that refutes, and tries our fours last (they recurse). The
 * nodes go to L, not to out. */
static GmkStatus defend_scan(Solver *s, Board *b, const SolveOptions *o, DefendLimits *L, SolveDefence *out,
                             bool first_only) {
    defence_clear(out);
    if (game_over(b)) {
        out->threat = SOLVE_NOWIN;
        return GMK_OK;
    }
    Color me = board_to_move(b);
    SolveOutcome *so = malloc(sizeof *so);
    TreeCopy tc = {NULL, NULL, {NULL, 0, NULL, 0}};
    GmkStatus st = so ? GMK_OK : GMK_ERR_NOMEM;
    SolveOptions opt;
    /* the threat: the opponent's win were the side to move to pass */
    if (st == GMK_OK && !defend_opts(L, o, &opt)) {
        out->threat = SOLVE_UNKNOWN;
        goto done;
    }
    if (st == GMK_OK) st = board_play(b, MOVE_PASS);
    if (st != GMK_OK) goto done;
    st = solver_solve(s, b, &opt, so);
    if (st == GMK_OK && so->result == SOLVE_UNKNOWN && !L->limit) L->limit = so->limit;
    if (st == GMK_OK && so->result == SOLVE_WIN && !tree_copy(&tc, solver_tree(s))) st = GMK_ERR_NOMEM;
    board_undo(b);
    if (st != GMK_OK) goto done;
    out->threat = so->result;
    L->used += so->nodes;
    out->line_len = so->line_len;
    memcpy(out->line, so->line, (size_t)so->line_len * sizeof *out->line);
    if (so->result != SOLVE_WIN) goto done;
    for (int fours = 0; fours <= first_only; fours++)
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                if (first_only && out->moves_len) goto done;
                Move m = point_make(x, y);
                if (b->cell[m] != CELL_EMPTY || (first_only && solve_is_four(b, m, me) != (fours == 1))) continue;
                if (me == COLOR_BLACK && b->rule == RULE_RENJU && board_forbidden(b, m) != FORBID_NONE) continue;
                if (board_play(b, m) != GMK_OK) continue;
                SolveResult r = SOLVE_UNKNOWN;
                Move f[2];
                int nf = b->clscount[me][CLS_FIVE] ? solve_fives_any(b, me, f, 2) : 0;
                if (board_winner(b) == me || nf >= 2 ||
                    (nf == 1 && me == COLOR_WHITE && b->rule == RULE_RENJU &&
                     board_forbidden(b, f[0]) != FORBID_NONE)) {
                    r = SOLVE_NOWIN; /* a five, or a four that cannot be stopped */
                } else if (nf == 1) {
                    st = four_defends(s, b, o, L, me, f[0], &r);
                } else if (L->deadline > 0 && now_s() >= L->deadline) {
                    r = SOLVE_UNKNOWN; /* out of time: not even the replay (its set-up reads the board) */
                } else if (check_tree_by(b, &tc.view, L->deadline, NULL)) {
                    r = SOLVE_WIN; /* the threat still wins as it stands (no nodes) */
                } else if (!defend_opts(L, o, &opt)) {
                    r = SOLVE_UNKNOWN; /* the limits are spent: undecided */
                } else {
                    st = solver_solve(s, b, &opt, so);
                    r = so->result;
                    if (r == SOLVE_UNKNOWN && !L->limit) L->limit = so->limit;
                    L->used += so->nodes;
                }
                board_undo(b);
                if (st != GMK_OK) goto done;
                if (r == SOLVE_NOWIN) out->moves[out->moves_len++] = m;
                else if (r == SOLVE_UNKNOWN) out->undecided[out->undecided_len++] = m;
            }
done:
    free(tc.node);
    free(tc.edge);
    free(so);
    return st;
}

GmkStatus solver_defend(Solver *s, Board *b, const SolveOptions *o, SolveDefence *out) {
    double t0 = now_s();
    defence_clear(out);
    if (b->light) return GMK_ERR_ARG;
    DefendLimits L = {0, o->max_ms ? t0 + o->max_ms / 1000.0 : 0, SOLVE_LIMIT_NONE};
    GmkStatus st = defend_scan(s, b, o, &L, out, false);
    out->limit = out->threat == SOLVE_UNKNOWN || out->undecided_len ? defend_limit(&L) : SOLVE_LIMIT_NONE;
    out->nodes = L.used;
    tree_reset(&s->proof.tree);
    tree_publish(&s->proof.tree, &s->proof.view);
    out->ms = (now_s() - t0) * 1000;
    return st;
}
