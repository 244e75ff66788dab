/*
 * gmk_shapes.h — part of libgmk's public header (gmk.h includes every part):
 * shapes per line and point, and shape sets (the tables the board keeps its
 * shape state with). What the shapes mean under the rules is gmk_threats.h.
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

/* Shape tables: the built-in ones (compiled from lib/board/shapes.txt at build
 * time) or ones compiled at run time from a user catalogue. */
typedef struct ShapeSet ShapeSet;

/* Where a shape catalogue failed: line, 1-based byte offset in the pattern
 * (0 if not a pattern error) and the reason (PCRE2's message for patterns). */
typedef struct {
    int line;
    int offset;
    char msg[200];
} CatalogError;

/* The built-in catalogue with user_text (same format as lib/board/shapes.txt)
 * merged in: lines with a known (name, scope) replace it, others are added.
 * NULL on failure, with *st and err set. Takes about a second (PCRE2 over
 * every window). */
ShapeSet *shapeset_compile(const char *user_text, size_t len, CatalogError *err, GmkStatus *st);
void shapeset_free(ShapeSet *s);
/* Uses set (NULL: the built-in one) on b from now on; b keeps its stones. The
 * set must outlive b's use of it. */
GmkStatus board_set_shapes(Board *b, const ShapeSet *set);

#endif /* GMK_PUBLIC_SHAPES_H */
