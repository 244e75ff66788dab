/*
 * vcf.c — victory by continuous fours: depth-first search over the
 * attacker's fours with a table of positions already refuted.
 *
 * At an attacker node: a five point of the attacker wins; otherwise a five
 * point of the defender (made by its last block: a counter-four) must be
 * blocked, and that block must itself be a four, else the line fails. The
 * candidates are the attacker's legal four points, best first (straight fours
 * and double fours, then four-threes, then fours; nearer the last attacker
 * stone first). After a four, two five points win (the defender has none: it
 * would have been blocked), one five point is the forced block, unless the
 * defender is black in renju and that point is forbidden, which wins too.
 *
 * The table keeps "no VCF within d fours" and "a VCF of n fours starting
 * with m" per (stones, attacker); d = VCF_ANY when the refutation holds at
 * any depth. Lines are written on the way back from a win.
 *
 * The related search (Vcf.related, the attacker's check at a df-pn
 * OR node) plays, after its first four, only fours on the lines of the
 * previous one (most VCFs can be played so: a four far from the last one
 * rarely helps it); the forced block of a counter-four is always played. It
 * is incomplete, so its refutations go to the table under a key of their
 * own (VCF_REL_KEY) and never answer the complete search; its wins are real
 * wins and are shared. Nor is it a function of the position: a refutation
 * stored at an inner node holds for the lines allowed there (the previous
 * four's), yet answers any later related search of that position, at its
 * first four too. So nothing may take its failure for a disproof, not even
 * at one four (vct.c's OR nodes with one move left ask the complete one:
 * gen_or, vcf_only).
 *
 * Stones are placed only where needed: a single four's five point is read
 * from the cells, so the table is asked about the position after the four
 * and its block before either is placed; with two fours left, a four after
 * which no point with two five points can appear (nor, against a black
 * renju defender, a point that can become forbidden) fails unplaced; a node
 * hands its four points down to its children, which add the new ones on the
 * last four's lines instead of scanning the board.
 */
#include <assert.h>
#include <string.h>

#include "vcf.h"

/* Key of the attacker in the VCF table. */
static const Key VCF_ATT_KEY[COLOR_NB] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL};
/* Salt of the refutations of the related search (Vcf.related): they
 * hold for that search only, so they are kept apart from the others. */
#define VCF_REL_KEY 0x3c6ef372fe94f82bULL

/* ---- table -------------------------------------------------------------- */

/* A position's entries, of the complete search and of the related one
 * (VCF_REL_KEY), share the bucket of its key k: one cache line holds both.
 * key is k or k ^ VCF_REL_KEY. */
static inline VcfEntry *vtab_bucket(const Vcf *v, Key k) { return &v->vtab[(k & v->vmask) * VCF_WAYS]; }

static VcfEntry *vtab_probe(Vcf *v, Key k, Key key) {
    VcfEntry *e = vtab_bucket(v, k);
    for (int i = 0; i < VCF_WAYS; i++)
        if (e[i].key == key) return &e[i];
    return NULL;
}

/* Does entry e (or NULL) refute a VCF of at most depth fours? */
static inline bool vtab_refutes(const VcfEntry *e, int depth) {
    return e && e->result == SR_FAIL && e->depth >= depth;
}

/* Grows the table (solve_table_next), in place or out of its start mapping
 * (SolveMem): the entries of bucket b go to the buckets b + j * (old count
 * of buckets) by their bucket keys, in the order they had (most recent
 * first). The entries of a bucket fill its
 * first slots. An entry's bucket key is its key or, for the related
 * search's, its key ^ VCF_REL_KEY: the one that gives b (VCF_REL_KEY is
 * odd, so never both). */
static void vtab_grow(Vcf *v) {
    size_t n = v->vmask + 1, nn = solve_table_next(n, v->vmask_max + 1);
    VcfEntry *dest = solve_mem_dest(&v->vmem, v->vtab, nn * VCF_WAYS * sizeof *v->vtab);
    for (size_t b = 0; b < n; b++) {
        VcfEntry *e = &v->vtab[b * VCF_WAYS], was[VCF_WAYS];
        int k = 0;
        while (k < VCF_WAYS && e[k].key) k++;
        if (!k) continue;
        memcpy(was, e, (size_t)k * sizeof *e);
        if (dest == v->vtab) memset(e, 0, (size_t)k * sizeof *e);
        for (int i = 0; i < k; i++) {
            Key key = (was[i].key & v->vmask) == b ? was[i].key : was[i].key ^ VCF_REL_KEY;
            VcfEntry *to = &dest[(key & (nn - 1)) * VCF_WAYS];
            while (to->key) to++;
            *to = was[i];
        }
    }
    solve_mem_moved(&v->vmem, v->vtab, dest);
    v->vtab = dest;
    v->vmask = nn - 1;
}

/* Stores a result under key in the bucket of k; a new entry goes to slot
 * 0, the others move down and the last one goes (a table short of its
 * full size and half full grows instead: growing at the first full
 * bucket, a table of N entries came to some N^(4/3) slots, a search of
 * 100 K VCF nodes to the whole 64 MB of -m 256, every page of it zeroed
 * by the kernel as the copies touched it). */
static void vtab_store(Vcf *v, Key k, Key key, int result, int depth, int len, Move m) {
    VcfEntry *e = vtab_bucket(v, k), *slot = vtab_probe(v, k, key);
    if (!slot) {
        while (e[VCF_WAYS - 1].key && v->vmask < v->vmask_max && 2 * v->vused >= (v->vmask + 1) * VCF_WAYS) {
            vtab_grow(v);
            e = vtab_bucket(v, k);
        }
        v->vused += !e[VCF_WAYS - 1].key;
        for (int i = VCF_WAYS - 1; i > 0; i--) e[i] = e[i - 1]; /* a loop the compiler unrolls, not a call */
        slot = &e[0];
    }
    slot->key = key;
    slot->result = (uint8_t)result;
    slot->depth = (uint8_t)(depth > VCF_ANY ? VCF_ANY : depth);
    slot->len = (uint8_t)(len > 255 ? 255 : len);
    slot->move = m;
}

void vcf_clear(Vcf *v) {
    memset(v->vtab, 0, (v->vmask + 1) * VCF_WAYS * sizeof *v->vtab);
    v->vused = 0;
}

/* ---- search ------------------------------------------------------------- */

/* VCF table key of the position after a's four at p and the block at q. */
static inline Key vcf_child_key(const Vcf *v, Color a, Move p, Move q) {
    return v->pos->key ^ zobrist_table[a][p] ^ zobrist_table[!a][q] ^ VCF_ATT_KEY[a];
}

/* One attacker node. ply: index in line of this node's move; *used: fours
 * of the win found; pf (npf): the four points at the node before last and
 * its block, in scan order, or NULL. */
static int vcf_rec(Vcf *v, Color a, int depth, int ply, Move last, VcfLine *line, int *used,
                   const Move *pf, int npf) {
    Board *b = v->pos->b;
    Color d = (Color)!a;
    if (b->clscount[a][CLS_FIVE]) {
        if (line) {
            Move z;
            solve_fives(v->pos, a, &z, 1);
            line->mv[ply] = z;
            line->len = ply + 1;
            line->end = VCF_END_FIVE;
        }
        *used = 0;
        return SR_WIN;
    }
    if (depth <= 0) return SR_FAIL;
    if (ply + 3 > VCF_LINE_CAP) return SR_FAIL;
    Key k = v->pos->key ^ VCF_ATT_KEY[a];
    VcfEntry *e = vtab_probe(v, k, k);
    Move first = MOVE_NONE;
    if (e) {
        if (vtab_refutes(e, depth)) return SR_FAIL;
        if (e->result == SR_WIN && e->len <= depth) {
            if (!line) {
                *used = e->len;
                return SR_WIN;
            }
            first = e->move;
        }
    }
    bool rel = v->related, restrict_fours = rel && last != MOVE_NONE;
    if (rel && vtab_refutes(vtab_probe(v, k, k ^ VCF_REL_KEY), depth)) return SR_FAIL;
    Move cand[CAND_MAX], keep[VCF_KEEP];
    int n, nkeep = -1, start = 0;
    bool one = false; /* cand holds the table's first move alone (below) */
    bool renju_black_def = d == COLOR_BLACK && b->rule == RULE_RENJU;
    int nd = b->clscount[d][CLS_FIVE];
    if (nd >= 2) {
        vtab_store(v, k, k, SR_FAIL, VCF_ANY, 0, MOVE_NONE);
        return SR_FAIL;
    }
    if (nd == 1) {
        Move z;
        solve_fives(v->pos, d, &z, 1);
        if (!solve_is_four(b, z, a) || !solve_legal(v->pos, z, a)) {
            vtab_store(v, k, k, SR_FAIL, VCF_ANY, 0, MOVE_NONE);
            return SR_FAIL;
        }
        cand[0] = z;
        n = 1;
    } else if (depth == 1 && !renju_black_def && !has_double(b, a)) {
        n = 0; /* only a four with two five points could win now (below): none */
    } else {
        /* a line is asked for and the table holds a win by first: first
         * alone is tried before the list is made (it nearly always wins
         * again); when it does not, the list (whose first move it is, and
         * which it would have been in) is made and the rest tried, as if
         * the list had come first */
        one = first != MOVE_NONE && depth > 1 && four_points(b, a) <= CAND_MAX && b->cell[first] == CELL_EMPTY &&
              solve_is_four(b, first, a) && solve_legal(v->pos, first, a) &&
              (!restrict_fours || on_lines(first, last));
        if (one) {
            cand[0] = first;
            n = 1;
        } else {
            n = vcf_gen_fours(v, a, depth, last, pf, npf, first, restrict_fours, cand, keep, &nkeep);
        }
    }
    int clean = -1; /* vcf_no_forbidden_candidate(v), once needed */
    if (depth == 1 && !renju_black_def) {
        /* only a four with two five points can win now: no need to play
         * the others (they come first in the order) */
        int m = 0;
        while (m < n && (b->ps[cand[m]].cls[a] == CLS_OPEN_FOUR || b->ps[cand[m]].cls[a] == CLS_DOUBLE_FOUR))
            m++;
        n = m;
    }
    /* a single four: its five point, read before anything is placed; with
     * fours left after it, the table slot of the position after the four
     * and its block is fetched for every four first (read in the loop) */
    Move five[CAND_MAX];
again:
    for (int i = start; i < n; i++)
        if ((five[i] = solve_four_five(b, cand[i], a)) != MOVE_NONE && depth > 1)
            __builtin_prefetch(vtab_bucket(v, vcf_child_key(v, a, cand[i], five[i])));
    for (int i = start; i < n; i++) {
        Move p = cand[i];
        if (!solve_tick(v->pos)) return SR_ABORT;
        /* whether the block is played on the five point (against a black
         * renju defender, only when the point cannot become forbidden; else
         * the four may win by it) */
        Move q0 = five[i];
        bool blocked = q0 != MOVE_NONE && (!renju_black_def || !may_become_forbidden(b, q0));
        if (blocked && depth == 1) { /* blocked, and no four left */
#ifdef GMK_DEBUG
            solve_place(v->pos, p, a);
            assert(board_forbidden(b, q0) == FORBID_NONE);
            solve_unplace(v->pos, a);
#endif
            continue;
        }
        if (blocked) {
            /* the table refutes the position after the four and its block
             * already: that child would fail at once, so the two stones
             * need not be placed (half the VCF's children end so) */
            Key ck = vcf_child_key(v, a, p, q0);
            if (vtab_refutes(vtab_probe(v, ck, ck), depth - 1) ||
                (rel && vtab_refutes(vtab_probe(v, ck, ck ^ VCF_REL_KEY), depth - 1)))
                continue;
            /* the related search plays only fours on p's lines next: none
             * there, and no counter-four of the block to answer, and the
             * child fails at once */
            if (rel && !solve_is_four(b, q0, d) && !vcf_four_on_lines_after(b, p, q0, a, keep, nkeep)) continue;
            /* two fours from here: the second must have two five points,
             * and none appears (the block only takes more away); against a
             * black renju defender it may also be a single four whose five
             * point is forbidden: not when no point can be, even with the
             * block on the board */
            if (depth == 2 && !has_double(b, a) &&
                (!renju_black_def ||
                 ((clean < 0 ? (clean = vcf_no_forbidden_candidate(v)) : clean) && !vcf_block_adds_threats(b, q0))) &&
                !vcf_four_leaves_double(b, p, a)) {
#ifdef GMK_DEBUG
                solve_place(v->pos, p, a);
                assert(!has_double(b, a));
                if (renju_black_def) {
                    solve_place(v->pos, q0, d);
                    assert(vcf_no_forbidden_candidate(v));
                    solve_unplace(v->pos, d);
                }
                solve_unplace(v->pos, a);
#endif
                vtab_store(v, ck, ck, SR_FAIL, 1, 0, MOVE_NONE);
                continue;
            }
        }
        solve_place(v->pos, p, a);
        int na = b->clscount[a][CLS_FIVE];
        int r = SR_FAIL, u = 0;
        if (na >= 2) {
            r = SR_WIN;
            u = 1;
            if (line) {
                Move f[2];
                solve_fives_near(v->pos, p, a, f, 2);
                line->mv[ply] = p;
                line->mv[ply + 1] = f[0];
                line->mv[ply + 2] = f[1];
                line->len = ply + 3;
                line->end = VCF_END_FIVE;
            }
        } else if (na == 1) {
            /* the four's five point, read before the stone was placed */
            Move q = q0;
            if (q == MOVE_NONE) solve_fives_near(v->pos, p, a, &q, 1);
#ifdef GMK_DEBUG
            Move z;
            solve_fives_near(v->pos, p, a, &z, 1);
            assert(z == q);
#endif
            if (renju_black_def && board_forbidden(b, q) != FORBID_NONE) {
                r = SR_WIN;
                u = 1;
                if (line) {
                    line->mv[ply] = p;
                    line->len = ply + 1;
                    line->end = VCF_END_FORBIDDEN;
                }
            } else if (depth > 1) {
                solve_place(v->pos, q, d);
                r = vcf_rec(v, a, depth - 1, ply + 2, p, line, &u, nkeep >= 0 ? keep : NULL, nkeep);
                solve_unplace(v->pos, d);
                u++;
                if (r == SR_WIN && line) {
                    line->mv[ply] = p;
                    line->mv[ply + 1] = q;
                }
            }
        }
        solve_unplace(v->pos, a);
        if (r == SR_WIN) {
            vtab_store(v, k, k, SR_WIN, 0, u, p);
            *used = u;
            return SR_WIN;
        }
        if (r == SR_ABORT) return SR_ABORT;
    }
    if (one) { /* the table's move did not win: the others */
        one = false;
        n = vcf_gen_fours(v, a, depth, last, pf, npf, first, restrict_fours, cand, keep, &nkeep);
        assert(n > 0 && cand[0] == first);
        start = 1;
        goto again;
    }
    vtab_store(v, k, rel ? k ^ VCF_REL_KEY : k, SR_FAIL, depth, 0, MOVE_NONE);
    return SR_FAIL;
}

void vcf_prefetch(const Vcf *v, Key stones) {
    __builtin_prefetch(vtab_bucket(v, stones ^ VCF_ATT_KEY[0]));
    __builtin_prefetch(vtab_bucket(v, stones ^ VCF_ATT_KEY[1]));
}

int vcf_run(Vcf *v, Color a, int depth, uint64_t budget, VcfLine *line) {
    uint64_t saved = solve_budget(v->pos, budget);
    int used = 0;
    if (line) line->len = line->fours = 0;
    int r = vcf_rec(v, a, depth > VCF_ANY ? VCF_ANY : depth, 0, MOVE_NONE, line, &used, NULL, 0);
    v->pos->local_limit = saved;
    if (r == SR_WIN && line) line->fours = used;
    return r;
}

int vcf_all(Vcf *v, Color a, int depth, Move *out) {
    Board *b = v->pos->b;
    Color d = (Color)!a;
    Move cand[CAND_MAX];
    int n = 0, wins = 0;
    if (b->clscount[a][CLS_FIVE]) return solve_fives(v->pos, a, out, CAND_MAX);
    if (depth <= 0 || b->clscount[d][CLS_FIVE] >= 2) return 0;
    if (b->clscount[d][CLS_FIVE] == 1) {
        solve_fives(v->pos, d, cand, 1);
        n = solve_is_four(b, cand[0], a) && solve_legal(v->pos, cand[0], a);
    } else {
        n = solve_scan_class(v->pos, a, CLS_FOUR_MASK, CAND_MAX, cand);
    }
    for (int i = 0; i < n; i++) {
        Move p = cand[i];
        if (!solve_legal(v->pos, p, a)) continue;
        solve_place(v->pos, p, a);
        int na = b->clscount[a][CLS_FIVE], r = SR_FAIL, u;
        if (na >= 2) r = SR_WIN;
        else if (na == 1) {
            Move q;
            solve_fives_near(v->pos, p, a, &q, 1);
            if (d == COLOR_BLACK && b->rule == RULE_RENJU && board_forbidden(b, q) != FORBID_NONE)
                r = SR_WIN;
            else {
                solve_place(v->pos, q, d);
                r = vcf_rec(v, a, depth - 1, 2, p, NULL, &u, NULL, 0);
                solve_unplace(v->pos, d);
            }
        }
        solve_unplace(v->pos, a);
        if (r == SR_ABORT) return -1;
        if (r == SR_WIN) out[wins++] = p;
    }
    return wins;
}
