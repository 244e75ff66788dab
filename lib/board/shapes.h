/*
 * shapes.h — line shapes and combined threat classes, kept incrementally.
 *
 * Encoding. For a point p, a direction d and a colour c, the 10 cells at
 * offsets -5..-1 and +1..+5 along d form a window. Seen from colour c each
 * cell is a trit (0 empty, 1 c's stone, 2 the other colour or a wall); the
 * ternary key is sum(trit_k * 3^k), k = 0..9 for offsets -5..-1, +1..+5,
 * below 3^10 = 59049. A table per line rule (exact five or five-or-more),
 * generated at build time from the PCRE2 catalogue lib/board/shapes.txt, maps a
 * ternary key to the shape code the point makes there (SHAPE_*) and to the
 * catalogue pattern that named it.
 *
 * The board keeps every line as a 64-bit word of 2-bit cells (board.h), so
 * the window of a point is a shift and two masks away: its 20-bit window
 * index holds cell k's code (CELL_*) at bits 2k. A "pair table" per rule
 * (1 MB, made from the two ternary tables by shapes_pair_build) maps a window
 * index to both colours' shapes at once (black's code | white's code << 4).
 * A move changes one word per direction and refreshes the shapes of the (at
 * most 40) empty points whose windows it enters. The four codes of a point
 * (4 bits each) index a 64 K table of combined classes (CLS_*, class_of).
 * The built-in pair tables and the class table are generated at build time
 * too (lib/board/gen/shapegen.c with shape_build.c) and are constant data: a
 * process pages in only the parts it reads, and builds nothing.
 */
#ifndef GMK_SHAPES_H
#define GMK_SHAPES_H

#include "board.h"

#define WINDOW_KEYS 59049   /* 3^10 */
#define LINE_RULES 2        /* 0: five or more wins, 1: exactly five */

/* A set of shape tables: the built-in one, or one compiled from a user file. */
typedef struct ShapeSet {
    const uint8_t *table[LINE_RULES];   /* ternary key -> SHAPE_* */
    const uint8_t *pattern[LINE_RULES]; /* key -> index of the naming pattern, 255 none */
    int pattern_count;                  /* patterns in the catalogue */
    const char *const *pattern_name;    /* per pattern */
    const int *pattern_score;           /* per pattern: evaluation score */
    const uint8_t *pattern_shape;       /* per pattern: SHAPE_* */
    int combo_score[CLS_NB];            /* seed valuation per combined class */
    const uint8_t *pair[RULE_NB];       /* per rule: window index -> black | white << 4 */
} ShapeSet;

extern const uint8_t CLASS_TABLE[1 << 16];  /* shape4 -> CLS_* (generated: class_of) */
extern const uint16_t POW3[10];
extern const ShapeSet SHAPES_BUILTIN;

int shape_parse(const char *s);             /* name -> SHAPE_*, -1 unknown */
int class_parse(const char *s);             /* name -> CLS_*, -1 unknown */
ShapeClass class_of(uint16_t shape4);       /* from the 4 codes (slow, for the table) */

/* Window index k of offset o (-5..-1, 1..5). */
static inline int window_index(int o) { return o < 0 ? o + 5 : o + 4; }

/* How many empty points make a four or better for colour c (a four, a
 * four-three, a double four, an open four), from the class counts. */
static inline int four_points(const Board *b, Color c) {
    const int *n = b->clscount[c];
    return n[CLS_FOUR] + n[CLS_FOUR_THREE] + n[CLS_DOUBLE_FOUR] + n[CLS_OPEN_FOUR];
}

/* The shape code colour c makes at empty point p along direction d. */
static inline Shape point_shape(const Board *b, Move p, Color c, int d) {
    return (Shape)((b->ps[p].pair[d] >> (4 * c)) & 15);
}

/* Colour c's four shape codes packed 4 bits each (direction d at bits 4d),
 * the index of CLASS_TABLE, from a point's pair bytes. */
static inline unsigned word_shape4(uint32_t x, Color c) {
    x = (x >> (4 * c)) & 0x0F0F0F0Fu;
    x = (x | x >> 4) & 0x00FF00FFu;
    return (x | x >> 8) & 0xFFFFu;
}
/* Colour c's class from a point's pair bytes (as a word). The index packs
 * the four codes in the order of directions 0, 2, 1, 3 (one shift fewer
 * than word_shape4): a class is the same for any order of the directions
 * (test_classes). */
static inline ShapeClass word_class(uint32_t x, Color c) {
    x = (x >> (4 * c)) & 0x0F0F0F0Fu;
    return (ShapeClass)CLASS_TABLE[(x | x >> 12) & 0xFFFFu];
}
/* Word w with its byte i (0 = lowest) replaced by v (< 256). */
static inline uint32_t word_put_byte(uint32_t w, int i, unsigned v) {
    return (w & ~(0xFFu << (8 * i))) | v << (8 * i);
}
static inline unsigned pairs_shape4(const uint8_t pair[DIR_NB], Color c) {
    uint32_t x;
    __builtin_memcpy(&x, pair, 4);
    return word_shape4(x, c);
}
static inline unsigned point_shape4(const Board *b, Move p, Color c) {
    return pairs_shape4(b->ps[p].pair, c);
}
/* Does black make an overline at empty q along some line (the four shapes
 * at once)? */
static inline bool black_overline_at(const Board *b, Move q) {
    uint32_t w;
    __builtin_memcpy(&w, b->ps[q].pair, sizeof w);
    w = ((w >> (4 * COLOR_BLACK)) & 0x0F0F0F0Fu) ^ (SHAPE_OVERLINE * 0x01010101u); /* a zero byte: one */
    return ((w - 0x01010101u) & ~w & 0x80808080u) != 0;
}
static inline ShapeClass point_class(const Board *b, Move p, Color c) {
    return (ShapeClass)b->ps[p].cls[c];
}

/* The window index of point p in direction d (p on the board). */
static inline unsigned window_of(const Board *b, int d, Move p) {
    unsigned w = (unsigned)(b->line[d][line_id(d, p)] >> (2 * (line_pos(d, p) - LINE_HALF)));
    return (w & 0x3FFu) | ((w >> 2) & 0xFFC00u);
}

/* The pair table of a shape set for a rule. */
const uint8_t *shapes_pair_table(const ShapeSet *set, Rule rule);
/* Fills a pair table (WINDOW_INDEXES bytes) from the ternary tables of the
 * line rules black and white play under. */
void shapes_pair_build(uint8_t *out, const uint8_t *black_table, const uint8_t *white_table);

/* Ternary keys of p for both colours from the cells (slow, for checks). */
void shapes_point_keys(const Board *b, Move p, unsigned key[COLOR_NB][DIR_NB]);

/* Board hooks (board.c). */
bool shapes_board_init(Board *b);                 /* from the cells; false when out of memory */
/* Stone c now at p (cell already set): refresh the shapes around it, saving
 * what changes into u. */
void shapes_make(Board *b, Move p, Color c, ShapeUndo *u);
/* Values kept move by move: with tables line (per pair byte) and point
 * (per class byte, black's class | white's << 4), a point's value is
 * point[its class byte] + line[its pair byte] over the four directions, and
 * every move (shapes_make) records in u->val_delta how much the sum of the
 * values of the empty points changed (the move's point leaves the sum, the
 * points whose shapes it changed count anew). The tables stay the
 * caller's (static data); NULL switches it off (the default). */
void board_set_values(Board *b, const int64_t *line, const int64_t *point);
/* Stone c taken off p (cell already empty): restore the state saved in u. */
void shapes_unmake(Board *b, Move p, Color c, const ShapeUndo *u);
bool shapes_board_ok(const Board *b);             /* recomputed from scratch matches */
bool shapes_wins_at(const Board *b, Move p, Color c); /* c playing p makes a win */

/* Puts a stone of colour c on empty p (or takes it off) for a look ahead:
 * cells and shape state only, no history, keys or win. Must be undone in
 * reverse order before the board is used otherwise. */
static inline void board_place(Board *b, Move p, Color c, ShapeUndo *u) {
    b->cell[p] = (uint8_t)(c + 1);
    shapes_make(b, p, c, u);
}
static inline void board_unplace(Board *b, Move p, Color c, const ShapeUndo *u) {
    b->cell[p] = CELL_EMPTY;
    shapes_unmake(b, p, c, u);
}

#endif /* GMK_SHAPES_H */
