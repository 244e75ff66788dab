/*
 * solve_threat.h — the solver's lowest search layer: the position under
 * search and threat generation over its shape state (fours, five points,
 * candidate scans, threat-space defences). The layers above (vcf.h, vct.h,
 * proof.h, solve.h) read and change the position only through this one.
 *
 * The solver searches on the caller's Board with board_place/board_unplace
 * (cells and incremental shapes only, no history or symmetry keys) and keeps
 * its own Zobrist key of the stones. Every search leaves the board as it
 * found it.
 */
#ifndef GMK_SOLVE_THREAT_H
#define GMK_SOLVE_THREAT_H

#include <assert.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "threats/forbidden.h"
#include "threats/gmk_threats.h"
#include "board/shapes.h"
#include "board/zobrist.h"

#define SOLVE_STACK 720          /* stones one search may place at once (nested look-ahead) */
#define VCF_LINE_CAP 520         /* moves in a VCF line, five included */
#define CAND_MAX 512             /* candidates at one node */

/* Classes whose point makes at least one four. */
#define CLS_FOUR_MASK                                                                          \
    ((1u << CLS_FOUR) | (1u << CLS_FOUR_THREE) | (1u << CLS_DOUBLE_FOUR) | (1u << CLS_OPEN_FOUR))

/* Search outcomes inside the solver. */
enum { SR_FAIL = 0, SR_WIN = 1, SR_ABORT = 2 };

/* How a VCF line ends. */
enum {
    VCF_END_FIVE = 0,      /* with the attacker's five (the line's last move) */
    VCF_END_FORBIDDEN = 1, /* with a white four whose only defence is forbidden for black */
};

/* A forcing line (a threat: the VCF its owner would play if the other side
 * passed): attacker and defender moves alternating. */
typedef struct {
    int len;                 /* moves in mv */
    int fours;               /* attacker fours before the five (the depth it uses) */
    int end;                 /* VCF_END_* */
    Move mv[VCF_LINE_CAP];   /* the moves */
} VcfLine;

/* Colour c's four points in a position the solver reached, kept in a
 * small table of their own (SolvePos.fours, by the stones' key and the
 * colour, the last one kept in a slot) so that a child asks its parent's
 * or grandparent's list (solve_four_points). */
#define FOURS_KEEP 30     /* longer lists are not kept */
#define FOURS_SLOTS 4096  /* 288 KB */
typedef struct {
    Key key;                        /* the stones (SolvePos.key) ^ FOURS_SALT[colour] */
    int n;                          /* four points */
    Move m[FOURS_KEEP];             /* in board order */
} FourList;

/* The layer's state: the position under search, the node limits every
 * search layer counts against, and the defences' replay counters. */
typedef struct {
    Board *b;                       /* board being searched (borrowed for one call) */
    Key key;                        /* Zobrist key of the stones on b */
    int sp;                         /* stones placed by the solver */
    Move st_move[SOLVE_STACK];      /* placed stones */
    int8_t box[SOLVE_STACK + 1][4]; /* bounding box of stones per level: x0 x1 y0 y1 */
    ShapeUndo *undo;                /* SOLVE_STACK shape undo records */
    FourList *fours;                /* FOURS_SLOTS lists of four points */

    /* limits */
    uint64_t nodes;                 /* nodes so far in this run */
    uint64_t node_limit;            /* global node limit (UINT64_MAX: none) */
    uint64_t local_limit;           /* budget of the current sub-search */
    double deadline;                /* CLOCK_MONOTONIC seconds, 0 = none */
    bool aborted;                   /* a global limit stopped the run */
    atomic_int *stop;               /* another thread asks this run to stop (or NULL) */

    /* defence_filter's shared replay (solve_defence.c) */
    bool replay_check;              /* each candidate replayed on its own too (tests; always with GMK_DEBUG) */
    uint64_t replay_shared;         /* candidates the shared replay decided */
    uint64_t replay_mismatch;       /* ... where the candidate's own replay said otherwise */
} SolvePos;

/* ---- stones --------------------------------------------------------------- */

/* Puts a stone of colour c on empty p (shapes, key, bounding box). */
static inline void solve_place(SolvePos *s, Move p, Color c) {
    int8_t *o = s->box[s->sp], *n = s->box[s->sp + 1];
    int x = point_x(p), y = point_y(p);
    n[0] = (int8_t)(x < o[0] ? x : o[0]);
    n[1] = (int8_t)(x > o[1] ? x : o[1]);
    n[2] = (int8_t)(y < o[2] ? y : o[2]);
    n[3] = (int8_t)(y > o[3] ? y : o[3]);
    board_place(s->b, p, c, &s->undo[s->sp]);
    s->st_move[s->sp++] = p;
    s->key ^= zobrist_table[c][p];
}

/* Takes back the last stone placed (of colour c). */
static inline void solve_unplace(SolvePos *s, Color c) {
    Move p = s->st_move[--s->sp];
    board_unplace(s->b, p, c, &s->undo[s->sp]);
    s->key ^= zobrist_table[c][p];
}

/* Takes back the last placed stones of a line that first played first and
 * then the colours in turn. */
static inline void solve_unplace_line(SolvePos *s, int placed, Color first) {
    for (int k = placed; k > 0; k--) solve_unplace(s, (k & 1) ? first : (Color)!first);
}

/* Counts a node; false when a limit stops the search (s->aborted tells
 * whether it was a global one). */
bool solve_tick(SolvePos *s);
/* Gives the sub-search that follows at most budget more nodes (0: no
 * limit of its own); returns the limit to put back when it is over. */
static inline uint64_t solve_budget(SolvePos *s, uint64_t budget) {
    uint64_t saved = s->local_limit;
    if (budget && s->nodes + budget < saved) s->local_limit = s->nodes + budget;
    return saved;
}

/* Is p, empty, a legal move for colour c (renju: black not forbidden)? */
static inline bool solve_legal(SolvePos *s, Move p, Color c) {
    if (c != COLOR_BLACK || s->b->rule != RULE_RENJU) return true;
    return board_forbidden(s->b, p) == FORBID_NONE;
}

/* ---- threats -------------------------------------------------------------- */

/* Does colour c make a four (or better) at empty p? */
static inline bool solve_is_four(const Board *b, Move p, Color c) {
    return (CLS_FOUR_MASK >> b->ps[p].cls[c]) & 1;
}

/* Colour c's four points after the stones st[0..nst) (the latest first)
 * were placed on the position whose four points were pf[0..npf): those
 * still four points, and the new ones, which are on the lines of c's stones
 * among st (a stone changes shapes only on its lines, within four for a
 * new four; the other colour's only takes away). Every point written is a
 * four point now, so when they are as many as the class counts hold (want),
 * they are all of them; else -1. In board order. Shared by the threat
 * layer's lists (solve_four_points) and the VCF's (a four and its block:
 * st = the four). */
static inline int solve_fours_after(const Board *b, Color c, const Move *st, int nst, const Move *pf, int npf,
                                    int want, Move *out) {
    int n = 0;
    for (int i = 0; i < npf; i++) {
        out[n] = pf[i];
        n += (b->cell[pf[i]] == CELL_EMPTY) & solve_is_four(b, pf[i], c);
    }
    for (int k = 0; k < nst && n < want; k++) { /* none new when all are there */
        Move q = st[k];
        if (b->cell[q] != c + 1) continue;
#pragma GCC unroll 4 /* each line a constant step */
        for (int d = 0; d < DIR_NB; d++)
            for (int off = -4; off <= 4; off++) {
                Move x = (Move)(q + off * DIR_STEP[d]);
                if (!off || !((b->cell[x] == CELL_EMPTY) & solve_is_four(b, x, c))) continue;
                int j = 0;
                while (j < n && out[j] != x) j++;
                if (j < n) continue;
                if (n == want) return -1;
                for (j = n++; j > 0 && out[j - 1] > x; j--) out[j] = out[j - 1];
                out[j] = x;
            }
    }
    return n == want ? n : -1;
}

/* The five point that colour a's move at empty p makes when p makes a
 * single four (class CLS_FOUR or CLS_FOUR_THREE) and a has no five point
 * yet, read from the cells before the stone is placed; MOVE_NONE for any
 * other class. */
Move solve_four_five(const Board *b, Move p, Color a);
/* The scan region: the stones' bounding box widened by m, clipped. */
void solve_region(const SolvePos *s, int m, int *x0, int *x1, int *y0, int *y1);
/* Empty points where colour c's class is in mask (four classes and
 * CLS_FIVE only), up to want of them, in board order. */
int solve_scan_class(const SolvePos *s, Color c, unsigned mask, int want, Move *out);
/* Colour c's four points (classes CLS_FOUR_MASK), at most CAND_MAX, in
 * board order: solve_scan_class's list, from the list kept for this
 * position or, with the stones placed since, for its parent or grandparent
 * when one is kept, else scanned (and kept). Returns the count. */
int solve_four_points(SolvePos *s, Color c, Move *out);
/* The empty points on the four lines through p (within 4) where colour c
 * makes five; at most max of them. */
int solve_fives_near(const SolvePos *s, Move p, Color c, Move *out, int max);
/* Sorts m[0..n) (n <= CAND_MAX) by score, highest first, keeping the
 * order of equal scores. Scores in 0 .. SORT_SCORES - 1 take the fast path
 * on long lists; the move generators keep theirs there. score is only
 * read. */
#define SORT_SCORES 512
void solve_sort_moves(Move *m, int *score, int n);
/* Is m among the n moves of list? */
static inline bool solve_listed(const Move *list, int n, Move m) {
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}
/* Colour c's five points anywhere (up to max). */
int solve_fives(const SolvePos *s, Color c, Move *out, int max);

/* ---- candidates of the df-pn move generators -------------------------- */

/* The attacker's strongest line shape at p. */
static inline int solve_max_shape(const Board *b, Move p, Color c) {
    int m = 0;
    for (int d = 0; d < DIR_NB; d++) {
        int sh = (b->ps[p].pair[d] >> (4 * c)) & 15;
        if (sh > m && sh != SHAPE_OVERLINE) m = sh;
    }
    return m;
}

/* Does colour c make a line shape of at least thr (an overline aside) at
 * p? The four shapes at once: bytes of at most 10, so no carries. */
static inline bool solve_shape_at_least(const Board *b, Move p, Color c, int thr) {
    uint32_t x;
    memcpy(&x, b->ps[p].pair, sizeof x);
    x = (x >> (4 * c)) & 0x0F0F0F0Fu;
    uint32_t ge = x + (uint32_t)(0x80 - thr) * 0x01010101u, over = x + (0x80u - SHAPE_OVERLINE) * 0x01010101u;
    return (ge & ~over & 0x80808080u) != 0;
}

/* The classes (bits 1 << CLS_*) where colour c makes a line shape of at
 * least thr (SHAPE_TWO or SHAPE_THREE), an overline aside, at every point
 * of the class (*all), and those where it does at some (*some: the shapes
 * decide). From CLASS_TABLE over every four shapes (test_solve_threats). */
static inline void solve_shape_classes(int thr, unsigned *all, unsigned *some) {
    if (thr == SHAPE_TWO) {
        *all = ((1u << (CLS_FIVE + 1)) - 1) & ~((1u << CLS_NONE) | (1u << CLS_DEAD));
        *some = 1u << CLS_OVERLINE;
    } else {
        *all = (1u << CLS_THREE) | (((1u << (CLS_FIVE + 1)) - 1) & ~((1u << CLS_OPEN_THREE) - 1));
        *some = 1u << CLS_DOUBLE_TWO;
    }
}

/* A candidate's rank for the generators' ordering: its class for colour
 * cls_of, then the attacker's strongest line shape there; below 256, so
 * that a group offset of 256 keeps the score under SORT_SCORES. */
static inline int solve_cand_rank(const Board *b, Move p, Color cls_of, Color att) {
    _Static_assert(CLS_NB <= 16 && 2 * 256 <= SORT_SCORES, "a class and a shape fit below 256");
    return b->ps[p].cls[cls_of] * 16 + solve_max_shape(b, p, att);
}

/* The legal four points of colour c, appended to out (marked in mark:
 * mark_add). */
int solve_add_fours(SolvePos *s, Color c, uint8_t *mark, Move *out, int n);
/* Is there an empty point with no stone within five on its four lines (a
 * defender move as good as a pass)? */
bool solve_harmless_point(const SolvePos *s);

/* ---- threat-space defences (solve_defence.c) ---------------------------- */

/* Appends to out (n points already there, each set in mark, a BOARD_CELLS
 * array) the moves of the blocker (!owner) that may stop owner's line R:
 * its squares, the points near a forbidden end, the points that make one of
 * the blocker's forced replies a four, and the blocker's four points now.
 * Returns the new count. */
int defence_collect(SolvePos *s, const VcfLine *R, Color owner, uint8_t *mark, Move *out, int n);
/* Adds empty p to the set (mark, out, n); the eyes of blocker stone p. */
void mark_add(const SolvePos *s, uint8_t *mark, Move p, Move *out, int *n);
void mark_eyes(const SolvePos *s, uint8_t *mark, Move p, Color blocker, Move *out, int *n);
/* Does owner's line R still win on the board as it is (blocker to move)? */
bool defence_line_holds(SolvePos *s, const VcfLine *R, Color owner);
/* Keeps the legal blocker moves after which R no longer wins; returns the
 * count. */
int defence_filter(SolvePos *s, const VcfLine *R, Color owner, Move *pts, int n);
/* The slow reference of defence_collect + defence_filter: every empty
 * point filtered, in out (CAND_MAX); returns the count. */
int defence_every(SolvePos *s, const VcfLine *R, Color owner, Move *out);

#endif /* GMK_SOLVE_THREAT_H */
