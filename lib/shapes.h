/*
 * shapes.h — line shapes and combined threat classes, kept incrementally.
 *
 * Encoding. For a point p, a direction d and a colour c, the 10 cells at
 * offsets -5..-1 and +1..+5 along d form a window; each cell is a trit
 * (0 empty, 1 c's stone, 2 the other colour or a wall) and the window key is
 * sum(trit_k * 3^k), k = 0..9 for offsets -5..-1, +1..+5: below 3^10 = 59049,
 * so it fits a uint16_t. Playing a stone adds 1 * 3^k to its own colour's key
 * and 2 * 3^k to the other's at each of the 40 points whose window it enters,
 * and taking it back subtracts the same: make and unmake are additions.
 *
 * A table per line rule (exact five or five-or-more), generated at build time
 * from the PCRE2 catalogue lib/shapes.txt, maps a key to the shape code the
 * point makes there (SHAPE_*) and the catalogue pattern that named it. The
 * four codes of a point (4 bits each) index a 64 K table of combined classes
 * (CLS_*).
 */
#ifndef GMK_SHAPES_H
#define GMK_SHAPES_H

#include "board.h"

#define WINDOW_KEYS 59049   /* 3^10 */
#define LINE_RULES 2        /* 0: five or more wins, 1: exactly five */

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

/* A set of shape tables: the built-in one, or one compiled from a user file. */
typedef struct ShapeSet {
    const uint8_t *table[LINE_RULES];   /* key -> SHAPE_* */
    const uint8_t *pattern[LINE_RULES]; /* key -> index of the naming pattern, 255 none */
    int pattern_count;                  /* patterns in the catalogue */
    const char *const *pattern_name;    /* per pattern */
    const int *pattern_score;           /* per pattern: evaluation score */
    const uint8_t *pattern_shape;       /* per pattern: SHAPE_* */
    int combo_score[CLS_NB];            /* seed valuation per combined class */
} ShapeSet;

extern uint8_t CLASS_TABLE[1 << 16];        /* shape4 -> CLS_* (written once by gmk_init) */
extern const uint16_t POW3[10];
extern const ShapeSet SHAPES_BUILTIN;

const char *shape_name(Shape s);            /* "open-three" ... */
const char *class_name(ShapeClass c);       /* "four-three" ... */
int shape_parse(const char *s);             /* name -> SHAPE_*, -1 unknown */
int class_parse(const char *s);             /* name -> CLS_*, -1 unknown */
ShapeClass class_of(uint16_t shape4);       /* from the 4 codes (slow, for the table) */
void shapes_class_table_init(void);         /* fills CLASS_TABLE; gmk_init calls it */

/* Window index k of offset o (-5..-1, 1..5). */
static inline int window_index(int o) { return o < 0 ? o + 5 : o + 4; }

/* The shape code colour c makes at p along direction d. */
static inline Shape point_shape(const Board *b, Move p, Color c, int d) {
    return (Shape)((b->ps[p][c].shape4 >> (4 * d)) & 15);
}
static inline ShapeClass point_class(const Board *b, Move p, Color c) {
    return (ShapeClass)b->ps[p][c].cls;
}

/* Board hooks (board.c). */
void shapes_board_init(Board *b);                 /* from the cells, from scratch */
void shapes_update(Board *b, Move p, Color c, int sign); /* stone c at p added (1) / removed (-1) */
bool shapes_board_ok(const Board *b);             /* recomputed from scratch matches */
bool shapes_wins_at(const Board *b, Move p, Color c); /* c playing p makes a win */

#endif /* GMK_SHAPES_H */
