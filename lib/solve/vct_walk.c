/*
 * vct_walk.c — the proof walks over the df-pn search (vct.c): they read a
 * proven node's proof back out of the table, searching again (vct_mid_or)
 * where the table lost a part: for the proof layer, which builds its trees
 * through a ProofBuilder (proof.c), and for gen_and, which needs the points
 * of a threat whose proof is a tree (vct_collect, reached through
 * Dfpn.collect so that the search never calls up into its walks).
 */
#include <string.h>

#include "vct.h"

/* ---- proof walks ---------------------------------------------------------- */

#define COLLECT_VISITS 4000 /* nodes a point-collecting walk may visit */

/* State of one walk. */
typedef struct {
    const ProofBuilder *pb; /* builds the nodes (NULL: collect points) */
    uint8_t *mark;     /* collect: the point set */
    Move *out;         /* collect: its points */
    int n;             /* collect: how many */
    int visits;        /* collect: nodes visited */
} Walk;

static int walk_and(Dfpn *s, Walk *w, int depth, int fr);

/* The attacker's VCF line as a node chain whose first node has key key, or
 * as points. */
static int walk_line(Dfpn *s, Walk *w, const VcfLine *line, Key key) {
    if (!w->pb) {
        w->n = defence_collect(s->pos, line, s->att, w->mark, w->out, w->n);
        return 0;
    }
    int node = w->pb->node(w->pb->ctx, key, 1);
    if (node < 0) return WALK_FAIL;
    int next = line->len > 1 ? w->pb->line(w->pb->ctx, line->mv + 1, line->len - 1, -1) : -1;
    if (line->len > 1 && next < 0) return WALK_FAIL;
    w->pb->edge(w->pb->ctx, node, 0, line->mv[0], next);
    return node;
}

/* The attacker's VCF line from here (depth fours), as walk_line. */
static int walk_vcf(Dfpn *s, Walk *w, int depth, Key key) {
    VcfLine line;
    if (vcf_run(s->vcf, s->att, depth, 0, &line) != SR_WIN) return WALK_FAIL;
    return walk_line(s, w, &line, key);
}

/* A proven child of an OR node, searched again if the table lost it. */
static Move proven_child(Dfpn *s, Key k, const Move *cand, int n, int depth, int fr) {
    int cdepth = depth - 1;
    for (int round = 0; round < 2; round++) {
        uint32_t pn;
        Move tm = vct_tt_move(s, k, true, depth, fr, &pn);
        for (int i = -1; i < n; i++) {
            Move m = i < 0 ? tm : cand[i];
            if (i < 0) {
                if (pn != 0 || !solve_listed(cand, n, m)) continue;
            }
            uint32_t cpn;
            int cfree = vct_child_free(s, fr, m);
            vct_tt_move(s, vct_child_key(s, m, s->att, false, cdepth, cfree), false, cdepth, cfree, &cpn);
            if (cpn == 0) return m;
        }
        if (round == 0 && vct_mid_or(s, depth, fr, true) != SR_WIN) return MOVE_NONE;
    }
    return MOVE_NONE;
}

/* Is the OR node after the defender's m proven? (searched again if lost) */
static bool or_proven(Dfpn *s, int depth, int fr) {
    uint32_t pn;
    vct_tt_move(s, vct_node_key(s, true, depth, fr), true, depth, fr, &pn);
    return pn == 0 || vct_mid_or(s, depth, fr, true) == SR_WIN;
}

static int walk_or(Dfpn *s, Walk *w, int depth, int fr) {
    Board *b = s->pos->b;
    Color a = s->att;
    fr = vct_proven_fr(s, true, depth, fr); /* walked as proven */
    Key k = vct_node_key(s, true, depth, fr);
    if (w->pb) {
        int i = w->pb->find(w->pb->ctx, k);
        if (i >= 0) return i;
    } else if (++w->visits > COLLECT_VISITS) {
        return WALK_FAIL;
    }
    Move cand[CAND_MAX];
    int n, flags;
    int g = vct_gen(s, k, true, depth, fr, false, cand, &n, &flags);
    if (g == GEN_PROVEN) {
        if (b->clscount[a][CLS_FIVE]) {
            Move z;
            solve_fives(s->pos, a, &z, 1);
            if (!w->pb) {
                mark_add(s->pos, w->mark, z, w->out, &w->n);
                return 0;
            }
            int node = w->pb->node(w->pb->ctx, k, 1);
            if (node < 0) return WALK_FAIL;
            w->pb->edge(w->pb->ctx, node, 0, z, -1);
            return node;
        }
        return walk_vcf(s, w, depth, k);
    }
    if (g != GEN_LIST) return WALK_FAIL;
    Move best = proven_child(s, k, cand, n, depth, fr);
    if (best == MOVE_NONE) return WALK_FAIL;
    int node = 0;
    if (w->pb) {
        node = w->pb->node(w->pb->ctx, k, 1);
        if (node < 0) return WALK_FAIL;
    } else {
        mark_add(s->pos, w->mark, best, w->out, &w->n);
    }
    int cfr = vct_child_free(s, fr, best);
    solve_place(s->pos, best, a);
    int ci = walk_and(s, w, depth - 1, cfr);
    solve_unplace(s->pos, a);
    if (ci == WALK_FAIL) return WALK_FAIL;
    if (w->pb) w->pb->edge(w->pb->ctx, node, 0, best, ci);
    return node;
}

static int walk_and(Dfpn *s, Walk *w, int depth, int fr) {
    Board *b = s->pos->b;
    Color a = s->att, d = (Color)!a;
    fr = vct_proven_fr(s, false, depth, fr); /* walked as proven */
    Key k = vct_node_key(s, false, depth, fr);
    if (w->pb) {
        int i = w->pb->find(w->pb->ctx, k);
        if (i >= 0) return i;
    }
    Move cand[CAND_MAX];
    int n, flags;
    /* the node is proven; its moves, when no longer cached, are made anew
     * on this path, where the related VCF search, which depends on the
     * path, may find no threat (the search came by another: lfz084 高飞习题
     * #200, variant 4, a proof from the capped pass before): then the full
     * search finds the threat's line */
    s->pass_fall_back = true;
    int g = vct_gen(s, k, false, depth, fr, false, cand, &n, &flags);
    s->pass_fall_back = false;
    if (g == GEN_PROVEN) {
        if (!w->pb) {
            /* the defender may take one of the five points, or change a
             * forbidden one: all are squares of the threat */
            Move f[8];
            int nf = solve_fives(s->pos, a, f, 8);
            for (int i = 0; i < nf; i++) {
                mark_add(s->pos, w->mark, f[i], w->out, &w->n);
                if (nf == 1)
                    for (int dd = 0; dd < DIR_NB; dd++)
                        for (int o = -5; o <= 5; o++)
                            mark_add(s->pos, w->mark, (Move)(f[i] + o * DIR_STEP[dd]), w->out, &w->n);
            }
            return 0;
        }
        int node = w->pb->node(w->pb->ctx, k, 0);
        return node < 0 ? WALK_FAIL : node;
    }
    if (g != GEN_LIST) return WALK_FAIL;
    bool need_pass = !(flags & (GENF_FORCED | GENF_ALL));
    bool tree_pass = s->mode == SOLVE_WIN_IN && (fr >> 1) >= 2;
    VcfLine line;
    /* the attacker's answer to the other defences: the line the defences
     * were chosen against (another VCF, as the full search may find, can
     * be stopped by a defence the search dropped: lfz084 高飞习题 #229,
     * defence g14; without the fall-back, 高飞习题 #227 was "the proof tree
     * could not be built") */
    if (need_pass && !tree_pass && vct_pass_vcf(s, depth, true, &line) != SR_WIN) return WALK_FAIL;
    /* That line is found again here, and the VCF table may since have led
     * the search to another one than the list was made against. A defender
     * stone on one of its points (a four, a forced reply, a five point of
     * the last four) may stop it while the list lacks it: lfz084 高飞习题
     * #240, h7, one of the two five points of i8 in the line i8 h7 m12; the
     * list, made against m12 i8 n13, had dropped it, and the checker refused
     * the proof. Each such point that stops the line (replayed) and after
     * which the attacker is proven (or proven again) to win gets its own
     * edge; any other defence is left to the checker. */
    for (int j = 0; need_pass && !tree_pass && j < line.len && n < CAND_MAX; j++) {
        Move p = line.mv[j]; /* empty: the line is played from here */
        if (!solve_legal(s->pos, p, d) || solve_listed(cand, n, p)) continue;
        solve_place(s->pos, p, d);
        bool add = !defence_line_holds(s->pos, &line, a) && or_proven(s, depth, fr);
        solve_unplace(s->pos, d);
        if (add) cand[n++] = p;
    }
    int node = 0;
    if (w->pb) {
        node = w->pb->node(w->pb->ctx, k, n + need_pass);
        if (node < 0) return WALK_FAIL;
    }
    for (int i = 0; i < n; i++) {
        Move m = cand[i];
        if (!w->pb) mark_add(s->pos, w->mark, m, w->out, &w->n);
        solve_place(s->pos, m, d);
        if (!w->pb) mark_eyes(s->pos, w->mark, m, d, w->out, &w->n);
        int ci = or_proven(s, depth, fr) ? walk_or(s, w, depth, fr) : WALK_FAIL;
        solve_unplace(s->pos, d);
        if (ci == WALK_FAIL) return WALK_FAIL;
        if (w->pb) w->pb->edge(w->pb->ctx, node, i, m, ci);
    }
    if (need_pass) {
        int ci = tree_pass ? (or_proven(s, depth, fr) ? walk_or(s, w, depth, fr) : WALK_FAIL)
                           : walk_line(s, w, &line, 0);
        if (ci == WALK_FAIL) return WALK_FAIL;
        if (w->pb) w->pb->edge(w->pb->ctx, node, n, MOVE_PASS, ci);
    }
    (void)b;
    return node;
}

int vct_walk(Dfpn *s, const ProofBuilder *pb, bool or_node, int depth, int free_moves) {
    Walk w = {pb, NULL, NULL, 0, 0};
    return or_node ? walk_or(s, &w, depth, free_moves) : walk_and(s, &w, depth, free_moves);
}

int vct_collect(Dfpn *s, int depth, int free_moves, uint8_t *mark, Move *out, int n) {
    Walk w = {NULL, mark, out, n, 0};
    walk_or(s, &w, depth, free_moves);
    if (s->pos->aborted) return -1;
    /* the defender's counter-fours now */
    Color d = (Color)!s->att;
    Move f[CAND_MAX];
    int nf = solve_four_points(s->pos, d, f);
    for (int i = 0; i < nf; i++) mark_add(s->pos, mark, f[i], out, &w.n);
    return w.n;
}
