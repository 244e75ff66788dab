/*
 * solve_check.c — the independent checker of wins. It shares nothing with
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
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gmk_solve.h"
#include "threats/gmk_threats.h"

#define CK_STRIDE BOARD_STRIDE
#define CK_DEPTH_MAX 12 /* recursion of the real-three rule; beyond it a three is real */

static const int CK_STEP[4] = {1, CK_STRIDE, CK_STRIDE + 1, -CK_STRIDE + 1};

/* A five-point value that a place changed (ck_unplace puts it back). */
typedef struct {
    uint16_t q;   /* the point */
    uint8_t c;    /* the colour */
    uint8_t old;  /* its fivedir before */
} CkUndo;
#define CK_PLACES_MAX (BOARD_MAX * BOARD_MAX) /* places on the board at once: one a point */
#define CK_UNDO_MAX (CK_PLACES_MAX * 10)      /* a place changes p's two values and eight run ends' */

/* The checker's own board. */
typedef struct {
    int size;                           /* side */
    Rule rule;                          /* rule */
    Color att;                          /* attacker (to move at the root) */
    uint8_t cell[BOARD_CELLS];          /* CELL_* */
    uint8_t fivedir[COLOR_NB][BOARD_CELLS]; /* per empty point: directions where c makes five */
    int nfive[COLOR_NB];                /* points with some five direction */
    uint64_t hash;                      /* hash of the stones */
    const SolveTree *t;
    SolveCheckError *err;
    uint64_t *memo;                     /* accepted (hash ^ node) values, open addressing */
    size_t memo_cap, memo_used;
    uint32_t stamp[BOARD_CELLS];        /* per cell: the epoch when it was last read (ck_at) */
    uint32_t epoch;                     /* counts the trial runs (ck_defender) */
    uint32_t memo_stamp;                /* the epoch of the last memo hit */
    uint32_t fchanges;                  /* counts the changes of fivedir */
    CkUndo undo[CK_UNDO_MAX];           /* the fivedir values the places on the board changed */
    int undo_n;                         /* entries in undo */
    int undo_mark[CK_PLACES_MAX];       /* per place, oldest first: undo_n before it */
    int undo_depth;                     /* places not taken back */
    const struct timespec *deadline;    /* NULL: none */
    unsigned ticks;                     /* attacker nodes visited (the clock is read every 1,024) */
    bool out_of_time;                   /* the deadline passed: every node fails from then on */
} Ck;

/* Reads cell q, noting the read for ck_defender's trial run. */
static inline int ck_at(Ck *g, int q) {
    g->stamp[q] = g->epoch;
    return g->cell[q];
}

/* A 64-bit mix of a stone, for the checker's own hash. */
static uint64_t ck_mix(Move p, Color c) {
    uint64_t z = (uint64_t)(p * 2 + c + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static bool ck_exact(const Ck *g, Color c) {
    return g->rule == RULE_STANDARD || (g->rule == RULE_RENJU && c == COLOR_BLACK);
}

/* Run of colour c through p along direction d, p counted as c's. */
static int ck_run(Ck *g, Move p, int d, Color c) {
    int n = 1, v = c + 1, st = CK_STEP[d];
    for (int q = p + st; ck_at(g, q) == v; q += st) n++;
    for (int q = p - st; ck_at(g, q) == v; q -= st) n++;
    return n;
}

/* Does colour c win along d by playing empty p? */
static bool ck_five_dir(Ck *g, Move p, int d, Color c) {
    int r = ck_run(g, p, d, c);
    return r == 5 || (r > 5 && !ck_exact(g, c));
}

static bool ck_wins(Ck *g, Move p, Color c) {
    for (int d = 0; d < 4; d++)
        if (ck_five_dir(g, p, d, c)) return true;
    return false;
}

/* The directions along which colour c wins by playing empty q. */
static uint8_t ck_five_bits(Ck *g, Move q, Color c) {
    uint8_t f = 0;
    for (int d = 0; d < 4; d++)
        if (ck_five_dir(g, q, d, c)) f |= (uint8_t)(1u << d);
    return f;
}

/* Sets the five directions of colour c at q (0 when q is taken). */
static void ck_set_five(Ck *g, Move q, Color c, uint8_t now) {
    uint8_t old = g->fivedir[c][q];
    g->nfive[c] += (now != 0) - (old != 0);
    g->fchanges += old != now;
    g->fivedir[c][q] = now;
}

/* ck_set_five, the old value kept on the undo stack (for ck_unplace). */
static void ck_set_five_undo(Ck *g, Move q, Color c, uint8_t now) {
    uint8_t old = g->fivedir[c][q];
    if (old == now) return;
    g->undo[g->undo_n++] = (CkUndo){(uint16_t)q, (uint8_t)c, old};
    ck_set_five(g, q, c, now);
}

/* How many of colour c's stones follow p along step st (each read), and in
 * *end the cell past them, *v its content (read once). The wall cells
 * around the board end every run inside the cell array. */
static inline int ck_count(Ck *g, int p, int st, int mine, int *end, int *v) {
    int q = p + st, n = 0, x;
    while ((x = ck_at(g, q)) == mine) q += st, n++;
    *end = q;
    *v = x;
    return n;
}

/* With a stone of colour c (cell value mine) on p and run of c's stones
 * beside it along a line, does c make five at the empty end point x of
 * that run, st_out the step away from p? The run through x is the stones
 * beyond it (read here), x, and the run through p. */
static inline bool ck_end_five(Ck *g, int x, int st_out, int run, int mine, bool exact) {
    int far_end, far_v, r = 2 + run + ck_count(g, x, st_out, mine, &far_end, &far_v);
    return r == 5 || (r > 5 && !exact);
}

/* A stone of colour c on p (empty before): along direction d, the empty
 * point q at each end of the run of c's stones through p, and whether c
 * makes five there along d now (ends[i], fives[i]; i = 0 for the +d side,
 * 1 for the -d side; ends -1 when the run ends at the edge or at the other
 * colour). The run through q along d is the stones beyond q, q, and the
 * whole run through p: the cells are read once (the stones of each side
 * and the cell past them), where ck_five_dir at each end read the run
 * through p again; the same cells. p itself is not read. */
static inline void ck_run_ends(Ck *g, Move p, Color c, int d, int ends[2], bool fives[2]) {
    int mine = c + 1, st = CK_STEP[d], x[2], v[2];
    int k[2] = {ck_count(g, p, st, mine, &x[0], &v[0]), ck_count(g, p, -st, mine, &x[1], &v[1])};
    for (int i = 0; i < 2; i++) {
        ends[i] = -1;
        if (v[i] != CELL_EMPTY) continue;
        ends[i] = x[i];
        fives[i] = ck_end_five(g, x[i], i ? -st : st, k[0] + k[1], mine, ck_exact(g, c));
    }
}

/* Sets the five directions of p (taken now) and of the points whose runs
 * the stone of colour c just placed at p changes: along each line, the
 * empty point at each end of the run of c's stones through p. A run of the
 * other colour never held p, empty before. Each change goes on the undo
 * stack first (ck_unplace puts the values back). */
static void ck_refresh(Ck *g, Move p, Color c) {
    for (int k = 0; k < COLOR_NB; k++) {
        (void)ck_at(g, p);
        ck_set_five_undo(g, p, (Color)k, 0);
    }
    for (int d = 0; d < 4; d++) {
        int ends[2];
        bool fives[2];
        ck_run_ends(g, p, c, d, ends, fives);
        uint8_t bit = (uint8_t)(1u << d);
        for (int i = 0; i < 2; i++)
            if (ends[i] >= 0)
                ck_set_five_undo(g, (Move)ends[i], c,
                                 (uint8_t)((g->fivedir[c][ends[i]] & (uint8_t)~bit) | (fives[i] ? bit : 0)));
    }
#ifdef GMK_DEBUG /* the points up to five away, recomputed whole */
    for (int d = 0; d < 4; d++)
        for (int o = -5; o <= 5; o++) {
            int q = p + o * CK_STEP[d];
            if (q < 0 || q >= BOARD_CELLS || g->cell[q] != CELL_EMPTY) continue;
            for (int k = 0; k < COLOR_NB; k++) assert(g->fivedir[k][q] == ck_five_bits(g, (Move)q, (Color)k));
        }
#endif
}

/* Would a stone of colour c on empty p change a five point (fivedir) of
 * either side? What ck_place's ck_refresh computes, reading the same cells
 * (up to the first change found), compared instead of stored, and no stone
 * left behind: a probe needs no ck_unplace. (Each end point's bit d is recomputed once: the ends along
 * different directions are different points.) An unplace reads no cells:
 * it puts back the values the place changed (the state after a place and
 * its unplace is the state before it, whatever the cells hold), so the
 * trial runs around (ck_trial) need no reads of it. */
static bool ck_place_changes_five(Ck *g, Move p, Color c) {
    (void)ck_at(g, p); /* ck_refresh's read of p: taken now, no five point */
    if (g->fivedir[0][p] | g->fivedir[1][p]) return true;
    /* the first change found answers: the cells after it are not read (a
     * trial run around needs the reads the answer came from, no more) */
    int mine = c + 1;
    bool exact = ck_exact(g, c);
    for (int d = 0; d < 4; d++) {
        int st = CK_STEP[d], x[2], v[2];
        int k[2] = {ck_count(g, p, st, mine, &x[0], &v[0]), ck_count(g, p, -st, mine, &x[1], &v[1])};
        for (int i = 0; i < 2; i++) {
            if (v[i] != CELL_EMPTY) continue;
            bool five = ck_end_five(g, x[i], i ? -st : st, k[0] + k[1], mine, exact);
            if ((((g->fivedir[c][x[i]] >> d) & 1) != 0) != five) return true;
        }
    }
    return false;
}

static void ck_place(Ck *g, Move p, Color c) {
    g->cell[p] = (uint8_t)(c + 1);
    g->hash ^= ck_mix(p, c);
    assert(g->undo_depth < CK_PLACES_MAX && g->undo_n + 10 <= CK_UNDO_MAX);
    g->undo_mark[g->undo_depth++] = g->undo_n;
    ck_refresh(g, p, c);
}

/* Takes back the last ck_place (p, c): its five-point changes undone, last
 * first. */
static void ck_unplace(Ck *g, Move p, Color c) {
    g->cell[p] = CELL_EMPTY;
    g->hash ^= ck_mix(p, c);
    int to = g->undo_mark[--g->undo_depth];
    while (g->undo_n > to) {
        const CkUndo *u = &g->undo[--g->undo_n];
        ck_set_five(g, u->q, (Color)u->c, u->old);
    }
}

/* ---- renju forbidden points (RIF), from the definitions ------------------ */

static int ck_forbidden_at(Ck *g, Move p, int depth);

/* Black's fours through p (a black stone) along d: each four is the set of
 * four stones (offsets from p, bit o + 5) that one more stone turns into an
 * exact five containing p. Writes up to 8 (set, five point) pairs. */
static int ck_fours_dir(Ck *g, Move p, int d, unsigned *set, Move *five) {
    int n = 0, st = CK_STEP[d];
    for (int o = -4; o <= 4; o++) {
        Move e = (Move)(p + o * st);
        if (!o || ck_at(g, e) != CELL_EMPTY) continue;
        g->cell[e] = CELL_BLACK;
        int lo = 0, hi = 0;
        while (ck_at(g, p + (lo - 1) * st) == CELL_BLACK) lo--;
        while (ck_at(g, p + (hi + 1) * st) == CELL_BLACK) hi++;
        g->cell[e] = CELL_EMPTY;
        if (hi - lo + 1 != 5 || o < lo || o > hi) continue;
        unsigned s = 0;
        for (int k = lo; k <= hi; k++)
            if (k != o) s |= 1u << (k + 5);
        set[n] = s;
        five[n] = e;
        n++;
    }
    return n;
}

/* Number of distinct fours in a (set, point) list. */
static int ck_distinct(const unsigned *set, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) {
        bool dup = false;
        for (int j = 0; j < i; j++) dup |= set[j] == set[i];
        k += !dup;
    }
    return k;
}

/* With black on p: is black's three through p along d a real open three
 * (some point makes a straight four with p, and that point is not
 * forbidden)? */
static bool ck_real_three(Ck *g, Move p, int d, int depth) {
    int st = CK_STEP[d];
    for (int o = -4; o <= 4; o++) {
        Move e = (Move)(p + o * st);
        if (!o || ck_at(g, e) != CELL_EMPTY) continue;
        g->cell[e] = CELL_BLACK;
        unsigned set[8];
        Move five[8];
        int n = ck_fours_dir(g, p, d, set, five);
        bool straight = false;
        for (int i = 0; i < n && !straight; i++)
            for (int j = 0; j < i; j++)
                if (set[i] == set[j] && ((set[i] >> (o + 5)) & 1)) straight = true;
        g->cell[e] = CELL_EMPTY;
        if (!straight) continue;
        if (depth >= CK_DEPTH_MAX || ck_forbidden_at(g, e, depth + 1) == FORBID_NONE) return true;
    }
    return false;
}

/* Forbid kind of empty p for black. */
static int ck_forbidden_at(Ck *g, Move p, int depth) {
    if (ck_wins(g, p, COLOR_BLACK)) return FORBID_NONE;
    /* quick exit: a three needs two more black stones on its line within 4,
     * a four three of them (two fours on one line among them) */
    int busy2 = 0, busy3 = 0, near[4];
    bool over = false;
    for (int d = 0; d < 4; d++) {
        int k = 0;
        for (int o = -4; o <= 4; o++) k += o && ck_at(g, p + o * CK_STEP[d]) == CELL_BLACK;
        near[d] = k;
        busy2 += k >= 2;
        busy3 += k >= 3;
        over |= ck_run(g, p, d, COLOR_BLACK) > 5;
    }
    if (over) return FORBID_OVERLINE;
    if (busy2 < 2 && busy3 == 0) return FORBID_NONE;
    g->cell[p] = CELL_BLACK;
    int fours = 0, threes = 0;
    bool has_four[4];
    /* along a line, a four through p needs three more black stones within
     * four of it, a three two (those counted in near) */
    for (int d = 0; d < 4; d++) {
        unsigned set[8];
        Move five[8];
        int n = near[d] >= 3 ? ck_fours_dir(g, p, d, set, five) : 0;
        int k = ck_distinct(set, n);
        has_four[d] = k > 0;
        fours += k;
    }
    int res = FORBID_NONE;
    if (fours >= 2) res = FORBID_DOUBLE_FOUR;
    else {
        for (int d = 0; d < 4 && threes < 2; d++)
            if (!has_four[d] && near[d] >= 2 && ck_real_three(g, p, d, depth)) threes++;
        if (threes >= 2) res = FORBID_DOUBLE_THREE;
    }
    g->cell[p] = CELL_EMPTY;
    return res;
}

/* May colour c play empty p? (A black forbidden point loses in renju.) */
static bool ck_legal(Ck *g, Move p, Color c) {
    if (g->rule != RULE_RENJU || c != COLOR_BLACK) return true;
    return ck_forbidden_at(g, p, 0) == FORBID_NONE;
}

static bool ck_on_empty(Ck *g, Move p) {
    return p > 0 && p < BOARD_CELLS && ck_at(g, p) == CELL_EMPTY;
}

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

/* Loads the stones of b into the checker. */
static void ck_load(Ck *g, const Board *b) {
    memset(g, 0, sizeof *g);
    g->size = board_size(b);
    g->rule = board_rule(b);
    g->att = board_to_move(b);
    for (int p = 0; p < BOARD_CELLS; p++) {
        int v = board_cell(b, (Move)p);
        g->cell[p] = (uint8_t)v;
        if (v == CELL_BLACK || v == CELL_WHITE) g->hash ^= ck_mix((Move)p, (Color)(v - 1));
    }
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (g->cell[p] != CELL_EMPTY) continue;
        for (int c = 0; c < COLOR_NB; c++) ck_set_five(g, (Move)p, (Color)c, ck_five_bits(g, (Move)p, (Color)c));
    }
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
