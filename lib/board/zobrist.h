/* zobrist.h — internal access to the Zobrist tables (built by gmk_init). */
#ifndef GMK_ZOBRIST_H
#define GMK_ZOBRIST_H

#include "gmk_board.h"

extern Key zobrist_table[COLOR_NB][BOARD_CELLS]; /* per colour and padded point */
extern Key zobrist_white;                        /* side-to-move key */

void zobrist_init(void);                         /* called once by gmk_init */

#endif
