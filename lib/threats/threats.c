/*
 * threats.c — what a move makes: per point and colour, the threat kinds of
 * INTERFACE.md (five, four, open four, open three, three), with the renju
 * rules applied (a forbidden point makes nothing for black but a five; a
 * black open three must be real).
 */
#include <string.h>

#include "forbidden.h"

/* Does colour c playing p make a threat of kind k? p empty. */
bool board_point_makes(Board *b, Move p, Color c, ThreatKind k) {
    bool renju_black = c == COLOR_BLACK && b->rule == RULE_RENJU;
    bool any = false;
    for (int d = 0; d < DIR_NB && !any; d++) {
        Shape s = point_shape(b, p, c, d);
        switch (k) {
        case THREAT_FIVE: any = s == SHAPE_FIVE; break;
        case THREAT_OPEN_FOUR: any = s == SHAPE_OPEN_FOUR; break;
        case THREAT_FOUR: any = s == SHAPE_FOUR || s == SHAPE_FOUR_FOUR; break;
        case THREAT_OPEN_THREE: any = s == SHAPE_OPEN_THREE; break;
        case THREAT_THREE: any = s == SHAPE_THREE || (renju_black && s == SHAPE_OPEN_THREE); break;
        default: break;
        }
    }
    if (!any || k == THREAT_FIVE || !renju_black) return any;
    if (board_forbidden(b, p) != FORBID_NONE) return false;
    if (k != THREAT_OPEN_THREE && k != THREAT_THREE) return true;
    /* renju black: a three counts at the level its fours allow */
    int want = k == THREAT_OPEN_THREE ? 2 : 1;
    for (int d = 0; d < DIR_NB; d++)
        if (forbidden_three_level(b, p, d) == want) return true;
    return false;
}

int board_threat_points(Board *b, Color c, ThreatKind k, Move *out) {
    int n = 0;
    if (b->light) return 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] == CELL_EMPTY && board_point_makes(b, p, c, k)) out[n++] = p;
        }
    return n;
}

/* The threat kinds one line shape gives, as bits (1 << THREAT_*). */
static const uint8_t SHAPE_THREATS[16] = {
    [SHAPE_FIVE] = 1 << THREAT_FIVE,
    [SHAPE_OPEN_FOUR] = 1 << THREAT_OPEN_FOUR,
    [SHAPE_FOUR] = 1 << THREAT_FOUR,
    [SHAPE_FOUR_FOUR] = 1 << THREAT_FOUR,
    [SHAPE_OPEN_THREE] = 1 << THREAT_OPEN_THREE,
    [SHAPE_THREE] = 1 << THREAT_THREE,
};

#define NO_THREAT_CLASSES                                                                   \
    (1u << CLS_NONE | 1u << CLS_DEAD | 1u << CLS_TWO | 1u << CLS_OPEN_TWO | 1u << CLS_OPEN_TWO_TWO)

void board_threats(Board *b, ThreatReport *r) {
    memset(r->n, 0, sizeof r->n);
    r->nforbidden = 0;
    if (b->light) return;
    bool renju = b->rule == RULE_RENJU;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            /* classes below a closed three hold no threat and no overline
             * (a double two may hide a three) */
            if (!(((1u << b->ps[p].cls[0]) | (1u << b->ps[p].cls[1])) & ~NO_THREAT_CLASSES)) continue;
            const uint8_t *pair = b->ps[p].pair;
            unsigned m[COLOR_NB] = {0, 0};
            for (int d = 0; d < DIR_NB; d++) {
                m[0] |= SHAPE_THREATS[pair[d] & 15];
                m[1] |= SHAPE_THREATS[pair[d] >> 4];
            }
            if (renju) {
                /* black: forbidden points make nothing but five; threes are
                 * worth what their fours allow */
                bool over = false;
                for (int d = 0; d < DIR_NB; d++) over |= (pair[d] & 15) == SHAPE_OVERLINE;
                ShapeClass c = point_class(b, p, COLOR_BLACK);
                bool may = over || c == CLS_DOUBLE_FOUR || c == CLS_DOUBLE_THREE ||
                           c == CLS_FOUR_THREE || c == CLS_OPEN_FOUR;
                if (may && board_forbidden(b, p) != FORBID_NONE) {
                    r->forbidden[r->nforbidden++] = p;
                    m[0] &= 1u << THREAT_FIVE;
                } else if (m[0] & (1u << THREAT_OPEN_THREE | 1u << THREAT_THREE)) {
                    m[0] &= ~(1u << THREAT_OPEN_THREE | 1u << THREAT_THREE);
                    bool has_open = false, has_closed = false;
                    for (int d = 0; d < DIR_NB; d++) {
                        int level = forbidden_three_level(b, p, d);
                        has_open |= level == 2;
                        has_closed |= level == 1;
                    }
                    if (has_open) m[0] |= 1u << THREAT_OPEN_THREE;
                    if (has_closed) m[0] |= 1u << THREAT_THREE;
                }
            }
            for (int c = 0; c < COLOR_NB; c++)
                for (unsigned bits = m[c]; bits; bits &= bits - 1) {
                    int k = __builtin_ctz(bits);
                    r->pts[c][k][r->n[c][k]++] = p;
                }
        }
}

const char *threat_name(ThreatKind k) {
    static const char *const names[THREAT_NB] = {"five", "four", "open_four", "open_three", "three"};
    return k >= 0 && k < THREAT_NB ? names[k] : "?";
}
