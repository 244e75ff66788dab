/*
 * solve_defence.c — threat-space defences (Allis): given a threat R (the
 * winning line its owner would play if the other side passed), the moves of
 * the other side (the blocker) that may stop it:
 *  - the squares of R: the owner's fours and the blocker's forced replies
 *    (gain and cost squares) and the five points at its end;
 *  - in renju, the points whose stone can change whether a point that
 *    decides R is forbidden for black (forbid_deps): R's end when it is a
 *    point forbidden for black, and each of black's fours in R that makes
 *    two open threes (allowed now because one of them is false: a white
 *    stone can make it real);
 *  - counter-fours: the blocker's four points now, and the points that would
 *    turn one of its forced replies into a four (the empty ends of windows
 *    of five that hold three blocker stones once that reply is played);
 * then each candidate is tried: R is replayed with the candidate on the
 * board and the candidate is kept only when R no longer wins (a stone on
 * R's fours or forced replies, or a blocker four, stops it without the
 * replay). Moves outside
 * the candidate set leave R intact on the board as far as the rules go; the
 * checker (solve_check.c) makes sure of it for every proof.
 *
 * Beside them, two candidate sets of the df-pn move generators: the legal
 * four points (solve_add_fours) and whether a harmless point exists.
 */
#include <assert.h>
#include <string.h>

#include "solve_threat.h"

/* Marks p in the point set and appends it to out (empty points only). */
void mark_add(const SolvePos *s, uint8_t *mark, Move p, Move *out, int *n) {
    if (*n >= CAND_MAX || p <= MOVE_PASS || s->b->cell[p] != CELL_EMPTY || mark[p]) return;
    mark[p] = 1;
    out[(*n)++] = p;
}

/* Marks the empty ends of the windows of five through p (a blocker stone)
 * that hold three blocker stones and no owner stone or wall. */
void mark_eyes(const SolvePos *s, uint8_t *mark, Move p, Color blocker, Move *out, int *n) {
    const Board *b = s->b;
    int mine = blocker + 1;
    for (int d = 0; d < DIR_NB; d++) {
        int st = DIR_STEP[d];
        for (int lo = -4; lo <= 0; lo++) {
            int own = 0, other = 0;
            Move empty[5];
            int ne = 0;
            for (int k = 0; k < 5; k++) {
                Move q = (Move)(p + (lo + k) * st);
                int v = b->cell[q];
                if (v == mine) own++;
                else if (v == CELL_EMPTY) empty[ne++] = q;
                else other++;
            }
            if (other || own != 3) continue;
            for (int k = 0; k < ne; k++) mark_add(s, mark, empty[k], out, n);
        }
    }
}

/* Marks every empty point of the board. */
static void mark_all(const SolvePos *s, uint8_t *mark, Move *out, int *n) {
    for (int y = 0; y < s->b->size; y++)
        for (int x = 0; x < s->b->size; x++) mark_add(s, mark, point_make(x, y), out, n);
}

/* Index in R of its last owner four (the one that cannot be stopped). */
static int line_last_four(const VcfLine *R) {
    if (R->fours <= 0) return -1;
    return 2 * (R->fours - 1);
}

/* Does black make two open threes or more at p on lines other than
 * direction skip (-1: none)? Whether p is forbidden then depends on which
 * of them are real. */
static bool two_open_threes(const Board *b, Move p, int skip) {
    int n = 0;
    for (int d = 0; d < DIR_NB; d++) n += d != skip && point_shape(b, p, COLOR_BLACK, d) == SHAPE_OPEN_THREE;
    return n >= 2;
}

/* Marks the points where one stone, of either colour, can change whether
 * black's p is forbidden (renju; forbidden.c's forbid_at): the points on p's
 * lines (within five: its shapes), and for each open three that black makes
 * at p, the points on the lines of the empty points within four along it (a
 * three is real while one of its straight-four points is allowed, and that
 * point's shapes read those lines). When one of those empty points makes two
 * open threes of its own on its other lines (along the three it makes a
 * straight four), whether it is allowed depends on their
 * straight-four points in turn, and so on: every empty point is marked then
 * (the search filters them). Returns n. */
static int forbid_deps(const SolvePos *s, uint8_t *mark, Move p, Move *out, int n) {
    const Board *b = s->b;
    bool deeper = false;
    for (int d = 0; d < DIR_NB; d++) {
        bool three = point_shape(b, p, COLOR_BLACK, d) == SHAPE_OPEN_THREE;
        for (int o = -5; o <= 5; o++) {
            Move e = (Move)(p + o * DIR_STEP[d]);
            mark_add(s, mark, e, out, &n);
            if (!three || o == 0 || o < -4 || o > 4 || b->cell[e] != CELL_EMPTY) continue;
            deeper |= two_open_threes(b, e, d);
            for (int d2 = 0; d2 < DIR_NB; d2++)
                for (int o2 = -5; o2 <= 5; o2++) mark_add(s, mark, (Move)(e + o2 * DIR_STEP[d2]), out, &n);
        }
    }
    if (deeper) mark_all(s, mark, out, &n);
    return n;
}

int defence_collect(SolvePos *s, const VcfLine *R, Color owner, uint8_t *mark, Move *out, int n) {
    Board *b = s->b;
    Color blocker = (Color)!owner;
    int last = line_last_four(R);
    for (int i = 0; i < R->len; i++) mark_add(s, mark, R->mv[i], out, &n);
    /* replay R: forced replies, eyes, the end */
    int placed = 0;
    for (int i = 0; i <= last; i += 2) {
        Move a = R->mv[i];
        if (b->cell[a] != CELL_EMPTY) break;
        if (b->rule == RULE_RENJU && owner == COLOR_BLACK && two_open_threes(b, a, -1)) n = forbid_deps(s, mark, a, out, n);
        solve_place(s, a, owner);
        placed++;
        Move q[2];
        int nq = solve_fives_near(s, a, owner, q, 2);
        if (i == last) {
            if (nq == 1 && R->end == VCF_END_FORBIDDEN) n = forbid_deps(s, mark, q[0], out, n);
            break;
        }
        if (nq != 1) break;
        solve_place(s, q[0], blocker);
        placed++;
        mark_eyes(s, mark, q[0], blocker, out, &n);
    }
    solve_unplace_line(s, placed, owner);
    /* the blocker's counter-fours now */
    Move f[CAND_MAX];
    int nf = solve_four_points(s, blocker, f);
    for (int i = 0; i < nf; i++) mark_add(s, mark, f[i], out, &n);
    return n;
}

bool defence_line_holds(SolvePos *s, const VcfLine *R, Color owner) {
    Board *b = s->b;
    Color blocker = (Color)!owner;
    bool renju_black_blocker = b->rule == RULE_RENJU && blocker == COLOR_BLACK;
    int last = line_last_four(R);
    int placed = 0;
    bool holds = false;
    if (last < 0) return b->clscount[owner][CLS_FIVE] > 0;
    for (int i = 0; i <= last; i += 2) {
        if (b->clscount[owner][CLS_FIVE]) {
            holds = true;
            break;
        }
        Move a = R->mv[i];
        /* a reply that made a four of the blocker's: the line goes on only
         * when its next four takes that five point (a four that blocks) */
        int nb = b->clscount[blocker][CLS_FIVE];
        if (nb > 1 || (nb == 1 && b->ps[a].cls[blocker] != CLS_FIVE)) break;
        if (b->cell[a] != CELL_EMPTY || !solve_legal(s, a, owner)) break;
        solve_place(s, a, owner);
        placed++;
        int na = b->clscount[owner][CLS_FIVE];
        if (na >= 2) {
            holds = true;
            break;
        }
        if (na == 0) break;
        Move q;
        solve_fives_near(s, a, owner, &q, 1);
        if (renju_black_blocker && board_forbidden(b, q) != FORBID_NONE) {
            holds = true;
            break;
        }
        if (i == last) break;
        solve_place(s, q, blocker);
        placed++;
    }
    solve_unplace_line(s, placed, owner);
    return holds;
}

/* A candidate's state in defence_replay_all. */
enum { CAND_OPEN, CAND_STOPS, CAND_HOLDS, CAND_SLOW };

/* defence_line_holds for every candidate pts[idx[k]] at once (a blocker
 * stone that is neither on R's moves nor a four), with one replay of R and
 * no candidate placed: st[k] gets CAND_STOPS or CAND_HOLDS, or CAND_SLOW
 * where the candidate needs its own replay. A blocker stone off R changes
 * the replay only through the blocker's five points (R's fours keep theirs:
 * the stone is in none of their windows; the blocker's five points can only
 * grow when it plays five or more), so at each four the candidate's five
 * points (those of the replay, and the one p makes as a four point there)
 * decide, as in defence_line_holds; and a stone on a five point of R's
 * last four (R's moves after it) leaves it one fewer. CAND_SLOW: a four
 * point of the blocker's while the blocker has a five point already
 * (solve_four_five would read that one), any stone while the blocker needs
 * exactly five and has a five point (a stone can make it an overline), and
 * in renju any stone from a black four of R's that makes two open threes
 * on (a white stone can make a false one real: the recursive rule).
 * A black blocker in renju (white owner): its stone may also change which
 * of its replies are forbidden (a forbidden reply wins R for white), so at
 * each reply the candidate's stone is placed on the replay's board for the
 * forbidden-point rule and taken back (one stone, where its own replay
 * placed R's stones again); a candidate on R's moves stops R where R comes
 * to it (no other four of R's has it in its window: R's fours have one
 * five point each but the last). */
static void defence_replay_all(SolvePos *s, const VcfLine *R, Color owner, const Move *pts, const int *idx, int nk,
                               uint8_t *st) {
    Board *b = s->b;
    Color blocker = (Color)!owner;
    bool black_blocker = b->rule == RULE_RENJU && blocker == COLOR_BLACK;
    int last = line_last_four(R), placed = 0, open = 0, end = CAND_SLOW, na = 0;
    bool on_end[CAND_MAX];
    for (int k = 0; k < nk; k++) {
        Move p = pts[idx[k]];
        on_end[k] = false;
        for (int j = last + 1; j < R->len; j++) on_end[k] |= R->mv[j] == p;
        st[k] = last < 0 ? CAND_SLOW : CAND_OPEN;
        open += st[k] == CAND_OPEN;
    }
    for (int i = 0; open && i <= last; i += 2) {
        if (b->clscount[owner][CLS_FIVE]) break; /* never after a block: slow */
        Move a = R->mv[i];
        if (b->cell[a] != CELL_EMPTY) {
            end = CAND_STOPS;
            break;
        }
        if (b->rule == RULE_RENJU && owner == COLOR_BLACK && two_open_threes(b, a, -1)) break;
        /* a black candidate on R's four: R stops there (a white one is kept
         * without the replay, defence_filter) */
        for (int k = 0; black_blocker && k < nk; k++)
            if (st[k] == CAND_OPEN && pts[idx[k]] == a) {
                st[k] = CAND_STOPS;
                open--;
            }
        if (!open) break;
        int nb = b->clscount[blocker][CLS_FIVE];
        if (nb && rule_exact(b->rule, blocker)) break;
        bool a_five = b->ps[a].cls[blocker] == CLS_FIVE;
        for (int k = 0; k < nk; k++) {
            if (st[k] != CAND_OPEN) continue;
            Move p = pts[idx[k]];
            int cls = b->ps[p].cls[blocker];
            bool stops;
            if (cls == CLS_FOUR || cls == CLS_FOUR_THREE) {
                /* solve_four_five reads a five point of the replay's as
                 * well as p's (a run of five that skips p): p's own only
                 * when the blocker has none */
                Move f = nb ? MOVE_NONE : solve_four_five(b, p, blocker);
                if (f == MOVE_NONE) {
                    st[k] = CAND_SLOW;
                    open--;
                    continue;
                }
                stops = a != f; /* p's five point is the only one */
            } else if (cls == CLS_DOUBLE_FOUR || cls == CLS_OPEN_FOUR || cls == CLS_FIVE) {
                stops = true; /* two five points or more with p */
            } else {
                stops = nb > 1 || (nb == 1 && !a_five);
            }
            if (stops) {
                st[k] = CAND_STOPS;
                open--;
            }
        }
        if (!open) break;
        if (nb > 1 || (nb == 1 && !a_five) || !solve_legal(s, a, owner)) {
            end = CAND_STOPS;
            break;
        }
        solve_place(s, a, owner);
        placed++;
        na = b->clscount[owner][CLS_FIVE];
        if (na >= 2) {
            /* a black stone on one of two five points leaves the other,
             * whose rule decides */
            Move f[2];
            if (black_blocker && na == 2 && solve_fives_near(s, a, owner, f, 2) == 2)
                for (int k = 0; k < nk; k++) {
                    Move p = pts[idx[k]];
                    if (st[k] != CAND_OPEN || !on_end[k] || (p != f[0] && p != f[1])) continue;
                    solve_place(s, p, blocker);
                    bool forbidden = board_forbidden(b, p == f[0] ? f[1] : f[0]) != FORBID_NONE;
                    solve_unplace(s, blocker);
                    st[k] = forbidden ? CAND_HOLDS : CAND_STOPS;
                    open--;
                }
            end = CAND_HOLDS;
            break;
        }
        if (na == 0) {
            end = CAND_STOPS;
            break;
        }
        Move q;
        solve_fives_near(s, a, owner, &q, 1);
        for (int k = 0; black_blocker && k < nk; k++) {
            if (st[k] != CAND_OPEN) continue;
            if (pts[idx[k]] == q) { /* on the five point: no five */
                st[k] = CAND_STOPS;
                open--;
                continue;
            }
            /* is the reply forbidden with the candidate's stone? */
            solve_place(s, pts[idx[k]], blocker);
            bool forbidden = board_forbidden(b, q) != FORBID_NONE;
            solve_unplace(s, blocker);
            if (forbidden) {
                st[k] = CAND_HOLDS;
                open--;
            }
        }
        if (i == last || !open) {
            end = CAND_STOPS;
            break;
        }
        solve_place(s, q, blocker);
        placed++;
    }
    solve_unplace_line(s, placed, owner);
    /* on a five point of the last four, the stone leaves it one fewer (a
     * black one leaves one, when there were two, whose rule decides) */
    for (int k = 0; k < nk; k++)
        if (st[k] == CAND_OPEN)
            st[k] = (uint8_t)(end == CAND_HOLDS && on_end[k] && na < 3 ? (black_blocker ? CAND_SLOW : CAND_STOPS) : end);
}

int defence_filter(SolvePos *s, const VcfLine *R, Color owner, Move *pts, int n) {
    Color blocker = (Color)!owner;
    /* a blocker stone on one of the line's fours or forced replies stops
     * the replay there at the latest, and is a defence; only a black
     * blocker in renju could make an earlier reply point forbidden and so
     * win the line for white. A blocker four is kept without the replay
     * (the owner must answer it), even where the replay would go on
     * because R's next four takes its five point: a move too many. */
    bool shortcut = !(s->b->rule == RULE_RENJU && blocker == COLOR_BLACK);
    int last = line_last_four(R);
    uint8_t keep[CAND_MAX], st[CAND_MAX];
    int idx[CAND_MAX], nk = 0;
    for (int i = 0; i < n; i++) {
        Move p = pts[i];
        keep[i] = 0;
        if (!solve_legal(s, p, blocker)) continue;
        bool four = solve_is_four(s->b, p, blocker), on_line = false;
        for (int j = 0; shortcut && j <= last && !four && !on_line; j++) on_line = R->mv[j] == p;
        if (four || on_line) {
#ifdef GMK_DEBUG
            if (on_line) {
                solve_place(s, p, blocker);
                assert(!defence_line_holds(s, R, owner));
                solve_unplace(s, blocker);
            }
#endif
            keep[i] = 1;
            continue;
        }
        idx[nk++] = i;
    }
    /* the others replayed: all at once where defence_replay_all can, one by
     * one where not */
    defence_replay_all(s, R, owner, pts, idx, nk, st);
#ifdef GMK_DEBUG
    bool check = true;
#else
    bool check = s->replay_check;
#endif
    for (int k = 0; k < nk; k++) {
        Move p = pts[idx[k]];
        bool holds = st[k] == CAND_HOLDS;
        s->replay_shared += st[k] != CAND_SLOW;
        if (st[k] == CAND_SLOW || check) {
            solve_place(s, p, blocker);
            bool own = defence_line_holds(s, R, owner);
            solve_unplace(s, blocker);
            if (st[k] != CAND_SLOW && own != holds) s->replay_mismatch++;
            assert(st[k] == CAND_SLOW || own == holds);
            holds = own;
        }
        keep[idx[k]] = !holds;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (keep[i]) pts[m++] = pts[i];
    return m;
}

int defence_every(SolvePos *s, const VcfLine *R, Color owner, Move *out) {
    uint8_t mark[BOARD_CELLS];
    memset(mark, 0, sizeof mark);
    int n = 0;
    mark_all(s, mark, out, &n);
    return defence_filter(s, R, owner, out, n);
}

int solve_add_fours(SolvePos *s, Color c, uint8_t *mark, Move *out, int n) {
    Move f[CAND_MAX];
    int nf = solve_four_points(s, c, f);
    for (int i = 0; i < nf; i++)
        if (solve_legal(s, f[i], c)) mark_add(s, mark, f[i], out, &n);
    return n;
}

bool solve_harmless_point(const SolvePos *s) {
    const Board *b = s->b;
    const int8_t *bx = s->box[s->sp];
    int size = b->size;
    if (bx[0] >= 6 || bx[1] <= size - 7 || bx[2] >= 6 || bx[3] <= size - 7) return true;
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            bool clear = true;
            for (int d = 0; d < DIR_NB && clear; d++)
                for (int o = -5; o <= 5 && clear; o++) {
                    int v = b->cell[p + o * DIR_STEP[d]];
                    clear = o == 0 || v == CELL_EMPTY || v == CELL_WALL;
                }
            if (clear) return true;
        }
    return false;
}
