/* forbidden.h — internal view of the renju forbidden-point rules. */
#ifndef GMK_FORBIDDEN_H
#define GMK_FORBIDDEN_H

#include "board/shapes.h"
#include "gmk_threats.h"

/* What black's three through empty p along d (made by playing p) is worth
 * under the renju rules: 2 a real open three (some move that makes it a
 * straight four is not forbidden), 1 a closed three (some move that makes it
 * a four is not forbidden), 0 neither (no three, or all its fours are
 * forbidden). Outside renju: 2 for an open three, 1 for a closed three. */
int forbidden_three_level(Board *b, Move p, int d);

#endif
