/*
 * solve_check.h — the independent checker's own board (solve_check_rules.c:
 * stones, fives by counting runs, renju's forbidden points from the
 * definitions) for its tree walk (solve_check.c). Private to the checker:
 * nothing of the search is included, and the search never includes it.
 */
#ifndef GMK_SOLVE_CHECK_H
#define GMK_SOLVE_CHECK_H

#include <time.h>

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
static inline uint64_t ck_mix(Move p, Color c) {
    uint64_t z = (uint64_t)(p * 2 + c + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Does colour c make five by playing empty p? */
bool ck_wins(Ck *g, Move p, Color c);
/* Places colour c's stone on empty p (its fives updated; ck_unplace takes
 * it back, last first). */
void ck_place(Ck *g, Move p, Color c);
void ck_unplace(Ck *g, Move p, Color c);
/* Would colour c's stone at p change a five point of either colour? */
bool ck_place_changes_five(Ck *g, Move p, Color c);
/* May colour c play empty p? (A black forbidden point loses in renju.) */
bool ck_legal(Ck *g, Move p, Color c);
/* Is p on the board and empty? */
bool ck_on_empty(Ck *g, Move p);
/* Loads the stones of b into the checker. */
void ck_load(Ck *g, const Board *b);

#endif /* GMK_SOLVE_CHECK_H */
