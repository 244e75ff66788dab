/*
 * vcf.h — the VCF layer: victory by continuous fours over the threat layer
 * (solve_threat.h), with its table of positions refuted and lines found.
 *
 * The VCF table holds, per (stones, attacker), "no VCF within depth d" or
 * "a VCF of len fours starting with move m"; 16-byte entries, VCF_WAYS to a
 * bucket. It starts small inside a block reserved at its full size and
 * doubles in place, up to its full size, when a store would push out an
 * entry while half its slots are taken (vct.h says why).
 */
#ifndef GMK_VCF_H
#define GMK_VCF_H

#include "solve_mem.h"
#include "solve_threat.h"
#include <assert.h>

#define VCF_ANY 255 /* depth "no limit" */

/* VCF table entry. */
typedef struct {
    uint64_t key;     /* stones ^ attacker key; 0 = empty slot */
    Move move;        /* WIN: first move of the line */
    uint8_t depth;    /* FAIL: no VCF with at most this many fours (VCF_ANY: none at all) */
    uint8_t len;      /* WIN: fours the line uses */
    uint8_t result;   /* SR_FAIL or SR_WIN */
    uint8_t pad_[3];
} VcfEntry;
#define VCF_WAYS 4         /* entries per bucket: a 64-byte cache line */
#define VTAB_START 256     /* first size of the table in buckets: 16 KB */

/* The layer's state. */
typedef struct {
    SolvePos *pos;                  /* the position searched (the threat layer's) */
    VcfEntry *vtab;
    size_t vmask;                   /* buckets - 1 (VCF_WAYS entries per bucket) */
    size_t vmask_max;               /* ... at the table's full size */
    SolveMem vmem;                  /* its memory */
    bool related;                   /* the search running is the related one (vcf.c) */
    size_t vused;                   /* entries in the table */
} Vcf;

/* Does colour a, moving now (whoever is to move on the board), win by
 * continuous fours using at most depth fours before the five? budget: node
 * budget of this call (0: only the global limits). SR_WIN (line filled when
 * not NULL), SR_FAIL, or SR_ABORT (a limit: the answer is unknown). */
int vcf_run(Vcf *v, Color a, int depth, uint64_t budget, VcfLine *line);
/* Fetches the table slots that both colours' VCF searches from the position
 * with stones key `stones` read first (a hint for the cache, nothing more). */
void vcf_prefetch(const Vcf *v, Key stones);
/* Every first move of a VCF for a (at most depth fours). Returns the count,
 * or -1 when a limit stopped the work. */
int vcf_all(Vcf *v, Color a, int depth, Move *out);
void vcf_clear(Vcf *v);

/* ---- the generator (vcf_gen.c) -------------------------------------------- */

#define VCF_KEEP 64 /* four points a node hands down to its children, at most */

/* Is p on one of q's four lines, at most four points away? */
static inline bool on_lines(Move p, Move q) {
    int dx = point_x(p) - point_x(q), dy = point_y(p) - point_y(q);
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    return (ax == 0 || ay == 0 || ax == ay) && (ax > ay ? ax : ay) <= 4;
}

/* Does colour a have a point with two five points (an open four or a double
 * four) now? */
static inline bool has_double(const Board *b, Color a) {
    return b->clscount[a][CLS_OPEN_FOUR] || b->clscount[a][CLS_DOUBLE_FOUR];
}

/* Black's threats in one line shape, toward a forbidden point: an open three
 * or a four one, a line of two fours, five and overline two. */
static inline int black_threats(int sh) { return sh >= SHAPE_FOUR_FOUR ? 2 : sh >= SHAPE_OPEN_THREE; }

/* Black's classes (class_of) that give a point two threats or more
 * (black_threats) whatever its line shapes, and those that give it two only
 * with an overline on another line (the overline ranks below them: one
 * open three or four, or none, beside it). Any other class has no open
 * three, four, five or overline: fewer than two threats. */
#define CLS_TWO_THREATS_MASK                                                                                      \
    ((1u << CLS_FIVE) | (1u << CLS_OPEN_FOUR) | (1u << CLS_DOUBLE_FOUR) | (1u << CLS_FOUR_THREE) |               \
     (1u << CLS_DOUBLE_THREE) | (1u << CLS_OVERLINE))
#define CLS_OVERLINE_HIDES_MASK                                                                                   \
    ((1u << CLS_THREE) | (1u << CLS_DOUBLE_TWO) | (1u << CLS_OPEN_THREE) | (1u << CLS_OPEN_THREE_THREE) |         \
     (1u << CLS_FOUR))

#ifdef GMK_DEBUG
/* Black's threats at empty q, counted from its line shapes (the check of
 * may_become_forbidden). */
static inline int black_threats_at(const Board *b, Move q) {
    int threats = 0;
    for (int d = 0; d < DIR_NB; d++) threats += black_threats(point_shape(b, q, COLOR_BLACK, d));
    return threats;
}
#endif

/* Can empty q be a forbidden point for black once white has played on one
 * of its lines? A white stone only weakens black's shapes, so not when
 * black has fewer than two threats there now (open threes and better, a
 * line of two fours, five and overline counting two). Black's class at q
 * decides but for the few classes an overline can hide under (then the
 * shapes are counted). */
static inline bool may_become_forbidden(const Board *b, Move q) {
    unsigned cls = b->ps[q].cls[COLOR_BLACK];
    /* below the two-threat classes, a class holds one threat at most but
     * for its overlines (two each) */
    bool threats2 = ((CLS_TWO_THREATS_MASK >> cls) & 1) ||
                    (((CLS_OVERLINE_HIDES_MASK >> cls) & 1) && black_overline_at(b, q));
#ifdef GMK_DEBUG
    assert(threats2 == (black_threats_at(b, q) >= 2));
#endif
    return threats2;
}

/* The candidates of an attacker node with no five point to block: a's
 * legal four points (inherited from pf when the parent handed them down,
 * else scanned), on last's lines only with restrict_fours, best first (first
 * at the head). keep (*nkeep) gets the four points for the children (-1:
 * none kept). Returns the count. */
int vcf_gen_fours(Vcf *v, Color a, int depth, Move last, const Move *pf, int npf, Move first,
                  bool restrict_fours, Move *cand, Move *keep, int *nkeep);
/* Would a's stone at empty p give a a point with two five points? */
bool vcf_four_leaves_double(const Board *b, Move p, Color a);
/* Would a have a four on the lines of p after a's four at p and the block
 * at q (fours: a's four points before)? */
bool vcf_four_on_lines_after(const Board *b, Move p, Move q, Color a, const Move *fours, int nfours);
/* Does black's stone at empty q give a point on q's lines two threats? */
bool vcf_block_adds_threats(const Board *b, Move q);
/* Can no candidate point of the node become forbidden for black? */
bool vcf_no_forbidden_candidate(const Vcf *v);

#endif /* GMK_VCF_H */
