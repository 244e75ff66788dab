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

#include "vcf.h"

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
    SolvePos pos;                   /* the position and the limits (solve_threat.h) */
    Vcf vcf;                        /* the VCF layer (vcf.h) */
    Color att;                      /* attacker of the current search */
    Key shadow;                     /* stones of the defender's counter-fours and their
                                       forced blocks on the df-pn path (zobrist keys) */
    int shadow_dd;                  /* how many such pairs: the attacker moves they took */
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
