/*
 * vct.h — the df-pn engine: proof-number search over the AND/OR tree of
 * threats (VCT) and of win in N (vct.c), its table and move cache
 * (vct_table.c). It stands on the VCF layer (vcf.h) and the threat layer
 * (solve_threat.h); the layers above (proof.h, solve.h) set its parameters
 * (the search variant's and the pass's, as data) and read its proofs.
 *
 * The df-pn table holds, per (stones, side to move, depth left, free moves
 * left and the search's kind), proof and disproof numbers and the proving
 * move; 24-byte entries, 4-way buckets; an entry of an earlier search (the
 * tables persist between searches) is replaced first, else the one with the
 * least work. It starts small inside a block reserved at its full size and
 * doubles in place, up to its full size, when a store would push out an
 * entry while half its slots are taken; below that the entry goes as at the
 * full size (solve_mem.h). Growing at the first full bucket instead (the
 * search then being the one the full size makes) took some N^(4/3) slots
 * for N entries: vct_game_white_l12_1's tables came to 24 MB (and the VCF
 * table's to 64 MB), each page zeroed by the kernel as the copies touched
 * it, 60-80 ms of system time beside 110 ms of search. The move cache
 * stands for a direct-mapped cache of the full size and doubles when half
 * full (vct_table.c).
 */
#ifndef GMK_VCT_H
#define GMK_VCT_H

#include "gmk_solve.h"
#include "vcf.h"

/* df-pn table entry. */
typedef struct {
    uint64_t key;     /* node key (see vct.c); 0 = empty slot */
    uint32_t pn, dn;  /* proof and disproof numbers; 0 / DFPN_INF when decided */
    uint32_t work;    /* nodes spent below this entry (replacement) */
    Move move;        /* OR node: proving move; MOVE_PASS: proven by a VCF */
    uint8_t age;      /* the search that stored it (Dfpn.age) */
    uint8_t pad_;
} DfpnEntry;

#define DFPN_INF 0x3FFFFFFFu
#define TTAB_START 256   /* first size of the df-pn table in buckets: 24 KB and 1 KB of tags */
#define MCACHE_START 64  /* first size of the move cache in entries: 16 KB */

/* Cached move list of a df-pn node (generation is costly and df-pn comes
 * back to a node many times). */
#define MCACHE_MOVES 122 /* 256 bytes an entry: a cache line holds the key and 26 moves */
typedef struct {
    Key key;                  /* node key; 0 = empty */
    int16_t n;                /* moves */
    int8_t gen;               /* GEN_*; MCACHE_FORGOTTEN: holds its slot, never read */
    uint8_t flags;            /* GENF_* */
    Move m[MCACHE_MOVES];     /* the moves, best first */
} MoveCache;
#define MCACHE_FORGOTTEN (-1)

/* A patch found by the checker: a defence the search must also consider. */
typedef struct {
    Key key;          /* node key of the defender's node */
    Move move;        /* the move */
} SolvePatch;
#define PATCH_MAX 64


/* The layer's state: the search's parameters, its path, its table and
 * move cache. */
typedef struct Dfpn {
    SolvePos *pos;                  /* the position searched (the threat layer's) */
    Vcf *vcf;                       /* the VCF layer it asks */
    Color att;                      /* attacker of the current search */
    Key shadow;                     /* stones of the defender's counter-fours and their
                                       forced blocks on the df-pn path (zobrist keys) */
    int shadow_dd;                  /* how many such pairs: the attacker moves they took */
    uint64_t proofs_below;          /* children found proven with fewer free moves (a capped pass before) */
    DfpnEntry *ttab;
    size_t tmask;                   /* buckets - 1 (4 entries per bucket) */
    size_t tmask_max;               /* ... at the table's full size */
    SolveMem tmem, tgmem;           /* the memory of the entries and of the tags */
    uint32_t *ttag;                 /* per bucket: its entries' key tags (vct.c), read first */
    size_t tused;                   /* entries in the table */
    int mode;                       /* SOLVE_VCT or SOLVE_WIN */
    int threes;                     /* VCT: depth of the VCF that makes a move a threat */
    int min_cls;                    /* VCT: a non-four attacker move makes this class at least
                                       (ShapeClass; 0: any move that makes a two) */
    int threat_cap;                 /* VCT pass: non-four attacker moves allowed on a line (0: any);
                                       the free moves of the node keys then count those left */
    bool quiet_all;                 /* every legal empty point is a candidate quiet move (the last pass) */
    bool pass_fall_back;            /* gen_and asks vct_pass_vcf with fall_back (a proof walk's AND node) */
    uint64_t def_vcf_budget;        /* nodes for the defender's VCF check at a node */
    uint64_t att_vcf_budget;        /* nodes for the attacker's VCF check at an OR node */
    int att_vcf_depth;              /* fours of that check at most */
    int def_vcf_depth;              /* fours of the defender's VCF check at AND nodes */
    int def_threat_depth;           /* fours of the defender's threat at OR nodes */
    uint8_t pn_radius, pn_far;      /* beyond this distance from the last stones, pn grows by pn_far */
    uint8_t def_cls;                /* a non-four attacker move where the defender would make less
                                       than this class starts one dearer (variant; 0: none; vct.c) */
    bool weak_and, weak_or;         /* weak numbers (max + others) at AND / OR nodes (variant) */
    uint8_t four_pn;                /* first proof number of a plain attacker four (variant; vct.c) */
    uint8_t four_cost;              /* VCT: added for good to the proof number of a plain attacker
                                       four at an OR node (variant; vct.c) */
    bool cf_once;                   /* an AND node counts its plain counter-fours' proof numbers
                                       once, by the largest (variant; vct.c) */
    bool related_threats;           /* VCT: a threat is a move after which the related VCF
                                       search wins (variant; not in the last pass, quiet_all) */
    bool renju_black_def;           /* renju and the defender is black */
    bool renju_black_att;           /* renju and the attacker is black */
    uint8_t age;                    /* counts searches: entries of older ones are replaced first */
    MoveCache *mcache;              /* move lists per node */
    size_t mmask;                   /* entries - 1 */
    size_t mmask_max;               /* ... at the cache's full size */
    SolveMem mmem;                  /* its memory */
    size_t mused;                   /* entries in use (vct.c) */
    SolvePatch patch[PATCH_MAX];    /* defences the checker asked for */
    int patches;
    /* tests only (NULL otherwise): called with each set of moves that
     * gen_or and gen_and keep against a line R of owner's, to compare it
     * with defence_every or to drop a defence (the checker must then ask
     * for it back); returns how many of kept stay, kept first */
    int (*defence_hook)(struct Dfpn *s, const VcfLine *R, Color owner, Move *kept, int n);
    /* vct_collect (vct_walk.c), set by solver_new: gen_and's points of a
     * threat whose proof is a tree, without a call up from vct.c */
    int (*collect)(struct Dfpn *s, int depth, int free_moves, uint8_t *mark, Move *out, int n);
    VcfLine scratch[2];             /* lines of the move generators */
} Dfpn;

/* Results of move generation at a df-pn node. */
enum { GEN_LIST = 0, GEN_PROVEN = 1, GEN_DISPROVEN = 2, GEN_ABORT = 3 };
enum {
    GENF_FORCED = 1, /* AND node: the one forced block */
    GENF_ALL = 2,    /* AND node: every legal move listed (no answer to other defences) */
    GENF_DEF_QUIET = 4, /* OR node: the defender has no VCF of def_threat_depth fours */
};

/* ---- keys, table and move cache (vct_table.c; the lookups inline) -------- */

/* A node's key: the stones' key mixed with the rest of its context (side
 * to move, attacker, depth and free moves left, and the search's kind:
 * mode, threes, min_cls, quiet_all, whether threats are capped). */
static inline uint64_t vct_mix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The part of a node key that is not the stones. */
static inline Key vct_ctx_mix(const Dfpn *s, bool att_to_move, int depth, int free_moves) {
    uint64_t ctx = (uint64_t)att_to_move | (uint64_t)s->att << 1 | (uint64_t)(depth & 255) << 2 |
                   (uint64_t)(free_moves & 15) << 10 | (uint64_t)s->mode << 14 |
                   (uint64_t)s->threes << 16 | (uint64_t)s->min_cls << 24 | (uint64_t)s->quiet_all << 28 |
                   (uint64_t)(s->threat_cap > 0) << 29;
    return vct_mix64(ctx);
}

/* Key of a node whose stones have key stones (its context mixed: cm). */
static inline Key vct_key_with(Key stones, Key cm) {
    Key k = stones ^ cm;
    return k ? k : 1;
}

static inline Key vct_key_of(const Dfpn *s, Key stones, bool att_to_move, int depth, int free_moves) {
    return vct_key_with(stones, vct_ctx_mix(s, att_to_move, depth, free_moves));
}

/* Each bucket's four key tags (the keys' top bytes, entry i in byte i) sit
 * in a small array of their own (Dfpn.ttag, a 24th of the table: it stays
 * in the cache). A key whose tag is in no byte is not in the bucket, and the
 * bucket is not read: most children that df-pn looks up are new (85% in the
 * quintet benchmark's longest case), and a bucket read waits for memory
 * even when prefetched (mid fetches both; the tags come first). */
static inline uint32_t vct_key_tag(Key k) { return (uint32_t)(k >> 56); }

static inline bool vct_tt_may_hold(const Dfpn *s, Key k) {
    uint32_t x = s->ttag[k & s->tmask] ^ vct_key_tag(k) * 0x01010101u; /* a zero byte: a match */
    return ((x - 0x01010101u) & ~x & 0x80808080u) != 0;
}

/* Fetches the tag word and the bucket (two cache lines) of key k for
 * vct_tt_put; write: for writing (a constant in every call). */
#define VCT_TT_PREFETCH(s, k, write)                                         \
    do {                                                                  \
        __builtin_prefetch(&(s)->ttag[(k) & (s)->tmask], write);          \
        __builtin_prefetch(&(s)->ttab[((k) & (s)->tmask) * 4], write);     \
        __builtin_prefetch(&(s)->ttab[((k) & (s)->tmask) * 4 + 3], write); \
    } while (0)

static inline DfpnEntry *vct_tt_find(Dfpn *s, Key k) {
    if (!vct_tt_may_hold(s, k)) return NULL;
    DfpnEntry *e = &s->ttab[(k & s->tmask) * 4];
    for (int i = 0; i < 4; i++)
        if (e[i].key == k) return &e[i];
    return NULL;
}


/* Node key of the current position: side to move, depth left, free moves. */
static inline Key vct_node_key(const Dfpn *s, bool att_to_move, int depth, int free_moves) {
    return vct_key_of(s, s->pos->key, att_to_move, depth, free_moves);
}

/* Key of the node after mover plays m. */
static inline Key vct_child_key(const Dfpn *s, Move m, Color mover, bool child_or, int depth, int free_moves) {
    return vct_key_of(s, s->pos->key ^ zobrist_table[mover][m], child_or, depth, free_moves);
}
/* Free-move state after the attacker's move m (SOLVE_WIN_IN: moves left *
 * 2 + whether m is a four; a run of fours counts as one move, the forced
 * block of a defender's four as none; 0 in other kinds). */
int vct_child_free(const Dfpn *s, int fr, Move m);
/* Stores a node's numbers, its move and the work below it. */
void vct_tt_put(Dfpn *s, Key k, uint32_t pn, uint32_t dn, Move m, uint64_t work);
/* In a capped VCT pass: the entry that proves node k (at fr free moves)
 * with one or two fewer (*less: how many), else NULL and *prev the entry
 * with one fewer (either pointer may be NULL). */
DfpnEntry *vct_tt_proof_below(Dfpn *s, Key k, bool att_to_move, int depth, int fr, int *less,
                              DfpnEntry **prev);
/* The table's move and proof number for a node (pn > DFPN_INF: no entry). */
Move vct_tt_move(Dfpn *s, Key k, bool att_to_move, int depth, int fr, uint32_t *pn);
/* The free moves with which a node is proven: fr, or fewer when only a
 * capped pass before proved it (fr when not proven). */
int vct_proven_fr(Dfpn *s, bool att_to_move, int depth, int fr);
/* After the checker's patch at the defender node patched: forgets every
 * proof and that node's move list, keeps the rest of the table. */
void vct_forget_proofs(Dfpn *s, Key patched);
/* The cached move list of a node (NULL: none). */
MoveCache *vct_mcache_find(const Dfpn *s, Key key);
/* Keeps a node's generated list (gen: GEN_*, flags: GENF_*) when the
 * cache has, or can make, room. */
void vct_mcache_store(Dfpn *s, Key key, int gen, int flags, const Move *moves, int n);

/* ---- search (vct.c) ------------------------------------------------------- */

/* Proves or disproves a win for s->att, to move, with depth attacker moves
 * before the five and free free moves (SOLVE_WIN mode). SR_WIN / SR_FAIL /
 * SR_ABORT. */
int vct_run(Dfpn *s, int depth, int free_moves);
/* Every first move that may win (fours and candidate threats; --all). */
int vct_root_moves(Dfpn *s, int depth, int free_moves, Move *out);
/* The same for the node after the attacker's move m (defender to move). */
int vct_run_after(Dfpn *s, Move m, int depth, int free_moves);
/* The moves of a node (cached): GEN_*; *flags gets GENF_*. def_quiet (AND
 * node): the OR node above was GENF_DEF_QUIET (its check of the defender's
 * VCF may be skipped). */
int vct_gen(Dfpn *s, Key key, bool or_node, int depth, int free_moves, bool def_quiet, Move *out,
            int *n, int *flags);
/* df-pn from the current position (OR or AND node) until decided: SR_WIN
 * (proven), SR_FAIL (disproven) or SR_ABORT. */
int vct_mid_or(Dfpn *s, int depth, int free_moves, bool or_node);
/* The attacker's VCF at an AND node should the defender pass (the threat's
 * line: gen_and chooses the defences against it, and a proof's MOVE_PASS
 * answer must be that line): in VCT of at most `threes` fours, by the
 * related search where the variant takes threats so (but in the last pass);
 * with fall_back, the full search when the related one, which is
 * incomplete, finds none (its win at generation may have come from the VCF
 * table, since overwritten). SR_WIN with line, SR_FAIL or SR_ABORT. */
int vct_pass_vcf(Dfpn *s, int depth, bool fall_back, VcfLine *line);

/* ---- proof walks (vct_walk.c) ------------------------------------------- */

/* What a walk over a proof builds (proof.h gives one over its proof tree).
 * Nodes are the builder's indexes; a builder returns -1 when it cannot. */
typedef struct {
    void *ctx;
    int (*find)(void *ctx, Key key);                            /* the node of key, built before, or -1 */
    int (*node)(void *ctx, Key key, int n);                     /* a new node with room for n edges */
    void (*edge)(void *ctx, int node, int i, Move move, int target); /* its i-th edge (target -1: none) */
    int (*line)(void *ctx, const Move *mv, int len, int tail);  /* a chain of nodes for a line */
} ProofBuilder;
#define WALK_FAIL (-2)
/* Walks the proof of the current position, proven (an OR node: attacker to
 * move, else an AND node), building it with pb: an OR node takes a proven
 * child (searched again when the table lost it), or its VCF line; an AND
 * node takes every generated defence and, unless the block was forced, the
 * attacker's answer to any other defence (the null move's line or proof).
 * Returns the node built, WALK_FAIL when the proof could not be walked. */
int vct_walk(Dfpn *s, const ProofBuilder *pb, bool or_node, int depth, int free_moves);
/* Appends to out (marked in mark) every point of the proof of the current
 * position (attacker to move, proven), the eyes of its defender stones and
 * the defender's fours; returns the count, -1 on a limit. */
int vct_collect(Dfpn *s, int depth, int free_moves, uint8_t *mark, Move *out, int n);

#endif /* GMK_VCT_H */
