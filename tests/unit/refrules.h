/*
 * refrules.h — slow, obviously correct reference implementations of the
 * rules, written straight from their definitions on a plain grid, to check
 * the table-driven library against: shapes along a line, win, renju
 * forbidden points (RIF: overline, double four, double three with the
 * recursive real-three rule).
 */
#ifndef GMK_REFRULES_H
#define GMK_REFRULES_H

#include <stdbool.h>

#include "gmk.h"

/* A plain grid: cells CELL_EMPTY / CELL_BLACK / CELL_WHITE, [y][x]. */
typedef struct {
    int size;
    Rule rule;
    unsigned char cell[BOARD_MAX][BOARD_MAX];
} RefGrid;

void ref_from_board(RefGrid *g, const Board *b);
/* Run of colour c through (x, y) along (dx, dy), counting (x, y) as c's. */
int ref_run(const RefGrid *g, int x, int y, int dx, int dy, Color c);
/* Does c win by playing (x, y)? */
bool ref_wins(const RefGrid *g, int x, int y, Color c);
/* Is (x, y) forbidden for black (renju)? 0 no, else the Forbid kind. */
int ref_forbidden(RefGrid *g, int x, int y);

/* What black's line through empty (x, y) along direction d (0 across, 1 up,
 * 2 diagonal, 3 anti-diagonal) is worth once black plays there, when it is
 * not already a four: 2 if a further allowed move makes a straight four
 * through (x, y), 1 if one makes a four, else 0. */
int ref_three_level(RefGrid *g, int x, int y, int d);

#endif
