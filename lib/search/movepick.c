/*
 * movepick.c — move generation for the search: candidates from the
 * neighbourhood of the stones, narrowed to forced replies under threat, and
 * scored by threat class for ordering.
 *
 * Candidates (the seeds' search-range narrowing): the empty points within
 * two steps (a 5x5 square) of any stone, found with the per-row stone masks
 * of the board (dilate each row by two bits, or five rows together). Every
 * point where a side can make a three, a four or a five lies within two steps
 * of that side's stones, so no threat is ever left out.
 *
 * Narrowing by the opponent's threats (unless switched off):
 *  - a five point: the only move is to block it (none if it is forbidden
 *    for black in renju: the node is lost);
 *  - an open-four point (the opponent has an open three): own moves that
 *    make a four or better, and points where the opponent would make a four
 *    or better along some line: every defence of a three lies among those;
 *  - a four-three or double-four point (and no open three): own fours, and
 *    points where the opponent would make an open three or better along
 *    some line (the defences of both lines of the threat).
 * In renju a black threat point that is forbidden is no threat.
 *
 * Ordering score of a point p for the side to move us:
 *   ATTACK[class of us at p] + DEFENCE[class of them at p]
 *   + small per-line terms (what each of the eight line shapes adds, one
 *     table lookup a direction by the pair byte),
 * so a win comes before blocking a five, before an own open four, before a
 * four-three, before blocking the opponent's, and so on down to twos. In
 * renju white gets no defence score at a point forbidden for black: no black
 * threat to block there, and black can never fill it. The search adds the
 * TT move, killers and history on top.
 */
#include "movepick.h"

#include <assert.h>

static const int ATTACK[CLS_NB] = {
    [CLS_FIVE] = 1 << 22,         [CLS_OPEN_FOUR] = 60000,  [CLS_DOUBLE_FOUR] = 50000,
    [CLS_FOUR_THREE] = 40000,     [CLS_DOUBLE_THREE] = 8000, [CLS_OPEN_THREE_THREE] = 2500,
    [CLS_OPEN_THREE] = 1800,      [CLS_FOUR] = 1000,        [CLS_DOUBLE_TWO] = 600,
    [CLS_THREE] = 300,            [CLS_OPEN_TWO_TWO] = 250, [CLS_OPEN_TWO] = 150,
    [CLS_TWO] = 40,
};
static const int DEFENCE[CLS_NB] = {
    [CLS_FIVE] = 1 << 21,         [CLS_OPEN_FOUR] = 20000,  [CLS_DOUBLE_FOUR] = 18000,
    [CLS_FOUR_THREE] = 15000,     [CLS_DOUBLE_THREE] = 4000, [CLS_OPEN_THREE_THREE] = 1200,
    [CLS_OPEN_THREE] = 900,       [CLS_FOUR] = 500,         [CLS_DOUBLE_TWO] = 300,
    [CLS_THREE] = 150,            [CLS_OPEN_TWO_TWO] = 120, [CLS_OPEN_TWO] = 70,
    [CLS_TWO] = 20,
};
/* per line shape (SHAPE_*), own and opponent's */
#define LINE_ATTACK(s) \
    ((s) == 2 ? 4 : (s) == 3 ? 10 : (s) == 4 ? 12 : (s) == 5 ? 30 : (s) == 6 ? 40 : (s) == 7 ? 60 : (s) == 8 ? 80 : 0)
#define LINE_DEFENCE(s) \
    ((s) == 2 ? 3 : (s) == 3 ? 7 : (s) == 4 ? 8 : (s) == 5 ? 20 : (s) == 6 ? 30 : (s) == 7 ? 40 : (s) == 8 ? 50 : 0)
/* both terms of one direction by its pair byte p (black's shape | white's
 * << 4) for the side to move c: one load a direction */
#define LS(c, p) (LINE_ATTACK(((p) >> (4 * (c))) & 15) + LINE_DEFENCE(((p) >> (4 - 4 * (c))) & 15))
#define LS4(c, p) LS(c, p), LS(c, (p) + 1), LS(c, (p) + 2), LS(c, (p) + 3)
#define LS16(c, p) LS4(c, p), LS4(c, (p) + 4), LS4(c, (p) + 8), LS4(c, (p) + 12)
#define LS64(c, p) LS16(c, p), LS16(c, (p) + 16), LS16(c, (p) + 32), LS16(c, (p) + 48)
#define LS256(c) {LS64(c, 0), LS64(c, 64), LS64(c, 128), LS64(c, 192)}
static const int16_t LINE_SCORE[COLOR_NB][256] = {LS256(0), LS256(1)};

/* Does colour c make a line shape of lo or more at p along some direction
 * (an overline not counted)? The four shape codes (0..SHAPE_OVERLINE) at
 * once, a byte each: adding 128 - t sets a byte's top bit when its code is
 * t or more. */
static inline bool shape_at_least(const PointShape *ps, Color c, unsigned lo) {
    uint32_t x;
    __builtin_memcpy(&x, ps->pair, 4);
    x = (x >> (4 * c)) & 0x0F0F0F0Fu;
    uint32_t ge_lo = x + (0x80u - lo) * 0x01010101u, ge_over = x + (0x80u - SHAPE_OVERLINE) * 0x01010101u;
    return (ge_lo & ~ge_over & 0x80808080u) != 0;
}

/* Is the opponent's (colour them's) class cls at p a real threat? Only a
 * black point in renju can fail to be one (forbidden). */
static inline bool threat_real(Board *b, Move p, Color them) {
    return them != COLOR_BLACK || b->rule != RULE_RENJU || board_forbidden(b, p) == FORBID_NONE;
}

/* Empty points of row y within two lines of a stone (occ: the stones of
 * each row, zero outside the board). */
static inline uint32_t near_row(const uint32_t *occ, int y, uint32_t onboard) {
    uint32_t h = occ[y - 2] | occ[y - 1] | occ[y] | occ[y + 1] | occ[y + 2];
    h |= h << 1 | h << 2 | h >> 1 | h >> 2;
    return h & onboard & ~occ[y];
}

/* Candidates of the side to move, narrowed and scored (see the top of the file). */
int movegen(Board *b, GenMode mode, bool nonarrow, ScoredMove *list, GenInfo *info) {
    Color us = board_side(b), them = (Color)(us ^ 1);
    bool black_renju = us == COLOR_BLACK && b->rule == RULE_RENJU;
    bool white_renju = us == COLOR_WHITE && b->rule == RULE_RENJU;
    const int16_t *line_score = LINE_SCORE[us];
    const int *ct = b->clscount[them];
    int want = THREAT_LVL_NONE;
    if (ct[CLS_FIVE]) want = THREAT_LVL_FIVE;
    else if (!nonarrow && ct[CLS_OPEN_FOUR]) want = THREAT_LVL_THREE;
    else if (!nonarrow && (ct[CLS_FOUR_THREE] || ct[CLS_DOUBLE_FOUR])) want = THREAT_LVL_WIN2;
    info->threat = THREAT_LVL_NONE;

    if (b->stones[0] + b->stones[1] == 0) {
        if (mode == GEN_FOURS) return 0;
        int c = b->size / 2;
        list[0].move = point_make(c, c);
        list[0].score = 0;
        return 1;
    }

    /* rows holding stones, then their 5x5 neighbourhood row by row */
    uint32_t occ[BOARD_STRIDE] = {0};
    int ylo = BOARD_STRIDE, yhi = -1;
    for (int y = BOARD_PAD; y < BOARD_PAD + b->size; y++) {
        occ[y] = b->rows[0][y] | b->rows[1][y];
        if (occ[y]) {
            if (y < ylo) ylo = y;
            yhi = y;
        }
    }
    int ystart = ylo - 2 < BOARD_PAD ? BOARD_PAD : ylo - 2;
    int yend = yhi + 2 > BOARD_PAD + b->size - 1 ? BOARD_PAD + b->size - 1 : yhi + 2;
    uint32_t onboard = ((1u << b->size) - 1) << BOARD_PAD;

    /* threat points of the opponent, checked against the renju rule */
    int real_lvl = THREAT_LVL_NONE;
    int n = 0;
    for (int y = ystart; y <= yend; y++) {
        uint32_t h = near_row(occ, y, onboard);
        while (h) {
            int x = __builtin_ctz(h);
            h &= h - 1;
            Move p = (Move)(y * BOARD_STRIDE + x);
            const PointShape *ps = &b->ps[p];
            int cu = ps->cls[us], cth = ps->cls[them];
            if (want != THREAT_LVL_NONE) {
                int lvl = cth == CLS_FIVE                                 ? THREAT_LVL_FIVE
                          : cth == CLS_OPEN_FOUR                          ? THREAT_LVL_THREE
                          : cth == CLS_FOUR_THREE || cth == CLS_DOUBLE_FOUR ? THREAT_LVL_WIN2
                                                                          : THREAT_LVL_NONE;
                if (lvl > real_lvl && threat_real(b, p, them)) real_lvl = lvl;
            }
            if (mode == GEN_FOURS && !cls_is_four(cu) && cth != CLS_FIVE) continue;
            /* a five to block (a five point is always a real threat and lies
             * among these points, so the level found is THREAT_LVL_FIVE):
             * only the blocks, and an own five, are kept, here rather than
             * in the narrowing below */
            if (want == THREAT_LVL_FIVE && cth != CLS_FIVE && cu != CLS_FIVE) continue;
            if (black_renju && move_forbidden(b, p)) continue;
            /* white in renju: a point forbidden for black is no black
             * threat to block, and better left empty (black can never
             * fill it: a hole in black's lines, white's resource) */
            int def = white_renju && cth >= CLS_DOUBLE_THREE && cth != CLS_FIVE && move_forbidden(b, p)
                          ? 0
                          : DEFENCE[cth];
            int s = ATTACK[cu] + def;
            s += line_score[ps->pair[0]] + line_score[ps->pair[1]] + line_score[ps->pair[2]] +
                 line_score[ps->pair[3]];
            list[n].move = p;
            list[n].score = s;
            n++;
        }
    }

    /* narrowing */
    int lvl = real_lvl;
    assert(want != THREAT_LVL_FIVE || lvl == THREAT_LVL_FIVE); /* the blocks were kept above */
    info->threat = lvl;
    if ((lvl == THREAT_LVL_NONE && mode == GEN_ALL) || lvl == THREAT_LVL_FIVE) return n;
    int k = 0;
    for (int i = 0; i < n; i++) {
        const PointShape *ps = &b->ps[list[i].move];
        int cu = ps->cls[us];
        bool four = cls_is_four(cu);
        bool keep;
        switch (lvl) {
        case THREAT_LVL_THREE: keep = four || shape_at_least(ps, them, SHAPE_FOUR); break;
        case THREAT_LVL_WIN2: keep = four || shape_at_least(ps, them, SHAPE_OPEN_THREE); break;
        default: keep = mode != GEN_FOURS || four; break;
        }
        if (!keep) continue;
        list[k++] = list[i];
    }
    return k;
}

/* First point of class cls for colour c near the stones. */
Move movegen_find(const Board *b, Color c, int cls) {
    uint32_t occ[BOARD_STRIDE] = {0};
    for (int y = BOARD_PAD; y < BOARD_PAD + b->size; y++) occ[y] = b->rows[0][y] | b->rows[1][y];
    uint32_t onboard = ((1u << b->size) - 1) << BOARD_PAD;
    for (int y = BOARD_PAD; y < BOARD_PAD + b->size; y++) {
        uint32_t h = near_row(occ, y, onboard);
        while (h) {
            int x = __builtin_ctz(h);
            h &= h - 1;
            Move p = (Move)(y * BOARD_STRIDE + x);
            if (b->ps[p].cls[c] == cls) return p;
        }
    }
    return MOVE_NONE;
}
