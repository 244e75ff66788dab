/* refrules.c — see refrules.h. Written for clarity, not speed. */
#include "refrules.h"

static const int DX[4] = {1, 0, 1, 1}, DY[4] = {0, 1, 1, -1};

void ref_from_board(RefGrid *g, const Board *b) {
    g->size = board_size(b);
    g->rule = board_rule(b);
    for (int y = 0; y < g->size; y++)
        for (int x = 0; x < g->size; x++) g->cell[y][x] = (unsigned char)board_cell(b, point_make(x, y));
}

static bool inside(const RefGrid *g, int x, int y) {
    return x >= 0 && y >= 0 && x < g->size && y < g->size;
}

static bool is(const RefGrid *g, int x, int y, int v) { return inside(g, x, y) && g->cell[y][x] == v; }

int ref_run(const RefGrid *g, int x, int y, int dx, int dy, Color c) {
    int n = 1;
    for (int k = 1; is(g, x + k * dx, y + k * dy, c + 1); k++) n++;
    for (int k = 1; is(g, x - k * dx, y - k * dy, c + 1); k++) n++;
    return n;
}

static bool exact(const RefGrid *g, Color c) {
    return g->rule == RULE_STANDARD || (g->rule == RULE_RENJU && c == COLOR_BLACK);
}

bool ref_wins(const RefGrid *g, int x, int y, Color c) {
    for (int d = 0; d < 4; d++) {
        int r = ref_run(g, x, y, DX[d], DY[d], c);
        if (r == 5 || (r > 5 && !exact(g, c))) return true;
    }
    return false;
}

/* With black on (x, y) already: the empty points on line d within 4 of
 * (x, y) where black would make exactly five through (x, y). */
static int five_points(RefGrid *g, int x, int y, int d, int px[8], int py[8]) {
    int n = 0;
    for (int k = -4; k <= 4; k++) {
        int ex = x + k * DX[d], ey = y + k * DY[d];
        if (!k || !is(g, ex, ey, CELL_EMPTY)) continue;
        g->cell[ey][ex] = CELL_BLACK;
        /* the five must pass through (x, y): same run */
        int r = ref_run(g, ex, ey, DX[d], DY[d], COLOR_BLACK);
        bool through = true;
        for (int j = 1; j < (k > 0 ? k : -k); j++) {
            int sx = x + (k > 0 ? j : -j) * DX[d], sy = y + (k > 0 ? j : -j) * DY[d];
            through &= is(g, sx, sy, CELL_BLACK);
        }
        g->cell[ey][ex] = CELL_EMPTY;
        if (r == 5 && through) {
            px[n] = ex;
            py[n] = ey;
            n++;
        }
    }
    return n;
}

/* Fours black has through (x, y) on line d (black on (x, y) already): 0, 1,
 * or 2 when two different fives share the line without a straight four. */
static int fours_on_line(RefGrid *g, int x, int y, int d) {
    int px[8], py[8];
    int n = five_points(g, x, y, d, px, py);
    if (n <= 1) return n;
    /* a straight four: two five points 5 apart with four blacks between */
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int sx = px[j] - px[i], sy = py[j] - py[i];
            if (sx == 5 * DX[d] && sy == 5 * DY[d]) return 1;
        }
    return 2;
}

/* Is there a straight four through (x, y) on line d (black there already)? */
static bool straight_four(RefGrid *g, int x, int y, int d) {
    int px[8], py[8];
    int n = five_points(g, x, y, d, px, py);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (px[j] - px[i] == 5 * DX[d] && py[j] - py[i] == 5 * DY[d]) return true;
    return false;
}

/* With black on (x, y): is black's three through it on line d real, i.e. is
 * there an empty point on the line whose move makes a straight four through
 * (x, y) and is not forbidden? If want_any, any such point counts (no
 * forbidden test): the line-level "open three". */
static bool three_real(RefGrid *g, int x, int y, int d, bool want_any) {
    if (straight_four(g, x, y, d)) return false; /* that is a four, not a three */
    for (int k = -4; k <= 4; k++) {
        int ex = x + k * DX[d], ey = y + k * DY[d];
        if (!k || !is(g, ex, ey, CELL_EMPTY)) continue;
        g->cell[ey][ex] = CELL_BLACK;
        bool sf = straight_four(g, x, y, d);
        g->cell[ey][ex] = CELL_EMPTY;
        if (!sf) continue;
        if (want_any || ref_forbidden(g, ex, ey) == FORBID_NONE) return true;
    }
    return false;
}

int ref_forbidden(RefGrid *g, int x, int y) {
    if (g->rule != RULE_RENJU || !is(g, x, y, CELL_EMPTY)) return FORBID_NONE;
    bool five = false, over = false;
    for (int d = 0; d < 4; d++) {
        int r = ref_run(g, x, y, DX[d], DY[d], COLOR_BLACK);
        five |= r == 5;
        over |= r > 5;
    }
    if (five) return FORBID_NONE;
    if (over) return FORBID_OVERLINE;
    g->cell[y][x] = CELL_BLACK;
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; d++) fours += fours_on_line(g, x, y, d);
    int result = FORBID_NONE;
    if (fours >= 2) {
        result = FORBID_DOUBLE_FOUR;
    } else {
        /* only lines without a four can hold a three */
        int lines = 0;
        for (int d = 0; d < 4; d++)
            if (fours_on_line(g, x, y, d) == 0 && three_real(g, x, y, d, true)) lines++;
        if (lines >= 2)
            for (int d = 0; d < 4; d++)
                if (fours_on_line(g, x, y, d) == 0 && three_real(g, x, y, d, false)) threes++;
        if (threes >= 2) result = FORBID_DOUBLE_THREE;
    }
    g->cell[y][x] = CELL_EMPTY;
    return result;
}

int ref_three_level(RefGrid *g, int x, int y, int d) {
    if (!is(g, x, y, CELL_EMPTY)) return 0;
    for (int dd = 0; dd < 4; dd++)
        if (ref_run(g, x, y, DX[dd], DY[dd], COLOR_BLACK) >= 5 && dd == d) return 0;
    g->cell[y][x] = CELL_BLACK;
    int level = 0;
    if (fours_on_line(g, x, y, d) == 0) {
        for (int k = -4; k <= 4; k++) {
            int ex = x + k * DX[d], ey = y + k * DY[d];
            if (!k || !is(g, ex, ey, CELL_EMPTY)) continue;
            g->cell[ey][ex] = CELL_BLACK;
            int l = straight_four(g, x, y, d) ? 2 : fours_on_line(g, x, y, d) > 0 ? 1 : 0;
            g->cell[ey][ex] = CELL_EMPTY;
            if (l > level && (g->rule != RULE_RENJU || ref_forbidden(g, ex, ey) == FORBID_NONE))
                level = l;
        }
    }
    g->cell[y][x] = CELL_EMPTY;
    return level;
}
