/*
 * proof.c — the proof layer (proof.h): proof trees read back out of the
 * df-pn table (a walk of vct.c building into the tree store), the trees of
 * VCF lines and of --all's VCF wins, and a proof's main line.
 */
#include <stdlib.h>

#include "proof.h"

/* ---- the tree store as the builder of a proof walk ------------------------ */

static int build_find(void *t, Key key) { return tree_find(t, key); }
static int build_node(void *t, Key key, int n) { return tree_add_node(t, key, n); }
static void build_edge(void *t, int node, int i, Move move, int target) { tree_set_edge(t, node, i, move, target); }
static int build_line(void *t, const Move *mv, int len, int tail) { return tree_add_line(t, mv, len, tail); }

bool proof_extract(Proof *p, int depth, int free_moves, const Move *moves, int n) {
    Dfpn *s = p->dfpn;
    const ProofBuilder pb = {&p->tree, build_find, build_node, build_edge, build_line};
    tree_reset(&p->tree);
    bool ok;
    if (!moves) {
        ok = vct_walk(s, &pb, true, depth, free_moves) == 0;
    } else {
        /* a root with the given winning moves */
        ok = tree_add_node(&p->tree, 0, n) == 0;
        for (int i = 0; i < n && ok; i++) {
            if (s->pos->b->ps[moves[i]].cls[s->att] == CLS_FIVE) {
                tree_set_edge(&p->tree, 0, i, moves[i], -1);
                continue;
            }
            int cfr = vct_child_free(s, free_moves, moves[i]);
            solve_place(s->pos, moves[i], s->att);
            int ci = vct_walk(s, &pb, false, depth - 1, cfr);
            solve_unplace(s->pos, s->att);
            ok = ci != WALK_FAIL;
            if (ok) tree_set_edge(&p->tree, 0, i, moves[i], ci);
        }
    }
    tree_publish(&p->tree, &p->view);
    return ok && !p->tree.overflow;
}


/* Builds the proof tree of a VCF line (root = node 0). */
bool proof_from_line(Proof *p, const Move *mv, int len) {
    tree_reset(&p->tree);
    int root = tree_add_node(&p->tree, 0, 1);
    if (root != 0) return false;
    int next = tree_add_line(&p->tree, mv + 1, len - 1, -1);
    tree_set_edge(&p->tree, 0, 0, mv[0], len > 1 ? next : -1);
    tree_publish(&p->tree, &p->view);
    return !p->tree.overflow;
}

/* Height of each node's subtree (memo h, -1 unknown). */
static int tree_height(const TreeStore *t, int node, int *h) {
    if (node < 0) return 0;
    if (h[node] >= 0) return h[node];
    h[node] = 0; /* a DAG: no cycles, this only guards */
    int best = 0;
    for (int i = 0; i < t->node[node].count; i++) {
        int v = tree_height(t, t->edge[t->node[node].first + i].target, h);
        if (v > best) best = v;
    }
    return h[node] = best + 1;
}

/* The main line of the proof tree: at each defender node the defence that
 * holds out longest; ends with the five (or the renju forbidden four). */
int proof_main_line(Proof *p, Move *line, int cap) {
    const TreeStore *t = &p->tree;
    Board *b = p->pos->b;
    Color a = p->dfpn->att, d = (Color)!a;
    int *h = malloc((size_t)(t->nodes > 0 ? t->nodes : 1) * sizeof *h);
    if (!h) return 0;
    for (int i = 0; i < t->nodes; i++) h[i] = -1;
    int len = 0, placed = 0, node = 0;
    while (len + 3 < cap && node >= 0 && node < t->nodes && t->node[node].count > 0) {
        const SolveEdge *e = &t->edge[t->node[node].first];
        Move m = e->move;
        line[len++] = m;
        if (b->ps[m].cls[a] == CLS_FIVE) break;
        solve_place(p->pos, m, a);
        placed++;
        int dn = e->target, na = b->clscount[a][CLS_FIVE];
        if (na >= 2) {
            Move f[2];
            solve_fives(p->pos, a, f, 2);
            line[len++] = f[0];
            line[len++] = f[1];
            break;
        }
        if (dn < 0 || dn >= t->nodes || t->node[dn].count == 0) break;
        const SolveTreeNode *n = &t->node[dn];
        const SolveEdge *pick = NULL, *pass = NULL;
        int best = -1;
        for (int i = 0; i < n->count; i++) {
            const SolveEdge *x = &t->edge[n->first + i];
            if (x->move == MOVE_PASS) {
                pass = x;
                continue;
            }
            int v = tree_height(t, x->target, h);
            if (v > best) {
                best = v;
                pick = x;
            }
        }
        Move dm = pick ? pick->move : MOVE_NONE;
        if (!pick && pass) {
            /* any defence the answer covers: the first legal point not listed */
            for (int y = 0; y < b->size && dm == MOVE_NONE; y++)
                for (int x = 0; x < b->size && dm == MOVE_NONE; x++) {
                    Move q = point_make(x, y);
                    if (b->cell[q] == CELL_EMPTY && solve_legal(p->pos, q, d)) dm = q;
                }
            pick = pass;
        }
        if (dm == MOVE_NONE) break;
        line[len++] = dm;
        solve_place(p->pos, dm, d);
        placed++;
        node = pick->target;
    }
    solve_unplace_line(p->pos, placed, a);
    free(h);
    return len;
}

/* The proof tree of the VCF wins of moves (a root with those edges). */
bool proof_from_vcf_moves(Proof *pr, const Move *moves, int n, int depth) {
    Board *b = pr->pos->b;
    Color a = pr->dfpn->att, d = (Color)!a;
    tree_reset(&pr->tree);
    bool ok = tree_add_node(&pr->tree, 0, n) == 0;
    for (int i = 0; i < n && ok; i++) {
        Move p = moves[i];
        int target = -1;
        if (b->ps[p].cls[a] != CLS_FIVE) {
            solve_place(pr->pos, p, a);
            int na = b->clscount[a][CLS_FIVE];
            Move q = MOVE_NONE;
            if (na == 1) solve_fives(pr->pos, a, &q, 1);
            if (na >= 2 || (na == 1 && pr->dfpn->renju_black_def && board_forbidden(b, q) != FORBID_NONE)) {
                target = tree_add_node(&pr->tree, 0, 0);
            } else if (na == 1) {
                VcfLine *L = &pr->line;
                solve_place(pr->pos, q, d);
                int r = vcf_run(pr->vcf, a, depth - 1, 0, L);
                solve_unplace(pr->pos, d);
                int chain = r == SR_WIN ? tree_add_line(&pr->tree, L->mv, L->len, -1) : -1;
                target = chain >= 0 ? tree_add_node(&pr->tree, 0, 1) : -1;
                if (target >= 0) tree_set_edge(&pr->tree, target, 0, q, chain);
            }
            solve_unplace(pr->pos, a);
            ok = target >= 0;
        }
        if (ok) tree_set_edge(&pr->tree, 0, i, p, target);
    }
    tree_publish(&pr->tree, &pr->view);
    return ok && !pr->tree.overflow;
}
