/*
 * search.h — internal state of the alpha-beta search (search.c: the tree
 * search; search_root.c: iterative deepening, threads, the public API;
 * search_vcf.c: the VCF probe; timeman.c: time).
 */
#ifndef GMK_SEARCH_H
#define GMK_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>

#include "board/board.h"
#include "solve/gmk_solve.h"
#include "evaluate.h"
#include "movepick.h"
#include "timeman.h"
#include "tt.h"

#define MAX_PLY 128             /* deepest ply of one search (quiescence included) */
#define QS_VCF_NODES 200        /* budget of a VCF probe at a leaf */
#define QS_FOURS_MAX 4          /* own combination fours in a row in the quiescence search */
#define SOLVER_MEMORY ((size_t)8 << 20) /* VCF tables of one thread's solver */
#define HISTORY_MAX 16384       /* bound of history scores */
#define VCF_CACHE_BITS 16       /* entries of a VCF probe's failure cache, log2 */

/* A root move and what the last iterations said about it. */
typedef struct {
    Move move;                  /* the point */
    int score;                  /* score of the last completed search, -SCORE_WIN-1 if none */
    int prev_score;             /* score of the iteration before */
    int order;                  /* ordering score from the generator */
    uint64_t nodes;             /* nodes spent below it this iteration */
    int pv_len;                 /* its principal variation */
    Move pv[SEARCH_PV_MAX];
} RootMove;

struct Search;

/* One search thread: its own board and heuristics, the table shared. */
typedef struct Worker {
    struct Search *s;           /* the engine */
    Board *b;                   /* this thread's copy of the position */
    int id;                     /* 0 = main thread */
    pthread_t thread;           /* helper threads only */
    uint64_t nodes;             /* nodes searched by this thread */
    uint64_t nodes_flushed;     /* part of nodes already added to the shared count */
    uint64_t singular_tests;    /* singularity searches run (search.c) */
    uint64_t next_check;        /* poll the limits when nodes reaches this */
    int seldepth;               /* deepest ply reached this iteration */
    int root_depth;             /* depth of the current iteration */
    int completed;              /* last completed iteration */
    int multipv_index;          /* line being searched: root moves before it are skipped */
    int root_count;             /* moves at the root */
    RootMove root[MOVELIST_MAX];
    Move killers[MAX_PLY + 2][2];          /* quiet moves that cut off at this ply */
    Move excluded[MAX_PLY + 2];            /* the move a singularity search at this ply leaves out */
    int history[COLOR_NB][BOARD_CELLS];    /* history scores (2^depth bonus, bounded) */
    EvalSums es[MAX_PLY + 2];              /* the evaluation's sums per ply */
    int pv_len[MAX_PLY + 1];                /* principal variation table */
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    struct Solver *solver;      /* VCF probes (the solver's, tables kept between calls) */
    int vcf_len;                /* moves in vcf_line after a probe found a win */
    Move vcf_line[SOLVE_LINE_MAX]; /* winning line of the last successful probe */
} Worker;

/* The engine (opaque Search of gmk.h). */
struct Search {
    TT tt;                      /* shared transposition table */
    SearchLimits lim;           /* limits of the running search */
    unsigned disable;           /* SEARCH_NO_* of the running search */
    TimeMan tm;                 /* clock of the running search */
    atomic_bool stop;           /* set to end the running search */
    atomic_uint_fast64_t nodes; /* nodes flushed by all threads */
    int worker_count;           /* workers allocated */
    Worker *workers[SEARCH_THREADS_MAX];
    struct Book *book[RULE_NB]; /* opening book of each rule (not owned), NULL if none */
    Key last_key;               /* the position of the last search (0: none since search_clear) */
    int last_score;             /* ... and its score */
};

/* search.c */
int search_root(Worker *w, int alpha, int beta, int depth);
int search_no_move_score(const Board *b, int threat, int ply);
void search_check_limits(Worker *w);
void worker_clear(Worker *w);
void search_tables_init(void);   /* once, before the first search (search_new) */

/* VCF probe: does the side to move win by continuous fours within the
 * budget (nodes; deadline on the timeman_now_us() clock, 0 = none)? 1 win
 * (line in w->vcf_line), 0 no, -1 out of budget. The nodes spent are
 * counted as the worker's. */
int search_vcf(Worker *w, uint64_t max_nodes, int64_t deadline_us);

#endif
