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
 * The declarations live in one header per folder of lib/ (lowest first; a
 * folder uses only the ones above it in this list, see lib/README.md):
 *   core/gmk_core.h         scalars, status codes, rules, geometry
 *   board/gmk_board.h       symmetry, the board, Zobrist
 *   board/gmk_shapes.h      shapes per line and point, shape sets
 *   board/gmk_notation.h    positions as text: move lists, coordinates, diagrams
 *   threats/gmk_threats.h   renju forbidden points, threats, point values
 *   solve/gmk_solve.h       VCF / VCT / win in N, and the independent checker
 *   records/gmk_records.h   game record readers (moves, PGN, SGF, RIF, psq)
 *   book/gmk_book.h         opening books: probe, build, merge, RenLib
 *   search/gmk_search.h     the alpha-beta engine and the Gomocup protocol
 */
#ifndef GMK_H
#define GMK_H

#include "core/gmk_core.h"
#include "board/gmk_board.h"
#include "board/gmk_notation.h"
#include "board/gmk_shapes.h"
#include "threats/gmk_threats.h"
#include "solve/gmk_solve.h"
#include "records/gmk_records.h"
#include "book/gmk_book.h"
#include "search/gmk_search.h"

#endif /* GMK_H */
