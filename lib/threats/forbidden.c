/*
 * forbidden.c — renju forbidden points for black (RIF rules).
 *
 * A black move is forbidden when it makes an overline, two or more fours
 * (two on one line included), or two or more open threes, unless it makes
 * exactly five, which always wins. A three counts only if it is real: some
 * move that turns it into a straight four must itself not be forbidden in
 * the position after the three is made. That test recurses, and it is why
 * this module puts stones on the board for a moment (board_place) and takes
 * them back: every function leaves the board as it found it.
 *
 * The line-level facts come from the shape tables: the exact-five table
 * already knows overlines, fours, straight fours and threes along one line;
 * the straight-four points of a three are found by adding a black stone to
 * the point's window index and asking the pair table again.
 */
#include "forbidden.h"

/* Deeper than any real position needs; beyond it a three is taken as real. */
#define FORBID_DEPTH_MAX 12

static Forbid forbid_at(Board *b, Move p, int depth);

/* Would a black stone on e be surely allowed once black also has p (both on
 * line d, p within 4 of e, p maybe not placed yet)? e's other lines do not
 * pass through p, so their shapes are the same either way: with no overline,
 * no four and at most one open three there, and a single four on d as e
 * sees it (its own window, which reaches further than p's), the move is a
 * plain four (or four-three). */
static bool four_point_benign(const Board *b, Move e, int d, Move p) {
    int off = (p - e) / DIR_STEP[d];
    unsigned key = window_of(b, d, e) | 1u << (2 * window_index(off));
    unsigned sd = b->pair[key] & 15;
    if (sd == SHAPE_FIVE) return true;
    if (sd != SHAPE_FOUR && sd != SHAPE_OPEN_FOUR) return false;
    int fours = 0, threes = 0;
    for (int dd = 0; dd < DIR_NB; dd++) {
        if (dd == d) continue;
        switch (point_shape(b, e, COLOR_BLACK, dd)) {
        case SHAPE_FIVE: return true;
        case SHAPE_OVERLINE: return false;
        case SHAPE_FOUR:
        case SHAPE_OPEN_FOUR:
        case SHAPE_FOUR_FOUR: fours++; break;
        case SHAPE_OPEN_THREE: threes++; break;
        default: break;
        }
    }
    return fours == 0 && threes <= 1;
}

/* Is colour black's open three through p along d (p already placed) real?
 * key is p's window index in direction d from before p was placed. */
static bool three_is_real(Board *b, Move p, int d, unsigned key, int depth) {
    int step = DIR_STEP[d];
    for (int off = -4; off <= 4; off++) {
        if (!off) continue;
        int k = window_index(off);
        if ((key >> (2 * k)) & 3) continue; /* not empty */
        unsigned with = key | 1u << (2 * k); /* a black stone at e */
        if ((b->pair[with] & 15) != SHAPE_OPEN_FOUR) continue;
        Move e = (Move)(p + off * step);
        if (depth >= FORBID_DEPTH_MAX || four_point_benign(b, e, d, p) ||
            forbid_at(b, e, depth + 1) == FORBID_NONE)
            return true;
    }
    return false;
}

static Forbid forbid_at(Board *b, Move p, int depth) {
    int fours = 0, threes = 0;
    for (int d = 0; d < DIR_NB; d++) {
        switch (point_shape(b, p, COLOR_BLACK, d)) {
        case SHAPE_FIVE: return FORBID_NONE;
        case SHAPE_OVERLINE: fours += 100; break;
        case SHAPE_OPEN_FOUR:
        case SHAPE_FOUR: fours++; break;
        case SHAPE_FOUR_FOUR: fours += 2; break;
        case SHAPE_OPEN_THREE: threes++; break;
        default: break;
        }
    }
    /* a five in another direction was handled above: it wins */
    if (fours >= 100) return FORBID_OVERLINE;
    if (fours >= 2) return FORBID_DOUBLE_FOUR;
    if (threes < 2) return FORBID_NONE;
    unsigned keys[DIR_NB];
    for (int d = 0; d < DIR_NB; d++) keys[d] = window_of(b, d, p);
    ShapeUndo u;
    board_place(b, p, COLOR_BLACK, &u);
    int real = 0;
    for (int d = 0; d < DIR_NB && real < 2; d++)
        if ((b->pair[keys[d]] & 15) == SHAPE_OPEN_THREE && three_is_real(b, p, d, keys[d], depth))
            real++;
    board_unplace(b, p, COLOR_BLACK, &u);
    return real >= 2 ? FORBID_DOUBLE_THREE : FORBID_NONE;
}

Forbid board_forbidden(Board *b, Move p) {
    if (b->rule != RULE_RENJU || b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY)
        return FORBID_NONE;
    /* Quick exit: only points with two threats or an overline can be forbidden. */
    ShapeClass c = point_class(b, p, COLOR_BLACK);
    if (c != CLS_DOUBLE_FOUR && c != CLS_DOUBLE_THREE && c != CLS_OVERLINE &&
        c != CLS_FOUR_THREE && c != CLS_OPEN_FOUR) {
        /* overline together with other shapes hides behind a stronger class */
        if (!black_overline_at(b, p)) return FORBID_NONE;
    }
    return forbid_at(b, p, 0);
}

/* Can black, with p placed, turn its line through p along d into a four
 * (any four, straight included) with a move that is not forbidden? */
static bool four_is_reachable(Board *b, Move p, int d, unsigned key) {
    int step = DIR_STEP[d];
    for (int off = -4; off <= 4; off++) {
        if (!off) continue;
        int k = window_index(off);
        if ((key >> (2 * k)) & 3) continue;
        unsigned s = b->pair[key | 1u << (2 * k)] & 15;
        if (s != SHAPE_FOUR && s != SHAPE_FOUR_FOUR && s != SHAPE_OPEN_FOUR) continue;
        Move e = (Move)(p + off * step);
        if (four_point_benign(b, e, d, p) || forbid_at(b, e, 1) == FORBID_NONE) return true;
    }
    return false;
}

/* The best level (2 straight four, 1 four) reachable through a four point
 * that is surely allowed, found without placing p; 0 if none. */
static int benign_level(const Board *b, Move p, int d, unsigned key) {
    int level = 0;
    for (int off = -4; off <= 4 && level < 2; off++) {
        if (!off) continue;
        int k = window_index(off);
        if ((key >> (2 * k)) & 3) continue;
        unsigned s = b->pair[key | 1u << (2 * k)] & 15;
        int l = s == SHAPE_OPEN_FOUR ? 2 : s == SHAPE_FOUR || s == SHAPE_FOUR_FOUR ? 1 : 0;
        if (l > level && four_point_benign(b, (Move)(p + off * DIR_STEP[d]), d, p)) level = l;
    }
    return level;
}

int forbidden_three_level(Board *b, Move p, int d) {
    Shape s = point_shape(b, p, COLOR_BLACK, d);
    if (s != SHAPE_OPEN_THREE && s != SHAPE_THREE) return 0;
    if (b->rule != RULE_RENJU) return s == SHAPE_OPEN_THREE ? 2 : 1;
    unsigned key = window_of(b, d, p);
    int quick = benign_level(b, p, d, key);
    if (quick == 2 || (quick == 1 && s == SHAPE_THREE)) return quick;
    ShapeUndo u;
    board_place(b, p, COLOR_BLACK, &u);
    int level = s == SHAPE_OPEN_THREE && three_is_real(b, p, d, key, 0) ? 2
                : four_is_reachable(b, p, d, key)                      ? 1
                                                                       : 0;
    board_unplace(b, p, COLOR_BLACK, &u);
    return level;
}

int board_forbidden_points(Board *b, Move *out) {
    int n = 0;
    if (b->rule != RULE_RENJU || b->light) return 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] == CELL_EMPTY && board_forbidden(b, p) != FORBID_NONE) out[n++] = p;
        }
    return n;
}

const char *forbid_name(Forbid f) {
    static const char *const names[] = {"none", "overline", "double-four", "double-three"};
    return f >= FORBID_NONE && f <= FORBID_DOUBLE_THREE ? names[f] : "?";
}
