/*
 * book.c — reading opening books: open, check, look up a position, iterate.
 *
 * File layout (version 1, full keys; version 2, compact: the differences
 * are marked "v2"; all integers little-endian)
 *
 *   header   96 bytes
 *     0  "GMKBOOK\0"            magic
 *     8  u16 version (1)         10 u16 header size (96)
 *     12 u8 board size           13 u8 rule (0 freestyle, 1 standard, 2 renju)
 *     14 u16 max ply             16 u32 min games
 *     20 u32 block count         24 u64 games counted
 *     32 u64 positions           40 u64 entries
 *     48 u64 index offset        56 u64 file size
 *     64 u32 CRC-32 of the index 68 u32 entries per block (target)
 *     72 u8 key slack F (v2; 0 in v1)   73..91 zero
 *     92 u32 CRC-32 of bytes 0..91
 *   blocks   one after the other from offset 96
 *   index    block count x 24 bytes, ending the file:
 *              u64 first key, u64 offset, u32 length, u32 CRC-32 of the block
 *
 * Positions are keyed by their canonical key (board_canonical_key(): the
 * smallest Zobrist key of the 8 symmetric images, side to move included) and
 * stored in increasing key order, each with its moves in the canonical
 * orientation (move code y * size + x, size * size = pass) in increasing
 * order. Moves equivalent under the position's own symmetries are one entry
 * (the smallest code). A position never straddles two blocks; a block
 * closes at the first position boundary after 4096 entries (v2: 1024).
 *
 * Block:  u8 Rice parameter r | v2: u8 key shift s | u32 key bytes K |
 *         u32 payload bytes P |
 *         K bytes: the gaps (key[i] >> s) - (key[i-1] >> s) - 1 (i >= 1; s = 0
 *           in v1; the writer takes s so that the mean gap keeps about F
 *           bits, lowered while two keys of the block would be equal) Rice-coded, least
 *           significant bit first: q = gap >> r as q ones and a zero, then r
 *           bits; q >= 48 is written as 48 ones and the gap in 64 bits
 *           (key[0] is the index's first key) |
 *         zlib stream inflating to P bytes of payload:
 *           varint positions, varint entries, per position varint (moves - 1);
 *           per position its move codes: the first, then code - previous - 1
 *           (one byte each on boards up to 15x15, varints on larger ones);
 *           per entry its counts: a varint tag: 0..3 = one game, result
 *           unknown / win / draw / loss for the side that moved; 4 = varints
 *           wins, draws, losses (every result known: games is their sum);
 *           5 = varints games, wins, draws, losses; 6 = the same, then u8
 *           flags, varint comment length and bytes, varint label length and
 *           bytes (RenLib).
 *
 * Keys cost about log2(2^64 / positions) + 1.5 bits each (v2: F + 1.5),
 * the rest deflates. In v2 a probe matches the kept bits only, and believes
 * the record through the position's parents (see "compact books" below).
 * Every block, the index and the header carry a CRC-32; the header records
 * the file size, so truncation is caught at open; a block is checked when it
 * is read (book_verify() reads them all), and decoded data must also be
 * well-formed (counts in range, moves on the board and increasing, streams
 * used up exactly) before anything is believed.
 */
#include "book.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>


/* ---- block decoding ------------------------------------------------------ */

/* Cursor over a byte range. */
typedef struct {
    const uint8_t *p, *end;
    bool bad;               /* ran past the end or a varint was too long */
} Reader;

static uint64_t rd_varint(Reader *r) {
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
static uint64_t bits_get(BitReader *r, int n) {
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

static uint64_t rice_get(BitReader *r, int k) {
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
static bool grow(void **p, size_t *cap, size_t n, size_t sz) {
    if (n <= *cap) return true;
    void *np = realloc(*p, n * sz);
    if (!np) return false;
    *p = np;
    *cap = n;
    return true;
}

void book_block_free(BookBlock *blk) {
    free(blk->key);
    free(blk->start);
    free(blk->ent);
    free(blk->payload);
    memset(blk, 0, sizeof *blk);
}

/* Fills why and returns GMK_ERR_CORRUPT. */
static GmkStatus corrupt(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static GmkStatus corrupt(char *why, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return GMK_ERR_CORRUPT;
}

GmkStatus book_block_decode(const uint8_t *data, size_t len, Key first_key, int size, int version,
                            BookBlock *blk, char *why, size_t whycap) {
    size_t hl = version >= BOOK_VERSION_COMPACT ? 10 : 9; /* version 2: + the key shift byte */
    if (len < hl) return corrupt(why, whycap, "block too short");
    int r = data[0], shift = hl == 10 ? data[1] : 0;
    uint32_t kb = get_u32(data + hl - 8), plen = get_u32(data + hl - 4);
    if (r > 63 || shift > 63 || kb > len - hl || plen > BOOK_BLOCK_MAX_PAYLOAD)
        return corrupt(why, whycap, "bad block head");
    blk->shift = shift;
    if (!grow((void **)&blk->payload, &blk->cap_payload, plen ? plen : 1, 1)) return GMK_ERR_NOMEM;
    uLongf out = plen;
    const uint8_t *z = data + hl + kb;
    uLong zlen = (uLong)(len - hl - kb);
    if (uncompress2(blk->payload, &out, z, &zlen) != Z_OK || out != plen || zlen != len - hl - kb)
        return corrupt(why, whycap, "block does not inflate to its stated size");
    Reader rd = {blk->payload, blk->payload + plen, false};
    uint64_t npos = rd_varint(&rd), nent = rd_varint(&rd);
    if (rd.bad || npos == 0 || nent < npos || nent > plen || npos > plen)
        return corrupt(why, whycap, "bad position or entry count");
    if (!grow((void **)&blk->key, &blk->cap_pos, npos + 1, sizeof(Key)) ||
        !grow((void **)&blk->ent, &blk->cap_ent, nent, sizeof(BookEntry)))
        return GMK_ERR_NOMEM;
    uint32_t *start = realloc(blk->start, (npos + 1) * sizeof *start);
    if (!start) return GMK_ERR_NOMEM;
    blk->start = start;
    blk->npos = (uint32_t)npos;
    blk->nent = (uint32_t)nent;
    /* keys */
    BitReader br = {data + hl, data + hl + kb, 0, 0, false};
    blk->key[0] = first_key;
    Key lim = shift ? UINT64_MAX >> shift : UINT64_MAX, prev = first_key >> shift;
    for (uint64_t i = 1; i < npos; i++) {
        uint64_t gap = rice_get(&br, r);
        if (br.bad || gap >= lim - prev) return corrupt(why, whycap, "bad key stream");
        prev += gap + 1;
        blk->key[i] = prev << shift;
    }
    if (br.p != br.end || br.nbits >= 8) return corrupt(why, whycap, "key stream longer than its keys");
    /* entries per position */
    uint64_t sum = 0;
    for (uint64_t i = 0; i < npos; i++) {
        start[i] = (uint32_t)sum;
        uint64_t k = rd_varint(&rd) + 1;
        if (rd.bad || k > nent - sum) return corrupt(why, whycap, "bad move counts");
        sum += k;
    }
    if (sum != nent) return corrupt(why, whycap, "move counts do not add up");
    start[npos] = (uint32_t)nent;
    /* moves */
    unsigned maxcode = (unsigned)(size * size);
    for (uint64_t i = 0; i < npos; i++) {
        uint64_t code = 0;
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            uint64_t v;
            if (book_code_bytes(size)) {
                if (rd.p >= rd.end) return corrupt(why, whycap, "move stream too short");
                v = *rd.p++;
            } else {
                v = rd_varint(&rd);
            }
            code = e == start[i] ? v : code + v + 1;
            if (rd.bad || code > maxcode) return corrupt(why, whycap, "bad move code");
            BookEntry *x = &blk->ent[e];
            x->key = blk->key[i];
            x->key_shift = (uint8_t)(i ? shift : 0);
            x->move = book_point((unsigned)code, size);
        }
    }
    /* counts */
    for (uint64_t e = 0; e < nent; e++) {
        BookEntry *x = &blk->ent[e];
        uint64_t tag = rd_varint(&rd);
        x->flags = 0;
        x->comment = x->label = NULL;
        x->comment_len = x->label_len = 0;
        if (tag <= TAG_ONE_LOSS) {
            x->games = 1;
            x->wins = tag == TAG_ONE_WIN;
            x->draws = tag == TAG_ONE_DRAW;
            x->losses = tag == TAG_ONE_LOSS;
        } else if (tag == TAG_KNOWN || tag == TAG_COUNTS || tag == TAG_FULL) {
            x->games = tag == TAG_KNOWN ? 0 : rd_varint(&rd);
            x->wins = rd_varint(&rd);
            x->draws = rd_varint(&rd);
            x->losses = rd_varint(&rd);
            if (tag == TAG_KNOWN) {
                x->games = x->wins + x->draws + x->losses;
                if (x->games < x->wins || x->games == 0) return corrupt(why, whycap, "bad counts");
            }
            if (tag == TAG_FULL) {
                if (rd.p >= rd.end) return corrupt(why, whycap, "entry flags missing");
                x->flags = *rd.p++;
                uint64_t cl = rd_varint(&rd);
                if (rd.bad || cl > (uint64_t)(rd.end - rd.p)) return corrupt(why, whycap, "bad comment");
                x->comment = cl ? (const char *)rd.p : NULL;
                x->comment_len = (uint32_t)cl;
                rd.p += cl;
                uint64_t ll = rd_varint(&rd);
                if (rd.bad || ll > (uint64_t)(rd.end - rd.p)) return corrupt(why, whycap, "bad label");
                x->label = ll ? (const char *)rd.p : NULL;
                x->label_len = (uint32_t)ll;
                rd.p += ll;
            }
            bool nomove = x->flags & BOOK_FLAG_NOMOVE;
            if (rd.bad || x->wins > x->games || x->draws > x->games - x->wins ||
                x->losses > x->games - x->wins - x->draws || (x->games == 0) != nomove ||
                (x->flags & ~(BOOK_FLAG_MARK | BOOK_FLAG_START | BOOK_FLAG_NOMOVE)))
                return corrupt(why, whycap, "bad counts");
        } else {
            return corrupt(why, whycap, "bad count tag %llu", (unsigned long long)tag);
        }
    }
    if (rd.bad || rd.p != rd.end) return corrupt(why, whycap, "payload has trailing bytes");
    return GMK_OK;
}

/* ---- opening ------------------------------------------------------------- */

/* Reads exactly n bytes at offset; false with errno on failure or EOF. */
static bool read_at(int fd, void *buf, size_t n, uint64_t off) {
    uint8_t *p = buf;
    while (n > 0) {
        ssize_t k = pread(fd, p, n, (off_t)off);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            if (k == 0) errno = EIO;
            return false;
        }
        p += k;
        n -= (size_t)k;
        off += (uint64_t)k;
    }
    return true;
}


/* Does a checksum differ from the stored one? Always answered in earnest,
 * except in the libFuzzer build (tests/fuzz), which defines
 * FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION so that mutated files get past
 * the checksums to the decoders behind them. */
static bool crc_mismatch(uint32_t got, uint32_t stored) {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
    (void)got;
    (void)stored;
    return false;
#else
    return got != stored;
#endif
}
/* Parses and checks the header h against the real file size. */
static GmkStatus header_parse(const uint8_t *h, uint64_t fsize, BookInfo *info,
                              uint64_t *index_offset, uint32_t *index_crc, BookError *err) {
    if (memcmp(h, BOOK_MAGIC, 8) != 0) return book_fail(err, GMK_ERR_FORMAT, "not a gmk book");
    int version = h[8] | h[9] << 8;
    if (version != BOOK_VERSION && version != BOOK_VERSION_COMPACT)
        return book_fail(err, GMK_ERR_FORMAT, "book format version %d (this gmk reads %d and %d)",
                         version, BOOK_VERSION, BOOK_VERSION_COMPACT);
    if (crc_mismatch((uint32_t)crc32(0L, h, 92), get_u32(h + 92)))
        return book_fail(err, GMK_ERR_CORRUPT, "header checksum mismatch");
    if ((h[10] | h[11] << 8) != BOOK_HEADER_SIZE)
        return book_fail(err, GMK_ERR_CORRUPT, "bad header size");
    info->version = version;
    info->size = h[12];
    info->rule = (Rule)h[13];
    info->max_ply = h[14] | h[15] << 8;
    info->min_games = get_u32(h + 16);
    info->blocks = get_u32(h + 20);
    info->games = get_u64(h + 24);
    info->positions = get_u64(h + 32);
    info->entries = get_u64(h + 40);
    *index_offset = get_u64(h + 48);
    info->file_bytes = get_u64(h + 56);
    *index_crc = get_u32(h + 64);
    info->key_slack = version == BOOK_VERSION_COMPACT ? h[72] : 0;
    if ((version == BOOK_VERSION_COMPACT) != (info->key_slack > 0 && info->key_slack < 64))
        return book_fail(err, GMK_ERR_CORRUPT, "bad key width in the header");
    if (info->size < BOARD_MIN || info->size > BOARD_MAX || info->rule < 0 || info->rule >= RULE_NB)
        return book_fail(err, GMK_ERR_CORRUPT, "bad board size or rule in the header");
    if (fsize != info->file_bytes)
        return book_fail(err, GMK_ERR_CORRUPT, "truncated or extended: %llu bytes, the header says %llu",
                         (unsigned long long)fsize, (unsigned long long)info->file_bytes);
    if (*index_offset < BOOK_HEADER_SIZE || *index_offset > fsize ||
        (fsize - *index_offset) != (uint64_t)info->blocks * BOOK_INDEX_ENTRY ||
        (info->blocks == 0) != (info->entries == 0) || info->positions > info->entries)
        return book_fail(err, GMK_ERR_CORRUPT, "inconsistent header");
    return GMK_OK;
}

Book *book_open(const char *path, BookError *err) {
    Book *bk = calloc(1, sizeof *bk);
    if (!bk || !(bk->path = strdup(path))) {
        free(bk);
        book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return NULL;
    }
    for (int i = 0; i < BOOK_CACHE; i++) bk->cached[i] = -1;
    for (int i = 0; i < BOOK_LIGHT; i++) bk->light[i].id = -1;
    bk->cur = &bk->cache[0];
    bk->fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    uint8_t h[BOOK_HEADER_SIZE];
    uint64_t ioff = 0;
    uint32_t icrc = 0;
    GmkStatus st = GMK_OK;
    if (bk->fd < 0 || fstat(bk->fd, &sb) != 0) {
        st = book_fail(err, GMK_ERR_IO, "%s", strerror(errno));
    } else if (!S_ISREG(sb.st_mode)) {
        st = book_fail(err, GMK_ERR_FORMAT, "not a regular file");
    } else if ((uint64_t)sb.st_size < BOOK_HEADER_SIZE) {
        st = book_fail(err, sb.st_size >= 8 ? GMK_ERR_CORRUPT : GMK_ERR_FORMAT,
                       "truncated: %lld bytes, shorter than a header", (long long)sb.st_size);
    } else if (!read_at(bk->fd, h, sizeof h, 0)) {
        st = book_fail(err, GMK_ERR_IO, "%s", strerror(errno));
    } else {
        st = header_parse(h, (uint64_t)sb.st_size, &bk->info, &ioff, &icrc, err);
    }
    size_t ilen = (size_t)bk->info.blocks * BOOK_INDEX_ENTRY;
    uint8_t *ib = NULL;
    if (st == GMK_OK) {
        ib = malloc(ilen ? ilen : 1);
        bk->index = calloc(bk->info.blocks ? bk->info.blocks : 1, sizeof *bk->index);
        if (!ib || !bk->index) st = book_fail(err, GMK_ERR_NOMEM, "out of memory");
        else if (!read_at(bk->fd, ib, ilen, ioff)) st = book_fail(err, GMK_ERR_IO, "%s", strerror(errno));
        else if (crc_mismatch((uint32_t)crc32(0L, ib, (uInt)ilen), icrc))
            st = book_fail(err, GMK_ERR_CORRUPT, "block index checksum mismatch");
    }
    uint64_t next = BOOK_HEADER_SIZE;
    for (uint32_t i = 0; st == GMK_OK && i < bk->info.blocks; i++) {
        BookIndexEntry *e = &bk->index[i];
        const uint8_t *p = ib + (size_t)i * BOOK_INDEX_ENTRY;
        e->first_key = get_u64(p);
        e->offset = get_u64(p + 8);
        e->length = get_u32(p + 16);
        e->crc = get_u32(p + 20);
        if (e->offset != next || e->length < 9 || (i > 0 && e->first_key <= bk->index[i - 1].first_key))
            st = book_fail(err, GMK_ERR_CORRUPT, "block index entry %u out of place", i);
        next = e->offset + e->length;
    }
    if (st == GMK_OK && next != ioff) st = book_fail(err, GMK_ERR_CORRUPT, "blocks do not fill the file");
    free(ib);
    if (st != GMK_OK) {
        book_close(bk);
        return NULL;
    }
    return bk;
}

void book_close(Book *bk) {
    if (!bk) return;
    if (bk->fd >= 0) close(bk->fd);
    for (int i = 0; i < BOOK_CACHE; i++) book_block_free(&bk->cache[i]);
    for (int i = 0; i < BOOK_LIGHT; i++) {
        free(bk->light[i].key);
        free(bk->light[i].payload);
        free(bk->light[i].raw);
        free(bk->light[i].mstart);
    }
    free(bk->raw);
    free(bk->index);
    free(bk->path);
    free(bk);
}

const BookInfo *book_info(const Book *bk) { return &bk->info; }
const char *book_last_error(const Book *bk) { return bk->why; }

/* Reads block i's bytes into *raw (grown as needed) and checks its CRC. */
static GmkStatus block_read(Book *bk, uint32_t i, uint8_t **raw, size_t *cap) {
    const BookIndexEntry *e = &bk->index[i];
    if (!grow((void **)raw, cap, e->length, 1)) return GMK_ERR_NOMEM;
    if (!read_at(bk->fd, *raw, e->length, e->offset)) {
        snprintf(bk->why, sizeof bk->why, "block %u: %s", i, strerror(errno));
        return GMK_ERR_IO;
    }
    if (crc_mismatch((uint32_t)crc32(0L, *raw, e->length), e->crc)) {
        snprintf(bk->why, sizeof bk->why, "block %u fails its checksum", i);
        return GMK_ERR_CORRUPT;
    }
    return GMK_OK;
}

/* Reads, checks and decodes block i into bk->cur-> */
static GmkStatus load_block(Book *bk, uint32_t i) {
    for (int c = 0; c < BOOK_CACHE; c++)
        if (bk->cached[c] == (int)i) {
            bk->cur = &bk->cache[c];
            return GMK_OK;
        }
    int slot = bk->next_slot;
    bk->next_slot = (slot + 1) % BOOK_CACHE;
    bk->cached[slot] = -1;
    bk->cur = &bk->cache[slot];
    const BookIndexEntry *e = &bk->index[i];
    GmkStatus rs = block_read(bk, i, &bk->raw, &bk->cap_raw);
    if (rs != GMK_OK) return rs;
    char why[120];
    GmkStatus st = book_block_decode(bk->raw, e->length, e->first_key, bk->info.size,
                                     bk->info.version, bk->cur, why, sizeof why);
    if (st == GMK_OK && i + 1 < bk->info.blocks &&
        bk->cur->key[bk->cur->npos - 1] >= bk->index[i + 1].first_key) {
        snprintf(why, sizeof why, "keys overlap the next block");
        st = GMK_ERR_CORRUPT;
    }
    if (st != GMK_OK) {
        snprintf(bk->why, sizeof bk->why, "block %u: %s", i, st == GMK_ERR_NOMEM ? "out of memory" : why);
        return st;
    }
    bk->cached[slot] = (int)i;
    return GMK_OK;
}

GmkStatus book_verify(Book *bk) {
    uint64_t pos = 0, ent = 0;
    for (uint32_t i = 0; i < bk->info.blocks; i++) {
        GmkStatus st = load_block(bk, i);
        if (st != GMK_OK) return st;
        pos += bk->cur->npos;
        ent += bk->cur->nent;
    }
    if (pos != bk->info.positions || ent != bk->info.entries) {
        snprintf(bk->why, sizeof bk->why, "the blocks hold %llu positions and %llu entries, the header says %llu and %llu",
                 (unsigned long long)pos, (unsigned long long)ent,
                 (unsigned long long)bk->info.positions, (unsigned long long)bk->info.entries);
        return GMK_ERR_CORRUPT;
    }
    return GMK_OK;
}

GmkStatus book_foreach(Book *bk, bool (*fn)(void *ctx, const BookEntry *e), void *ctx) {
    for (uint32_t i = 0; i < bk->info.blocks; i++) {
        GmkStatus st = load_block(bk, i);
        if (st != GMK_OK) return st;
        for (uint32_t e = 0; e < bk->cur->nent; e++)
            if (!fn(ctx, &bk->cur->ent[e])) return GMK_OK;
    }
    return GMK_OK;
}

GmkStatus book_entry_at(Book *bk, uint32_t blk, uint32_t e, const BookEntry **out) {
    *out = NULL;
    if (blk >= bk->info.blocks) return GMK_OK;
    GmkStatus st = load_block(bk, blk);
    if (st != GMK_OK) return st;
    if (e < bk->cur->nent) *out = &bk->cur->ent[e];
    return GMK_OK;
}

const char *book_path(const Book *bk) { return bk->path; }

/* Finds key: *first and *count receive its entries in bk->blk (count 0 if
 * the book does not hold it). */
static GmkStatus find_key(Book *bk, Key key, uint32_t *first, uint32_t *count) {
    *count = 0;
    if (bk->info.blocks == 0 || key < bk->index[0].first_key) return GMK_OK;
    uint32_t lo = 0, hi = bk->info.blocks; /* last block with first_key <= key */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (bk->index[mid].first_key <= key) lo = mid;
        else hi = mid;
    }
    GmkStatus st = load_block(bk, lo);
    if (st != GMK_OK) return st;
    const BookBlock *b = bk->cur;
    int sh = b->shift; /* compact books compare the kept high bits */
    uint32_t a = 0, z = b->npos;
    while (a < z) {
        uint32_t mid = a + (z - a) / 2;
        if (b->key[mid] >> sh < key >> sh) a = mid + 1;
        else z = mid;
    }
    if (a < b->npos && b->key[a] >> sh == key >> sh) {
        *first = b->start[a];
        *count = b->start[a + 1] - b->start[a];
    }
    return GMK_OK;
}

/* ---- compact books: a record is believed through its parents ------------
 *
 * A compact book keeps only the high bits of its keys, so a position it does
 * not hold can match the record of another. But every position of a book
 * was reached by a game (or a RenLib line) from the empty board, so its
 * parent, the position before the last move, is in the book too and holds
 * that move. A record is taken for a position P only when P is the empty
 * board, or when for a stone s of the side that just moved, P - s is itself
 * believed (recursively, each position answered once per probe) and its
 * record holds s; or when, after a pass, P with the other side to move is
 * believed and holds the pass. The probe's own moves are tried first, the
 * latest first, so a probe along a book line decodes about one block per
 * stone; the blocks read are cached. */

/* Block of key (the last whose first key is not above it), or -1. */
static int block_of(const Book *bk, Key key) {
    if (bk->info.blocks == 0 || key < bk->index[0].first_key) return -1;
    uint32_t lo = 0, hi = bk->info.blocks;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (bk->index[mid].first_key <= key) lo = mid;
        else hi = mid;
    }
    return (int)lo;
}

/* Reads and checks block i for the parent checks (keys and inflated
 * payload only: the entries are not built). */
static GmkStatus light_load(Book *bk, int i, LightBlock **out) {
    for (int c = 0; c < BOOK_LIGHT; c++)
        if (bk->light[c].id == i) {
            *out = &bk->light[c];
            return GMK_OK;
        }
    LightBlock *lb = &bk->light[bk->next_light];
    bk->next_light = (bk->next_light + 1) % BOOK_LIGHT;
    lb->id = -1;
    const BookIndexEntry *e = &bk->index[i];
    GmkStatus rs = block_read(bk, (uint32_t)i, &lb->raw, &lb->cap_raw);
    if (rs != GMK_OK) return rs;
    const uint8_t *data = lb->raw;
    size_t len = e->length, hl = 10;
    int r = data[0], shift = data[1];
    uint32_t kb = get_u32(data + 2), plen = get_u32(data + 6);
    Reader rd = {NULL, NULL, false};
    if (len < hl || r > 63 || shift > 63 || kb > len - hl || plen > BOOK_BLOCK_MAX_PAYLOAD ||
        !grow((void **)&lb->payload, &lb->cap_payload, plen ? plen : 1, 1))
        goto bad;
    uLongf outl = plen;
    uLong zlen = (uLong)(len - hl - kb);
    if (uncompress2(lb->payload, &outl, data + hl + kb, &zlen) != Z_OK || outl != plen) goto bad;
    rd.p = lb->payload;
    rd.end = lb->payload + plen;
    uint64_t npos = rd_varint(&rd);
    rd_varint(&rd);
    if (rd.bad || npos == 0 || npos > plen || !grow((void **)&lb->key, &lb->cap_key, npos, sizeof(Key)) ||
        !grow((void **)&lb->mstart, &lb->cap_mstart, npos + 1, sizeof(uint32_t)))
        goto bad;
    lb->br = (BitReader){data + hl, data + hl + kb, 0, 0, false};
    lb->r = r;
    lb->key[0] = e->first_key;
    lb->nkeys = 1;
    lb->mstart[0] = 0;
    for (uint64_t k = 1; k <= npos; k++) lb->mstart[k] = UINT32_MAX;
    lb->moves_off = UINT32_MAX;
    lb->shift = shift;
    lb->npos = (uint32_t)npos;
    lb->plen = plen;
    lb->id = i;
    *out = lb;
    return GMK_OK;
bad:
    snprintf(bk->why, sizeof bk->why, "block %d: bad block", i);
    return GMK_ERR_CORRUPT;
}

/* Does the position whose kept key bits match key hold the move of code
 * code? *found tells whether the book holds the key at all. */
static GmkStatus light_holds(Book *bk, Key key, int ncodes, const unsigned *codes, bool *found,
                             bool *holds) {
    *found = *holds = false;
    int i = block_of(bk, key);
    if (i < 0) return GMK_OK;
    LightBlock *lb;
    GmkStatus st = light_load(bk, i, &lb);
    if (st != GMK_OK) return st;
    int sh = lb->shift;
    /* keys are decoded as far as this one */
    Key lim = sh ? UINT64_MAX >> sh : UINT64_MAX;
    while (lb->nkeys < lb->npos && lb->key[lb->nkeys - 1] >> sh < key >> sh) {
        uint64_t gap = rice_get(&lb->br, lb->r), prev = lb->key[lb->nkeys - 1] >> sh;
        if (lb->br.bad || gap >= lim - prev) goto bad;
        lb->key[lb->nkeys++] = (prev + gap + 1) << sh;
    }
    uint32_t a = 0, z = lb->nkeys;
    while (a < z) {
        uint32_t mid = a + (z - a) / 2;
        if (lb->key[mid] >> sh < key >> sh) a = mid + 1;
        else z = mid;
    }
    if (a >= lb->nkeys || lb->key[a] >> sh != key >> sh) return GMK_OK;
    *found = true;
    if (ncodes == 0) return GMK_OK;
    /* the per-position move counts, once per block */
    Reader rd = {lb->payload, lb->payload + lb->plen, false};
    uint64_t npos = rd_varint(&rd), nent = rd_varint(&rd);
    if (lb->moves_off == UINT32_MAX) {
        uint64_t sum = 0;
        for (uint64_t k = 0; k < npos && !rd.bad; k++) {
            sum += rd_varint(&rd) + 1;
            if (sum > nent) goto bad;
            lb->mstart[k + 1] = (uint32_t)sum;
        }
        if (rd.bad || sum != nent) goto bad;
        lb->moves_off = (uint32_t)(rd.p - lb->payload);
    }
    rd.p = lb->payload + lb->moves_off;
    uint64_t before = lb->mstart[a], mine = lb->mstart[a + 1] - lb->mstart[a];
    int size = bk->info.size;
    if (book_code_bytes(size)) { /* one byte per entry: skip straight to ours */
        if ((uint64_t)(rd.end - rd.p) < nent) goto bad;
        rd.p += before;
    } else {
        for (uint64_t k = 0; k < before; k++) rd_varint(&rd);
    }
    uint64_t code = 0;
    for (uint64_t k = 0; k < mine; k++) {
        uint64_t v = book_code_bytes(size) ? *rd.p++ : rd_varint(&rd);
        code = k == 0 ? v : code + v + 1;
        if (rd.bad) goto bad;
        for (int c = 0; c < ncodes; c++)
            if (code == codes[c]) *holds = true;
    }
    return GMK_OK;
bad:
    snprintf(bk->why, sizeof bk->why, "block %d: bad block", i);
    return GMK_ERR_CORRUPT;
}

typedef struct {
    Key key;              /* canonical key */
    int8_t state;         /* 0: free slot, 1: believed, 2: not (or being answered) */
} Memo;

typedef struct {
    Book *bk;
    int size;
    const Board *b;       /* the probed position: its tokens are the stones */
    int nhist;            /* its tokens */
    bool *gone;           /* per token: removed on the way down */
    Memo *memo;
    size_t cap, used;
    GmkStatus st;         /* a read failure stops the walk */
    unsigned work;        /* positions answered; a walk past BOOK_VERIFY_MAX gives up (only
                             a book whose kept keys match nearly everything gets there) */
} Verify;

#define BOOK_VERIFY_MAX 200000

/* Memo slot of key (open addressing; cap is a power of two, never full). */
static Memo *memo_slot(Verify *v, Key key) {
    size_t i = (size_t)(key ^ key >> 29) & (v->cap - 1);
    while (v->memo[i].state && v->memo[i].key != key) i = (i + 1) & (v->cap - 1);
    return &v->memo[i];
}

static bool memo_grow(Verify *v) {
    if (2 * (v->used + 1) <= v->cap) return true;
    Memo *old = v->memo;
    size_t oc = v->cap;
    v->cap = oc * 2;
    v->memo = calloc(v->cap, sizeof *v->memo);
    if (!v->memo) {
        v->memo = old;
        v->cap = oc;
        return false;
    }
    for (size_t i = 0; i < oc; i++)
        if (old[i].state) *memo_slot(v, old[i].key) = old[i];
    free(old);
    return true;
}

static Key img_min(const Key img[SYM_NB]) {
    Key m = img[0];
    for (int t = 1; t < SYM_NB; t++)
        if (img[t] < m) m = img[t];
    return m;
}

static GmkStatus find_key(Book *bk, Key key, uint32_t *first, uint32_t *count);

/* Does the record matching the position of image keys img hold move m (in
 * the position's own orientation)? */
static bool record_holds(Verify *v, const Key img[SYM_NB], Move m) {
    Key canon = img_min(img);
    unsigned codes[SYM_NB];
    int nc = 0;
    for (int u = 0; u < SYM_NB; u++)
        if (img[u] == canon) codes[nc++] = book_code(m == MOVE_PASS ? MOVE_PASS : sym_point(m, u, v->size), v->size);
    bool found, holds;
    GmkStatus st = light_holds(v->bk, canon, nc, codes, &found, &holds);
    if (st != GMK_OK) v->st = st;
    return st == GMK_OK && holds;
}

/* Is the position of image keys img (the probe's tokens less those gone;
 * mover: the side that moved last) believed? */
static bool believed(Verify *v, const Key img[SYM_NB], Color mover, int stones) {
    if (v->st != GMK_OK) return false;
    if (stones == 0 && mover == COLOR_WHITE) return true; /* the empty board, black to move */
    Key canon = img_min(img);
    if (!memo_grow(v)) {
        v->st = GMK_ERR_NOMEM;
        return false;
    }
    Memo *mo = memo_slot(v, canon);
    if (mo->state) return mo->state == 1;
    if (++v->work > BOOK_VERIFY_MAX) return false;
    mo->key = canon;
    mo->state = 2; /* not believed while being answered: no cycle through passes */
    v->used++;
    bool found, holds;
    GmkStatus st = light_holds(v->bk, canon, 0, NULL, &found, &holds);
    if (st != GMK_OK) {
        v->st = st;
        return false;
    }
    if (!found) return false;
    Color other = mover == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
    Key pimg[SYM_NB];
    bool ok = false;
    /* the stones of the side that moved last, latest played first */
    for (int i = v->nhist - 1; i >= 0 && !ok; i--) {
        Move s = board_move_at(v->b, i);
        if (s == MOVE_PASS || v->gone[i] || (Color)(i & 1) != mover) continue;
        for (int t = 0; t < SYM_NB; t++)
            pimg[t] = img[t] ^ zobrist_stone(mover, sym_point(s, t, v->size)) ^ zobrist_side();
        if (!record_holds(v, pimg, s)) continue;
        v->gone[i] = true;
        ok = believed(v, pimg, other, stones - 1);
        v->gone[i] = false;
    }
    if (!ok) { /* after a pass */
        for (int t = 0; t < SYM_NB; t++) pimg[t] = img[t] ^ zobrist_side();
        ok = record_holds(v, pimg, MOVE_PASS) && believed(v, pimg, other, stones);
    }
    memo_slot(v, canon)->state = ok ? 1 : 2;
    return ok;
}

/* Is the record matching b's canonical key really b's? Always in a book of
 * full keys; in a compact book when b's parents say so. */
static GmkStatus record_is_exact(Book *bk, const Board *b, bool *yes) {
    *yes = true;
    if (bk->info.key_slack == 0) return GMK_OK;
    Verify v = {bk, board_size(b), b, board_ply(b), NULL, NULL, 64, 0, GMK_OK, 0};
    v.gone = calloc((size_t)v.nhist + 1, sizeof *v.gone);
    v.memo = calloc(v.cap, sizeof *v.memo);
    if (!v.gone || !v.memo) {
        free(v.gone);
        free(v.memo);
        return GMK_ERR_NOMEM;
    }
    Key img[SYM_NB];
    for (int t = 0; t < SYM_NB; t++) img[t] = board_key_sym(b, t);
    int stones = board_stone_count(b, COLOR_BLACK) + board_stone_count(b, COLOR_WHITE);
    Color mover = board_to_move(b) == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
    *yes = believed(&v, img, mover, stones);
    free(v.gone);
    free(v.memo);
    if (v.st != GMK_OK) *yes = false;
    return v.st;
}

GmkStatus book_lookup(Book *bk, const Board *b, BookEntry *out, int cap, int *n, int *t) {
    *n = 0;
    if (board_size(b) != bk->info.size) {
        snprintf(bk->why, sizeof bk->why, "the board is %dx%d, the book %dx%d", board_size(b),
                 board_size(b), bk->info.size, bk->info.size);
        return GMK_ERR_SIZE;
    }
    if (board_rule(b) != bk->info.rule) {
        /* keys hold stones only: a book of another rule would answer wrongly */
        snprintf(bk->why, sizeof bk->why, "the board is under %s, the book under %s",
                 rule_name(board_rule(b)), rule_name(bk->info.rule));
        return GMK_ERR_ARG;
    }
    Key key = board_canonical_key(b, t);
    uint32_t first, count;
    GmkStatus st = find_key(bk, key, &first, &count);
    if (st != GMK_OK) return st;
    if (count > 0 && bk->info.key_slack > 0) {
        bool exact;
        st = record_is_exact(bk, b, &exact);
        if (st == GMK_OK && exact) st = find_key(bk, key, &first, &count); /* the block again */
        if (st != GMK_OK) return st;
        if (!exact) count = 0;
    }
    for (uint32_t i = 0; i < count && (int)i < cap; i++) out[i] = bk->cur->ent[first + i];
    *n = (int)count;
    return GMK_OK;
}

double book_score(uint64_t wins, uint64_t draws, uint64_t losses) {
    return ((double)wins + (double)draws / 2 + 1) / ((double)(wins + draws + losses) + 2);
}

/* Orders book moves best first: score, games, then the point. */
static int move_cmp(const void *a, const void *b) {
    const BookMove *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    if (x->games != y->games) return x->games > y->games ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

GmkStatus book_probe(Book *bk, const Board *b, BookMove *out, int cap, int *n) {
    BookEntry ent[BOARD_MAX * BOARD_MAX + 1];
    int count, t, size = board_size(b);
    *n = 0;
    GmkStatus st = book_lookup(bk, b, ent, (int)(sizeof ent / sizeof ent[0]), &count, &t);
    if (st != GMK_OK) return st;
    Key key = board_key_sym(b, t);
    int k = 0;
    BookMove found[BOARD_MAX * BOARD_MAX + 1];
    for (int i = 0; i < count && i < (int)(sizeof ent / sizeof ent[0]); i++) {
        const BookEntry *e = &ent[i];
        if (e->games == 0) continue; /* a board text, not a move */
        /* back to b's orientation; among the symmetries that map b to the
         * canonical image, take the one giving the highest row, then the
         * rightmost column (h8: h9 and i9, as renju openings are written) */
        Move best = MOVE_NONE;
        for (int s = 0; s < SYM_NB; s++) {
            if (board_key_sym(b, s) != key) continue;
            Move m = sym_point(e->move, sym_inverse(s), size);
            if (best == MOVE_NONE || m > best) best = m;
        }
        if (best != MOVE_PASS && board_cell(b, best) != CELL_EMPTY) continue; /* a key collision */
        BookMove *bm = &found[k++];
        bm->move = best;
        bm->games = e->games;
        bm->wins = e->wins;
        bm->draws = e->draws;
        bm->losses = e->losses;
        bm->score = book_score(e->wins, e->draws, e->losses);
    }
    qsort(found, (size_t)k, sizeof found[0], move_cmp);
    for (int i = 0; i < k && i < cap; i++) out[i] = found[i];
    *n = k < cap ? k : cap;
    return GMK_OK;
}
