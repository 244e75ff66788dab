/*
 * solve_check_rules.c — the rules of the independent checker (solve_check.c
 * walks the proof): its own grid of cells, its own five detection by
 * counting runs, and its own renju forbidden-point rule (RIF, recursive real
 * threes) written from the definitions, with no shape tables.
 */
#include <assert.h>
#include <string.h>

#include "solve_check.h"

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

bool ck_wins(Ck *g, Move p, Color c) {
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
bool ck_place_changes_five(Ck *g, Move p, Color c) {
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

void ck_place(Ck *g, Move p, Color c) {
    g->cell[p] = (uint8_t)(c + 1);
    g->hash ^= ck_mix(p, c);
    assert(g->undo_depth < CK_PLACES_MAX && g->undo_n + 10 <= CK_UNDO_MAX);
    g->undo_mark[g->undo_depth++] = g->undo_n;
    ck_refresh(g, p, c);
}

/* Takes back the last ck_place (p, c): its five-point changes undone, last
 * first. */
void ck_unplace(Ck *g, Move p, Color c) {
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
bool ck_legal(Ck *g, Move p, Color c) {
    if (g->rule != RULE_RENJU || c != COLOR_BLACK) return true;
    return ck_forbidden_at(g, p, 0) == FORBID_NONE;
}

bool ck_on_empty(Ck *g, Move p) {
    return p > 0 && p < BOARD_CELLS && ck_at(g, p) == CELL_EMPTY;
}


/* Loads the stones of b into the checker. */
void ck_load(Ck *g, const Board *b) {
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
