/*
 * board.c — stones, move stack, Zobrist and symmetry keys, win detection.
 *
 * board_play/board_undo are O(1) apart from the shape update of the four lines
 * through the point (shapes.c), and keep every incremental field listed in
 * board.h. board_ok() recomputes them all from scratch; DEBUG builds assert it
 * after every make and unmake.
 */
#include "board.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "shapes.h"
#include "zobrist.h"


#ifdef GMK_DEBUG
#define BOARD_ASSERT_OK(b) assert(board_ok(b))
#else
#define BOARD_ASSERT_OK(b) ((void)0)
#endif

/* ---- the library's tables ----------------------------------------------- */

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static void init_tables(void) {
    zobrist_init(); /* the shape tables are constant data (lib/board/gen) */
}

void gmk_init(void) { pthread_once(&init_once, init_tables); }

/* ---- geometry ----------------------------------------------------------- */

int eval_centre(int size, Move p) {
    /* in doubled coordinates: ring2 = 2 * ring, span = 2 * half = size - 1;
     * 7 * (1 - ring / half) rounded = (14 * (span - ring2) + span) / (2 * span) */
    int span = size - 1;
    int dx = 2 * point_x(p) - span, dy = 2 * point_y(p) - span;
    int ring2 = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
    return ring2 >= span ? 0 : (14 * (span - ring2) + span) / (2 * span);
}

/* ---- symmetries --------------------------------------------------------- */

Move sym_point(Move p, int t, int size) {
    if (p == MOVE_PASS || p == MOVE_NONE) return p;
    int x = point_x(p), y = point_y(p);
    if (t & 4) {
        int tmp = x;
        x = y;
        y = tmp;
    }
    if (t & 1) x = size - 1 - x;
    if (t & 2) y = size - 1 - y;
    return point_make(x, y);
}

int sym_inverse(int t) {
    /* Without a transpose every element is its own inverse; with one, the
     * two mirror bits swap roles. */
    if (!(t & 4)) return t;
    return 4 | ((t & 1) << 1) | ((t & 2) >> 1);
}

void sym_moves(Move *moves, int n, int t, int size) {
    for (int i = 0; i < n; i++) moves[i] = sym_point(moves[i], t, size);
}

/* ---- construction ------------------------------------------------------- */

/* Puts b into the empty state: walls, empty cells, keys, shape state. False
 * when the shape tables could not be allocated. */
static bool board_clear(Board *b) {
    b->ply = 0;
    b->winner = COLOR_NONE;
    b->stones[COLOR_BLACK] = b->stones[COLOR_WHITE] = 0;
    b->key = 0;
    for (int t = 0; t < SYM_NB; t++) b->symkey[t] = 0;
    for (int p = 0; p < BOARD_CELLS; p++)
        b->cell[p] = point_on_board((Move)p, b->size) ? CELL_EMPTY : CELL_WALL;
    memset(b->rows, 0, sizeof b->rows);
    return b->light || shapes_board_init(b);
}

Board *board_new(int size, Rule rule) { return board_new_flags(size, rule, 0); }

Board *board_new_flags(int size, Rule rule, unsigned flags) {
    if (size < BOARD_MIN || size > BOARD_MAX || rule < 0 || rule >= RULE_NB) return NULL;
    gmk_init();
    Board *b = malloc(sizeof *b);
    if (!b) return NULL;
    b->size = size;
    b->rule = rule;
    b->shapes = NULL;
    b->val_line = b->val_point = NULL;
    b->light = (flags & BOARD_LIGHT) != 0;
    b->symkeys = b->light && !(flags & BOARD_NOSYM);
    b->undo = NULL;
    if (!b->light && !(b->undo = malloc(MOVES_MAX * sizeof *b->undo))) {
        free(b);
        return NULL;
    }
    for (int t = 0; t < SYM_NB; t++)
        for (int p = 0; p < BOARD_CELLS; p++)
            b->sym[t][p] = point_on_board((Move)p, size) ? (uint16_t)sym_point((Move)p, t, size)
                                                          : (uint16_t)p;
    for (int p = 0; p < BOARD_CELLS; p++)
        b->centre[p] = (uint8_t)(point_on_board((Move)p, size) ? eval_centre(size, (Move)p) : 0);
    if (!board_clear(b)) {
        free(b->undo);
        free(b);
        return NULL;
    }
    return b;
}

void board_free(Board *b) {
    if (!b) return;
    free(b->undo);
    free(b);
}

void board_reset(Board *b) {
    if (b->light) { /* stones, bits and keys: empty the points played */
        for (int i = 0; i < b->ply; i++)
            if (b->hist[i] != MOVE_PASS) b->cell[b->hist[i]] = CELL_EMPTY;
        memset(b->rows, 0, sizeof b->rows);
        b->ply = 0;
        b->winner = COLOR_NONE;
        b->stones[COLOR_BLACK] = b->stones[COLOR_WHITE] = 0;
        b->key = 0;
        for (int t = 0; t < SYM_NB; t++) b->symkey[t] = 0;
        BOARD_ASSERT_OK(b);
        return;
    }
    /* Taking the moves back costs as much as playing them, which beats
     * rebuilding the whole shape state for short games. */
    if (b->ply <= 64) {
        while (b->ply > 0) board_undo(b);
    } else {
        board_clear(b); /* cannot fail: the shape tables exist already */
    }
}

GmkStatus board_copy(Board *dst, const Board *src) {
    if (dst == src) return GMK_OK;
    if (dst->light != src->light) return GMK_ERR_ARG;
    struct ShapeUndo *undo = dst->undo;
    memcpy(dst, src, sizeof *dst);
    dst->undo = undo;
    if (undo) memcpy(undo, src->undo, (size_t)src->ply * sizeof *undo);
    return GMK_OK;
}

/* ---- accessors ---------------------------------------------------------- */

int board_size(const Board *b) { return b->size; }
Rule board_rule(const Board *b) { return b->rule; }
Color board_to_move(const Board *b) { return board_side(b); }
int board_ply(const Board *b) { return b->ply; }
Move board_move_at(const Board *b, int i) {
    return i >= 0 && i < b->ply ? b->hist[i] : MOVE_NONE;
}
int board_cell(const Board *b, Move p) {
    return p >= 0 && p < BOARD_CELLS ? b->cell[p] : CELL_WALL;
}
int board_stone_count(const Board *b, Color c) { return b->stones[c]; }
bool board_full(const Board *b) {
    return b->stones[0] + b->stones[1] == b->size * b->size;
}
Color board_winner(const Board *b) { return b->winner; }
Key board_key(const Board *b) { return b->key; }
/* The keys of the 8 images of b, from the cells. */
static void symkeys_from_scratch(const Board *b, Key out[SYM_NB]) {
    Key side = (b->ply & 1) ? zobrist_white : 0;
    for (int t = 0; t < SYM_NB; t++) out[t] = side;
    for (int p = 0; p < BOARD_CELLS; p++) {
        int v = b->cell[p];
        if (v != CELL_BLACK && v != CELL_WHITE) continue;
        for (int t = 0; t < SYM_NB; t++) out[t] ^= zobrist_table[v - 1][b->sym[t][p]];
    }
}

/* Light boards keep the image keys move by move (book building wants them at
 * every ply); full boards, used by searches that only need b->key, compute
 * them when asked. */
Key board_key_sym(const Board *b, int t) {
    if (b->symkeys) return b->symkey[t];
    Key k[SYM_NB];
    symkeys_from_scratch(b, k);
    return k[t];
}

Key board_canonical_key(const Board *b, int *t_out) {
    Key scratch[SYM_NB];
    const Key *k = b->symkey;
    if (!b->symkeys) {
        symkeys_from_scratch(b, scratch);
        k = scratch;
    }
    int best = 0;
    for (int t = 1; t < SYM_NB; t++)
        if (k[t] < k[best]) best = t;
    if (t_out) *t_out = best;
    return k[best];
}

/* ---- win detection ------------------------------------------------------ */

bool board_wins_at(const Board *b, Move p, Color c) {
    bool exact = rule_exact(b->rule, c);
    for (int d = 0; d < DIR_NB; d++) {
        int run = board_run(b, p, d, c);
        if (run == 5 || (run > 5 && !exact)) return true;
    }
    return false;
}

Color board_scan_winner(const Board *b) {
    for (int p = 0; p < BOARD_CELLS; p++) {
        int v = b->cell[p];
        if (v != CELL_BLACK && v != CELL_WHITE) continue;
        Color c = (Color)(v - 1);
        bool exact = rule_exact(b->rule, c);
        for (int d = 0; d < DIR_NB; d++) {
            int step = DIR_STEP[d];
            if (b->cell[p - step] == v) continue; /* count each run once, from its start */
            int run = 1;
            while (b->cell[p + run * step] == v) run++;
            if (run == 5 || (run > 5 && !exact)) return c;
        }
    }
    return COLOR_NONE;
}

/* ---- make / unmake ------------------------------------------------------ */

static inline void keys_toggle(Board *b, Move p, Color c) {
    b->key ^= zobrist_table[c][p];
    if (b->symkeys)
        for (int t = 0; t < SYM_NB; t++) b->symkey[t] ^= zobrist_table[c][b->sym[t][p]];
}

static inline void keys_toggle_side(Board *b) {
    b->key ^= zobrist_white;
    if (b->symkeys)
        for (int t = 0; t < SYM_NB; t++) b->symkey[t] ^= zobrist_white;
}

GmkStatus board_play(Board *b, Move p) {
    if (b->ply >= MOVES_MAX) return GMK_ERR_TOO_LONG;
    Color c = board_side(b);
    Color w = COLOR_NONE;
    if (p != MOVE_PASS) {
        if (!point_on_board(p, b->size)) return GMK_ERR_OFFBOARD;
        if (b->cell[p] != CELL_EMPTY) return GMK_ERR_OCCUPIED;
        if (b->light ? b->stones[c] >= 4 && board_wins_at(b, p, c) : shapes_wins_at(b, p, c)) w = c;
        b->cell[p] = (uint8_t)(c + 1);
        b->stones[c]++;
        keys_toggle(b, p, c);
        b->rows[c][p / BOARD_STRIDE] ^= 1u << (p % BOARD_STRIDE);
        if (!b->light) shapes_make(b, p, c, &b->undo[b->ply]);
    }
    keys_toggle_side(b);
    b->hist[b->ply] = p;
    b->winhist[b->ply] = w;
    b->winner = w;
    b->ply++;
    BOARD_ASSERT_OK(b);
    return GMK_OK;
}

void board_undo(Board *b) {
    assert(b->ply > 0);
    b->ply--;
    Move p = b->hist[b->ply];
    Color c = board_side(b);
    if (p != MOVE_PASS) {
        if (!b->light) shapes_unmake(b, p, c, &b->undo[b->ply]);
        b->rows[c][p / BOARD_STRIDE] ^= 1u << (p % BOARD_STRIDE);
        keys_toggle(b, p, c);
        b->stones[c]--;
        b->cell[p] = CELL_EMPTY;
    }
    keys_toggle_side(b);
    b->winner = b->ply > 0 ? b->winhist[b->ply - 1] : COLOR_NONE;
    BOARD_ASSERT_OK(b);
}

GmkStatus board_set_moves(Board *b, const Move *moves, int n) {
    board_reset(b);
    for (int i = 0; i < n; i++) {
        GmkStatus st = board_play(b, moves[i]);
        if (st != GMK_OK) return st;
    }
    return GMK_OK;
}

/* ---- checks ------------------------------------------------------------- */

Key board_key_from_scratch(const Board *b) {
    Key k = (b->ply & 1) ? zobrist_white : 0;
    for (int p = 0; p < BOARD_CELLS; p++)
        if (b->cell[p] == CELL_BLACK || b->cell[p] == CELL_WHITE)
            k ^= zobrist_table[b->cell[p] - 1][p];
    return k;
}

bool board_ok(const Board *b) {
    int count[COLOR_NB] = {0, 0};
    for (int p = 0; p < BOARD_CELLS; p++) {
        int v = b->cell[p];
        bool on = point_on_board((Move)p, b->size);
        if (!on && v != CELL_WALL) return false;
        if (on && v == CELL_WALL) return false;
        if (v == CELL_BLACK || v == CELL_WHITE) count[v - 1]++;
        for (int c = 0; c < COLOR_NB; c++) {
            bool bit = (b->rows[c][p / BOARD_STRIDE] >> (p % BOARD_STRIDE)) & 1;
            if (bit != (v == c + 1)) return false;
        }
    }
    if (count[0] != b->stones[0] || count[1] != b->stones[1]) return false;
    if (board_key_from_scratch(b) != b->key) return false;
    if (b->symkeys) {
        Key symk[SYM_NB];
        symkeys_from_scratch(b, symk);
        if (memcmp(symk, b->symkey, sizeof symk) != 0) return false;
    }
    if (b->ply > 0 && b->winner != b->winhist[b->ply - 1]) return false;
    return b->light || shapes_board_ok(b);
}
