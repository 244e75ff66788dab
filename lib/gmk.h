/*
 * gmk.h — the one public header of libgmk, the gomoku / renju library behind
 * gmk-eval, gmk-solve, gmk-search and gmk-book.
 *
 * Conventions
 *  - A point is a padded board index (type Move): column x and row y (both
 *    0-based, y counted from the BOTTOM, renju notation) map to
 *    (y + BOARD_PAD) * BOARD_STRIDE + (x + BOARD_PAD).  The padding holds wall
 *    cells so that line scans never leave the array.
 *  - The library never prints and never exits: functions return a status
 *    (GmkStatus) or NULL, and the programs turn that into a message.
 *  - Objects that own state come in _new/_free pairs and are opaque.
 *
 * The declarations live in one header per module, which this one includes:
 *   gmk_board.h     scalars, status codes, rules, geometry, the board, Zobrist
 *   gmk_notation.h  positions as text: move lists, coordinates, diagrams
 *   gmk_shapes.h    shapes, shape sets, renju forbidden points, threats
 *   gmk_solve.h     VCF / VCT / win in N, and the independent checker
 *   gmk_records.h   game record readers (moves, PGN, SGF, RIF, psq)
 *   gmk_book.h      opening books: probe, build, merge, RenLib
 *   gmk_search.h    the alpha-beta engine and the Gomocup protocol
 */
#ifndef GMK_H
#define GMK_H

#include "gmk_board.h"
#include "gmk_notation.h"
#include "gmk_shapes.h"
#include "gmk_solve.h"
#include "gmk_records.h"
#include "gmk_book.h"
#include "gmk_search.h"

#endif /* GMK_H */
