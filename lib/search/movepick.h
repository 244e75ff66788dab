/* movepick.h — candidate moves of a search node, scored for ordering
 * (see movepick.c). */
#ifndef GMK_MOVEPICK_H
#define GMK_MOVEPICK_H

#include "board/board.h"
#include "board/shapes.h"
#include "threats/gmk_threats.h"

#define MOVELIST_MAX (BOARD_MAX * BOARD_MAX) /* every point of the largest board */

/* A move with its ordering score. */
typedef struct {
    Move move;    /* the point */
    int score;    /* ordering score, higher first */
} ScoredMove;

/* What the generator may return. */
typedef enum {
    GEN_ALL = 0,   /* every sensible move, narrowed to forced replies under threat */
    GEN_FOURS,     /* only own moves that make a four or better (quiescence) */
} GenMode;

/* What the generator found out about the node. */
typedef struct {
    int threat;    /* opponent's threat level that narrowed the moves: THREAT_LVL_* */
} GenInfo;

enum {
    THREAT_LVL_NONE = 0,    /* moves from the neighbourhood of the stones */
    THREAT_LVL_WIN2 = 1,    /* opponent has a four-three / double-four point */
    THREAT_LVL_THREE = 2,   /* opponent has an open three (an open-four point) */
    THREAT_LVL_FIVE = 3,    /* opponent has a five point: block it */
};

/* Fills list with the moves of the side to move and returns their number
 * (0: no legal move worth trying, e.g. an unblockable five). Renju: black's
 * forbidden points are left out. Narrowing (unless nonarrow): with an
 * opponent five point only its blocks; with an opponent open three or
 * four-three / double-four point only own fours and the points that can
 * defend (see movepick.c). */
int movegen(Board *b, GenMode mode, bool nonarrow, ScoredMove *list, GenInfo *info);

/* The first empty point (board order) where colour c's class is cls, or
 * MOVE_NONE. Scans the neighbourhood of the stones only: for threat classes
 * (three or better) that is every such point. */
Move movegen_find(const Board *b, Color c, int cls);

/* Black's classes at a point that may hide a foul (renju): the point is
 * checked in full (board_forbidden) only with one of these, or an overline
 * along some line (which hides behind any class). */
#define FORBID_SUSPECT                                                                               \
    (1u << CLS_DOUBLE_FOUR | 1u << CLS_DOUBLE_THREE | 1u << CLS_OVERLINE | 1u << CLS_FOUR_THREE | \
     1u << CLS_OPEN_FOUR)

/* Is empty p a move black may not play (renju)? Cheap for most points
 * (inline: the generator asks it of every point when black is to move). */
static inline bool move_forbidden(Board *b, Move p) {
    if (b->rule != RULE_RENJU) return false;
    unsigned cls = b->ps[p].cls[COLOR_BLACK];
    if (!((FORBID_SUSPECT >> cls) & 1) && (cls == CLS_FIVE || !black_overline_at(b, p))) return false;
    return board_forbidden(b, p) != FORBID_NONE;
}

/* Own class is a four or better (four, four-three, double four, open four). */
static inline bool cls_is_four(int c) {
    return c == CLS_FOUR || c == CLS_FOUR_THREE || c == CLS_DOUBLE_FOUR || c == CLS_OPEN_FOUR ||
           c == CLS_FIVE;
}

/* Moves the best-scored move of list[i..n) to position i (selection sort
 * step; the first of equal scores) and returns it. The maximum first, then
 * its place: the first loop has no index to carry and vectorises, and the
 * pick costs less than half of one loop doing both (a fifth of the search's
 * time went to it). */
static inline Move movelist_pick(ScoredMove *list, int i, int n) {
    int top = list[i].score;
    for (int j = i + 1; j < n; j++) top = list[j].score > top ? list[j].score : top;
    int best = i;
    while (list[best].score != top) best++;
    ScoredMove t = list[i];
    list[i] = list[best];
    list[best] = t;
    return list[i].move;
}

#endif
