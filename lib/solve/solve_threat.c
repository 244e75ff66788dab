/*
 * solve_threat.c — the position under search and threat generation over
 * its shape state (solve_threat.h): node counting against the limits, the
 * scan region, class scans, five points, a four's five point, and the
 * ordering of candidate lists.
 */
#include <assert.h>
#include <string.h>

#include "solve_threat.h"

bool solve_tick(SolvePos *s) {
    s->nodes++;
    if (s->nodes >= s->local_limit) {
        if (s->nodes >= s->node_limit) s->aborted = true;
        return false;
    }
    if ((s->nodes & 1023) == 0 && (s->deadline > 0 || s->stop)) {
        bool stop = s->stop && atomic_load_explicit(s->stop, memory_order_relaxed);
        if (!stop && s->deadline > 0) {
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            stop = (double)ts.tv_sec + ts.tv_nsec * 1e-9 >= s->deadline;
        }
        if (stop) {
            s->aborted = true;
            s->node_limit = s->local_limit = s->nodes; /* every later tick fails at once */
            return false;
        }
    }
    return !s->aborted;
}

void solve_region(const SolvePos *s, int m, int *x0, int *x1, int *y0, int *y1) {
    const int8_t *bx = s->box[s->sp];
    int n = s->b->size - 1;
    if (bx[0] > bx[1]) { /* no stones */
        *x0 = *y0 = 0;
        *x1 = *y1 = n;
        return;
    }
    *x0 = bx[0] - m < 0 ? 0 : bx[0] - m;
    *x1 = bx[1] + m > n ? n : bx[1] + m;
    *y0 = bx[2] - m < 0 ? 0 : bx[2] - m;
    *y1 = bx[3] + m > n ? n : bx[3] + m;
}

int solve_scan_class(const SolvePos *s, Color c, unsigned mask, int want, Move *out) {
    const Board *b = s->b;
    int x0, x1, y0, y1, n = 0;
    if (want <= 0) return 0;
    /* a point of a four class or five has three stones of c beside it in a
     * window of five, the nearest at most two points away along the line:
     * two rows and columns around the stones hold them all */
    assert(!(mask & ~(CLS_FOUR_MASK | 1u << CLS_FIVE)));
    solve_region(s, 2, &x0, &x1, &y0, &y1);
    for (int y = y0; y <= y1; y++) {
        Move p = point_make(x0, y);
        for (int x = x0; x <= x1; x++, p++) {
            /* no branch but the last: whether a point is empty is as good
             * as random, and mispredicted often as a branch of its own */
            out[n] = p;
            n += (b->cell[p] == CELL_EMPTY) & (mask >> b->ps[p].cls[c]);
            if (n == want) return n;
        }
    }
    return n;
}

/* The four point lists' key of a colour: the stones' key ^ this. */
static const Key FOURS_SALT[COLOR_NB] = {0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL};

int solve_four_points(SolvePos *s, Color c, Move *out) {
    const Board *b = s->b;
    int want = four_points(b, c);
    if (want > CAND_MAX) want = CAND_MAX;
    if (want == 0) return 0;
    if (want > FOURS_KEEP) return solve_scan_class(s, c, CLS_FOUR_MASK, want, out);
    Key salt = FOURS_SALT[c], key = s->key ^ salt;
    FourList *f = &s->fours[key & (FOURS_SLOTS - 1)];
    int n = -1;
    if (f->key == key && f->n == want) {
        memcpy(out, f->m, (size_t)want * sizeof *out);
        n = want;
    } else {
        Key k = key;
        for (int up = 1; up <= 2 && up <= s->sp && n < 0; up++) {
            Move q = s->st_move[s->sp - up];
            k ^= zobrist_table[b->cell[q] - 1][q];
            const FourList *p = &s->fours[k & (FOURS_SLOTS - 1)];
            if (p->key == k) n = solve_fours_after(b, c, &s->st_move[s->sp - up], up, p->m, p->n, want, out);
        }
        if (n < 0) n = solve_scan_class(s, c, CLS_FOUR_MASK, want, out);
        f->key = key;
        f->n = n;
        memcpy(f->m, out, (size_t)n * sizeof *out);
    }
#ifdef GMK_DEBUG
    Move scan[CAND_MAX];
    assert(solve_scan_class(s, c, CLS_FOUR_MASK, want, scan) == n && !memcmp(scan, out, (size_t)n * sizeof *scan));
#endif
    return n;
}

int solve_fives_near(const SolvePos *s, Move p, Color c, Move *out, int max) {
    const Board *b = s->b;
    int n = 0;
#pragma GCC unroll 4 /* each line a constant step */
    for (int d = 0; d < DIR_NB; d++)
        for (int o = -4; o <= 4; o++) {
            Move q = (Move)(p + o * DIR_STEP[d]);
            /* one branch for the two tests (see solve_scan_class) */
            if (!o || !((b->cell[q] == CELL_EMPTY) & (b->ps[q].cls[c] == CLS_FIVE))) continue;
            bool seen = false;
            for (int i = 0; i < n; i++) seen |= out[i] == q;
            if (seen) continue;
            out[n++] = q;
            if (n == max) return n;
        }
    return n;
}

int solve_fives(const SolvePos *s, Color c, Move *out, int max) {
    int want = s->b->clscount[c][CLS_FIVE];
    /* a single five point is nearly always on the last stone's lines */
    if (want == 1 && max >= 1 && s->sp > 0 && solve_fives_near(s, s->st_move[s->sp - 1], c, out, 1) == 1)
        return 1;
    return solve_scan_class(s, c, 1u << CLS_FIVE, want < max ? want : max, out);
}

/* Long lists (the generators' candidate lists, up to CAND_MAX) go through a
 * stable counting sort over the score range; short ones (the VCF's fours)
 * and scores out of range through an insertion sort. */
void solve_sort_moves(Move *m, int *score, int n) {
    bool counting = n >= 24;
    int hi = 0, lo = SORT_SCORES - 1;
    for (int i = 0; i < n && counting; i++) {
        counting = (unsigned)score[i] < SORT_SCORES;
        hi = score[i] > hi ? score[i] : hi;
        lo = score[i] < lo ? score[i] : lo;
    }
    if (counting) {
        Move was[CAND_MAX];
        memcpy(was, m, (size_t)n * sizeof *m);
        /* over the scores' range only: index hi - score, highest first */
        int span = hi - lo + 1;
        uint16_t start[SORT_SCORES + 1];
        memset(start, 0, (size_t)(span + 1) * sizeof *start);
        for (int i = 0; i < n; i++) start[hi - score[i] + 1]++;
        for (int v = 1; v <= span; v++) start[v] = (uint16_t)(start[v] + start[v - 1]);
        for (int i = 0; i < n; i++) m[start[hi - score[i]]++] = was[i];
        return;
    }
    int key[CAND_MAX]; /* key[k]: the score of m[k], the first i sorted */
    for (int i = 0; i < n; i++) {
        Move mv = m[i];
        int sc = score[i], j = i;
        for (; j > 0 && key[j - 1] < sc; j--) m[j] = m[j - 1], key[j] = key[j - 1];
        m[j] = mv;
        key[j] = sc;
    }
}

/* The five point is found on the four's line (one line of SHAPE_FOUR, so
 * one five point): the point where a run of a's stones through p, with p
 * and that point filled, is five long (exactly five when a must make
 * exactly five). */
Move solve_four_five(const Board *b, Move p, Color a) {
    int cls = b->ps[p].cls[a];
    if (cls != CLS_FOUR && cls != CLS_FOUR_THREE) return MOVE_NONE;
    /* the line of the four: the first zero byte of the shapes ^ four */
    uint32_t x;
    memcpy(&x, b->ps[p].pair, sizeof x);
    x = ((x >> (4 * a)) & 0x0F0F0F0Fu) ^ (SHAPE_FOUR * 0x01010101u);
    x = (x - 0x01010101u) & ~x & 0x80808080u;
    if (!x) return MOVE_NONE;
    const int d = __builtin_ctz(x) / 8;
    /* the line's word as bit masks, a cell at each even bit: a's stones
     * (and p), the empty cells. An empty cell with l of a's stones next to
     * it below and r above (l + r = 4, and exactly: no more on either side
     * when a needs exactly five) is the five point; ge[k] marks the cells
     * with at least k of a's stones next below (above: up) */
    const uint64_t even = 0x5555555555555555ULL;
    const uint64_t w = b->line[d][line_id(d, p)];
    const int pos = line_pos(d, p);
    const uint64_t lo = w & even, hi = (w >> 1) & even, at = 1ULL << (2 * pos);
    const uint64_t own = (a == COLOR_BLACK ? lo & ~hi : hi & ~lo) | at;
    uint64_t down[6], up[6];
    down[0] = up[0] = even;
#pragma GCC unroll 5
    for (int k = 1; k <= 5; k++) {
        down[k] = down[k - 1] & own << (2 * k);
        up[k] = up[k - 1] & own >> (2 * k);
    }
    uint64_t five = 0;
    if (rule_exact(b->rule, a)) {
#pragma GCC unroll 5
        for (int k = 0; k <= 4; k++) five |= down[k] & ~down[k + 1] & up[4 - k] & ~up[5 - k];
    } else {
#pragma GCC unroll 5
        for (int k = 0; k <= 4; k++) five |= down[k] & up[4 - k];
    }
    /* empty, p aside, and within four of p */
    five &= ~(lo | hi | at) & (0x15555ULL << (2 * (pos - 4)));
    if (!five) return MOVE_NONE;
    return (Move)(p + (__builtin_ctzll(five) / 2 - pos) * DIR_STEP[d]);
}
