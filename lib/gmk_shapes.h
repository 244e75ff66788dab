/*
 * gmk_shapes.h — part of libgmk's public header (gmk.h includes every part):
 * shapes per line and point, shape sets, renju forbidden points, threats and
 * the seeds' point valuation.
 */
#ifndef GMK_PUBLIC_SHAPES_H
#define GMK_PUBLIC_SHAPES_H

#include "gmk_board.h"

/* ---- shapes --------------------------------------------------------------- */

/* Per-direction shape codes, weakest first. */
typedef enum {
    SHAPE_NONE = 0,
    SHAPE_DEAD,        /* 死: own stones blocked at both ends, no five possible */
    SHAPE_TWO,         /* 眠二 closed two: one move makes a closed three */
    SHAPE_OPEN_TWO,    /* 活二 open two: one move makes an open three */
    SHAPE_THREE,       /* 眠三 closed three: one move makes a four */
    SHAPE_OPEN_THREE,  /* 活三 open three (incl. split): one move makes a straight four */
    SHAPE_FOUR,        /* 冲四 four: exactly one point makes five */
    SHAPE_FOUR_FOUR,   /* two fours on this one line */
    SHAPE_OPEN_FOUR,   /* 活四 straight four: two points make five */
    SHAPE_FIVE,        /* a winning line under the line rule */
    SHAPE_OVERLINE,    /* six or more where that does not win */
    SHAPE_NB
} Shape;

/* Combined classes of a point for one colour, from its four line shapes. */
typedef enum {
    CLS_NONE = 0,
    CLS_DEAD,              /* only dead shapes */
    CLS_TWO,               /* 眠二 */
    CLS_OPEN_TWO,          /* 活二 */
    CLS_OPEN_TWO_TWO,      /* 活二眠二 */
    CLS_THREE,             /* 眠三 */
    CLS_DOUBLE_TWO,        /* 双活二 */
    CLS_OPEN_THREE,        /* 活三 */
    CLS_FOUR,              /* 冲四 (a four and no open three) */
    CLS_OPEN_THREE_THREE,  /* 活三眠三 */
    CLS_DOUBLE_THREE,      /* 双活三 */
    CLS_FOUR_THREE,        /* 冲四活三 */
    CLS_DOUBLE_FOUR,       /* 双冲四 (two lines, or one line holding two) */
    CLS_OPEN_FOUR,         /* 活四 */
    CLS_FIVE,              /* 成五 */
    CLS_OVERLINE,          /* overline that wins nothing, and nothing better */
    CLS_NB
} ShapeClass;

#define WINDOW_INDEXES (1 << 20) /* 4^10 window indexes */

const char *shape_name(Shape s);            /* "open-three" ... */
const char *class_name(ShapeClass c);       /* "four-three" ... */

/* What colour c makes by playing empty point p: the shape along direction d
 * (0 horizontal, 1 vertical, 2 diagonal, 3 anti-diagonal) and the combined
 * class of the four lines. Line-level facts: renju's forbidden points and
 * false threes are the business of board_forbidden / board_point_makes. */
Shape board_point_shape(const Board *b, Move p, Color c, int d);
ShapeClass board_point_class(const Board *b, Move p, Color c);
/* Explains colour c's shape at empty p along d: writes the line as the
 * catalogue sees it (11 chars of '0' empty, '1' own, '2' other or edge, the
 * point in the middle) and points *pattern at the name of the catalogue
 * pattern that named the shape (NULL if none). Slow path, for --explain. */
Shape board_point_explain(const Board *b, Move p, Color c, int d, char line[12],
                          const char **pattern);
/* Empty points where colour c's class is cls. */
int board_class_count(const Board *b, Color c, ShapeClass cls);

/* ---- shape sets ---------------------------------------------------------- */

/* Shape tables: the built-in ones (compiled from lib/shapes.txt at build
 * time) or ones compiled at run time from a user catalogue. */
typedef struct ShapeSet ShapeSet;

/* Where a shape catalogue failed: line, 1-based byte offset in the pattern
 * (0 if not a pattern error) and the reason (PCRE2's message for patterns). */
typedef struct {
    int line;
    int offset;
    char msg[200];
} CatalogError;

/* The built-in catalogue with user_text (same format as lib/shapes.txt)
 * merged in: lines with a known (name, scope) replace it, others are added.
 * NULL on failure, with *st and err set. Takes about a second (PCRE2 over
 * every window). */
ShapeSet *shapeset_compile(const char *user_text, size_t len, CatalogError *err, GmkStatus *st);
void shapeset_free(ShapeSet *s);
/* Uses set (NULL: the built-in one) on b from now on; b keeps its stones. The
 * set must outlive b's use of it. */
GmkStatus board_set_shapes(Board *b, const ShapeSet *set);

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

/* ---- the seed's point valuation (eval.c) -------------------------------- */

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
/* The centre table value of p on a board of the given size. */
int eval_centre(int size, Move p);

#endif /* GMK_PUBLIC_SHAPES_H */
