/*
 * book.c — reading opening books: open, check, the block cache, iterate.
 * Blocks are decoded in book_decode.c, compact books' records believed in
 * book_compact.c, positions looked up and probed in book_probe.c
 * (book_reader.h joins them).
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
#include "book_reader.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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

static void light_free(Book *bk) {
    for (int i = 0; i < BOOK_LIGHT; i++) {
        free(bk->light[i].key);
        free(bk->light[i].payload);
        free(bk->light[i].raw);
        free(bk->light[i].mstart);
    }
}

void book_close(Book *bk) {
    if (!bk) return;
    if (bk->fd >= 0) close(bk->fd);
    for (int i = 0; i < BOOK_CACHE; i++) book_block_free(&bk->cache[i]);
    light_free(bk);
    free(bk->raw);
    free(bk->index);
    free(bk->path);
    free(bk);
}

const BookInfo *book_info(const Book *bk) { return &bk->info; }
const char *book_last_error(const Book *bk) { return bk->why; }

GmkStatus book_block_read(Book *bk, uint32_t i, uint8_t **raw, size_t *cap) {
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
GmkStatus book_load_block(Book *bk, uint32_t i) {
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
    GmkStatus rs = book_block_read(bk, i, &bk->raw, &bk->cap_raw);
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
        GmkStatus st = book_load_block(bk, i);
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
        GmkStatus st = book_load_block(bk, i);
        if (st != GMK_OK) return st;
        for (uint32_t e = 0; e < bk->cur->nent; e++)
            if (!fn(ctx, &bk->cur->ent[e])) return GMK_OK;
    }
    return GMK_OK;
}

GmkStatus book_entry_at(Book *bk, uint32_t blk, uint32_t e, const BookEntry **out) {
    *out = NULL;
    if (blk >= bk->info.blocks) return GMK_OK;
    GmkStatus st = book_load_block(bk, blk);
    if (st != GMK_OK) return st;
    if (e < bk->cur->nent) *out = &bk->cur->ent[e];
    return GMK_OK;
}

const char *book_path(const Book *bk) { return bk->path; }

int book_block_of(const Book *bk, Key key) {
    if (bk->info.blocks == 0 || key < bk->index[0].first_key) return -1;
    uint32_t lo = 0, hi = bk->info.blocks;
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (bk->index[mid].first_key <= key) lo = mid;
        else hi = mid;
    }
    return (int)lo;
}
