/*
 * shape_build.c — the derived shape tables: the combined-class table (the
 * four shape codes of a point -> CLS_*) and the pair tables (a window index
 * -> both colours' shape codes). The built-in ones are made at build time by
 * lib/board/gen/shapegen.c with these same functions and linked in as constant
 * data (no process builds them); user shape sets (shapeset_compile) build
 * their pair tables at run time, and the tests check the built-in ones
 * against them.
 */
#include "shapes.h"

const uint16_t POW3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};

ShapeClass class_of(uint16_t shape4) {
    int n[SHAPE_NB + 5] = {0};
    for (int d = 0; d < DIR_NB; d++) n[(shape4 >> (4 * d)) & 15]++;
    int fours = n[SHAPE_FOUR] + n[SHAPE_OPEN_FOUR] + 2 * n[SHAPE_FOUR_FOUR];
    int open3 = n[SHAPE_OPEN_THREE], three = n[SHAPE_THREE];
    int open2 = n[SHAPE_OPEN_TWO], two = n[SHAPE_TWO];
    if (n[SHAPE_FIVE]) return CLS_FIVE;
    if (n[SHAPE_OPEN_FOUR]) return CLS_OPEN_FOUR;
    if (fours >= 2) return CLS_DOUBLE_FOUR;
    if (fours == 1 && open3) return CLS_FOUR_THREE;
    if (open3 >= 2) return CLS_DOUBLE_THREE;
    if (open3 == 1 && three) return CLS_OPEN_THREE_THREE;
    if (fours == 1) return CLS_FOUR;
    if (open3 == 1) return CLS_OPEN_THREE;
    if (open2 >= 2) return CLS_DOUBLE_TWO;
    if (three) return CLS_THREE;
    /* an overline that wins nothing outranks twos: in renju it is black's
     * forbidden point, and threat scans rely on seeing it */
    if (n[SHAPE_OVERLINE]) return CLS_OVERLINE;
    if (open2 == 1 && two) return CLS_OPEN_TWO_TWO;
    if (open2 == 1) return CLS_OPEN_TWO;
    if (two) return CLS_TWO;
    if (n[SHAPE_DEAD]) return CLS_DEAD;
    return CLS_NONE;
}

void shapes_pair_build(uint8_t *out, const uint8_t *black_table, const uint8_t *white_table) {
    /* ternary keys of the two halves (5 cells each) of a window index */
    static const uint8_t trit_b[4] = {0, 1, 2, 2}, trit_w[4] = {0, 2, 1, 2};
    uint16_t lo_b[1024], hi_b[1024], lo_w[1024], hi_w[1024];
    for (unsigned h = 0; h < 1024; h++) {
        unsigned lb = 0, hb = 0, lw = 0, hw = 0;
        for (int k = 0; k < 5; k++) {
            unsigned code = (h >> (2 * k)) & 3;
            lb += trit_b[code] * POW3[k];
            hb += trit_b[code] * POW3[k + 5];
            lw += trit_w[code] * POW3[k];
            hw += trit_w[code] * POW3[k + 5];
        }
        lo_b[h] = (uint16_t)lb, hi_b[h] = (uint16_t)hb, lo_w[h] = (uint16_t)lw, hi_w[h] = (uint16_t)hw;
    }
    for (unsigned i = 0; i < WINDOW_INDEXES; i++) {
        unsigned lo = i & 1023, hi = i >> 10;
        out[i] = (uint8_t)(black_table[lo_b[lo] + hi_b[hi]] | white_table[lo_w[lo] + hi_w[hi]] << 4);
    }
}
