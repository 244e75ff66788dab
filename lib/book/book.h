/*
 * book.h — internal view of the opening book: the file constants, the block
 * codec shared by the writer (book_write.c) and the readers (book_reader.h),
 * and the writer used by the builder, merge and the RenLib import
 * (book_build.c, book_merge.c, renlib.c). The file layout is described at
 * the top of book.c.
 */
#ifndef GMK_BOOK_H
#define GMK_BOOK_H

#include <signal.h>
#include <stdio.h>

#include "core/tempfiles.h"
#include "gmk_book.h"

#define BOOK_MAGIC "GMKBOOK"       /* 7 bytes + a NUL: the first 8 bytes of a book */
#define BOOK_VERSION 1             /* format version of books with full 64-bit keys */
#define BOOK_VERSION_COMPACT 2     /* format version of books with shortened keys */
#define BOOK_KEY_SLACK 16          /* F of a compact book: a block keeps about
                                      log2(positions) + F bits of each key */
#define BOOK_HEADER_SIZE 96        /* bytes of the header */
#define BOOK_INDEX_ENTRY 24        /* bytes per block index entry */
#define BOOK_BLOCK_ENTRIES 4096    /* a block closes once it holds this many entries */
#define BOOK_BLOCK_ENTRIES_COMPACT 1024 /* the same in compact books (probes read a block per stone) */
#define BOOK_BLOCK_MAX_PAYLOAD (64u << 20) /* sanity limit on a decoded block */
#define BOOK_RICE_ESCAPE 48        /* unary quotients this long escape to a raw 64-bit gap */

/* Count tags of an entry in the counts stream (see book.c). */
enum { TAG_ONE_UNKNOWN = 0, TAG_ONE_WIN, TAG_ONE_DRAW, TAG_ONE_LOSS, TAG_KNOWN, TAG_COUNTS, TAG_FULL };

/* Move codes take one byte on boards up to 15x15 (codes 0..225), varints above. */
static inline bool book_code_bytes(int size) { return size * size < 256; }

/* One block index entry. */
typedef struct {
    Key first_key;      /* key of the block's first position */
    uint64_t offset;    /* file offset of the block */
    uint32_t length;    /* bytes of the block */
    uint32_t crc;       /* CRC-32 of those bytes */
} BookIndexEntry;

/* A decoded block: positions, and their entries in one array. */
typedef struct {
    uint32_t npos;      /* positions */
    int shift;          /* low key bits not stored (0: exact keys) */
    uint32_t nent;      /* entries */
    Key *key;           /* npos keys, increasing; key[0] is exact, the others have
                           their low shift bits cleared */
    uint32_t *start;    /* npos + 1: entries of position i are start[i]..start[i+1]-1 */
    BookEntry *ent;     /* nent entries (key and move filled in; texts point into payload) */
    uint8_t *payload;   /* the inflated payload the texts point into */
    size_t cap_pos, cap_ent, cap_payload; /* allocated sizes */
} BookBlock;

/* Decodes block bytes (already CRC-checked) of a book of the given size and
 * format version into blk. first_key is the index's key for it.
 * GMK_ERR_CORRUPT (why filled) if anything is out of place. */
GmkStatus book_block_decode(const uint8_t *data, size_t len, Key first_key, int size, int version,
                            BookBlock *blk, char *why, size_t whycap);
void book_block_free(BookBlock *blk);

/* Move codes in blocks: y * size + x for a point, size * size for a pass. */
static inline unsigned book_code(Move m, int size) {
    return m == MOVE_PASS ? (unsigned)(size * size) : (unsigned)(point_y(m) * size + point_x(m));
}
static inline Move book_point(unsigned code, int size) {
    return code == (unsigned)(size * size) ? MOVE_PASS
                                           : point_make((int)code % size, (int)code / size);
}

/* Little-endian helpers. */
static inline void put_u32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline void put_u64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t get_u32(const uint8_t *p) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}
static inline uint64_t get_u64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

/* Serialises a header (BOOK_HEADER_SIZE bytes) with its CRC. */
void book_header_pack(uint8_t *h, const BookInfo *info, uint64_t index_offset, uint32_t index_crc);

/* ---- writer ----------------------------------------------------------- */

typedef struct BookWriter BookWriter;

/* Starts a book at path: entries go to a temporary file beside it, which
 * book_writer_finish() flushes, syncs and renames over path. info gives
 * size, rule, max_ply, min_games and games; the counts are filled in.
 * Positions whose games add up to fewer than min_games (when > 1) are
 * dropped here, so that build and merge filter alike. */
BookWriter *book_writer_new(const char *path, const BookInfo *info, BookError *err);
/* Marks the book as scratch (a builder's spilled run): no fsync. */
void book_writer_scratch(BookWriter *w);
/* Test hooks of compact books: the smallest key shift a block tries first
 * (a large one makes keys collide, so the shift must come down), and how
 * many times a block's shift was lowered because two of its keys would
 * have become equal. */
void book_writer_shift_min(BookWriter *w, int shift);
uint64_t book_writer_shift_bumps(const BookWriter *w);
/* Adds an entry; entries come in increasing (key, move code) order. */
GmkStatus book_writer_add(BookWriter *w, const BookEntry *e);
/* Finishes the file; frees w. */
GmkStatus book_writer_finish(BookWriter *w, BookError *err);
/* Drops the temporary file; frees w. */
void book_writer_abort(BookWriter *w);

/* Entry e of block blk of bk (loading and checking the block if needed);
 * *out is NULL when e is past the block's end. */
GmkStatus book_entry_at(Book *bk, uint32_t blk, uint32_t e, const BookEntry **out);
/* Name of the file bk was opened from. */
const char *book_path(const Book *bk);


/* Fills err (may be NULL) and returns st. */
GmkStatus book_fail(BookError *err, GmkStatus st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
