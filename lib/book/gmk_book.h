/*
 * gmk_book.h — part of libgmk's public header (gmk.h includes every part):
 * opening books: probe, build, merge, RenLib import and export.
 */
#ifndef GMK_PUBLIC_BOOK_H
#define GMK_PUBLIC_BOOK_H

#include "board/gmk_board.h"
#include "records/gmk_records.h"

/* ---- opening books (lib/book/) ------------------------------------------ */

/* A book maps positions, keyed by their canonical key (the same for all 8
 * symmetric images), to the moves played from them, with games, wins, draws
 * and losses counted for the side that moved. The file layout is documented
 * at the top of lib/book/book.c. */
typedef struct Book Book;

/* What a book header says. */
typedef struct {
    int version;          /* file format version (1: full keys, 2: compact) */
    int key_slack;        /* 0: full 64-bit keys; else compact: each block keeps
                             about log2(positions) + key_slack bits of its keys */
    int size;             /* board side */
    Rule rule;            /* rule of the games */
    int max_ply;          /* stones per game walked when building (0: all) */
    uint32_t min_games;   /* positions seen fewer times were dropped */
    uint64_t games;       /* game records counted */
    uint64_t positions;   /* positions stored */
    uint64_t entries;     /* (position, move) entries stored */
    uint32_t blocks;      /* compressed blocks */
    uint64_t file_bytes;  /* size of the file */
} BookInfo;

/* One book move, seen from the side to move, in the queried orientation. */
typedef struct {
    Move move;            /* a point, or MOVE_PASS (RenLib problem trees) */
    uint64_t games;       /* games that played it */
    uint64_t wins;        /* won by the side that played it */
    uint64_t draws;
    uint64_t losses;      /* games - wins - draws - losses had no known result */
    double score;         /* (wins + draws/2 + 1) / (wins + draws + losses + 2), in (0,1) */
} BookMove;

/* Why a book operation failed. */
typedef struct {
    GmkStatus status;   /* GMK_ERR_IO (errno kept), _CORRUPT, _FORMAT, _NOMEM, _ARG ... */
    char msg[200];      /* e.g. "block 3 fails its CRC", "truncated: 812 of 4096 bytes" */
} BookError;

/* Opens a book: checks the header, the block index and their CRCs and the
 * file size; the blocks are checked when read. NULL with err filled. */
Book *book_open(const char *path, BookError *err);
void book_close(Book *bk);
const BookInfo *book_info(const Book *bk);
/* The reason of the last failed probe / verify / foreach on bk. */
const char *book_last_error(const Book *bk);
/* The book moves of the position on b (its size must be the book's), best
 * first (score, then games), mapped to b's orientation; at most cap of them
 * into out, *n receives how many. Equivalent moves of a symmetric position
 * are one entry. GMK_ERR_CORRUPT if the block fails its checks. */
GmkStatus book_probe(Book *bk, const Board *b, BookMove *out, int cap, int *n);
/* Reads and checks every block (CRC and structure): GMK_OK or the first failure. */
GmkStatus book_verify(Book *bk);
/* Score of a move as defined in BookMove. */
double book_score(uint64_t wins, uint64_t draws, uint64_t losses);
/* One of n book moves (best first, as book_probe gives them) at random,
 * weighted by score, among those scoring within margin of the best; *seed
 * (not 0) is the state of the random numbers (xorshift64*). Its index. */
int book_pick(const BookMove *m, int n, double margin, uint64_t *seed);

/* RenLib annotations kept with an entry (BookEntry.flags). */
enum {
    BOOK_FLAG_MARK = 1,   /* RenLib "mark" */
    BOOK_FLAG_START = 2,  /* RenLib "start" */
    BOOK_FLAG_NOMOVE = 4, /* a board text only, not a move (games is 0) */
};

/* One stored entry, as book_foreach() reports it (key order, then move). */
typedef struct {
    Key key;              /* canonical key of the position (see key_shift) */
    Move move;            /* the move in the canonical orientation */
    uint8_t flags;        /* BOOK_FLAG_* */
    uint64_t games, wins, draws, losses; /* as in BookMove */
    const char *comment;  /* RenLib comment bytes as stored (GBK kept), NULL if none */
    uint32_t comment_len;
    const char *label;    /* RenLib board text of this point, NULL if none */
    uint32_t label_len;
    uint8_t key_shift;    /* low bits of key not stored, cleared (compact books; 0: exact) */
} BookEntry;

/* A representative position for every key (lib/book/book_walk.c): the book's
 * moves walked from the empty board, breadth first, so each key gets a
 * shortest line of book moves, in the canonical orientation of the key.
 * book_positions_new() reads every entry once (NULL with *st set on failure);
 * book_positions_find() gives a key's index (-1 if the book lacks it);
 * book_positions_line() writes the line of key index i into out (at most cap
 * moves) and returns its length, or -1 when no line of book moves reaches it. */
typedef struct BookPositions BookPositions;
BookPositions *book_positions_new(Book *bk, GmkStatus *st);
long book_positions_find(const BookPositions *bp, Key key);
int book_positions_line(const BookPositions *bp, size_t i, Move *out, int cap);
void book_positions_free(BookPositions *bp);

/* What every entry of a book adds up to (book_stats). */
typedef struct {
    uint64_t singles;     /* entries of one game */
    uint64_t texts;       /* entries with a comment or a label */
} BookStats;
/* Checks every block (book_verify), then counts what BookStats holds. */
GmkStatus book_stats(Book *bk, BookStats *out);

/* Calls fn for every entry (false from fn stops); checks every block read. */
GmkStatus book_foreach(Book *bk, bool (*fn)(void *ctx, const BookEntry *e), void *ctx);
/* The entries of the position on b, as stored (canonical orientation), and
 * the symmetry t that maps b to that orientation. *n receives the count (at
 * most cap copied; texts stay valid until the next call on bk). */
GmkStatus book_lookup(Book *bk, const Board *b, BookEntry *out, int cap, int *n, int *t);

/* ---- building and merging books (lib/book/book_build.c) ----------------------- */

/* Options of a build. */
typedef struct {
    int size;             /* board side of the games */
    Rule rule;            /* rule of the games (records of another rule are refused) */
    int max_ply;          /* walk the first max_ply stones of each game (0: all) */
    uint32_t min_games;   /* drop positions seen fewer times (0 or 1: keep all) */
    size_t memory;        /* bytes of counts kept in memory before spilling a sorted
                             run to a temporary book (0: BOOK_MEMORY_DEFAULT) */
    uint64_t expect;      /* entries expected (a hint; 0: unknown; unused since the
                             counts of games are bucketed as they come) */
    bool compact;         /* shortened keys (version 2): about 2 bytes per position
                             instead of 5, probes checked through the parents;
                             such books cannot be merged */
} BookOptions;

#define BOOK_MAX_PLY_DEFAULT 30           /* --max-ply */
#define BOOK_MEMORY_DEFAULT (1024u << 20) /* --memory, bytes */

typedef struct BookBuilder BookBuilder;

BookBuilder *book_builder_new(const BookOptions *opt, BookError *err);
void book_builder_free(BookBuilder *bb);
/* Counts a checked game record (from records_read): every position up to
 * max_ply stones with the move played from it. GMK_ERR_SIZE / GMK_ERR_ARG
 * (err says why) for a record of another size or rule; it is not counted. */
GmkStatus book_builder_add_game(BookBuilder *bb, const GameRecord *g, BookError *err);
/* Adds one tree node (RenLib import): the move m from the position on b,
 * with flags and texts. The same (position, move) twice is one entry
 * (games 1, or 0 for a BOOK_FLAG_NOMOVE board text); the first text wins. */
GmkStatus book_builder_add_node(BookBuilder *bb, const Board *b, Move m, unsigned flags,
                                const char *comment, size_t comment_len, const char *label,
                                size_t label_len);
uint64_t book_builder_games(const BookBuilder *bb); /* records counted so far */
uint64_t book_builder_entries(const BookBuilder *bb); /* distinct (position, move) entries so far */
/* Progress of a long book operation: done of total entries so far; called
 * now and then (every 65,536 entries), and once at the end with done == total. */
typedef void (*BookProgressFn)(void *ctx, uint64_t done, uint64_t total);
/* Reports the progress of book_builder_write (entries written, or input
 * entries merged when runs were spilled) to fn (NULL: none). */
void book_builder_set_progress(BookBuilder *bb, BookProgressFn fn, void *ctx);
/* Writes the book (temporary file, fsync, rename). The builder can be freed
 * after; adding more is not allowed. */
GmkStatus book_builder_write(BookBuilder *bb, const char *path, BookError *err);

/* Merges books of the same size and rule into out: counts add up, positions
 * seen fewer than min_games times (and than any input's own min_games) are
 * dropped, max_ply is the largest. Merging books built from disjoint sets of
 * games gives, byte for byte, the book built from all of them at once. */
GmkStatus book_merge(const char *const *inputs, int n, const char *out, uint32_t min_games,
                     BookError *err);
/* book_merge, writing a compact book when compact (see BookOptions; the
 * inputs must not be compact, min_games must be at most 1), and reporting
 * the input entries read so far to fn (may be NULL). */
GmkStatus book_merge_progress(const char *const *inputs, int n, const char *out, uint32_t min_games,
                              bool compact, BookProgressFn fn, void *ctx, BookError *err);

/* ---- RenLib libraries (lib/book/renlib.c) ------------------------------------- */

/* Adds every node of a RenLib .lib tree (len bytes) to bb, which must be
 * 15x15. Comments and board texts are kept as bytes; passes are moves. */
GmkStatus renlib_import(const uint8_t *buf, size_t len, BookBuilder *bb, BookError *err);
/* Writes the book as a RenLib .lib tree (15x15 only): the book's moves from
 * the empty board, depth first, each position expanded once. */
GmkStatus renlib_export(Book *bk, const char *path, BookError *err);

#endif /* GMK_PUBLIC_BOOK_H */
