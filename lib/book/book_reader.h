/*
 * book_reader.h — internal view of an open book, shared by its readers:
 * book.c (open, block cache), book_probe.c (lookup, probe), book_decode.c (a block's bytes
 * to positions and entries) and book_compact.c (the parent checks of compact
 * books). The byte and bit readers here are the mirror of book_write.c's
 * writers; the file layout is described at the top of book.c.
 */
#ifndef GMK_BOOK_READER_H
#define GMK_BOOK_READER_H

#include <stdlib.h>

#include "book.h"

/* Cursor over a byte range. */
typedef struct {
    const uint8_t *p, *end;
    bool bad;               /* ran past the end or a varint was too long */
} Reader;

static inline uint64_t rd_varint(Reader *r) {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (r->p >= r->end) {
            r->bad = true;
            return 0;
        }
        uint8_t b = *r->p++;
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) return v;
    }
    r->bad = true;
    return 0;
}

/* Bit reader matching book_write.c's writer (least significant bit first). */
typedef struct {
    const uint8_t *p, *end;
    uint64_t acc;           /* pending bits, the next one lowest */
    int nbits;              /* how many */
    bool bad;               /* read past the end */
} BitReader;

/* Tops the accumulator up to at least 57 bits while bytes remain. */
static inline void bits_refill(BitReader *r) {
    if (r->nbits <= 56 && r->end - r->p >= 8) { /* whole bytes up to 56..63 bits in one load */
        int take = (63 - r->nbits) >> 3;
        uint64_t w = get_u64(r->p) << r->nbits;
        r->nbits += take * 8;
        r->acc |= r->nbits == 64 ? w : w & ((1ULL << r->nbits) - 1);
        r->p += take;
        return;
    }
    while (r->nbits <= 56 && r->p < r->end) {
        r->acc |= (uint64_t)*r->p++ << r->nbits;
        r->nbits += 8;
    }
}

/* The next n bits (n <= 64). */
static inline uint64_t bits_get(BitReader *r, int n) {
    if (n == 0) return 0;
    if (n > 32) {
        uint64_t lo = bits_get(r, 32);
        return lo | bits_get(r, n - 32) << 32;
    }
    bits_refill(r);
    if (r->nbits < n) {
        r->bad = true;
        return 0;
    }
    uint64_t v = r->acc & ((1ULL << n) - 1);
    r->acc >>= n;
    r->nbits -= n;
    return v;
}

static inline uint64_t rice_get(BitReader *r, int k) {
    uint64_t q = 0;
    for (;;) {
        bits_refill(r);
        if (r->nbits == 0) {
            r->bad = true;
            return 0;
        }
        uint64_t valid = r->nbits == 64 ? ~0ULL : (1ULL << r->nbits) - 1;
        uint64_t zeros = ~r->acc & valid;
        int run = zeros ? __builtin_ctzll(zeros) : r->nbits; /* ones before the next zero */
        if (q + (uint64_t)run >= BOOK_RICE_ESCAPE) { /* escape: the gap follows raw */
            int take = (int)(BOOK_RICE_ESCAPE - q);
            r->acc = take == 64 ? 0 : r->acc >> take;
            r->nbits -= take;
            return bits_get(r, 64);
        }
        q += (uint64_t)run;
        if (zeros) {
            r->acc >>= run + 1;
            r->nbits -= run + 1;
            break;
        }
        r->acc = 0;
        r->nbits = 0;
    }
    return (q << k) | bits_get(r, k);
}

/* Grows *p to hold n elements of size sz; false when out of memory. */
static inline bool grow(void **p, size_t *cap, size_t n, size_t sz) {
    if (n <= *cap) return true;
    void *np = realloc(*p, n * sz);
    if (!np) return false;
    *p = np;
    *cap = n;
    return true;
}

#define BOOK_CACHE 4          /* decoded blocks kept */
#define BOOK_LIGHT 64         /* blocks kept for the parent checks of compact books */

/* A block as the parent checks read it: keys and the inflated payload,
 * whose moves are decoded for one position at a time. */
typedef struct {
    int id;                   /* block index, -1 if none */
    int shift;                /* low key bits not stored */
    uint32_t npos;
    uint32_t nkeys;           /* keys decoded so far (they are decoded as far as needed) */
    Key *key;                 /* npos keys (as in BookBlock) */
    BitReader br;             /* where the key stream stands */
    int r;                    /* its Rice parameter */
    uint8_t *raw;             /* the block's bytes (the key stream is read from them) */
    uint8_t *payload;         /* inflated payload */
    uint32_t plen;
    uint32_t *mstart;         /* npos + 1: first move entry of each position (-1: not yet) */
    uint32_t moves_off;       /* payload offset of the moves */
    size_t cap_key, cap_payload, cap_raw, cap_mstart;
} LightBlock;

struct Book {
    int fd;                   /* the open file */
    char *path;               /* its name, for messages */
    BookInfo info;            /* header */
    BookIndexEntry *index;    /* info.blocks entries */
    int cached[BOOK_CACHE];   /* block held in each cache slot, -1 if none */
    BookBlock cache[BOOK_CACHE]; /* decoded blocks (compact books read several per probe) */
    int next_slot;            /* slot to fill next */
    LightBlock light[BOOK_LIGHT]; /* blocks read by the parent checks of compact books */
    int next_light;
    BookBlock *cur;           /* the block read last */
    uint8_t *raw;             /* raw block bytes */
    size_t cap_raw;
    char why[200];            /* last failure */
};

/* The head of a block's bytes: Rice parameter, key shift, where the key
 * stream lies (data + hl, kb bytes) and the payload's inflated size. */
typedef struct {
    int r, shift;
    size_t hl;          /* bytes of the head (9; 10 in compact books) */
    uint32_t kb, plen;
} BlockHead;

/* Checks the head of block bytes data (len) of a book of format version and
 * inflates the payload into *payload (grown to *cap). GMK_ERR_CORRUPT (why
 * filled) or GMK_ERR_NOMEM. */
GmkStatus book_block_inflate(const uint8_t *data, size_t len, int version, BlockHead *h,
                             uint8_t **payload, size_t *cap, char *why, size_t whycap);

/* Reads block i's bytes into *raw (grown as needed) and checks its CRC
 * (bk->why says why not). */
GmkStatus book_block_read(Book *bk, uint32_t i, uint8_t **raw, size_t *cap);
/* Block of key (the last whose first key is not above it), or -1. */
int book_block_of(const Book *bk, Key key);
/* Is the record matching b's canonical key really b's? Always in a book of
 * full keys; in a compact book when b's parents say so (book_compact.c). */
GmkStatus book_record_is_exact(Book *bk, const Board *b, bool *yes);
/* Reads, checks and decodes block i into bk->cur (the block cache). */
GmkStatus book_load_block(Book *bk, uint32_t i);

#endif
