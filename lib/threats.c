/*
 * threats.c — what a move makes: per point and colour, the threat kinds of
 * INTERFACE.md (five, four, open four, open three, three), with the renju
 * rules applied (a forbidden point makes nothing for black but a five; a
 * black open three must be real).
 */
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

const char *threat_name(ThreatKind k) {
    static const char *const names[THREAT_NB] = {"five", "four", "open_four", "open_three", "three"};
    return k >= 0 && k < THREAT_NB ? names[k] : "?";
}
