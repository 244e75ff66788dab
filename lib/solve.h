/*
 * solve.h — internal view of the solver: the context object shared by
 * vcf.c (continuous fours), vct.c (df-pn over threats and free moves),
 * solve_tree.c (proof trees and lines) and solve.c (the public entry points).
 *
 * The solver searches on the caller's Board with board_place/board_unplace
 * (cells and incremental shapes only, no history or symmetry keys) and keeps
 * its own Zobrist key of the stones. Every search leaves the board as it
 * found it. Two tables live in the context:
 *  - the VCF table: per (stones, attacker) "no VCF within depth d" or "a VCF
 *    of len fours starting with move m"; 16-byte entries, 2-way buckets;
 *  - the df-pn table: per (stones, side to move, depth left, free moves left)
 *    proof and disproof numbers and the proving move; 24-byte entries,
 *    4-way buckets; an entry of an earlier search (the tables persist
 *    between searches) is replaced first, else the one with the least work.
 * Each table (and the move cache) starts small inside a block reserved at
 * its full size and grows in place whenever a store would push out an
 * entry, until it has its full size: the search is the one a table of the
 * full size makes (an entry goes to the same bucket, in the same order),
 * but a small search clears and touches a few pages, not the megabytes of
 * the whole table (SolveMem).
 */
#ifndef GMK_SOLVE_H
#define GMK_SOLVE_H

#include <time.h>

#include "forbidden.h"
#include "shapes.h"
#include "zobrist.h"

#define SOLVE_STACK 720          /* stones one search may place at once (nested look-ahead) */
#define VCF_ANY 255              /* depth "no limit" */
#define VCF_LINE_CAP 520         /* moves in a VCF line, five included */
#define CAND_MAX 512             /* candidates at one node */

/* Classes whose point makes at least one four. */
#define CLS_FOUR_MASK                                                                          \
    ((1u << CLS_FOUR) | (1u << CLS_FOUR_THREE) | (1u << CLS_DOUBLE_FOUR) | (1u << CLS_OPEN_FOUR))

/* Search outcomes inside the solver. */
enum { SR_FAIL = 0, SR_WIN = 1, SR_ABORT = 2 };

/* How a VCF line ends. */
enum {
    VCF_END_FIVE = 0,      /* with the attacker's five (the line's last move) */
    VCF_END_FORBIDDEN = 1, /* with a white four whose only defence is forbidden for black */
};

/* A VCF line: attacker and defender moves alternating. */
typedef struct {
    int len;                 /* moves in mv */
    int fours;               /* attacker fours before the five (the depth it uses) */
    int end;                 /* VCF_END_* */
    Move mv[VCF_LINE_CAP];   /* the moves */
} VcfLine;

/* The memory of one of the solver's tables (solve.c). A table starts in a
 * small mapping of its own on small pages, grows there, and moves into the
 * block reserved at its full size once it outgrows it: that block, whose
 * pages a table only touches once it is large, asks for huge pages from
 * the start (bigmem_alloc), so a long search's table has them all, and a
 * small search touches a few small pages. */
typedef struct {
    void *block;     /* the table at its full size */
    size_t bytes;    /* the block's size */
    void *start;     /* the start mapping (SOLVE_START_BYTES), NULL once left or when not needed */
} SolveMem;

/* VCF table entry. */
typedef struct {
    uint64_t key;     /* stones ^ attacker key; 0 = empty slot */
    Move move;        /* WIN: first move of the line */
    uint8_t depth;    /* FAIL: no VCF with at most this many fours (VCF_ANY: none at all) */
    uint8_t len;      /* WIN: fours the line uses */
    uint8_t result;   /* SR_FAIL or SR_WIN */
    uint8_t pad_[3];
} VcfEntry;
#define VCF_WAYS 4 /* entries per bucket: a 64-byte cache line */

/* df-pn table entry. */
typedef struct {
    uint64_t key;     /* node key (see vct.c); 0 = empty slot */
    uint32_t pn, dn;  /* proof and disproof numbers; 0 / DFPN_INF when decided */
    uint32_t work;    /* nodes spent below this entry (replacement) */
    Move move;        /* OR node: proving move; MOVE_PASS: proven by a VCF */
    uint8_t age;      /* the search that stored it (Solver.age) */
    uint8_t pad_;
} DfpnEntry;

#define DFPN_INF 0x3FFFFFFFu

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

/* Proof tree storage (solve_tree.c). */
typedef struct {
    SolveTreeNode *node;
    int nodes, node_cap;
    SolveEdge *edge;
    int edges, edge_cap;
    Key *node_key;       /* per node: its key, for sharing transpositions */
    int *hash;           /* open addressing: node index + 1, 0 empty */
    int hash_cap;
    bool overflow;       /* a cap was reached: the tree is incomplete */
} TreeStore;

struct Solver {
    Board *b;                       /* board being searched (borrowed for one call) */
    Color att;                      /* attacker of the current search */
    Key key;                        /* Zobrist key of the stones on b */
    int sp;                         /* stones placed by the solver */
    Key shadow;                     /* stones of the defender's counter-fours and their
                                       forced blocks on the df-pn path (zobrist keys) */
    int shadow_dd;                  /* how many such pairs: the attacker moves they took */
    Move st_move[SOLVE_STACK];      /* placed stones */
    int8_t box[SOLVE_STACK + 1][4]; /* bounding box of stones per level: x0 x1 y0 y1 */
    ShapeUndo *undo;                /* SOLVE_STACK shape undo records */

    /* limits */
    uint64_t nodes;                 /* nodes so far in this run */
    uint64_t node_limit;            /* global node limit (UINT64_MAX: none) */
    uint64_t local_limit;           /* budget of the current sub-search */
    double deadline;                /* CLOCK_MONOTONIC seconds, 0 = none */
    bool aborted;                   /* a global limit stopped the run */
    atomic_int *stop;               /* another thread asks this run to stop (or NULL) */

    /* VCF table */
    VcfEntry *vtab;
    size_t vmask;                   /* buckets - 1 (VCF_WAYS entries per bucket) */
    size_t vmask_max;               /* ... at the table's full size */
    SolveMem vmem;                  /* its memory */

    /* defence_filter's shared replay (vct_defence.c) */
    bool replay_check;              /* each candidate replayed on its own too (tests; always with GMK_DEBUG) */
    uint64_t replay_shared;         /* candidates the shared replay decided */
    uint64_t replay_mismatch;       /* ... where the candidate's own replay said otherwise */

    /* df-pn */
    uint64_t proofs_below;          /* children found proven with fewer free moves (a capped pass before) */
    DfpnEntry *ttab;
    size_t tmask;                   /* buckets - 1 (4 entries per bucket) */
    size_t tmask_max;               /* ... at the table's full size */
    SolveMem tmem, tgmem;           /* the memory of the entries and of the tags */
    uint32_t *ttag;                 /* per bucket: its entries' key tags (vct.c), read first */
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
    bool vcf_related;               /* the VCF search running is the related one (vcf.c) */
    int def_vcf_depth;              /* fours of the defender's VCF check at AND nodes */
    int def_threat_depth;           /* fours of the defender's threat at OR nodes */
    uint8_t pn_radius, pn_far;      /* beyond this distance from the last stones, pn grows by pn_far */
    uint8_t def_cls;                /* a non-four attacker move where the defender would make less
                                       than this class starts one dearer (variant; 0: none; vct.c) */
    bool weak_and, weak_or;         /* weak numbers (max + others) at AND / OR nodes (variant) */
    uint8_t four_pn;                /* first proof number of a plain attacker four (variant; vct.c) */
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
    int (*defence_hook)(Solver *s, const VcfLine *R, Color owner, Move *kept, int n);

    /* results */
    TreeStore tree;                 /* the last proof tree */
    SolveTree tree_view;            /* public view of it */
    VcfLine scratch[4];             /* scratch lines */
};

/* ---- tables ---------------------------------------------------------------- */

/* First sizes of the tables (they grow as they fill: see the top). */
#define VTAB_START 256   /* VCF table buckets: 16 KB */
#define TTAB_START 256   /* df-pn table buckets: 24 KB and 1 KB of tags */
#define MCACHE_START 64  /* move cache entries: 16 KB */
#define SOLVE_START_BYTES ((size_t)512 << 10) /* a table's start mapping */

/* The buckets a table of n buckets of `bytes` each (at most max buckets)
 * grows to: twice as many while it is under 2 MB, eight times beyond (a
 * search that has filled 2 MB is a long one: fewer passes over the table). */
size_t solve_table_next(size_t n, size_t max, size_t bytes);
/* Reserves the memory of a table of full bytes; returns where the table
 * starts: the start mapping (SOLVE_START_BYTES) or, for a table no bigger,
 * the block. NULL when out of memory. */
void *solve_mem_new(SolveMem *m, size_t full);
/* Where a table at cur goes to grow to bytes: cur (in place), or the block
 * when it outgrows the start mapping. */
void *solve_mem_dest(const SolveMem *m, const void *cur, size_t bytes);
/* The table has moved from cur to dest (its entries copied): the start
 * mapping, left, is freed. */
void solve_mem_moved(SolveMem *m, const void *cur, const void *dest);
void solve_mem_free(SolveMem *m);

/* ---- stones --------------------------------------------------------------- */

/* Puts a stone of colour c on empty p (shapes, key, bounding box). */
static inline void solve_place(Solver *s, Move p, Color c) {
    int8_t *o = s->box[s->sp], *n = s->box[s->sp + 1];
    int x = point_x(p), y = point_y(p);
    n[0] = (int8_t)(x < o[0] ? x : o[0]);
    n[1] = (int8_t)(x > o[1] ? x : o[1]);
    n[2] = (int8_t)(y < o[2] ? y : o[2]);
    n[3] = (int8_t)(y > o[3] ? y : o[3]);
    board_place(s->b, p, c, &s->undo[s->sp]);
    s->st_move[s->sp++] = p;
    s->key ^= zobrist_table[c][p];
}

/* Takes back the last stone placed (of colour c). */
static inline void solve_unplace(Solver *s, Color c) {
    Move p = s->st_move[--s->sp];
    board_unplace(s->b, p, c, &s->undo[s->sp]);
    s->key ^= zobrist_table[c][p];
}

/* Takes back the last placed stones of a line that first played first and
 * then the colours in turn. */
static inline void solve_unplace_line(Solver *s, int placed, Color first) {
    for (int k = placed; k > 0; k--) solve_unplace(s, (k & 1) ? first : (Color)!first);
}

/* Counts a node; false when a limit stops the search (s->aborted tells
 * whether it was a global one). */
bool solve_tick(Solver *s);
/* Gives the sub-search that follows at most budget more nodes (0: no
 * limit of its own); returns the limit to put back when it is over. */
static inline uint64_t solve_budget(Solver *s, uint64_t budget) {
    uint64_t saved = s->local_limit;
    if (budget && s->nodes + budget < saved) s->local_limit = s->nodes + budget;
    return saved;
}

/* Is p, empty, a legal move for colour c (renju: black not forbidden)? */
static inline bool solve_legal(Solver *s, Move p, Color c) {
    if (c != COLOR_BLACK || s->b->rule != RULE_RENJU) return true;
    return board_forbidden(s->b, p) == FORBID_NONE;
}

/* Does colour c make a four (or better) at empty p? */
static inline bool solve_is_four(const Board *b, Move p, Color c) {
    return (CLS_FOUR_MASK >> b->ps[p].cls[c]) & 1;
}

/* The five point that colour a's move at empty p makes when p makes a
 * single four (class CLS_FOUR or CLS_FOUR_THREE) and a has no five point
 * yet, read from the cells before the stone is placed; MOVE_NONE for any
 * other class. */
Move solve_four_five(const Board *b, Move p, Color a);
/* The scan region: the stones' bounding box widened by m, clipped. */
void solve_region(const Solver *s, int m, int *x0, int *x1, int *y0, int *y1);
/* Empty points where colour c's class is in mask, up to want of them. */
int solve_scan_class(const Solver *s, Color c, unsigned mask, int want, Move *out);
/* The empty points on the four lines through p (within 4) where colour c
 * makes five; at most max of them. */
int solve_fives_near(const Solver *s, Move p, Color c, Move *out, int max);
/* Sorts m[0..n) (n <= CAND_MAX) by score, highest first, keeping the
 * order of equal scores. Scores in 0 .. SORT_SCORES - 1 take the fast path
 * on long lists; the move generators keep theirs there. score is only
 * read. */
#define SORT_SCORES 512
void solve_sort_moves(Move *m, int *score, int n);
/* Is m among the n moves of list? */
static inline bool solve_listed(const Move *list, int n, Move m) {
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}
/* Colour c's five points anywhere (up to max). */
int solve_fives(const Solver *s, Color c, Move *out, int max);

/* ---- VCF (vcf.c) ---------------------------------------------------------- */

/* Does colour a, moving now (whoever is to move on the board), win by
 * continuous fours using at most depth fours before the five? budget: node
 * budget of this call (0: only the global limits). SR_WIN (line filled when
 * not NULL), SR_FAIL, or SR_ABORT (a limit: the answer is unknown). */
int vcf_run(Solver *s, Color a, int depth, uint64_t budget, VcfLine *line);
/* Fetches the table slots that both colours' VCF searches from the position
 * with stones key `stones` read first (a hint for the cache, nothing more). */
void vcf_prefetch(const Solver *s, Key stones);
/* Every first move of a VCF for a (at most depth fours). Returns the count,
 * or -1 when a limit stopped the work. */
int vcf_all(Solver *s, Color a, int depth, Move *out);
void vcf_clear(Solver *s);

/* ---- df-pn (vct.c) -------------------------------------------------------- */

/* Proves or disproves a win for s->att, to move, with depth attacker moves
 * before the five and free free moves (SOLVE_WIN mode). SR_WIN / SR_FAIL /
 * SR_ABORT. */
int vct_run(Solver *s, int depth, int free_moves);
/* Every first move that may win (fours and candidate threats; --all). */
int vct_root_moves(Solver *s, int depth, int free_moves, Move *out);
/* The same for the node after the attacker's move m (defender to move). */
int vct_run_after(Solver *s, Move m, int depth, int free_moves);
/* After the checker's patch at the defender node patched: forgets every
 * proof and that node's move list, keeps the rest of the table (vct.c). */
void vct_forget_proofs(Solver *s, Key patched);
/* Node key of the current position: side to move, depth left, free moves. */
Key vct_node_key(const Solver *s, bool attacker_to_move, int depth, int free_moves);

/* The cached move list of a node (NULL: none). */
MoveCache *vct_mcache_find(const Solver *s, Key key);
/* Results of move generation at a df-pn node. */
enum { GEN_LIST = 0, GEN_PROVEN = 1, GEN_DISPROVEN = 2, GEN_ABORT = 3 };
enum {
    GENF_FORCED = 1, /* AND node: the one forced block */
    GENF_ALL = 2,    /* AND node: every legal move listed (no answer to other defences) */
    GENF_DEF_QUIET = 4, /* OR node: the defender has no VCF of def_threat_depth fours */
};
/* The moves of a node (cached): GEN_*; *flags gets GENF_*. def_quiet (AND
 * node): the OR node above was GENF_DEF_QUIET (its check of the defender's
 * VCF may be skipped). */
int vct_gen(Solver *s, Key key, bool or_node, int depth, int free_moves, bool def_quiet, Move *out,
            int *n, int *flags);
/* df-pn from the current position (OR or AND node) until decided: SR_WIN
 * (proven), SR_FAIL (disproven) or SR_ABORT. */
int vct_mid_or(Solver *s, int depth, int free_moves, bool or_node);
/* The table's move and proof number for a node (pn > DFPN_INF: no entry). */
Move vct_tt_move(Solver *s, Key k, bool att_to_move, int depth, int fr, uint32_t *pn);
/* The free moves with which a node is proven: fr, or fewer when only a
 * capped pass before proved it (fr when not proven). */
int vct_proven_fr(Solver *s, bool att_to_move, int depth, int fr);
/* Free-move state after the attacker's move m (SOLVE_WIN_IN: moves left *
 * 2 + whether m is a four; a run of fours counts as one move, the forced
 * block of a defender's four as none; 0 in other kinds). */
int vct_child_free(const Solver *s, int fr, Move m);
/* The attacker's VCF at an AND node should the defender pass (the threat's
 * line: gen_and chooses the defences against it, and a proof's MOVE_PASS
 * answer must be that line): in VCT of at most `threes` fours, by the
 * related search where the variant takes threats so (but in the last pass);
 * with fall_back, the full search when the related one, which is
 * incomplete, finds none (its win at generation may have come from the VCF
 * table, since overwritten). SR_WIN with line, SR_FAIL or SR_ABORT. */
int vct_pass_vcf(Solver *s, int depth, bool fall_back, VcfLine *line);
/* Key of the node after mover plays m. */
Key vct_child_key(const Solver *s, Move m, Color mover, bool child_or, int depth, int free_moves);

/* Builds the proof tree of the proven root (attacker to move) into s->tree
 * (root = node 0); with moves (n of them, each proven), the root has exactly
 * those moves. false when it could not be completed. */
bool vct_extract(Solver *s, int depth, int free_moves, const Move *moves, int n);
/* Appends to out (marked in mark) every point of the proof of the current
 * position (attacker to move, proven), the eyes of its defender stones and
 * the defender's fours; returns the count, -1 on a limit. */
int vct_collect(Solver *s, int depth, int free_moves, uint8_t *mark, Move *out, int n);

/* ---- threat-space defences (vct_defence.c) ------------------------------ */

/* Appends to out (n points already there, each set in mark, a BOARD_CELLS
 * array) the moves of the blocker (!owner) that may stop owner's line R:
 * its squares, the points near a forbidden end, the points that make one of
 * the blocker's forced replies a four, and the blocker's four points now.
 * Returns the new count. */
int defence_collect(Solver *s, const VcfLine *R, Color owner, uint8_t *mark, Move *out, int n);
/* Adds empty p to the set (mark, out, n); the eyes of blocker stone p. */
void mark_add(const Solver *s, uint8_t *mark, Move p, Move *out, int *n);
void mark_eyes(const Solver *s, uint8_t *mark, Move p, Color blocker, Move *out, int *n);
/* Does owner's line R still win on the board as it is (blocker to move)? */
bool defence_line_holds(Solver *s, const VcfLine *R, Color owner);
/* Keeps the legal blocker moves after which R no longer wins; returns the
 * count. */
int defence_filter(Solver *s, const VcfLine *R, Color owner, Move *pts, int n);
/* The slow reference of defence_collect + defence_filter: every empty
 * point filtered, in out (CAND_MAX); returns the count. */
int defence_every(Solver *s, const VcfLine *R, Color owner, Move *out);

/* ---- trees (solve_tree.c) ------------------------------------------------- */

void tree_reset(TreeStore *t);
void tree_free(TreeStore *t);
/* Adds a node with room for n edges (filled by tree_set_edge); returns its
 * index or -1 (out of memory or over the cap). */
int tree_add_node(TreeStore *t, Key key, int n);
void tree_set_edge(TreeStore *t, int node, int i, Move move, int target);
int tree_find(const TreeStore *t, Key key);
/* A chain of nodes for the moves of a line, the last edge leading to tail
 * (-1: nothing follows); returns the first node's index or -1. */
int tree_add_line(TreeStore *t, const Move *mv, int len, int tail);
void tree_publish(Solver *s);

#endif /* GMK_SOLVE_H */
