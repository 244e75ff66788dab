/*
 * vct.c — df-pn (Nagai's depth-first proof-number search, with the 1 + e
 * threshold of Pawlewicz and Lew) over the AND/OR tree of threats: OR nodes
 * have the attacker to move, AND nodes the defender.
 *
 * OR node (depth: attacker moves left before the five; free: moves left
 * that need not be threats, SOLVE_WIN_IN only):
 *   a five point wins; a defender five point must be blocked (one) or loses
 *   (two); a VCF within depth wins (checked first, on a budget, with the
 *   related search of vcf.c: a shortcut, as the fours are moves too); otherwise
 *   the moves are the attacker's fours and the candidate threats (points
 *   where the attacker's shape reaches a three, or a two when deeper threats
 *   count; in a narrower pass of VCT, only those whose class is min_cls or
 *   more; in the last pass, quiet_all, every empty point), or with free
 *   moves left also quiet moves near its shapes. When
 *   the defender has a VCF should the attacker pass, only moves that break it
 *   (vct_defence.c) and fours are tried.
 * AND node, after the attacker's move:
 *   two attacker five points, or one that a black defender may not block,
 *   win; one five point is the forced block; otherwise the move must be a
 *   threat: with the defender passing, the attacker wins (a VCF of at most
 *   `threes` fours in VCT, found by the related search in the variants with
 *   related_threats but for the last pass; the rest of the problem in
 *   SOLVE_WIN_IN). If not,
 *   the node is lost for the attacker; so it is when the defender has a VCF
 *   of its own (checked unless the defender had none at the OR node above,
 *   GENF_DEF_QUIET: a shortcut, as its counter-fours are defences). The
 *   defences are the moves that break the attacker's line (threat-space
 *   defences, counter-fours included) and the patches the checker asked
 *   for; none means the threat cannot be answered.
 * In a capped VCT pass (Solver.threat_cap), free moves count the attacker's
 * non-four moves left: with none left, only a VCF (the complete search) wins.
 * In SOLVE_WIN_IN, a failed null search refutes a quiet move only when the
 * defender has a harmless move (no stone within five on its lines) that is
 * as good as a pass; on a crowded board every legal defence is tried.
 *
 * Generated move lists are cached per node (MoveCache); proof and disproof
 * numbers live in the df-pn table keyed by the stones, the side to move,
 * the depth and free moves left, the attacker and the kind of search (its
 * threes, min_cls, quiet_all and whether its threats are capped: a pass's
 * disproofs hold only there; the capped passes share theirs, a node with k
 * non-four moves left being the same problem in each).
 * Below a defender's counter-four and its forced block, the move that proved
 * the same node without those stones is tried first (shadow_hint).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

/* ---- keys and tables ---------------------------------------------------- */

static uint64_t mix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The part of a node key that is not the stones. */
static Key ctx_mix(const Solver *s, bool att_to_move, int depth, int free_moves) {
    uint64_t ctx = (uint64_t)att_to_move | (uint64_t)s->att << 1 | (uint64_t)(depth & 255) << 2 |
                   (uint64_t)(free_moves & 15) << 10 | (uint64_t)s->mode << 14 |
                   (uint64_t)s->threes << 16 | (uint64_t)s->min_cls << 24 | (uint64_t)s->quiet_all << 28 |
                   (uint64_t)(s->threat_cap > 0) << 29;
    return mix64(ctx);
}

/* Key of a node whose stones have key stones (its context mixed: cm). */
static Key key_with(Key stones, Key cm) {
    Key k = stones ^ cm;
    return k ? k : 1;
}

static Key node_key(const Solver *s, Key stones, bool att_to_move, int depth, int free_moves) {
    return key_with(stones, ctx_mix(s, att_to_move, depth, free_moves));
}

int vct_child_free(const Solver *s, int fr, Move m) {
    bool win_in = s->mode == SOLVE_WIN_IN;
    if (!win_in && !s->threat_cap) return fr;
    /* the forced block of a defender's four is not counted; in a capped
     * VCT pass, fr counts the non-four attacker moves left */
    bool forced = s->pos.b->clscount[!s->att][CLS_FIVE] != 0, four = solve_is_four(s->pos.b, m, s->att);
    if (!win_in) return forced || four ? fr : fr - 1;
    int q = fr >> 1, run = fr & 1;
    if (forced) return q * 2 + four;
    if (four) return (run ? q : q - 1) * 2 + 1;
    return (q - 1) * 2;
}

Key vct_node_key(const Solver *s, bool att_to_move, int depth, int free_moves) {
    return node_key(s, s->pos.key, att_to_move, depth, free_moves);
}

/* Each bucket's four key tags (the keys' top bytes, entry i in byte i) sit
 * in a small array of their own (Solver.ttag, a 24th of the table: it stays
 * in the cache). A key whose tag is in no byte is not in the bucket, and the
 * bucket is not read: most children that df-pn looks up are new (85% in the
 * quintet benchmark's longest case), and a bucket read waits for memory
 * even when prefetched (mid fetches both; the tags come first). */
static inline uint32_t key_tag(Key k) { return (uint32_t)(k >> 56); }

static inline bool tt_may_hold(const Solver *s, Key k) {
    uint32_t x = s->ttag[k & s->tmask] ^ key_tag(k) * 0x01010101u; /* a zero byte: a match */
    return ((x - 0x01010101u) & ~x & 0x80808080u) != 0;
}

/* Fetches the tag word and the bucket (two cache lines) of key k for
 * tt_put; write: for writing (a constant in every call). */
#define TT_PREFETCH(s, k, write)                                         \
    do {                                                                  \
        __builtin_prefetch(&(s)->ttag[(k) & (s)->tmask], write);          \
        __builtin_prefetch(&(s)->ttab[((k) & (s)->tmask) * 4], write);     \
        __builtin_prefetch(&(s)->ttab[((k) & (s)->tmask) * 4 + 3], write); \
    } while (0)

static DfpnEntry *tt_find(Solver *s, Key k) {
    if (!tt_may_hold(s, k)) return NULL;
    DfpnEntry *e = &s->ttab[(k & s->tmask) * 4];
    for (int i = 0; i < 4; i++)
        if (e[i].key == k) return &e[i];
    return NULL;
}

/* Grows the table (solve_table_next), in place or out of its start mapping
 * (SolveMem): the entries of bucket b go to the buckets b + j * (old count
 * of buckets) by their keys, in the order they had (the empty slots last),
 * and the tags follow. */
static void tt_grow(Solver *s) {
    size_t n = s->tmask + 1, nn = solve_table_next(n, s->tmask_max + 1, 4 * sizeof *s->ttab);
    DfpnEntry *dest = solve_mem_dest(&s->tmem, s->ttab, nn * 4 * sizeof *s->ttab);
    uint32_t *dtag = solve_mem_dest(&s->tgmem, s->ttag, nn * sizeof *s->ttag);
    for (size_t b = 0; b < n; b++) {
        DfpnEntry *e = &s->ttab[b * 4], was[4];
        int k = 0;
        for (int i = 0; i < 4; i++)
            if (e[i].key) was[k++] = e[i];
        if (dest == s->ttab && k) memset(e, 0, sizeof was);
        if (dtag == s->ttag) s->ttag[b] = 0;
        for (int i = 0; i < k; i++) {
            size_t to = was[i].key & (nn - 1);
            int w = 0;
            while (dest[to * 4 + w].key) w++;
            dest[to * 4 + w] = was[i];
            dtag[to] = word_put_byte(dtag[to], w, key_tag(was[i].key));
        }
    }
    solve_mem_moved(&s->tmem, s->ttab, dest);
    solve_mem_moved(&s->tgmem, s->ttag, dtag);
    s->ttab = dest;
    s->ttag = dtag;
    s->tmask = nn - 1;
}

/* Stores a node's numbers; a full bucket gives up an entry of an earlier
 * search (Solver.age) or else its least worked one. Without the age, the
 * well-worked entries of earlier puzzles in a batch would hold their slots
 * for good and the table would shrink puzzle by puzzle. A table short of
 * its full size grows instead of giving up an entry. */
static void tt_put(Solver *s, Key k, uint32_t pn, uint32_t dn, Move m, uint64_t work) {
    DfpnEntry *e, *slot;
    for (;;) {
        e = &s->ttab[(k & s->tmask) * 4];
        slot = NULL;
        for (int i = 0; i < 4 && !slot; i++)
            if (e[i].key == k) slot = &e[i];
        if (slot) break;
        slot = &e[0];
        for (int i = 1; i < 4; i++) {
            bool old_i = e[i].age != s->age, old_slot = slot->age != s->age;
            if (old_i != old_slot ? old_i : e[i].work < slot->work) slot = &e[i];
        }
        if (!slot->key || s->tmask == s->tmask_max) break;
        tt_grow(s);
    }
    uint32_t *tag = &s->ttag[k & s->tmask];
    *tag = word_put_byte(*tag, (int)(slot - e), key_tag(k));
    slot->key = k;
    slot->age = s->age;
    slot->pn = pn;
    slot->dn = dn;
    slot->move = m;
    slot->work = work > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)work;
}

/* A patch adds a defence at one defender node: every proof may have
 * leaned on that node's old move list, so the proven entries go, and so
 * does the node's cached list. The rest stays: a disproof holds with more
 * defences (the defender only gains moves), and the numbers of the open
 * nodes are estimates that df-pn corrects as it comes back. On lfz084
 * 高飞习题 #240 (variant 0), the search after its patch took 5.0 M nodes
 * from a cleared table and 0.3 M from this one. */
void vct_forget_proofs(Solver *s, Key patched) {
    DfpnEntry *e = s->ttab;
    for (size_t i = 0, n = (s->tmask + 1) * 4; i < n; i++)
        if (e[i].key && e[i].pn == 0) memset(&e[i], 0, sizeof e[i]);
    MoveCache *c = vct_mcache_find(s, patched);
    if (c) c->gen = MCACHE_FORGOTTEN;
}

/* ---- move generation ------------------------------------------------------ */

/* The attacker's strongest line shape at p. */
static int max_shape(const Board *b, Move p, Color c) {
    int m = 0;
    for (int d = 0; d < DIR_NB; d++) {
        int sh = (b->ps[p].pair[d] >> (4 * c)) & 15;
        if (sh > m && sh != SHAPE_OVERLINE) m = sh;
    }
    return m;
}

/* Does colour c make a line shape of at least thr (an overline aside) at
 * p? The four shapes at once: bytes of at most 10, so no carries. */
static bool shape_at_least(const Board *b, Move p, Color c, int thr) {
    uint32_t x;
    memcpy(&x, b->ps[p].pair, sizeof x);
    x = (x >> (4 * c)) & 0x0F0F0F0Fu;
    uint32_t ge = x + (uint32_t)(0x80 - thr) * 0x01010101u, over = x + (0x80u - SHAPE_OVERLINE) * 0x01010101u;
    return (ge & ~over & 0x80808080u) != 0;
}

/* A candidate's rank for the generators' ordering: its class for colour
 * cls_of, then the attacker's strongest line shape there; below 256, so
 * that a group offset of 256 keeps the score under SORT_SCORES. */
static int cand_rank(const Board *b, Move p, Color cls_of, Color att) {
    _Static_assert(CLS_NB <= 16 && 2 * 256 <= SORT_SCORES, "a class and a shape fit below 256");
    return b->ps[p].cls[cls_of] * 16 + max_shape(b, p, att);
}

/* The legal four points of colour c, appended to out (marked in mark). */
static int add_fours(Solver *s, Color c, uint8_t *mark, Move *out, int n) {
    const Board *b = s->pos.b;
    int want = b->clscount[c][CLS_FOUR] + b->clscount[c][CLS_FOUR_THREE] +
               b->clscount[c][CLS_DOUBLE_FOUR] + b->clscount[c][CLS_OPEN_FOUR];
    Move f[CAND_MAX];
    int nf = solve_scan_class(&s->pos, c, CLS_FOUR_MASK, want < CAND_MAX ? want : CAND_MAX, f);
    for (int i = 0; i < nf; i++)
        if (solve_legal(&s->pos, f[i], c)) mark_add(&s->pos, mark, f[i], out, &n);
    return n;
}

/* Is there an empty point with no stone within five on its four lines (a
 * defender move as good as a pass)? */
static bool has_harmless_point(const Solver *s) {
    const Board *b = s->pos.b;
    const int8_t *bx = s->pos.box[s->pos.sp];
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

/* vcf_run with the related search (vcf.c) when related, else the full one. */
static int vcf_run_as(Solver *s, bool related, Color a, int depth, uint64_t budget, VcfLine *line) {
    s->vcf.related = related;
    int r = vcf_run(&s->vcf, a, depth, budget, line);
    s->vcf.related = false;
    return r;
}

int vct_pass_vcf(Solver *s, int depth, bool fall_back, VcfLine *line) {
    /* in VCT the related search misses some VCFs, and so some threats: the
     * last pass, whose disproofs must be complete, asks the full one */
    bool vct = s->mode == SOLVE_VCT, related = vct && s->related_threats && !s->quiet_all;
    int d = vct && s->threes < depth ? s->threes : depth;
    int r = vcf_run_as(s, related, s->att, d, 0, line);
    if (r == SR_FAIL && related && fall_back) r = vcf_run(&s->vcf, s->att, d, 0, line);
    return r;
}

/* OR node moves; *flags gets GENF_*. With every_move, the VCF shortcut is
 * skipped (the root's moves for --all). */
static int gen_or(Solver *s, int depth, int fr, Move *out, int *n, int *flags, bool every_move) {
    Board *b = s->pos.b;
    Color a = s->att, d = (Color)!a;
    uint8_t mark[BOARD_CELLS];
    *n = 0;
    *flags = 0;
    if (b->clscount[a][CLS_FIVE]) return GEN_PROVEN;
    int nd = b->clscount[d][CLS_FIVE];
    if (nd >= 2 || depth <= 0) return GEN_DISPROVEN;
    /* win in N: fr = moves left * 2 + (the last attacker move was a four);
     * with one move left or none, only the final run of fours remains. So
     * too with one attacker move left (depth 1: only a four that wins at
     * once) and in a capped VCT pass with no non-four move left. The VCF
     * search must then be the complete one to say no: the related one is
     * not, even at one four (a refutation it stored at an inner node of an
     * earlier search, where only the previous four's lines were open,
     * answers it here too: lfz084 白先胜100题 #25 at --depth 5 was nowin,
     * a win at 6, when it did) */
    bool win_in = s->mode == SOLVE_WIN_IN;
    bool vcf_only = (win_in ? (fr >> 1) <= 1 : s->threat_cap > 0 && fr == 0) || depth <= 1;
    if (win_in && fr == 0) return GEN_DISPROVEN;
    if (vcf_only && nd == 0 && !every_move) {
        int r = vcf_run(&s->vcf, a, depth, 0, NULL);
        return r == SR_WIN ? GEN_PROVEN : r == SR_FAIL ? GEN_DISPROVEN : GEN_ABORT;
    }
    if (nd == 1) {
        solve_fives(&s->pos, d, out, 1);
        if (!solve_legal(&s->pos, out[0], a)) return GEN_DISPROVEN;
        *n = 1;
        return GEN_LIST;
    }
    if (!every_move) {
        /* below the root a shortcut only (the fours are among the moves
         * below): the related search, which is cheaper, will do. Not in
         * SOLVE_WIN_IN, where the checker refused a proof made with it
         * (lfz084 一手の詰連珠HT #130, defence l5; not understood yet) */
        int r = vcf_run_as(s, s->pos.sp > 0 && s->mode == SOLVE_VCT, a,
                           depth < s->att_vcf_depth ? depth : s->att_vcf_depth, s->att_vcf_budget, NULL);
        if (r == SR_WIN) return GEN_PROVEN;
        if (s->pos.aborted) return GEN_ABORT;
    }
    VcfLine *rd = &s->scratch[1];
    int rdr = vcf_run(&s->vcf, d, s->def_threat_depth, s->def_vcf_budget, rd);
    if (s->pos.aborted) return GEN_ABORT;
    if (rdr == SR_FAIL) *flags |= GENF_DEF_QUIET;
    memset(mark, 0, sizeof mark);
    int k = add_fours(s, a, mark, out, 0);
    int nf = k;
    if (rdr == SR_WIN) {
        k = defence_collect(&s->pos, rd, d, mark, out, k);
        k = nf + defence_filter(&s->pos, rd, d, out + nf, k - nf);
        if (s->defence_hook) k = s->defence_hook(s, rd, d, out, k);
    } else {
        int x0, x1, y0, y1;
        int thr = s->mode == SOLVE_VCT && s->threes <= 1 ? SHAPE_THREE : SHAPE_TWO;
        solve_region(&s->pos, s->quiet_all ? b->size : 4, &x0, &x1, &y0, &y1);
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                Move p = point_make(x, y);
                /* the tests joined with & (no branch of their own: whether
                 * a point is empty is as good as random); an occupied
                 * point's stale shapes are masked */
                bool want = s->quiet_all | (shape_at_least(b, p, a, thr) & (b->ps[p].cls[a] >= s->min_cls));
                if (s->mode == SOLVE_WIN_IN)
                    want = (fr >> 1) >= 2 && (want | shape_at_least(b, p, d, SHAPE_THREE));
                if ((want & (b->cell[p] == CELL_EMPTY) & !mark[p]) && solve_legal(&s->pos, p, a))
                    mark_add(&s->pos, mark, p, out, &k);
            }
    }
    int score[CAND_MAX];
    for (int i = 0; i < k; i++) score[i] = (i < nf ? 256 : 0) + cand_rank(b, out[i], a, a);
    solve_sort_moves(out, score, k);
    *n = k;
    return GEN_LIST;
}

static int mid(Solver *s, bool or_node, int depth, int fr, bool def_quiet, uint32_t thpn, uint32_t thdn,
               uint32_t *opn, uint32_t *odn);

/* Does the attacker, to move now, win with depth moves and fr free moves?
 * (the null search of SOLVE_WIN_IN) */
static int null_win(Solver *s, int depth, int fr) {
    uint32_t pn, dn;
    if (mid(s, true, depth, fr, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : SR_FAIL;
}

/* AND node moves; *flags gets GENF_*. def_quiet: the OR node above was
 * GENF_DEF_QUIET. */
static int gen_and(Solver *s, int depth, int fr, bool def_quiet, Move *out, int *n, int *flags) {
    Board *b = s->pos.b;
    Color a = s->att, d = (Color)!a;
    uint8_t mark[BOARD_CELLS];
    *n = 0;
    *flags = 0;
    if (b->clscount[d][CLS_FIVE]) return GEN_DISPROVEN;
    int na = b->clscount[a][CLS_FIVE];
    if (na >= 2) return GEN_PROVEN;
    if (na == 1) {
        solve_fives(&s->pos, a, out, 1);
        if (s->renju_black_def && board_forbidden(b, out[0]) != FORBID_NONE) return GEN_PROVEN;
        *n = 1;
        *flags = GENF_FORCED;
        return GEN_LIST;
    }
    if (depth <= 0) return GEN_DISPROVEN;
    VcfLine *R = &s->scratch[2];
    bool tree_threat = s->mode == SOLVE_WIN_IN && (fr >> 1) >= 2;
    if (s->mode == SOLVE_WIN_IN && fr == 0) return GEN_DISPROVEN;
    int r = tree_threat ? null_win(s, depth, fr) : vct_pass_vcf(s, depth, s->pass_fall_back, R);
    if (r == SR_ABORT) return GEN_ABORT;
    memset(mark, 0, sizeof mark);
    int k = 0;
    if (r == SR_FAIL) {
        if (s->mode == SOLVE_VCT || has_harmless_point(s)) return GEN_DISPROVEN;
        /* every legal defence: nothing is as good as a pass here */
        for (int y = 0; y < b->size; y++)
            for (int x = 0; x < b->size; x++) {
                Move p = point_make(x, y);
                if (b->cell[p] == CELL_EMPTY && solve_legal(&s->pos, p, d)) mark_add(&s->pos, mark, p, out, &k);
            }
        *n = k;
        *flags = GENF_ALL;
        return GEN_LIST;
    }
    /* the defender's own VCF refutes the threat at once; a shortcut too
     * (its first four is among the defences below, so the search finds it),
     * skipped when the defender had none before the attacker's move (that
     * stone only takes from it, but for renju's forbidden points) */
    bool skip = def_quiet && !tree_threat && s->def_threat_depth >= s->def_vcf_depth;
    int rd = skip ? SR_FAIL : vcf_run(&s->vcf, d, s->def_vcf_depth, s->def_vcf_budget, NULL);
    if (rd == SR_WIN) return GEN_DISPROVEN;
    if (s->pos.aborted) return GEN_ABORT;
    if (tree_threat) {
        k = vct_collect(s, depth, fr, mark, out, 0);
        if (k < 0) return GEN_ABORT;
        int m = 0;
        for (int i = 0; i < k; i++)
            if (solve_legal(&s->pos, out[i], d)) out[m++] = out[i];
        k = m;
    } else {
        k = defence_collect(&s->pos, R, a, mark, out, 0);
        k = defence_filter(&s->pos, R, a, out, k);
        if (s->defence_hook) k = s->defence_hook(s, R, a, out, k);
    }
    /* the patches: looked for in the list, not in mark, which still holds
     * the candidates that defence_filter dropped: a patch that was one of
     * those was ignored, and the same proof came back round after round
     * until the checker's rounds ran out (test_patch_round) */
    Key key = vct_node_key(s, false, depth, fr);
    for (int i = 0; i < s->patches; i++) {
        Move p = s->patch[i].move;
        if (s->patch[i].key == key && k < CAND_MAX && b->cell[p] == CELL_EMPTY && !solve_listed(out, k, p))
            out[k++] = p;
    }
    /* the defences that break the threat first, plain counter-fours last:
     * most of those are idle (four, forced block, the same threat again).
     * On lfz084 vct puzzles this took 12% fewer nodes (24% by geometric
     * mean). A counter-four that also makes a three or a second four is a
     * counter-attack and keeps its rank. */
    int score[CAND_MAX];
    for (int i = 0; i < k; i++)
        score[i] = (b->ps[out[i]].cls[d] == CLS_FOUR ? 0 : 256) + cand_rank(b, out[i], d, a);
    solve_sort_moves(out, score, k);
    *n = k;
    return GEN_LIST;
}

/* The move cache is the direct-mapped cache of Solver.mmask_max + 1
 * entries (an entry's index: the low bits of its key) that a small table
 * stands for: the entries of the indexes in use, by linear probing from
 * the index's low bits, and at least twice as many slots (it grows when half are
 * taken). A list gives way only to a list of the same index, as in the
 * cache of the full size; at the full size each entry sits at its index. */

/* The slot of key's index in the cache t of mask + 1 entries: the one
 * holding it, or the empty slot where it goes. */
static MoveCache *mcache_slot_in(MoveCache *t, size_t mask, size_t max_mask, Key key) {
    size_t i = key & mask;
    Key index = key & max_mask;
    for (;; i = (i + 1) & mask) {
        MoveCache *c = &t[i];
        if (!c->key || (c->key & max_mask) == index) return c;
    }
}

static MoveCache *mcache_slot(const Solver *s, Key key) {
    return mcache_slot_in(s->mcache, s->mmask, s->mmask_max, key);
}

MoveCache *vct_mcache_find(const Solver *s, Key key) {
    MoveCache *c = mcache_slot(s, key);
    return c->key == key && c->gen != MCACHE_FORGOTTEN ? c : NULL;
}

/* Bytes of an entry with n moves, the list cut after them (a multiple of
 * the key's alignment). */
static size_t mcache_bytes(int n) {
    return (offsetof(MoveCache, m) + (size_t)n * sizeof(Move) + sizeof(Key) - 1) / sizeof(Key) * sizeof(Key);
}

/* Grows the move cache (solve_table_next): out of its start mapping
 * (SolveMem) the lists go straight into the block; in place they go to a
 * buffer first. false when the buffer cannot be had (the cache then stays
 * as it is). */
static bool mcache_grow(Solver *s) {
    size_t n = s->mmask + 1, nn = solve_table_next(n, s->mmask_max + 1, sizeof *s->mcache), bytes = 0;
    MoveCache *dest = solve_mem_dest(&s->mmem, s->mcache, nn * sizeof *s->mcache);
    char *buf = NULL, *p = NULL;
    if (dest == s->mcache) {
        for (size_t i = 0; i < n; i++)
            if (s->mcache[i].key && s->mcache[i].gen != MCACHE_FORGOTTEN) bytes += mcache_bytes(s->mcache[i].n);
        if (!(buf = p = malloc(bytes ? bytes : 1))) return false;
    }
    s->mused = 0;
    for (size_t i = 0; i < n; i++) {
        MoveCache *c = &s->mcache[i];
        if (c->key && c->gen != MCACHE_FORGOTTEN) {
            size_t len = mcache_bytes(c->n);
            if (buf) {
                memcpy(p, c, len);
                p += len;
            } else {
                memcpy(mcache_slot_in(dest, nn - 1, s->mmask_max, c->key), c, len);
                s->mused++;
            }
        }
        if (buf) c->key = 0;
    }
    for (char *q = buf; q < p;) {
        MoveCache *from = (MoveCache *)(void *)q;
        size_t len = mcache_bytes(from->n);
        memcpy(mcache_slot_in(dest, nn - 1, s->mmask_max, from->key), from, len);
        s->mused++;
        q += len;
    }
    free(buf);
    solve_mem_moved(&s->mmem, s->mcache, dest);
    s->mcache = dest;
    s->mmask = nn - 1;
    return true;
}

int vct_gen(Solver *s, Key key, bool or_node, int depth, int fr, bool def_quiet, Move *out, int *n,
            int *flags) {
    MoveCache *c = vct_mcache_find(s, key);
    if (c) {
        *n = c->n;
        *flags = c->flags;
        memcpy(out, c->m, (size_t)c->n * sizeof *out);
        return c->gen;
    }
    int g = or_node ? gen_or(s, depth, fr, out, n, flags, false)
                    : gen_and(s, depth, fr, def_quiet, out, n, flags);
    if (g == GEN_ABORT || *n > MCACHE_MOVES) return g;
    c = mcache_slot(s, key); /* nested searches may have used the slot */
    if (!c->key && s->mmask < s->mmask_max && 2 * (s->mused + 1) > s->mmask + 1 && mcache_grow(s))
        c = mcache_slot(s, key);
    if (!c->key) {
        if (2 * (s->mused + 1) > s->mmask + 1 && s->mmask < s->mmask_max)
            return g; /* the cache could not grow: the list is not kept */
        s->mused++;
    }
    c->key = key;
    c->gen = (int8_t)g;
    c->flags = (uint8_t)*flags;
    c->n = (int16_t)*n;
    memcpy(c->m, out, (size_t)*n * sizeof *out);
    return g;
}

/* ---- df-pn ---------------------------------------------------------------- */

static uint32_t sat_add(uint32_t a, uint32_t b) {
    uint32_t s = a + b;
    return s >= DFPN_INF - 1 || s < a ? DFPN_INF - 1 : s;
}

/* In a capped VCT pass, a node's key holds the free moves left (fr), and
 * a node proven with fewer is proven: the attacker wins with the same
 * moves (the defences at a node do not depend on fr). A variant's plan
 * raises the cap by one or two a pass, so the proofs of the pass before
 * (in its subtrees: its root failed) stand at fr - 1 or fr - 2 in the next.
 * k: the node's key at fr. The proven entry with fewer, and in *less
 * (when not NULL) how many fewer; NULL when there is none, and then in
 * *prev (when not NULL) the entry with one fewer, if any. On the 64 hard lfz084 vct puzzles,
 * variant 4 alone at 20 M nodes: 41 won against 39, nodes x0.97 on the 37
 * both won (lfz084 天狗道场 #87: 11.2 M against 13.9 M). */
static DfpnEntry *tt_find_proof_below(Solver *s, Key k, bool att_to_move, int depth, int fr, int *less,
                                      DfpnEntry **prev) {
    if (prev) *prev = NULL;
    if (!s->threat_cap || s->mode != SOLVE_VCT) return NULL;
    Key stones = k ^ ctx_mix(s, att_to_move, depth, fr);
    for (int d = 1; d <= 2 && d <= fr; d++) {
        DfpnEntry *e = tt_find(s, key_with(stones, ctx_mix(s, att_to_move, depth, fr - d)));
        if (e && e->pn == 0) {
            if (less) *less = d;
            return e;
        }
        if (d == 1 && prev) *prev = e;
    }
    return NULL;
}

/* Numbers of a child not searched yet: the table's, a proof with fewer
 * free moves, or the first numbers init and 1. In a capped pass, the
 * numbers of the same stones with one free move fewer, open in the pass
 * before, come first instead (init at least): how hard they were to prove
 * or disprove with one free move fewer is the best guess there is. 64
 * hard lfz084 vct puzzles, variant 4 alone at 20 M nodes: 43 won against
 * 41, nodes x0.92 on the 40 both won. (A child disproven with one fewer
 * starting dearer, at 2 init, was no better: 41.) */
static void child_numbers(Solver *s, Key k, bool att_to_move, int depth, int fr, uint8_t init, uint32_t *pn,
                          uint32_t *dn) {
    DfpnEntry *e = tt_find(s, k), *prev = NULL;
    if (!e && (e = tt_find_proof_below(s, k, att_to_move, depth, fr, NULL, &prev))) s->proofs_below++;
    if (e) {
        *pn = e->pn;
        *dn = e->dn;
        return;
    }
    *pn = init;
    *dn = 1;
    if (prev && prev->pn != DFPN_INF && prev->dn != DFPN_INF) { /* open: neither 0 */
        *pn = prev->pn > init ? prev->pn : init;
        *dn = prev->dn;
    }
}

/* First proof number of the node after the attacker's move p, by the class
 * the move makes: a four is answered in one way, an open three in a few; a
 * move that makes less is a threat only now and then, more often when it
 * makes shapes on two lines. Share of such moves that were threats (the
 * attacker then had a VCF), three hard lfz084 vct puzzles at 3 M nodes
 * each: double two 30-37%, closed three 20-30%, open two 8-23%, closed two
 * 5-13%. Ordered so (closed three, open two and closed two alike: a finer
 * split was no better), the 113 medium lfz084 vct puzzles took 27% fewer
 * nodes at 2 M nodes each (109 solved against 105) and the quintet
 * benchmark 12.6% fewer. */
static const uint8_t ATTACK_PN[CLS_NB] = {
    [CLS_NONE] = 3,       [CLS_DEAD] = 3,           [CLS_TWO] = 4,
    [CLS_OPEN_TWO] = 4,   [CLS_OPEN_TWO_TWO] = 4,   [CLS_THREE] = 4,
    [CLS_DOUBLE_TWO] = 3, [CLS_OPEN_THREE] = 2,     [CLS_FOUR] = 1,
    [CLS_OPEN_THREE_THREE] = 2, [CLS_DOUBLE_THREE] = 2, [CLS_FOUR_THREE] = 1,
    [CLS_DOUBLE_FOUR] = 1, [CLS_OPEN_FOUR] = 1,     [CLS_OVERLINE] = 3,
    [CLS_FIVE] = 3, /* never a candidate: such a node is proven first */
};

/* A plain four (CLS_FOUR) starts at Solver.four_pn (1 or 2, by variant). At
 * 1, df-pn plays out every chain of the attacker's fours before any other
 * threat: each four's forced block leaves nearly the same candidates, and
 * its fours first again, so the subsets of the fours are all searched
 * (2^k positions for k fours) where a four is rarely what wins (a four that
 * wins at once, four-three and better, is found by the VCF shortcut and
 * stays at 1). With Solver.def_cls (variants 0 and 4: CLS_THREE), a
 * non-four move on a point where the defender would make less starts one
 * dearer: a threat that also takes a point the defender needs (its block
 * stones gather into counter-fours along a long VCT) comes first. 74 hard
 * lfz084 vct puzzles, variant 0: 31 solved against 27 at 4 M nodes, 42
 * against 41 at 8 M with nodes x0.82 on the 38 both solved; 160 medium at
 * 2 M 147 either way, nodes x0.92. */
static uint8_t attack_pn(const Solver *s, Move p) {
    int cls = s->pos.b->ps[p].cls[s->att];
    int pn = cls == CLS_FOUR ? s->four_pn : ATTACK_PN[cls];
    if (pn == 1) return 1; /* a four, wherever it is */
    /* a threat on a point the defender has no use for comes later */
    if (cls != CLS_FOUR && s->pos.b->ps[p].cls[!s->att] < s->def_cls) pn++;
    /* threats far from the last two stones come later */
    int dist = 99;
    for (int k = 1; k <= 2 && k <= s->pos.sp; k++) {
        Move q = s->pos.st_move[s->pos.sp - k];
        int dx = point_x(p) - point_x(q), dy = point_y(p) - point_y(q);
        dx = dx < 0 ? -dx : dx;
        dy = dy < 0 ? -dy : dy;
        int dd = dx > dy ? dx : dy;
        if (dd < dist) dist = dd;
    }
    if (dist < 99 && dist > s->pn_radius) pn += (dist - s->pn_radius) * s->pn_far;
    return (uint8_t)(pn > 250 ? 250 : pn);
}

/* Below a defender's counter-four and its forced block, the same threat
 * usually stands and the same attacker move usually proves it: the "shadow"
 * node — this OR node without the counter-fours and blocks on the path, with
 * the attacker moves those blocks took — may be proven already. Its proving
 * move, when it is among cand, goes first (and gets the smallest proof
 * number). A hint only orders the moves; it proves nothing. In the quintet
 * benchmark it saves 8% of the nodes. */
static bool shadow_hint(Solver *s, int depth, int fr, Move *cand, int n) {
    DfpnEntry *h = tt_find(s, node_key(s, s->pos.key ^ s->shadow, true, depth + s->shadow_dd, fr));
    if (!h || h->pn != 0 || h->move <= MOVE_PASS) return false;
    for (int i = 0; i < n; i++)
        if (cand[i] == h->move) {
            memmove(cand + 1, cand, (size_t)i * sizeof *cand);
            cand[0] = h->move;
            return true;
        }
    return false;
}

/* One df-pn node: searches until its numbers reach the thresholds.
 * def_quiet (AND node): the OR node above was GENF_DEF_QUIET. */
static int mid(Solver *s, bool or_node, int depth, int fr, bool def_quiet, uint32_t thpn, uint32_t thdn,
               uint32_t *opn, uint32_t *odn) {
    Key k = vct_node_key(s, or_node, depth, fr);
    uint64_t start = s->pos.nodes;
    if (!solve_tick(&s->pos)) return SR_ABORT;
    /* the node's own slot, written after the move generation (whose VCF
     * searches take long enough for the fetch, and may have pushed out
     * what the parent fetched) */
    TT_PREFETCH(s, k, 1);
    Move cand[CAND_MAX];
    int n, flags;
    int g = vct_gen(s, k, or_node, depth, fr, def_quiet, cand, &n, &flags);
    if (g == GEN_ABORT) return SR_ABORT;
    if (g != GEN_LIST) {
        *opn = g == GEN_PROVEN ? 0 : DFPN_INF;
        *odn = g == GEN_PROVEN ? DFPN_INF : 0;
        tt_put(s, k, *opn, *odn, MOVE_PASS, 1);
        return SR_FAIL;
    }
    Color mover = or_node ? s->att : (Color)!s->att;
    int cdepth = or_node ? depth - 1 : depth;
    /* the forced block of a defender's four: below it, the shadow (s->shadow)
     * grows by the two stones */
    bool block = or_node && n == 1 && s->pos.sp > 0 && s->pos.b->clscount[!s->att][CLS_FIVE] == 1;
    Key pair = block ? zobrist_table[!s->att][s->pos.st_move[s->pos.sp - 1]] ^ zobrist_table[s->att][cand[0]] : 0;
    bool hinted = or_node && s->shadow_dd > 0 && n > 1 && shadow_hint(s, depth, fr, cand, n);
    Key ckey[CAND_MAX];
    uint8_t init[CAND_MAX];
    int8_t cfree[CAND_MAX];
    bool once[CAND_MAX]; /* counted once (cf_once): a plain counter-four at an AND node */
    Key cm = 0;
    int cm_free = -1; /* the children's contexts differ only by free moves */
    for (int i = 0; i < n; i++) {
        cfree[i] = (int8_t)(or_node ? vct_child_free(s, fr, cand[i]) : fr);
        if (cfree[i] != cm_free) cm = ctx_mix(s, !or_node, cdepth, cm_free = cfree[i]);
        ckey[i] = key_with(s->pos.key ^ zobrist_table[mover][cand[i]], cm);
        __builtin_prefetch(&s->ttag[ckey[i] & s->tmask]);
        __builtin_prefetch(&s->ttab[(ckey[i] & s->tmask) * 4]);
        init[i] = or_node ? (i == 0 && hinted ? 1 : attack_pn(s, cand[i])) : 1;
        once[i] = !or_node && s->cf_once && s->pos.b->ps[cand[i]].cls[!s->att] == CLS_FOUR;
    }
    uint32_t pn = 0, dn = 0;
    Move best_move = MOVE_NONE;
    /* the children's numbers, read once and kept up to date as they are
     * searched (a transposition may change one meanwhile: df-pn copes) */
    uint32_t cpn[CAND_MAX], cdn[CAND_MAX];
    for (int i = 0; i < n; i++) child_numbers(s, ckey[i], !or_node, cdepth, cfree[i], init[i], &cpn[i], &cdn[i]);
    /* a child that can no longer be chosen (disproven below an OR node,
     * proven below an AND node) adds nothing to the sum either: it leaves
     * the list, the others keep their order */
    int m = 0;
    for (int i = 0; i < n; i++) {
        if ((or_node ? cpn[i] : cdn[i]) == DFPN_INF) continue;
        cand[m] = cand[i], ckey[m] = ckey[i], cfree[m] = cfree[i], cpn[m] = cpn[i], cdn[m] = cdn[i];
        once[m] = once[i];
        m++;
    }
    n = m;
    /* the other number (dn at OR nodes, pn at AND nodes): the children's
     * sum, or with the weak numbers of the search variants the largest
     * child's number and one for each other child (a subtree reached by two
     * paths is not counted twice). With cf_once, the plain counter-fours of
     * an AND node add their largest proof number, not their sum: after one
     * and its forced block the same threat stands, and that child's subtree
     * holds the others' (the positions after several counter-fours are the
     * same in any order, so the sum counts each once per path: k! times for
     * k of them, where the defender's counter-fours are most of a hard
     * proof's nodes) */
    bool weak = or_node ? s->weak_or : s->weak_and;
    bool quiet = or_node && (flags & GENF_DEF_QUIET); /* for the AND children */
    for (;;) {
        uint32_t v1 = DFPN_INF, v2 = DFPN_INF, other = 0, bpn = 0, bdn = 0, once_max = 0;
        int best = -1;
        for (int i = 0; i < n; i++) {
            uint32_t v = or_node ? cpn[i] : cdn[i], w = or_node ? cdn[i] : cpn[i];
            if (v < v1) {
                v2 = v1;
                v1 = v;
                best = i;
                bpn = cpn[i];
                bdn = cdn[i];
            } else if (v < v2) {
                v2 = v;
            }
            if (once[i]) once_max = w > once_max ? w : once_max; /* 0 only without one (proven ones left) */
            else if (weak) other = w > other ? w : other; /* the largest, for now */
            else other = w == DFPN_INF || other == DFPN_INF ? DFPN_INF : sat_add(other, w);
            if (v == 0) break;
        }
        if (weak && n > 0 && other != DFPN_INF) other = sat_add(other, (uint32_t)n - 1);
        if (once_max) other = other == DFPN_INF || once_max == DFPN_INF ? DFPN_INF : sat_add(other, once_max);
        if (or_node) {
            pn = v1;
            dn = v1 == 0 ? DFPN_INF : other;
        } else {
            dn = v1;
            pn = v1 == 0 ? DFPN_INF : other;
        }
        if (n == 0) { /* no child, or every one gone: disproven (OR) or proven (AND) */
            pn = or_node ? DFPN_INF : 0;
            dn = or_node ? 0 : DFPN_INF;
        }
        best_move = best >= 0 ? cand[best] : MOVE_NONE;
        if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;
        /* the 1 + e threshold at e = 1/2 (1/4 before): fewer returns to the
         * parent on the long proofs of the hardest puzzles. The 17 winnable
         * lfz084 vct puzzles unknown at 10 s, variant 0, one thread, 25 s:
         * 5 won either way, 4 of them under 10 s at 1/2 (1 at 1/4); the
         * whole vct set, 2 threads, 10 s: 1,058 against 1,055 (5 gained, 2
         * lost near the limit). On 66 hard ones at 3 M nodes, 16 against 19:
         * a node limit favours the smaller e */
        uint32_t v2e = v2 >= DFPN_INF / 2 ? DFPN_INF : v2 + v2 / 2 + 1;
        uint32_t cth1, cth2;
        if (or_node) {
            cth1 = thpn < v2e ? thpn : v2e;                     /* child pn threshold */
            cth2 = thdn >= DFPN_INF ? DFPN_INF : thdn - dn + bdn; /* child dn threshold */
        } else {
            cth2 = thdn < v2e ? thdn : v2e;
            cth1 = thpn >= DFPN_INF ? DFPN_INF : thpn - pn + bpn;
        }
        /* the child first reads its cached moves, and without them the VCF
         * table: fetched while the stone is placed */
        const char *mc = (const char *)&s->mcache[ckey[best] & s->mmask];
        __builtin_prefetch(mc);
        __builtin_prefetch(mc + 64);
        vcf_prefetch(&s->vcf, s->pos.key ^ zobrist_table[mover][cand[best]]);
        s->shadow ^= pair;
        s->shadow_dd += block;
        solve_place(&s->pos, cand[best], mover);
        int r = mid(s, !or_node, cdepth, cfree[best], quiet, cth1, cth2, &cpn[best], &cdn[best]);
        solve_unplace(&s->pos, mover);
        /* this node's own slot, written when the loop ends (the subtree
         * has likely pushed it out of the cache) */
        TT_PREFETCH(s, k, 0);
        s->shadow ^= pair;
        s->shadow_dd -= block;
        if (r == SR_ABORT) return SR_ABORT;
        if ((or_node ? cpn[best] : cdn[best]) == DFPN_INF) {
            n--;
            for (int i = best; i < n; i++)
                cand[i] = cand[i + 1], ckey[i] = ckey[i + 1], cfree[i] = cfree[i + 1], cpn[i] = cpn[i + 1],
                cdn[i] = cdn[i + 1], once[i] = once[i + 1];
        }
    }
    *opn = pn;
    *odn = dn;
    tt_put(s, k, pn, dn, best_move, s->pos.nodes - start);
    return SR_FAIL;
}

/* ---- entry points --------------------------------------------------------- */

int vct_root_moves(Solver *s, int depth, int free_moves, Move *out) {
    int n;
    if (s->pos.b->clscount[s->att][CLS_FIVE]) return solve_fives(&s->pos, s->att, out, CAND_MAX);
    int flags;
    int g = gen_or(s, depth, free_moves, out, &n, &flags, true);
    return g == GEN_LIST ? n : 0;
}

int vct_run(Solver *s, int depth, int free_moves) {
    uint32_t pn, dn;
    if (mid(s, true, depth, free_moves, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : dn == 0 ? SR_FAIL : SR_ABORT;
}

int vct_run_after(Solver *s, Move m, int depth, int free_moves) {
    uint32_t pn, dn;
    if (s->pos.b->ps[m].cls[s->att] == CLS_FIVE) return SR_WIN;
    int cf = vct_child_free(s, free_moves, m);
    solve_place(&s->pos, m, s->att);
    int r = mid(s, false, depth - 1, cf, false, DFPN_INF, DFPN_INF, &pn, &dn);
    solve_unplace(&s->pos, s->att);
    if (r == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : dn == 0 ? SR_FAIL : SR_ABORT;
}

int vct_mid_or(Solver *s, int depth, int free_moves, bool or_node) {
    uint32_t pn, dn;
    if (mid(s, or_node, depth, free_moves, false, DFPN_INF, DFPN_INF, &pn, &dn) == SR_ABORT) return SR_ABORT;
    return pn == 0 ? SR_WIN : SR_FAIL;
}

Move vct_tt_move(Solver *s, Key k, bool att_to_move, int depth, int fr, uint32_t *pn) {
    DfpnEntry *e = tt_find(s, k);
    if (!e) e = tt_find_proof_below(s, k, att_to_move, depth, fr, NULL, NULL);
    if (!e) {
        *pn = DFPN_INF + 1;
        return MOVE_NONE;
    }
    *pn = e->pn;
    return e->move;
}

int vct_proven_fr(Solver *s, bool att_to_move, int depth, int fr) {
    Key k = vct_node_key(s, att_to_move, depth, fr);
    int less;
    return !tt_find(s, k) && tt_find_proof_below(s, k, att_to_move, depth, fr, &less, NULL) ? fr - less : fr;
}

Key vct_child_key(const Solver *s, Move m, Color mover, bool child_or, int depth, int free_moves) {
    return node_key(s, s->pos.key ^ zobrist_table[mover][m], child_or, depth, free_moves);
}
