/*
 * board.h — internal view of the board for the library's hot paths (shapes,
 * solver, search). Programs use the opaque Board of gmk.h.
 *
 * Layout: a 32 x 32 array of cells (BOARD_CELLS) holds a board of side 5..22
 * with at least 5 wall cells on every side, so that every window of +-5 cells
 * along a line stays inside the array. Direction steps are DIR_STEP[0..3]:
 * horizontal, vertical, diagonal and anti-diagonal.
 *
 * Incremental state kept by board_play/board_undo (see board_ok()):
 *  - key: Zobrist key of the position; symkey[8]: the keys of its 8 images,
 *    kept move by move on light boards only, not BOARD_NOSYM ones (others compute them on
 *    demand: searches need key alone);
 *  - stones[c]: stone count per colour; rows[c][y]: colour c's stones of
 *    padded row y as a bit mask (bit x), for neighbourhood scans;
 *  - line[d][id]: every line of the board in each direction as a 64-bit word,
 *    2 bits per cell (CELL_*), walls included;
 *  - shape state (shapes.h): per empty point and colour, the shape it makes
 *    in each direction and the combined threat class, with per-class counts.
 */
#ifndef GMK_BOARD_H
#define GMK_BOARD_H

#include "gmk_board.h"
#include "gmk_shapes.h"
#include "zobrist.h"

#define DIR_NB 4
#define LINE_HALF 5     /* cells on each side of a point in a line window */

/* Constant in every file, so that unrolled loops fold the steps. */
static const int DIR_STEP[DIR_NB] = {1, BOARD_STRIDE, BOARD_STRIDE + 1, -BOARD_STRIDE + 1};

#define LINE_NB 64      /* line words per direction (63 diagonals, 32 rows) */

/* Shape state of one point (meaningful while the point is empty). */
typedef struct {
    uint8_t pair[DIR_NB];      /* per direction: black's shape | white's shape << 4 */
    uint8_t cls[COLOR_NB];     /* per colour: combined threat class of the 4 shapes */
    uint8_t pad_[2];
} PointShape;

/* What a move changed in the shape state, so that unmake copies it back: the
 * 10 points around the move in each direction, and the class counts. */
typedef struct ShapeUndo {
    PointShape ps[DIR_NB][2 * LINE_HALF];
    int clscount[COLOR_NB][16];
    int64_t val_delta;          /* change of the value sum (board_set_values; set only with tables) */
} ShapeUndo;

struct Board {
    int size;                       /* side, BOARD_MIN..BOARD_MAX */
    Rule rule;                      /* rule in force */
    bool light;                     /* no shape state (BOARD_LIGHT): stones and keys only */
    bool symkeys;                   /* symkey kept move by move (light boards without BOARD_NOSYM) */
    const struct ShapeSet *shapes;  /* shape tables in use (SHAPES_BUILTIN by default) */
    const uint8_t *pair;            /* window index -> black shape | white shape << 4 */
    int ply;                        /* tokens played (stones and passes) */
    Color winner;                   /* side whose last stone won, COLOR_NONE */
    int stones[COLOR_NB];           /* stones on the board per colour */
    Key key;                        /* Zobrist key incl. side to move */
    Key symkey[SYM_NB];             /* key of each symmetric image (light boards) */
    int clscount[COLOR_NB][16];     /* empty points per combined class */
    int xmin, xmax, ymin, ymax;     /* bounding box of stones; xmin > xmax if none */
    Move hist[MOVES_MAX];           /* tokens played, MOVE_PASS for passes */
    Color winhist[MOVES_MAX];       /* winner after each token */
    uint8_t cell[BOARD_CELLS];      /* CELL_* */
    uint32_t rows[COLOR_NB][BOARD_STRIDE]; /* stones per colour and padded row, bit x */
    uint8_t centre[BOARD_CELLS];    /* centre table value of each point (eval_centre) */
    uint16_t sym[SYM_NB][BOARD_CELLS]; /* image of each point under symmetry t */
    uint64_t line[DIR_NB][LINE_NB]; /* lines as 2-bit cells, see line_id/line_pos */
    PointShape ps[BOARD_CELLS];     /* shape state per point (empty points only) */
    struct ShapeUndo *undo;         /* per ply: shape state before the move, NULL if light */
    const int64_t *val_line;        /* board_set_values: value per pair byte, NULL: none kept */
    const int64_t *val_point;       /* ... and per class byte (black's class | white's << 4) */
};

static inline Color board_side(const Board *b) { return (Color)(b->ply & 1); }

/* The key b->key will have after the side to move plays p (a full or light
 * board alike): to fetch the child's table entry before the move is made. */
static inline Key board_key_after(const Board *b, Move p) {
    return b->key ^ zobrist_table[b->ply & 1][p] ^ zobrist_white;
}

/* Which line word holds point p in direction d, and p's cell position in it
 * (cell i at bits 2i). Padded coordinates x, y run 0..31: rows by y,
 * columns by x, diagonals (step +1,+1) by x - y + 31, anti-diagonals (step
 * +1,-1) by x + y; along each line the position grows with the step. */
static inline int line_id(int d, int p) {
    int x = p & 31, y = p >> 5;
    switch (d) {
    case 0: return y;
    case 1: return x;
    case 2: return x - y + 31;
    default: return x + y;
    }
}
static inline int line_pos(int d, int p) {
    int x = p & 31, y = p >> 5;
    return d == 0 || d == 3 ? x : y;
}

/* The line rule a colour plays under: exact five (standard, renju black) or
 * five-or-more (freestyle, renju white). */
static inline bool rule_exact(Rule r, Color c) {
    return r == RULE_STANDARD || (r == RULE_RENJU && c == COLOR_BLACK);
}

/* Length of the run of colour c's stones through p along direction d,
 * counting p itself as c's stone. */
static inline int board_run(const Board *b, Move p, int d, Color c) {
    int step = DIR_STEP[d], n = 1, cc = c + 1;
    for (int q = p + step; b->cell[q] == cc; q += step) n++;
    for (int q = p - step; b->cell[q] == cc; q -= step) n++;
    return n;
}

#endif /* GMK_BOARD_H */
