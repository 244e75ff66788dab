/*
 * gmk_search.h — part of libgmk's public header (gmk.h includes every part):
 * the alpha-beta engine and the Gomocup protocol.
 */
#ifndef GMK_PUBLIC_SEARCH_H
#define GMK_PUBLIC_SEARCH_H

#include "board/gmk_board.h"
#include "book/gmk_book.h"

/* ---- search (gmk-search) ------------------------------------------------ */

/* Scores are from the side to move's point of view. A forced result is
 * SCORE_WIN minus the plies to the winning five (the five included), or its
 * negation for a loss; ordinary evaluations stay within +-SCORE_EVAL_MAX. */
#define SCORE_WIN 30000                  /* five on the board */
#define SCORE_WIN_MIN (SCORE_WIN - 1000) /* below this: no forced result */
#define SCORE_EVAL_MAX 20000             /* bound of ordinary evaluations */
#define SCORE_NONE (-32000)              /* no score */
#define SEARCH_DEPTH_MAX 100             /* deepest iteration */
#define SEARCH_PV_MAX 64                 /* longest principal variation kept */
#define SEARCH_MULTIPV_MAX 16            /* most lines of --multipv */
#define SEARCH_THREADS_MAX 64            /* most threads */
#define SEARCH_HASH_DEFAULT 64           /* MB of transposition table by default */

static inline bool score_is_win(int s) { return s >= SCORE_WIN_MIN; }
static inline bool score_is_loss(int s) { return s <= -SCORE_WIN_MIN; }
/* Own moves to the five of a forced result (win or loss), counting the
 * five for a win: "win in N" / "loss in N". */
static inline int score_moves(int s) {
    int plies = SCORE_WIN - (s < 0 ? -s : s);
    return s > 0 ? (plies + 1) / 2 : plies / 2;
}

/* Features that can be switched off, for ablation matches (bits). */
enum {
    SEARCH_NO_TT = 1,       /* no transposition table cut-offs or moves */
    SEARCH_NO_HISTORY = 2,  /* no history heuristic and no killers */
    SEARCH_NO_VCF = 4,      /* no VCF probes (root and leaves) */
    SEARCH_NO_PRUNE = 8,    /* no threat-based move restriction or reductions */
};

/* What a search may use. Zero means "no limit" for depth, nodes and time; a
 * search with no limit at all stops at SEARCH_DEPTH_MAX. */
typedef struct {
    int depth;              /* deepest iteration, 1..SEARCH_DEPTH_MAX; 0 none */
    uint64_t nodes;         /* node budget over all threads; 0 none */
    int64_t time_ms;        /* time for this move in ms (hard); 0 none */
    int64_t time_soft_ms;   /* no new iteration after this (ms); 0: half of time_ms */
    int threads;            /* 1..SEARCH_THREADS_MAX (lazy SMP); 0 means 1 */
    int multipv;            /* lines to search, 1..SEARCH_MULTIPV_MAX; 0 means 1 */
    unsigned disable;       /* SEARCH_NO_* bits */
    bool simple;            /* no search: the seed's simple intelligence (baseline) */
} SearchLimits;

/* One line of the result: a root move, its score and principal variation. */
typedef struct {
    Move move;                  /* root move, MOVE_NONE if none */
    int score;                  /* score of the line (see SCORE_*) */
    int pv_len;                 /* moves in pv */
    Move pv[SEARCH_PV_MAX];     /* principal variation, move first */
} SearchLine;

/* Result of search_run(); also handed to the progress callback. */
typedef struct {
    Move best;                  /* move to play, MOVE_NONE on a full board */
    int score;                  /* score of best */
    int depth;                  /* last completed iteration */
    int seldepth;               /* deepest ply reached */
    uint64_t nodes;             /* nodes over all threads */
    int64_t ms;                 /* elapsed wall time */
    bool vcf;                   /* best comes from a forced-win probe at the root */
    bool book;                  /* best comes from the opening book (no search) */
    int lines;                  /* lines filled in line[] (multipv) */
    SearchLine line[SEARCH_MULTIPV_MAX]; /* best first; line[0].move == best */
} SearchResult;

/* Called by the main thread after each completed iteration. */
typedef void (*SearchInfoFn)(void *ctx, const SearchResult *r);

typedef struct Search Search;

/* An engine with a transposition table of hash_mb megabytes (rounded down
 * to a power of two, at least 1). NULL with *st set when out of memory. */
Search *search_new(size_t hash_mb, GmkStatus *st);
void search_free(Search *s);
/* Resizes the table (a new, empty one; kept as it is when the size is the same). */
GmkStatus search_set_hash(Search *s, size_t hash_mb);
size_t search_hash_mb(const Search *s);
/* Forgets everything learnt (table, history): a new game. */
void search_clear(Search *s);
/* Maps the whole table now (its pages are otherwise faulted in by the first
 * searches, on their clock): call it before timed searches, e.g. when a
 * Gomocup game starts. Once per table: later calls do nothing. */
void search_prefault(Search *s);
/* Searches b for the side to move and fills *res; b is left as it was.
 * info (may be NULL) is called after each completed iteration. Fails with
 * GMK_ERR_ARG when the game is already over or the limits are out of range
 * and GMK_ERR_NOMEM when a thread's board cannot be made. */
GmkStatus search_run(Search *s, Board *b, const SearchLimits *lim, SearchResult *res,
                     SearchInfoFn info, void *ctx);
/* Plays from bk (not owned) where it knows the position, unless
 * the side to move has a forced win by fours: among the book's legal moves
 * (renju: not forbidden), the best scored one with at least
 * SEARCH_BOOK_GAMES games of known result is played at once; when no move
 * has that many (RenLib trees have none), the search chooses among the book
 * moves. An engine keeps one book per rule: bk replaces the book of its own
 * rule, NULL forgets them all. Books of another board size are not used. */
#define SEARCH_BOOK_GAMES 3
void search_set_book(Search *s, Book *bk);
/* Asks a running search to stop soon (safe from another thread or a signal
 * handler); the next search_run() starts afresh. */
void search_stop(Search *s);

/* The search's static evaluation of b for the side to move (see
 * lib/search/evaluate.c). */
int search_evaluate(const Board *b);
/* The seed's "simple intelligence": the single best point by the point
 * valuation (attack + defence + centre), no search. MOVE_NONE if the board
 * is full or the game is over. */
Move search_simple_move(Board *b);

/* Fixed benchmark positions (lib/search/search_bench.c). */
typedef struct {
    Rule rule;              /* rule of the position */
    int size;               /* board side */
    int depth;              /* depth searched by the bench */
    const char *moves;      /* position, rows counted from the bottom */
} SearchBenchPos;
const SearchBenchPos *search_bench_positions(int *count);
/* Mixes one position's node count into a running bench signature. */
uint64_t search_bench_mix(uint64_t sig, uint64_t nodes);

/* ---- Gomocup protocol (gmk-search --gomocup) ---------------------------- */

/* The Gomocup (pbrain) brain protocol as a line-in, lines-out machine: the
 * program feeds it input lines and writes out what it hands back (the
 * library does no I/O itself). See lib/search/protocol.c for the commands. */
typedef struct Protocol Protocol;

/* Receives one output line (no newline); the program writes and flushes it. */
typedef void (*ProtocolWriteFn)(void *ctx, const char *line);

/* A protocol session driving engine s (not owned). base holds the limits
 * given on the command line (threads, depth, nodes, time per move); the
 * manager's INFO commands refine them. */
Protocol *protocol_new(Search *s, const SearchLimits *base, ProtocolWriteFn out, void *ctx);
void protocol_free(Protocol *p);
/* Handles one input line (without its newline; CR tolerated). Returns false
 * once END has been received. */
bool protocol_feed(Protocol *p, const char *line);

#endif /* GMK_PUBLIC_SEARCH_H */
