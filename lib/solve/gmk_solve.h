/*
 * gmk_solve.h — part of libgmk's public header (gmk.h includes every part):
 * forced wins: VCF, VCT and win in N (solver), and the independent checker.
 */
#ifndef GMK_PUBLIC_SOLVE_H
#define GMK_PUBLIC_SOLVE_H

#include "board/gmk_board.h"

/* ---- solver: forced wins (VCF, VCT, win in N) ---------------------------- */

/* The side to move is the attacker. A VCF is a win by continuous fours: the
 * attacker plays only fours and the defender the forced block (a block that
 * makes a four of the defender's own must be answered by a four that blocks
 * it). A VCT also allows threats that are not fours: a move is a threat when
 * the attacker, were the defender to pass, would win by a VCF of at most
 * `threes` fours (1: open threes and the like, 2: also moves preparing a
 * four-three, ...); the defender may answer a threat anywhere, counter-fours
 * included. SOLVE_WIN_IN lets the attacker's first win_moves moves be any
 * moves (the "win in three" puzzles); every later attacker move is a four.
 * The search tries first the quiet moves that make shapes; its disproof
 * (SOLVE_NOWIN) ends with a pass that tries every empty point.
 * Renju: black may not play a forbidden point (a five is never forbidden),
 * and a white four wins when its only defence is forbidden for black.
 * Depth counts the attacker's moves before the winning five (a four that
 * cannot be stopped, or the white four above, is the last one counted). */
typedef enum { SOLVE_NOWIN = 0, SOLVE_WIN = 1, SOLVE_UNKNOWN = 2 } SolveResult;
typedef enum { SOLVE_VCF = 0, SOLVE_VCT = 1, SOLVE_WIN_IN = 2 } SolveKind;
/* What left a result unknown (SOLVE_LIMIT_NONE when it is decided): the
 * time limit, the node limit, another thread's answer (solver_solve_parallel
 * stops the others), or a win found that could not be built into a proof or
 * that the checker did not accept within its rounds. A search that a limit
 * stopped never answers SOLVE_NOWIN. */
typedef enum {
    SOLVE_LIMIT_NONE = 0,
    SOLVE_LIMIT_TIME = 1,
    SOLVE_LIMIT_NODES = 2,
    SOLVE_LIMIT_STOPPED = 3,
    SOLVE_LIMIT_CHECK = 4
} SolveLimit;

#define SOLVE_LINE_MAX 1024   /* moves in a line */
/* The whole threat space: a threat is any move after which the attacker,
 * were the defender to pass, wins by fours (SolveOptions.threes; a smaller
 * value searches a narrower, faster kind of VCT, and its nowin says only
 * that there is no win of that kind). */
#define SOLVE_THREES_ALL 99
#define SOLVE_DEFAULT_THREES SOLVE_THREES_ALL
#define SOLVE_DEFAULT_MEMORY ((size_t)64 << 20)
/* Search variants of the VCT and win-in-N proof-number search
 * (SolveOptions.variant). Each is complete and sound; they differ only in
 * the proof and disproof numbers that choose where to look next and in the
 * narrower passes they search first: 0 sums the children's numbers
 * (df-pn), with a plain four of the attacker first as dear as an open
 * three (proof number 2) and the defender's plain counter-fours at an AND
 * node counted once, by the largest (most of a hard proof lies below such
 * counter-fours and their blocks, in every order), and in VCT as quiet
 * attacker moves only those that make an open two and a two or more
 * (CLS_OPEN_TWO_TWO; the last pass, before nowin, tries every point); 1
 * takes at OR nodes the largest child's disproof number plus one for each
 * other child (the "weak" numbers of Ueda et al., which count a
 * transposed subtree once) and makes attacker moves beyond one point from
 * the last two stones costlier (variant 0: beyond three), and in VCT first
 * searches with threats of VCFs of at most two fours (SolveOptions.threes
 * 2), then three, then, when those find no win, with the threes asked for;
 * 2 uses the weak numbers at AND nodes (proof) and OR nodes (1 and 2 count
 * a plain four 1 and sum the counter-fours); 3 is variant 0
 * that in VCT first searches, for at most a million nodes, with only those
 * non-four attacker threats that make a double two or more (CLS_DOUBLE_TWO;
 * moves that stop a defender's VCF are not limited so), then with at most
 * 9, 11 and 13 attacker moves (those below SolveOptions.depth), then as
 * asked. In VCT, 0 and 3 take a move for a threat when the related VCF
 * search (after the first four, fours on the previous four's lines only)
 * wins after it, but in the last pass, whose disproofs must be complete;
 * 4 is variant 0 with a plain four 1 that in VCT first searches with at
 * most 1, then 2, 3, 4, 5, 6 and 8 non-four attacker moves on any line
 * (fours and the forced blocks of the defender's fours not counted; a
 * node proven in a pass stays proven in the next, and a node still open
 * there gives the next its first numbers), then as asked. 0 and 4 also give a non-four attacker move
 * one more first proof number where the defender would make less than a
 * closed three (CLS_THREE): a threat that also takes a point the defender
 * needs comes first.
 * Hard puzzles that one misses within a limit another often solves;
 * solver_solve_parallel runs them side by side: in VCT variants 0, 4 and
 * 1, in win in N 3, 1 and 2 (one thread runs variant 0). */
#define SOLVE_VARIANTS 5
#define SOLVE_THREADS 3 /* solver_solve_parallel: variants side by side, at most */

/* What to prove and within which limits. */
typedef struct {
    SolveKind kind;       /* VCF, VCT or win in N */
    int depth;            /* attacker moves before the five, at most; 0 = no limit */
    int threes;           /* VCT: VCF depth that makes a non-four a threat (1..99) */
    int win_moves;        /* SOLVE_WIN_IN: free attacker moves (1..4) */
    uint64_t max_nodes;   /* node limit; 0 = none */
    uint32_t max_ms;      /* time limit in milliseconds; 0 = none */
    bool shortest;        /* a line with the fewest attacker moves */
    bool all;             /* every winning first move (SolveOutcome.wins) */
    bool verify;          /* check every win with the independent checker */
    int variant;          /* VCT / win in N: search variant, 0 .. SOLVE_VARIANTS - 1 */
    atomic_int *stop;     /* when not NULL: the search gives up (unknown) soon after
                             another thread sets *stop; polled every 1024 nodes */
} SolveOptions;

/* The answer for one position. */
typedef struct {
    SolveResult result;          /* win (found and, with verify, checked), nowin, unknown */
    int line_len;                /* moves in line */
    Move line[SOLVE_LINE_MAX];   /* attacker first, ending with the five (or the white four
                                    whose only defence is forbidden) */
    int wins_len;                /* with all: winning first moves */
    Move wins[BOARD_MAX * BOARD_MAX];
    int undecided_len;           /* with all: first moves a limit left undecided */
    Move undecided[BOARD_MAX * BOARD_MAX];
    uint64_t nodes;              /* nodes searched */
    double ms;                   /* wall time */
    bool verified;               /* the checker accepted the proof */
    int threat_cap;              /* VCT win found by a capped pass (variant 4): no line of the
                                    proof holds more non-four attacker moves; 0 otherwise */
    SolveLimit limit;            /* unknown: what stopped the search (SOLVE_LIMIT_NONE otherwise) */
    char note[160];              /* why the result is unknown ("" otherwise) */
} SolveOutcome;

/* A proof tree (a DAG: transpositions share nodes). Node 0 is the root,
 * attacker to move; along an edge the side to move changes. An attacker
 * node's edges are its winning moves; a defender node's edges are the
 * defences that need their own answer, and an edge with MOVE_PASS holds the
 * attacker's answer to every other defence (what it would play if the
 * defender passed). A defender node without edges is lost at once (two
 * fives to block, or renju's forbidden block). */
typedef struct {
    Move move;                   /* the move, MOVE_PASS for the answer to other defences */
    int32_t target;              /* node reached, -1 when nothing follows (a five) */
} SolveEdge;
typedef struct {
    int32_t first;               /* first edge */
    int32_t count;               /* edges */
} SolveTreeNode;
typedef struct {
    const SolveTreeNode *node;
    int nodes;
    const SolveEdge *edge;
    int edges;
} SolveTree;

typedef struct Solver Solver;

/* A solver with tables of about memory bytes (0: SOLVE_DEFAULT_MEMORY);
 * NULL when out of memory. One solver serves one thread. */
Solver *solver_new(size_t memory);
void solver_free(Solver *s);
void solve_options_default(SolveOptions *o);
/* Solves the position on b for the side to move. b is searched in place and
 * left as it was; it must not be a BOARD_LIGHT board. GMK_ERR_ARG for bad
 * options. */
GmkStatus solver_solve(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out);
/* The proof tree of the last win solver_solve found (empty otherwise); valid
 * until the next call. */
const SolveTree *solver_tree(const Solver *s);
/* Solves the position on b with n solvers at once (1 <= n <= SOLVE_THREADS),
 * each in a thread of its own on a copy of b, solvers[i] with the i-th of
 * search variants 0, 4, 1 in VCT and 3, 1, 2 in win in N (o->variant is
 * ignored); the first decided answer
 * (a win that passed the checker, or nowin) stops the others and is the
 * answer. out->nodes counts every solver's nodes; *used (may be NULL) gets
 * the index of the solver whose answer out holds (solver_tree(solvers[*used])
 * is its proof). Kinds
 * other than VCT and win in N, --all and --shortest, and n == 1 run on
 * solvers[0] alone. GMK_ERR_ARG for bad options, GMK_ERR_NOMEM when a board
 * copy or a thread cannot be made. */
GmkStatus solver_solve_parallel(Solver *const *solvers, int n, Board *b, const SolveOptions *o,
                                SolveOutcome *out, int *used);

/* The fast entry for engines: does attacker (to move or not: if not, as if
 * the side to move passed) win by continuous fours? max_nodes / max_ms: 0 =
 * no limit. line (may be NULL, room for SOLVE_LINE_MAX) receives the line.
 * No checker, no allocation; the tables persist between calls. */
SolveResult solver_vcf(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms,
                       Move *line, int *line_len);

/* Nodes of s's last solver_vcf or solver_solve (solver_defend gives its
 * own total in SolveDefence.nodes). */
uint64_t solver_nodes(const Solver *s);

/* Defences: the side to move faces the opponent's win of kind o->kind.
 * threat: the opponent's win if the side to move passed (SOLVE_NOWIN: there
 * is none, and every move defends). moves: every move after which the
 * opponent has no such win; for a four of the side to move, after which,
 * once the opponent has blocked it, the side to move wins by fours, has no
 * threat to face, or has such a move again (a four that only delays does
 * not count). undecided: moves a limit left open. */
typedef struct {
    SolveResult threat;          /* win / nowin / unknown */
    int line_len;                /* the opponent's line after a pass */
    Move line[SOLVE_LINE_MAX];
    int moves_len;
    Move moves[BOARD_MAX * BOARD_MAX];
    int undecided_len;
    Move undecided[BOARD_MAX * BOARD_MAX];
    SolveLimit limit;            /* what left the threat unknown or moves undecided
                                    (SOLVE_LIMIT_NONE when neither) */
    uint64_t nodes;
    double ms;
} SolveDefence;
GmkStatus solver_defend(Solver *s, Board *b, const SolveOptions *o, SolveDefence *out);

/* The limit's name: "time", "nodes", "stopped", "check" ("" for none). */
const char *solve_limit_name(SolveLimit l);

/* ---- independent checker of wins ------------------------------------------ */

/* Where a proof failed. */
typedef struct {
    int node;                    /* tree node, -1 if none */
    Move move;                   /* the move at fault (a defence not answered...) */
    bool defence;                /* move is a defence at node that the proof does not refute */
    bool out_of_time;            /* the check reached its deadline first: no verdict */
    char msg[120];               /* what is wrong */
} SolveCheckError;

/* Checks, with its own rule code (no shape tables), that the tree proves a
 * win for the side to move on b against every defence the rules allow.
 * err may be NULL. */
bool solve_check_tree(const Board *b, const SolveTree *t, SolveCheckError *err);
/* The same with a deadline (CLOCK_MONOTONIC; NULL: none): a check that
 * reaches it stops and fails with err->out_of_time set (a big proof tree
 * can take seconds to check). */
bool solve_check_tree_until(const Board *b, const SolveTree *t, const struct timespec *deadline,
                            SolveCheckError *err);
/* The same for a line (attacker and defender alternating, from the side to
 * move): every attacker move before the five is a four and each defender
 * move the only block, or the line ends in a position where the defender
 * cannot stop a five. */
bool solve_check_line(const Board *b, const Move *line, int n, SolveCheckError *err);

#endif /* GMK_PUBLIC_SOLVE_H */
