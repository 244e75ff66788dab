/*
 * solve_check.c — the independent checker of wins: the walk over a proof
 * tree (its rules are solve_check_rules.c). It shares nothing with
 * the search but the point geometry: its own grid of cells, its own five
 * detection by counting runs, its own renju forbidden-point rule (RIF,
 * recursive real threes) written from the definitions, and no shape tables.
 *
 * A proof (SolveTree) is accepted when, from the root (attacker to move):
 *  - at an attacker node every edge is a legal move that makes five, or a
 *    move after which the defender has no five point, leading to a
 *    defender node that is accepted;
 *  - at a defender node the attacker has two or more five points (the
 *    defender has none: the attacker node checked it), or one five point the
 *    defender must block (accepted when it is forbidden for a black
 *    defender in renju, else the block must be an edge and be accepted), or
 *    none: then every legal defender move must be an edge that is accepted
 *    or, with the defender's stone on it, be answered by the MOVE_PASS edge's
 *    subtree. A black defender never plays a forbidden point (it would lose).
 * Positions already accepted for a node are remembered (transpositions).
 */#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve_check.h"
#include <assert.h>

/* ---- proof walking ------------------------------------------------------ */

/* No error recorded: the state a check starts from, and the one it comes
 * back to when a failure is taken back. */
static void ck_err_clear(SolveCheckError *err) {
    err->node = -1;
    err->move = MOVE_NONE;
    err->defence = false;
    err->out_of_time = false;
    err->msg[0] = '\0';
}

static bool ck_fail(Ck *g, int node, Move m, const char *msg) {
    if (g->err && g->err->msg[0] == '\0') {
        g->err->node = node;
        g->err->move = m;
        strncpy(g->err->msg, msg, sizeof g->err->msg - 1);
        g->err->msg[sizeof g->err->msg - 1] = '\0';
    }
    return false;
}

/* Was this (position, node) accepted before? */
static bool memo_has(const Ck *g, uint64_t v) {
    if (!g->memo) return false;
    size_t i = (size_t)(v & (g->memo_cap - 1));
    while (g->memo[i]) {
        if (g->memo[i] == v) return true;
        i = (i + 1) & (g->memo_cap - 1);
    }
    return false;
}

static void memo_add(Ck *g, uint64_t v) {
    if (!v) return;
    if ((g->memo_used + 1) * 2 > g->memo_cap) {
        size_t cap = g->memo_cap ? g->memo_cap * 2 : 4096;
        uint64_t *m = calloc(cap, sizeof *m);
        if (!m) return; /* remembering is only an optimisation */
        for (size_t i = 0; i < g->memo_cap; i++) {
            if (!g->memo[i]) continue;
            size_t j = (size_t)(g->memo[i] & (cap - 1));
            while (m[j]) j = (j + 1) & (cap - 1);
            m[j] = g->memo[i];
        }
        free(g->memo);
        g->memo = m;
        g->memo_cap = cap;
    }
    size_t i = (size_t)(v & (g->memo_cap - 1));
    while (g->memo[i]) {
        if (g->memo[i] == v) return;
        i = (i + 1) & (g->memo_cap - 1);
    }
    g->memo[i] = v;
    g->memo_used++;
}

static uint64_t memo_value(const Ck *g, int node, bool attacker) {
    return g->hash ^ ck_mix((Move)(node & 0x7FFF), attacker) ^ ((uint64_t)node << 40);
}

static bool ck_defender(Ck *g, int node, Move last);
static bool ck_attacker(Ck *g, int node, bool remember);

/* Has the deadline passed? Read at the first node and every 1,024th after;
 * once it has, it stays passed. */
static bool ck_time_up(Ck *g) {
    if (g->out_of_time) return true;
    if (!g->deadline || (g->ticks++ & 1023)) return false;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    g->out_of_time = now.tv_sec > g->deadline->tv_sec ||
                     (now.tv_sec == g->deadline->tv_sec && now.tv_nsec >= g->deadline->tv_nsec);
    return g->out_of_time;
}

/* An attacker node: every edge must win. remember: look the position up in
 * the memo and add it when accepted. Not for the pass edge's subtree under
 * a defence that has no edge of its own: that position holds the defence's
 * stone, which differs for each of the ~200 empty points a defender node
 * tries, so the lookup nearly always misses, a cache miss in a memo that
 * those entries themselves make large (lfz084 新图巧百番 #94's proof of 1 M
 * nodes: 81% of ck_attacker's own time was that load). The nodes below are
 * still remembered, so a position reached again costs one level more. */
static bool ck_attacker(Ck *g, int node, bool remember) {
    const SolveTree *t = g->t;
    Color a = g->att, d = (Color)!a;
    if (ck_time_up(g)) return false;
    if (node < 0 || node >= t->nodes) return ck_fail(g, node, MOVE_NONE, "the line stops before a win");
    const SolveTreeNode *n = &t->node[node];
    if (n->count <= 0) return ck_fail(g, node, MOVE_NONE, "no attacker move");
    uint64_t mv = memo_value(g, node, true);
    if (remember && memo_has(g, mv)) {
        g->memo_stamp = g->epoch; /* accepted without reading the cells */
        return true;
    }
    for (int i = 0; i < n->count; i++) {
        const SolveEdge *e = &t->edge[n->first + i];
        Move m = e->move;
        if (!ck_on_empty(g, m)) return ck_fail(g, node, m, "attacker move on a taken point or off the board");
        if (ck_wins(g, m, a)) continue;
        if (!ck_legal(g, m, a)) return ck_fail(g, node, m, "attacker move is forbidden");
        ck_place(g, m, a);
        bool ok = g->nfive[d] == 0 ? ck_defender(g, e->target, m)
                                   : ck_fail(g, node, m, "the defender can make five");
        ck_unplace(g, m, a);
        if (!ok) return false;
    }
    if (remember) memo_add(g, mv);
    return true;
}

/* The trial run of a defender node's pass edge: the check of its subtree
 * with no defender stone (the defender passes), noting in read which cells
 * it read; true when it accepted without a memo hit (which reads no cells).
 * A defence m answered by the pass edge is then refuted when m is not in
 * read and the stone on m changes no five point (fivedir) of either side:
 * the check of the subtree with m placed reads the same cells, all but m,
 * with the same contents, so the five points it keeps (made from those
 * cells) stay the same as well, every choice it makes is the same, and it
 * accepts. Only the memo differs (its values take m's stone): a hit there
 * accepts a position accepted before. Most defences of a threat are far
 * from its line: each cost a check of the subtree (a renju black attacker's
 * moves each asking the forbidden-point rule), now two five-point updates.
 * A failed trial run proves nothing (the position has no defender stone):
 * its error is taken back and every defence is checked. */
static bool ck_trial(Ck *g, int target, uint8_t *read) {
    uint32_t start = ++g->epoch;
    SolveCheckError saved;
    if (g->err) saved = *g->err;
    bool ok = ck_attacker(g, target, false);
    if (!ok && g->err) *g->err = saved;
    ok = ok && g->memo_stamp < start;
    for (int q = 0; q < BOARD_CELLS && ok; q++) read[q] = g->stamp[q] >= start;
    g->epoch++; /* the reads after it are not the trial's */
    return ok;
}

/* Colour c's only five point (nfive[c] == 1): looked for on the lines
 * through c's last stone, within four, where a new one is, and else on the
 * whole board. */
static Move ck_only_five(const Ck *g, Color c, Move last) {
    for (int d = 0; d < 4; d++)
        for (int o = -4; o <= 4; o++) {
            int q = last + o * CK_STEP[d];
            if (q >= 0 && q < BOARD_CELLS && g->fivedir[c][q]) return (Move)q; /* taken points have none */
        }
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++)
            if (g->fivedir[c][point_make(x, y)]) return point_make(x, y);
    return MOVE_NONE;
}

/* A defender node (after the attacker's move last): every legal defence
 * must lose. */
static bool ck_defender(Ck *g, int node, Move last) {
    const SolveTree *t = g->t;
    Color a = g->att, d = (Color)!a;
    int na = g->nfive[a];
    Move q = MOVE_NONE;
    if (na >= 2) return true;
    if (na == 1) {
        q = ck_only_five(g, a, last);
        if (!ck_legal(g, q, d)) return true; /* renju: black cannot block */
    }
    if (node < 0 || node >= t->nodes) return ck_fail(g, node, MOVE_NONE, "the line stops before a win");
    uint64_t mv = memo_value(g, node, false);
    if (memo_has(g, mv)) {
        g->memo_stamp = g->epoch;
        return true;
    }
    const SolveTreeNode *n = &t->node[node];
    const SolveEdge *pass = NULL;
    for (int i = 0; i < n->count; i++)
        if (t->edge[n->first + i].move == MOVE_PASS) pass = &t->edge[n->first + i];
    if (na == 1) {
        const SolveEdge *e = NULL;
        for (int i = 0; i < n->count; i++)
            if (t->edge[n->first + i].move == q) e = &t->edge[n->first + i];
        if (!e && !pass) return ck_fail(g, node, q, "the forced block is not answered");
        ck_place(g, q, d);
        bool ok = ck_attacker(g, e ? e->target : pass->target, true);
        ck_unplace(g, q, d);
        if (ok) memo_add(g, mv);
        return ok;
    }
    /* A defence that loses is accepted whether it is legal or not, so its
     * legality (for a black defender, the forbidden-point rule) is asked
     * only when the defence is not refuted: then a forbidden point is no
     * defence and the error its subtree recorded is taken back. In renju
     * with white attacking, where black's every defence and every forced
     * block in the subtrees needs that rule, the check of lfz084 新图巧百番
     * #94's proof took 2.8 s instead of 9.7 s. (A recorded error always
     * ends the check, but for this one: so taking it back leaves none.) */
    uint8_t read[BOARD_CELLS];
    bool trial = pass && ck_trial(g, pass->target, read);
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++) {
            Move m = point_make(x, y);
            if (ck_at(g, m) != CELL_EMPTY) continue;
            const SolveEdge *e = NULL;
            for (int i = 0; i < n->count; i++)
                if (t->edge[n->first + i].move == m) e = &t->edge[n->first + i];
            if (!e) e = pass;
            if (e && e == pass && trial && !read[m]) {
                bool same = !ck_place_changes_five(g, m, d);
#ifdef GMK_DEBUG /* the probe is the placement's refresh; the check the trial run stands for */
                uint32_t before = g->fchanges;
                ck_place(g, m, d);
                assert(same == (g->fchanges == before));
                if (same) assert(ck_attacker(g, pass->target, false) || g->out_of_time);
                ck_unplace(g, m, d);
#endif
                if (same) continue; /* refuted, as the trial run found */
            }
            if (!e) {
                if (!ck_legal(g, m, d)) continue;
                ck_fail(g, node, m, "a defence is not answered");
                if (g->err) g->err->defence = true;
                return false;
            }
            ck_place(g, m, d);
            bool ok = ck_attacker(g, e->target, e != pass);
            ck_unplace(g, m, d);
            if (!ok && !ck_legal(g, m, d)) {
                if (g->err) ck_err_clear(g->err);
                continue;
            }
            if (!ok) {
                if (g->err && e == pass) {
                    g->err->node = node;
                    g->err->move = m;
                    g->err->defence = true;
                    snprintf(g->err->msg, sizeof g->err->msg, "a defence is not refuted");
                }
                return false;
            }
        }
    /* some defence must be legal (each one that is was refuted above) */
    bool any = false;
    for (int y = 0; y < g->size && !any; y++)
        for (int x = 0; x < g->size && !any; x++) {
            Move m = point_make(x, y);
            any = ck_at(g, m) == CELL_EMPTY && ck_legal(g, m, d);
        }
    if (!any) return ck_fail(g, node, MOVE_NONE, "the board is full");
    memo_add(g, mv);
    return true;
}


bool solve_check_tree_until(const Board *b, const SolveTree *t, const struct timespec *deadline,
                            SolveCheckError *err) {
    Ck *g = malloc(sizeof *g);
    if (err) ck_err_clear(err);
    if (!g) {
        if (err) strcpy(err->msg, "out of memory");
        return false;
    }
    ck_load(g, b);
    g->t = t;
    g->err = err;
    g->deadline = deadline;
    bool ok;
    if (board_winner(b) != COLOR_NONE) ok = ck_fail(g, -1, MOVE_NONE, "the game is already over");
    else if (!t || t->nodes <= 0) ok = ck_fail(g, -1, MOVE_NONE, "empty proof");
    else ok = ck_attacker(g, 0, true);
    /* a failure after the deadline came of it (an accepted proof was
     * checked whole: a node cut short fails, and only the subtree of a
     * defence that is no defence may fail) */
    if (!ok && g->out_of_time && err) {
        ck_err_clear(err);
        err->out_of_time = true;
        strcpy(err->msg, "time limit");
    }
    free(g->memo);
    free(g);
    return ok;
}

bool solve_check_tree(const Board *b, const SolveTree *t, SolveCheckError *err) {
    return solve_check_tree_until(b, t, NULL, err);
}

bool solve_check_line(const Board *b, const Move *line, int n, SolveCheckError *err) {
    if (n <= 0 || n > SOLVE_LINE_MAX) {
        if (err) {
            ck_err_clear(err);
            strcpy(err->msg, "empty line");
        }
        return false;
    }
    SolveTreeNode nodes[SOLVE_LINE_MAX];
    SolveEdge edges[SOLVE_LINE_MAX];
    for (int i = 0; i < n; i++) {
        nodes[i].first = i;
        nodes[i].count = 1;
        edges[i].move = line[i];
        edges[i].target = i + 1 < n ? i + 1 : -1;
    }
    SolveTree t = {nodes, n, edges, n};
    return solve_check_tree(b, &t, err);
}
