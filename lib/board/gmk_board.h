/*
 * gmk_board.h — part of libgmk's public header (gmk.h includes every part):
 * symmetry, the board with its incremental state, Zobrist keys.
 */
#ifndef GMK_PUBLIC_BOARD_H
#define GMK_PUBLIC_BOARD_H

#include "core/gmk_core.h"

/* Builds the library's constant tables (Zobrist keys, shape tables). Idempotent
 * and thread-safe; board_new() calls it, so programs rarely need to. */
void gmk_init(void);

/* The centre table value of p on a board of the given size: 7 at the centre
 * down to 0 on the edge ring. */
int eval_centre(int size, Move p);

/* ---- geometry: symmetry ------------------------------------------------ */

/* The 8 symmetries of the square: t in 0..7; bit 2 transposes first, then
 * bit 0 mirrors the columns and bit 1 mirrors the rows. t = 0 is the identity. */
#define SYM_NB 8
Move sym_point(Move p, int t, int size);
int sym_inverse(int t);
void sym_moves(Move *moves, int n, int t, int size); /* in place; passes kept */

/* ---- board -------------------------------------------------------------- */

typedef struct Board Board;

/* A board of the given side and rule, empty, black to move; NULL when out of
 * memory or when size is out of range. */
Board *board_new(int size, Rule rule);
/* Flags of board_new_flags(). BOARD_LIGHT keeps stones, keys and wins only
 * (no shape state): several times faster make/unmake for record readers and
 * book building; shape, threat and evaluation functions must not be used. */
enum {
    BOARD_LIGHT = 1,
    BOARD_NOSYM = 2, /* with BOARD_LIGHT: the 8 image keys are computed when asked, not
                        kept move by move (a record reader that only checks games) */
};
Board *board_new_flags(int size, Rule rule, unsigned flags);
void board_free(Board *b);
void board_reset(Board *b);                  /* back to the empty board */
GmkStatus board_copy(Board *dst, const Board *src); /* same size required */

int board_size(const Board *b);
Rule board_rule(const Board *b);
Color board_to_move(const Board *b);
int board_ply(const Board *b);               /* tokens played, passes included */
Move board_move_at(const Board *b, int i);   /* the i-th token, 0-based */
int board_cell(const Board *b, Move p);      /* CELL_*; CELL_WALL off the board */
int board_stone_count(const Board *b, Color c);
bool board_full(const Board *b);

/* Plays a stone for the side to move, or MOVE_PASS. Fails with
 * GMK_ERR_OFFBOARD, GMK_ERR_OCCUPIED or GMK_ERR_TOO_LONG and leaves the board
 * untouched. A stone after a winning move is allowed here; callers that read
 * records reject it (see notation). */
GmkStatus board_play(Board *b, Move p);
void board_undo(Board *b);                   /* takes back the last token */

/* Win detection. board_winner(): the side whose last stone made a winning line
 * (COLOR_NONE if the last token did not win). board_wins_at(): would colour c
 * win by playing p now (five or more in freestyle, exactly five in standard,
 * renju black exactly five, renju white five or more)? board_scan_winner():
 * a winning line anywhere on the board. */
Color board_winner(const Board *b);
bool board_wins_at(const Board *b, Move p, Color c);
Color board_scan_winner(const Board *b);

Key board_key(const Board *b);               /* Zobrist key, side to move included */
Key board_key_sym(const Board *b, int t);    /* key of the image under symmetry t */
/* The same for all 8 images: the smallest of the 8 image keys; *t_out (may be
 * NULL) receives a symmetry that maps this board to the canonical image. */
Key board_canonical_key(const Board *b, int *t_out);
Key board_key_from_scratch(const Board *b);  /* recomputed, for checks */

/* Debug check: recomputes every incrementally kept field from scratch and
 * returns false on the first mismatch. Asserted after make/unmake in DEBUG. */
bool board_ok(const Board *b);

/* Sets up the position given by a move list (stones and passes) from the empty
 * board, applying symmetry t to every move. */
GmkStatus board_set_moves(Board *b, const Move *moves, int n);

/* ---- Zobrist ------------------------------------------------------------ */

Key zobrist_stone(Color c, Move p);          /* key of a stone */
Key zobrist_side(void);                      /* xor-ed in when white is to move */

#endif /* GMK_PUBLIC_BOARD_H */
