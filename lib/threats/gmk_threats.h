/*
 * gmk_threats.h — part of libgmk's public header (gmk.h includes every part):
 * what the shapes mean under the rules: renju forbidden points (with the
 * recursive false-three rule), the threats a move makes, and the point
 * valuation of gmk-eval's candidates.
 */
#ifndef GMK_PUBLIC_THREATS_H
#define GMK_PUBLIC_THREATS_H

#include "board/gmk_shapes.h"

/* ---- renju forbidden points -------------------------------------------- */

typedef enum {
    FORBID_NONE = 0,      /* allowed (always so outside renju, and for white) */
    FORBID_OVERLINE,      /* six or more in a row */
    FORBID_DOUBLE_FOUR,   /* two fours at once (two on one line included) */
    FORBID_DOUBLE_THREE,  /* two real open threes at once */
} Forbid;

/* Is empty point p forbidden for black on b (renju only)? A move that makes
 * exactly five is never forbidden; threes are real or false by the recursive
 * RIF rule. Takes a non-const board: it looks ahead by placing stones and
 * leaves b as it was. */
Forbid board_forbidden(Board *b, Move p);
/* All points forbidden for black, in board order; out needs room for
 * size * size moves. Returns their number (0 outside renju). */
int board_forbidden_points(Board *b, Move *out);
const char *forbid_name(Forbid f);  /* "overline", "double-four", ... */

/* ---- threats ------------------------------------------------------------ */

/* Threat kinds of INTERFACE.md: what a move on an empty point makes. */
typedef enum {
    THREAT_FIVE = 0,     /* wins at once under the rule */
    THREAT_FOUR,         /* a four: one move from a five (straight fours included) */
    THREAT_OPEN_FOUR,    /* a straight four: two points make five */
    THREAT_OPEN_THREE,   /* an open three: one move makes a straight four */
    THREAT_THREE,        /* a closed three: one move makes a four, none a straight four */
    THREAT_NB
} ThreatKind;

/* Does colour c playing empty p make a threat of kind k? In renju a point
 * forbidden for black makes nothing for black but a five, and a black open
 * three counts only if it is real. */
bool board_point_makes(Board *b, Move p, Color c, ThreatKind k);
/* The points where colour c makes a threat of kind k, in board order; out
 * needs room for size * size moves. */
int board_threat_points(Board *b, Color c, ThreatKind k, Move *out);
const char *threat_name(ThreatKind k); /* the JSON field names: "five", "open_four" ... */

/* Every threat point of both colours and the forbidden points, in one pass
 * (what gmk-eval prints); lists in board order. */
typedef struct {
    Move pts[COLOR_NB][THREAT_NB][BOARD_MAX * BOARD_MAX]; /* per colour and kind */
    int n[COLOR_NB][THREAT_NB];                            /* their counts */
    Move forbidden[BOARD_MAX * BOARD_MAX];                 /* renju: forbidden for black */
    int nforbidden;
} ThreatReport;
void board_threats(Board *b, ThreatReport *r);

/* ---- the seed's point valuation (candidates.c) -------------------------- */

/* The value of one empty point for the side to move. */
typedef struct {
    Move move;        /* the point */
    int attack;       /* class score of what the side to move makes there */
    int defense;      /* class score of what the opponent would make there */
    int centre;       /* centre table value, 0..7 */
    int score;        /* attack + defense + centre */
    bool forbidden;   /* renju: forbidden for black */
} PointValue;

/* Values empty point p for the side to move; false if p is not an empty
 * point of a full (non-light) board. */
bool eval_point(Board *b, Move p, PointValue *out);
/* The best max points for the side to move, best first (ties in board
 * order); in renju, black's forbidden points are left out when black is to
 * move. Returns how many were written. */
int eval_candidates(Board *b, PointValue *out, int max);
/* The seed's position score: the best point's score for the side to move
 * (0 on a full board). */
int eval_seed_score(Board *b);

#endif /* GMK_PUBLIC_THREATS_H */
