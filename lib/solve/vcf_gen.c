/*
 * vcf_gen.c — the VCF search's move generator (vcf.c is the search): the
 * attacker's four points at a node, inherited from the parent or scanned,
 * filtered (renju's forbidden points, the related search's lines) and
 * ordered; and the tests, read from the line words without placing a stone,
 * by which a node with two fours left fails unplaced (a four leaves no
 * double, no four on the lines after, a block adds no black threat, no
 * candidate can become forbidden).
 */
#include <assert.h>
#include <string.h>

#include "vcf.h"

/* Rank of a four point for move ordering. */
static int four_rank(const Board *b, Move p, Color a, Move last) {
    int cls = b->ps[p].cls[a];
    int r = cls == CLS_OPEN_FOUR || cls == CLS_DOUBLE_FOUR ? 3 : cls == CLS_FOUR_THREE ? 2 : 1;
    int dist = 0;
    if (last != MOVE_NONE) {
        int dx = point_x(p) - point_x(last), dy = point_y(p) - point_y(last);
        dx = dx < 0 ? -dx : dx;
        dy = dy < 0 ? -dy : dy;
        dist = dx > dy ? dx : dy;
        if (dist > 15) dist = 15;
    }
    return r * 16 + 15 - dist;
}

/* Orders cand[0..n) by rank, best first; first (if present) goes first. */
static void order_fours(const Board *b, Move *cand, int n, Color a, Move last, Move first) {
    int key[CAND_MAX];
    for (int i = 0; i < n; i++) key[i] = cand[i] == first ? SORT_SCORES - 1 : four_rank(b, cand[i], a, last);
    solve_sort_moves(cand, key, n);
}

/* The pair byte of empty x along e once colour c has a stone off points
 * before x on that line (the stone's window slot filled, nothing placed). */
static inline unsigned pair_with_stone(const Board *b, int e, Move x, int off, Color c) {
    return b->pair[window_of(b, e, x) | (unsigned)(c + 1) << (2 * window_index(-off))];
}

/* Colour c's class at empty x once c has a stone off points before x
 * along e (only the shape along e changes: stones further off change a
 * shape only for the worse, by an overline). */
static inline unsigned class_with_stone(const Board *b, int e, Move x, int off, Color c) {
    uint32_t w; /* the pair bytes as a word: no byte store read back */
    memcpy(&w, b->ps[x].pair, sizeof w);
    return word_class(word_put_byte(w, e, pair_with_stone(b, e, x, off, c)), c);
}

/* Would colour a's stone at empty p give a a point with two five points
 * (class CLS_OPEN_FOUR or CLS_DOUBLE_FOUR) on p's lines? Read from the line
 * words without placing the stone (class_with_stone). */
static bool four_leaves_double_slow(const Board *b, Move p, Color a) {
    for (int e = 0; e < DIR_NB; e++)
        for (int off = -4; off <= 4; off++) {
            Move x = (Move)(p + off * DIR_STEP[e]);
            if (!off || b->cell[x] != CELL_EMPTY) continue;
            unsigned cls = class_with_stone(b, e, x, off, a);
            if (cls == CLS_OPEN_FOUR || cls == CLS_DOUBLE_FOUR) return true;
        }
    return false;
}

/* Is a's shape at empty x along e, once a has a stone off points before x,
 * a four or better (SHAPE_FOUR, SHAPE_FOUR_FOUR or SHAPE_OPEN_FOUR)? */
static inline bool four_with_stone(const Board *b, int e, Move x, int off, Color a) {
    unsigned sh = (pair_with_stone(b, e, x, off, a) >> (4 * a)) & 15;
    return sh >= SHAPE_FOUR && sh <= SHAPE_OPEN_FOUR;
}

/* four_leaves_double_slow, quicker where a has no five point and no point
 * with two five points now (as in vcf_rec): then x's class changes only
 * through its shape along e, which must become a four or better (and a
 * straight four or two fours make such a point; one four, with a four on
 * another line). Such a four at x holds p's stone (a stone changes no
 * other window but for the worse), so after p one move makes a four
 * through p: p's own shape along e is a three or better, and the lines
 * where it is not are skipped. */
bool vcf_four_leaves_double(const Board *b, Move p, Color a) {
    if (has_double(b, a) || b->clscount[a][CLS_FIVE]) return four_leaves_double_slow(b, p, a);
    bool r = false;
#pragma GCC unroll 4 /* each line a constant step and line_id case */
    for (int e = 0; e < DIR_NB && !r; e++) {
        if (point_shape(b, p, a, e) < SHAPE_THREE) continue;
        for (int off = -4; off <= 4 && !r; off++) {
            Move x = (Move)(p + off * DIR_STEP[e]);
            if (!off || b->cell[x] != CELL_EMPTY || !four_with_stone(b, e, x, off, a)) continue;
            unsigned cls = class_with_stone(b, e, x, off, a);
            r = cls == CLS_OPEN_FOUR || cls == CLS_DOUBLE_FOUR;
        }
    }
#ifdef GMK_DEBUG
    assert(r == four_leaves_double_slow(b, p, a));
#endif
    return r;
}

/* Can colour a have a four point on p's lines, at most four points away,
 * once its stone is at p and the other colour's at q (the related search's
 * candidates after the four at p and its block at q)? Read without placing
 * either stone: a point that is a four now, or becomes one with the stone
 * at p (class_with_stone; the block only takes away). May say yes wrongly,
 * never no. */
static bool four_on_lines_after_slow(const Board *b, Move p, Move q, Color a) {
    for (int e = 0; e < DIR_NB; e++)
        for (int off = -4; off <= 4; off++) {
            Move x = (Move)(p + off * DIR_STEP[e]);
            if (!off || x == q || b->cell[x] != CELL_EMPTY) continue;
            if (solve_is_four(b, x, a) || ((CLS_FOUR_MASK >> class_with_stone(b, e, x, off, a)) & 1)) return true;
        }
    return false;
}

/* four_on_lines_after_slow, quicker where a has no five point (as in
 * vcf_rec): a point that is no four now becomes one only by its shape
 * along e becoming a four or better, through p's stone (see
 * vcf_four_leaves_double), so only along the lines where p's own shape is a
 * three or better. fours (nfours of them; -1: not known) are a's four
 * points now, all of them: those on p's lines are looked for among them. */
bool vcf_four_on_lines_after(const Board *b, Move p, Move q, Color a, const Move *fours, int nfours) {
    if (b->clscount[a][CLS_FIVE]) return four_on_lines_after_slow(b, p, q, a);
    bool r = false;
    for (int i = 0; i < nfours && !r; i++) r = fours[i] != p && fours[i] != q && on_lines(fours[i], p);
#pragma GCC unroll 4 /* each line a constant step and line_id case */
    for (int e = 0; e < DIR_NB && !r; e++) {
        bool three = point_shape(b, p, a, e) >= SHAPE_THREE;
        if (nfours >= 0 && !three) continue;
        for (int off = -4; off <= 4 && !r; off++) {
            Move x = (Move)(p + off * DIR_STEP[e]);
            if (!off || x == q || b->cell[x] != CELL_EMPTY) continue;
            r = (nfours < 0 && solve_is_four(b, x, a)) || (three && four_with_stone(b, e, x, off, a));
        }
    }
#ifdef GMK_DEBUG
    assert(r == four_on_lines_after_slow(b, p, q, a));
#endif
    return r;
}

#ifdef GMK_DEBUG
/* Does black's stone at empty q give some point on q's lines two threats
 * (may_become_forbidden)? At those points only the shape along the line
 * through q changes; black needs exactly five, so five points away count. */
static bool block_adds_threats_slow(const Board *b, Move q) {
    for (int e = 0; e < DIR_NB; e++)
        for (int off = -5; off <= 5; off++) {
            Move x = (Move)(q + off * DIR_STEP[e]);
            if (!off || b->cell[x] != CELL_EMPTY) continue;
            int threats = black_threats((int)(pair_with_stone(b, e, x, off, COLOR_BLACK) & 15));
            if (threats >= 2) return true;
            /* below the classes of may_become_forbidden, no line of x holds a threat now */
            if (!(((CLS_TWO_THREATS_MASK | CLS_OVERLINE_HIDES_MASK) >> b->ps[x].cls[COLOR_BLACK]) & 1)) continue;
            threats = 0;
            for (int d = 0; d < DIR_NB; d++)
                threats += black_threats(d == e ? (int)(pair_with_stone(b, e, x, off, COLOR_BLACK) & 15)
                                                : point_shape(b, x, COLOR_BLACK, d));
            if (threats >= 2) return true;
        }
    return false;
}
#endif

/* block_adds_threats_slow where no point may become forbidden now
 * (vcf_no_forbidden_candidate): a point on q's lines then gets two threats only
 * when its shape along that line gains one through q's stone (an open
 * three, a four or an overline that holds q and another black stone), and
 * along a line without a black stone within five of q none does. */
bool vcf_block_adds_threats(const Board *b, Move q) {
    bool r = false;
#pragma GCC unroll 4 /* each line a constant step and line_id case */
    for (int e = 0; e < DIR_NB && !r; e++) {
        unsigned w = window_of(b, e, q);
        if (!(w & 0x55555u & ~(w >> 1))) continue; /* no black stone (CELL_BLACK: 1) */
        for (int off = -5; off <= 5 && !r; off++) {
            Move x = (Move)(q + off * DIR_STEP[e]);
            if (!off || b->cell[x] != CELL_EMPTY) continue;
            int threats = black_threats((int)(pair_with_stone(b, e, x, off, COLOR_BLACK) & 15));
            if (threats >= 2) {
                r = true;
                break;
            }
            /* no threat along e: the other lines hold fewer than two */
            if (!threats || !(((CLS_TWO_THREATS_MASK | CLS_OVERLINE_HIDES_MASK) >> b->ps[x].cls[COLOR_BLACK]) & 1))
                continue;
            threats = 0;
            for (int d = 0; d < DIR_NB; d++)
                threats += black_threats(d == e ? (int)(pair_with_stone(b, e, x, off, COLOR_BLACK) & 15)
                                                : point_shape(b, x, COLOR_BLACK, d));
            r = threats >= 2;
        }
    }
#ifdef GMK_DEBUG
    assert(r == block_adds_threats_slow(b, q));
#endif
    return r;
}

#ifdef GMK_DEBUG
/* vcf_no_forbidden_candidate as a scan of five rows and columns around the
 * stones (the check of the quicker one). */
static bool no_forbidden_candidate_slow(const Vcf *v) {
    const Board *b = v->pos->b;
    int x0, x1, y0, y1;
    solve_region(v->pos, 5, &x0, &x1, &y0, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            Move z = point_make(x, y);
            if (b->cell[z] == CELL_EMPTY && (((CLS_TWO_THREATS_MASK | CLS_OVERLINE_HIDES_MASK) >> b->ps[z].cls[COLOR_BLACK]) & 1) &&
                may_become_forbidden(b, z))
                return false;
        }
    return true;
}
#endif

/* Is there no empty point where black may become forbidden? None when
 * black has no empty point of a class that can give two threats (the class
 * counts hold the empty points of the whole board). */
static bool no_forbidden_candidate_scan(const Vcf *v) {
    const Board *b = v->pos->b;
    int maybe = 0, two = 0;
    for (int c = 0; c < CLS_NB; c++) {
        maybe |= ((CLS_TWO_THREATS_MASK | CLS_OVERLINE_HIDES_MASK) >> c & 1) * b->clscount[COLOR_BLACK][c];
        two |= (CLS_TWO_THREATS_MASK >> c & 1) * b->clscount[COLOR_BLACK][c];
    }
    if (!maybe) return true;
    /* a point of a class with two threats has black stones on its lines
     * within five (a scan around the stones would find it); one of the
     * other classes gets two only from an overline on a line (an open
     * three, a four, and two threats would have made a class of two), and
     * an overline point is next to a black stone: one row and column
     * around the stones hold every such point */
    if (two) return false;
    int x0, x1, y0, y1;
    solve_region(v->pos, 1, &x0, &x1, &y0, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            Move z = point_make(x, y);
            /* the class test first, without a branch (see solve_scan_class);
             * then whether a line is an overline (its four shapes at once) */
            unsigned cls = b->ps[z].cls[COLOR_BLACK];
            if (((b->cell[z] == CELL_EMPTY) & (CLS_OVERLINE_HIDES_MASK >> cls)) && black_overline_at(b, z)) return false;
        }
    return true;
}

/* no_forbidden_candidate_scan, checked against the slow scan under
 * GMK_DEBUG. */
bool vcf_no_forbidden_candidate(const Vcf *v) {
    bool r = no_forbidden_candidate_scan(v);
#ifdef GMK_DEBUG
    assert(r == no_forbidden_candidate_slow(v));
#endif
    return r;
}

/* The candidates of an attacker node with no five point to block: a's
 * legal four points (inherited from pf when the parent handed them down,
 * else scanned), on last's lines only with restrict_fours, best first (first
 * at the head). keep (*nkeep) gets the four points for the children (-1:
 * none kept). Returns the count. */
int vcf_gen_fours(Vcf *v, Color a, int depth, Move last, const Move *pf, int npf, Move first,
                  bool restrict_fours, Move *cand, Move *keep, int *nkeep) {
    const Board *b = v->pos->b;
    int want = four_points(b, a);
    if (want > CAND_MAX) want = CAND_MAX;
    int n = pf && want <= VCF_KEEP ? solve_fours_after(b, a, &last, 1, pf, npf, want, cand) : -1;
    if (n < 0) n = solve_four_points(v->pos, a, cand);
#ifdef GMK_DEBUG
    Move scan[CAND_MAX];
    assert(solve_scan_class(v->pos, a, CLS_FOUR_MASK, want, scan) == n && !memcmp(scan, cand, (size_t)n * sizeof *scan));
#endif
    *nkeep = -1;
    if (depth > 1 && n <= VCF_KEEP) { /* the children scan no more */
        *nkeep = n;
        memcpy(keep, cand, (size_t)n * sizeof *cand);
    }
    if (a == COLOR_BLACK && b->rule == RULE_RENJU) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (board_forbidden(v->pos->b, cand[i]) == FORBID_NONE) cand[m++] = cand[i];
        n = m;
    }
    if (restrict_fours) {
        int m = 0;
        for (int i = 0; i < n; i++)
            if (on_lines(cand[i], last)) cand[m++] = cand[i];
        n = m;
    }
    order_fours(b, cand, n, a, last, first);
    return n;
}
