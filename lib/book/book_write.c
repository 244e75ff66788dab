/*
 * book_write.c — writes book files (layout: see book.c): entries in, sorted
 * and grouped by position; out: Rice-coded keys and zlib-compressed blocks,
 * the block index, the header. The file is written under a temporary name
 * in the destination's folder, flushed, fsync'ed and renamed over the
 * destination (and the folder synced), so that a crash leaves either the old
 * file or the new one, never a part of one.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "book.h"

GmkStatus book_fail(BookError *err, GmkStatus st, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->status = st;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return st;
}

/* A growable byte buffer; oom is sticky. */
typedef struct {
    uint8_t *p;   /* bytes */
    size_t n;     /* used */
    size_t cap;   /* allocated */
    bool oom;     /* an allocation failed */
} ByteBuf;

/* Makes room for k more bytes; false when out of memory. */
static bool bb_grow(ByteBuf *b, size_t k);
static inline bool bb_room(ByteBuf *b, size_t k) {
    return b->n + k <= b->cap ? true : bb_grow(b, k);
}

static bool bb_grow(ByteBuf *b, size_t k) {
    if (b->oom) return false;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + k) cap *= 2;
    uint8_t *np = realloc(b->p, cap);
    if (!np) {
        b->oom = true;
        return false;
    }
    b->p = np;
    b->cap = cap;
    return true;
}

static void bb_bytes(ByteBuf *b, const void *src, size_t k) {
    if (k && bb_room(b, k)) {
        memcpy(b->p + b->n, src, k);
        b->n += k;
    }
}

static inline void bb_varint(ByteBuf *b, uint64_t v) {
    if (!bb_room(b, 10)) return;
    uint8_t *p = b->p + b->n;
    while (v >= 0x80) {
        *p++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *p++ = (uint8_t)v;
    b->n = (size_t)(p - b->p);
}

/* Bit writer (least significant bit first) on a ByteBuf. */
typedef struct {
    ByteBuf *out;     /* where full bytes go */
    uint64_t acc;     /* pending bits */
    int nbits;        /* how many (< 8 between calls) */
} BitWriter;

/* Appends the low n bits of v (n <= 56). */
static inline void bits_put(BitWriter *w, uint64_t v, int n) {
    if (n == 0) return;
    w->acc |= (v & ((1ULL << n) - 1)) << w->nbits;
    w->nbits += n;
    if (w->nbits < 8) return;
    if (!bb_room(w->out, 8)) return;
    uint8_t *p = w->out->p + w->out->n;
    while (w->nbits >= 8) {
        *p++ = (uint8_t)w->acc;
        w->acc >>= 8;
        w->nbits -= 8;
    }
    w->out->n = (size_t)(p - w->out->p);
}

static void bits_flush(BitWriter *w) {
    if (w->nbits > 0) {
        uint8_t byte = (uint8_t)w->acc;
        bb_bytes(w->out, &byte, 1);
    }
    w->acc = 0;
    w->nbits = 0;
}

/* Rice code of gap g with parameter r (escape for long quotients). */
static void rice_put(BitWriter *w, uint64_t g, int r) {
    uint64_t q = g >> r;
    if (q >= BOOK_RICE_ESCAPE) {
        bits_put(w, ~0ULL, BOOK_RICE_ESCAPE);
        bits_put(w, g, 32);
        bits_put(w, g >> 32, 32);
        return;
    }
    bits_put(w, (1ULL << q) - 1, (int)q + 1); /* q ones and a zero */
    if (r > 32) {
        bits_put(w, g, 32);
        bits_put(w, g >> 32, r - 32);
    } else {
        bits_put(w, g, r);
    }
}

struct BookWriter {
    char *path;               /* destination */
    char *tmp;                /* temporary file beside it */
    int fd;                   /* open on tmp */
    BookInfo info;            /* header being built */
    uint64_t offset;          /* bytes written so far */
    GmkStatus st;             /* first failure */
    int saved_errno;          /* errno of an I/O failure */
    bool no_sync;             /* a temporary run: no fsync */
    int shift_min;            /* test hook: smallest key shift tried first (0: none) */
    uint64_t shift_bumps;     /* times a shift was lowered to keep keys apart */
    /* the position being collected */
    BookEntry *pe;            /* its entries */
    size_t npe, cap_pe;
    ByteBuf ptext;            /* copies of its texts */
    bool have_last;           /* an entry was added */
    Key last_key;             /* order check */
    unsigned last_code;
    /* the block being collected */
    Key *bkey;                /* position keys */
    uint32_t *bcount;         /* entries per position */
    size_t bnpos, cap_bpos;
    uint32_t bnent;           /* entries in the block */
    ByteBuf moves, counts;    /* encoded streams */
    ByteBuf scratch, block;   /* payload and block assembly */
    z_stream z;               /* deflate state, reset for each block (level 6: compress2's bytes) */
    bool z_ready;             /* z initialised */
    /* the index */
    BookIndexEntry *index;
    size_t nindex, cap_index;
};

void book_header_pack(uint8_t *h, const BookInfo *info, uint64_t index_offset, uint32_t index_crc) {
    memset(h, 0, BOOK_HEADER_SIZE);
    memcpy(h, BOOK_MAGIC, 8);
    int version = info->key_slack > 0 ? BOOK_VERSION_COMPACT : BOOK_VERSION;
    h[8] = (uint8_t)(version & 0xff);
    h[9] = (uint8_t)(version >> 8);
    h[10] = BOOK_HEADER_SIZE & 0xff;
    h[11] = BOOK_HEADER_SIZE >> 8;
    h[12] = (uint8_t)info->size;
    h[13] = (uint8_t)info->rule;
    h[14] = (uint8_t)(info->max_ply & 0xff);
    h[15] = (uint8_t)(info->max_ply >> 8);
    put_u32(h + 16, info->min_games);
    put_u32(h + 20, info->blocks);
    put_u64(h + 24, info->games);
    put_u64(h + 32, info->positions);
    put_u64(h + 40, info->entries);
    put_u64(h + 48, index_offset);
    put_u64(h + 56, info->file_bytes);
    put_u32(h + 64, index_crc);
    put_u32(h + 68, info->key_slack > 0 ? BOOK_BLOCK_ENTRIES_COMPACT : BOOK_BLOCK_ENTRIES);
    if (info->key_slack > 0) h[72] = (uint8_t)info->key_slack;
    put_u32(h + 92, (uint32_t)crc32(0L, h, 92));
}

/* Writes all of buf at the current offset; records a failure. */
static void w_write(BookWriter *w, const void *buf, size_t n) {
    const uint8_t *p = buf;
    while (n > 0 && w->st == GMK_OK) {
        ssize_t k = write(w->fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) {
            w->saved_errno = k < 0 ? errno : EIO;
            w->st = GMK_ERR_IO;
            return;
        }
        p += k;
        n -= (size_t)k;
        w->offset += (uint64_t)k;
    }
}

BookWriter *book_writer_new(const char *path, const BookInfo *info, BookError *err) {
    BookWriter *w = calloc(1, sizeof *w);
    if (!w) {
        book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return NULL;
    }
    const char *refusal;
    w->fd = gmk_output_open(path, &w->path, &w->tmp, &refusal); /* a link: the file it leads to */
    if (w->fd < 0) {
        int e = errno;
        if (refusal) book_fail(err, GMK_ERR_ARG, "%s is %s, not a regular file: not written", path, refusal);
        else if (e == ENOMEM) book_fail(err, GMK_ERR_NOMEM, "out of memory");
        else book_fail(err, GMK_ERR_IO, "%s: cannot create a temporary file: %s", path, strerror(e));
        free(w);
        errno = e;
        return NULL;
    }
    w->info = *info;
    if (w->info.key_slack < 0 || w->info.key_slack > 63) w->info.key_slack = 0;
    w->info.version = w->info.key_slack > 0 ? BOOK_VERSION_COMPACT : BOOK_VERSION;
    w->info.positions = w->info.entries = 0;
    w->info.blocks = 0;
    uint8_t zero[BOOK_HEADER_SIZE] = {0};
    w_write(w, zero, sizeof zero); /* the real header comes last */
    return w;
}

void book_writer_scratch(BookWriter *w) { w->no_sync = true; }
void book_writer_shift_min(BookWriter *w, int shift) { w->shift_min = shift; }
uint64_t book_writer_shift_bumps(const BookWriter *w) { return w->shift_bumps; }

/* Encodes the collected block and writes it. */
static void block_flush(BookWriter *w) {
    if (w->bnpos == 0 || w->st != GMK_OK) return;
    /* compact books: drop the low bits of the keys so that the mean gap
     * keeps about key_slack bits, fewer while two keys of the block would
     * become equal (the first key stays exact in the index) */
    int shift = 0;
    if (w->info.key_slack > 0 && w->bnpos > 1) {
        uint64_t mean = (w->bkey[w->bnpos - 1] - w->bkey[0]) / (w->bnpos - 1);
        int lg = 0;
        while (lg < 63 && (mean >> (lg + 1)) > 0) lg++;
        shift = lg > w->info.key_slack ? lg - w->info.key_slack : 0;
        if (shift < w->shift_min) shift = w->shift_min; /* test hook */
        for (size_t i = 1; i < w->bnpos && shift > 0; i++)
            while (shift > 0 && (w->bkey[i] >> shift) == (w->bkey[i - 1] >> shift)) {
                shift--;
                w->shift_bumps++;
            }
    }
    /* keys: Rice parameter from the mean gap */
    int r = 0;
    if (w->bnpos > 1) {
        uint64_t mean = ((w->bkey[w->bnpos - 1] >> shift) - (w->bkey[0] >> shift)) / (w->bnpos - 1);
        while (r < 63 && (mean >> (r + 1)) > 0) r++;
    }
    ByteBuf *blk = &w->block, *pay = &w->scratch;
    blk->n = 0;
    pay->n = 0;
    size_t hl = w->info.key_slack > 0 ? 10 : 9; /* version 2 adds the shift byte */
    uint8_t head[10] = {(uint8_t)r, (uint8_t)shift};
    bb_bytes(blk, head, hl);
    BitWriter bw = {blk, 0, 0};
    for (size_t i = 1; i < w->bnpos; i++)
        rice_put(&bw, (w->bkey[i] >> shift) - (w->bkey[i - 1] >> shift) - 1, r);
    bits_flush(&bw);
    size_t keybytes = blk->n - hl;
    bb_varint(pay, w->bnpos);
    bb_varint(pay, w->bnent);
    for (size_t i = 0; i < w->bnpos; i++) bb_varint(pay, w->bcount[i] - 1);
    bb_bytes(pay, w->moves.p, w->moves.n);
    bb_bytes(pay, w->counts.p, w->counts.n);
    uLongf zlen = compressBound((uLong)pay->n);
    if (pay->oom || blk->oom || !bb_room(blk, zlen) || pay->n > BOOK_BLOCK_MAX_PAYLOAD) {
        w->st = GMK_ERR_NOMEM;
        return;
    }
    /* one deflate state for every block (compress2 would allocate and clear
     * one per block): deflateReset gives the very bytes of a fresh one */
    if (!w->z_ready) {
        memset(&w->z, 0, sizeof w->z);
        if (deflateInit(&w->z, 6) != Z_OK) {
            w->st = GMK_ERR_NOMEM;
            return;
        }
        w->z_ready = true;
    } else if (deflateReset(&w->z) != Z_OK) {
        w->st = GMK_ERR_NOMEM;
        return;
    }
    w->z.next_in = pay->p;
    w->z.avail_in = (uInt)pay->n;
    w->z.next_out = blk->p + blk->n;
    w->z.avail_out = (uInt)zlen;
    if (deflate(&w->z, Z_FINISH) != Z_STREAM_END) {
        w->st = GMK_ERR_NOMEM;
        return;
    }
    zlen = w->z.total_out;
    blk->n += zlen;
    put_u32(blk->p + hl - 8, (uint32_t)keybytes);
    put_u32(blk->p + hl - 4, (uint32_t)pay->n);
    if (w->nindex == w->cap_index) {
        size_t cap = w->cap_index ? w->cap_index * 2 : 64;
        BookIndexEntry *ni = realloc(w->index, cap * sizeof *ni);
        if (!ni) {
            w->st = GMK_ERR_NOMEM;
            return;
        }
        w->index = ni;
        w->cap_index = cap;
    }
    BookIndexEntry *ie = &w->index[w->nindex++];
    ie->first_key = w->bkey[0];
    ie->offset = w->offset;
    ie->length = (uint32_t)blk->n;
    ie->crc = (uint32_t)crc32(0L, blk->p, (uInt)blk->n);
    w_write(w, blk->p, blk->n);
    w->info.blocks++;
    w->bnpos = 0;
    w->bnent = 0;
    w->moves.n = 0;
    w->counts.n = 0;
}

/* Encodes one entry's counts, flags and texts. */
static void encode_counts(ByteBuf *b, const BookEntry *e) {
    bool plain = e->flags == 0 && e->comment_len == 0 && e->label_len == 0;
    if (plain && e->games == 1 && e->wins + e->draws + e->losses <= 1) {
        bb_varint(b, e->wins ? TAG_ONE_WIN : e->draws ? TAG_ONE_DRAW
                                           : e->losses ? TAG_ONE_LOSS : TAG_ONE_UNKNOWN);
        return;
    }
    if (plain && e->games == e->wins + e->draws + e->losses) { /* every result known */
        bb_varint(b, TAG_KNOWN);
        bb_varint(b, e->wins);
        bb_varint(b, e->draws);
        bb_varint(b, e->losses);
        return;
    }
    bb_varint(b, plain ? TAG_COUNTS : TAG_FULL);
    bb_varint(b, e->games);
    bb_varint(b, e->wins);
    bb_varint(b, e->draws);
    bb_varint(b, e->losses);
    if (plain) return;
    uint8_t fl = e->flags;
    bb_bytes(b, &fl, 1);
    bb_varint(b, e->comment_len);
    bb_bytes(b, e->comment, e->comment_len);
    bb_varint(b, e->label_len);
    bb_bytes(b, e->label, e->label_len);
}

/* Moves the collected position into the block (or drops it). */
static void position_flush(BookWriter *w) {
    if (w->npe == 0 || w->st != GMK_OK) return;
    uint64_t games = 0;
    for (size_t i = 0; i < w->npe; i++) games += w->pe[i].games;
    size_t n = w->npe;
    w->npe = 0;
    w->ptext.n = 0;
    if (w->info.min_games > 1 && games < w->info.min_games) return;
    if (w->bnpos == w->cap_bpos) {
        size_t cap = w->cap_bpos ? w->cap_bpos * 2 : 1024;
        Key *nk = realloc(w->bkey, cap * sizeof *nk);
        if (nk) w->bkey = nk;
        uint32_t *nc = nk ? realloc(w->bcount, cap * sizeof *nc) : NULL;
        if (!nc) {
            w->st = GMK_ERR_NOMEM;
            return;
        }
        w->bcount = nc;
        w->cap_bpos = cap;
    }
    w->bkey[w->bnpos] = w->pe[0].key;
    w->bcount[w->bnpos] = (uint32_t)n;
    w->bnpos++;
    unsigned prev = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned code = book_code(w->pe[i].move, w->info.size);
        unsigned v = i == 0 ? code : code - prev - 1;
        if (book_code_bytes(w->info.size)) {
            uint8_t byte = (uint8_t)v;
            bb_bytes(&w->moves, &byte, 1);
        } else {
            bb_varint(&w->moves, v);
        }
        prev = code;
        encode_counts(&w->counts, &w->pe[i]);
    }
    w->bnent += (uint32_t)n;
    w->info.positions++;
    w->info.entries += n;
    if (w->moves.oom || w->counts.oom) w->st = GMK_ERR_NOMEM;
    if (w->bnent >= (w->info.key_slack > 0 ? BOOK_BLOCK_ENTRIES_COMPACT : BOOK_BLOCK_ENTRIES))
        block_flush(w);
}

GmkStatus book_writer_add(BookWriter *w, const BookEntry *e) {
    if (w->st != GMK_OK) return w->st;
    unsigned code = book_code(e->move, w->info.size);
    if (e->move != MOVE_PASS && !point_on_board(e->move, w->info.size)) return GMK_ERR_ARG;
    if (w->have_last && (e->key < w->last_key || (e->key == w->last_key && code <= w->last_code)))
        return GMK_ERR_ARG; /* out of order: a programming error of the caller */
    if (w->have_last && e->key != w->last_key) position_flush(w);
    w->have_last = true;
    w->last_key = e->key;
    w->last_code = code;
    if (w->npe == w->cap_pe) {
        size_t cap = w->cap_pe ? w->cap_pe * 2 : 64;
        BookEntry *np = realloc(w->pe, cap * sizeof *np);
        if (!np) return w->st = GMK_ERR_NOMEM;
        w->pe = np;
        w->cap_pe = cap;
    }
    BookEntry *d = &w->pe[w->npe++];
    *d = *e;
    /* texts are copied now: the caller's buffers may not live until the flush */
    if (e->comment_len || e->label_len) {
        size_t before = w->ptext.n;
        bb_bytes(&w->ptext, e->comment, e->comment_len);
        bb_bytes(&w->ptext, e->label, e->label_len);
        if (w->ptext.oom) return w->st = GMK_ERR_NOMEM;
        /* fix up every text pointer: the arena may have moved */
        size_t off = 0;
        for (size_t i = 0; i < w->npe; i++) {
            BookEntry *x = &w->pe[i];
            if (i + 1 == w->npe) off = before;
            if (x->comment_len) x->comment = (const char *)w->ptext.p + off;
            off += x->comment_len;
            if (x->label_len) x->label = (const char *)w->ptext.p + off;
            off += x->label_len;
        }
    }
    return GMK_OK;
}

/* Frees everything but the files. */
static void writer_free(BookWriter *w) {
    free(w->pe);
    free(w->ptext.p);
    free(w->bkey);
    free(w->bcount);
    free(w->moves.p);
    free(w->counts.p);
    free(w->scratch.p);
    free(w->block.p);
    if (w->z_ready) deflateEnd(&w->z);
    free(w->index);
    temp_unregister(w->tmp);
    free(w->tmp);
    free(w->path);
    free(w);
}

void book_writer_abort(BookWriter *w) {
    if (!w) return;
    close(w->fd);
    unlink(w->tmp);
    writer_free(w);
}

/* fsync()s the folder holding path, so that the rename is durable. */
static void sync_dir(const char *path) {
    char *dir = strdup(path);
    if (!dir) return;
    char *slash = strrchr(dir, '/');
    const char *d = ".";
    if (slash) {
        *slash = '\0';
        d = slash == dir ? "/" : dir;
    }
    int fd = open(d, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

GmkStatus book_writer_finish(BookWriter *w, BookError *err) {
    position_flush(w);
    block_flush(w);
    uint64_t index_offset = w->offset;
    size_t ilen = w->nindex * BOOK_INDEX_ENTRY;
    uint8_t *ib = malloc(ilen ? ilen : 1);
    if (!ib && w->st == GMK_OK) w->st = GMK_ERR_NOMEM;
    uint32_t icrc = 0;
    if (w->st == GMK_OK) {
        for (size_t i = 0; i < w->nindex; i++) {
            uint8_t *p = ib + i * BOOK_INDEX_ENTRY;
            put_u64(p, w->index[i].first_key);
            put_u64(p + 8, w->index[i].offset);
            put_u32(p + 16, w->index[i].length);
            put_u32(p + 20, w->index[i].crc);
        }
        icrc = (uint32_t)crc32(0L, ib, (uInt)ilen);
        w_write(w, ib, ilen);
    }
    free(ib);
    if (w->st == GMK_OK) {
        uint8_t h[BOOK_HEADER_SIZE];
        w->info.file_bytes = w->offset;
        book_header_pack(h, &w->info, index_offset, icrc);
        if (pwrite(w->fd, h, sizeof h, 0) != (ssize_t)sizeof h) {
            w->saved_errno = errno ? errno : EIO;
            w->st = GMK_ERR_IO;
        }
    }
    if (w->st == GMK_OK && !w->no_sync && fsync(w->fd) != 0) {
        w->saved_errno = errno;
        w->st = GMK_ERR_IO;
    }
    if (close(w->fd) != 0 && w->st == GMK_OK) {
        w->saved_errno = errno;
        w->st = GMK_ERR_IO;
    }
    w->fd = -1;
    if (w->st == GMK_OK && rename(w->tmp, w->path) != 0) {
        w->saved_errno = errno;
        w->st = GMK_ERR_IO;
    }
    GmkStatus st = w->st;
    if (st == GMK_OK) {
        if (!w->no_sync) sync_dir(w->path);
    } else {
        unlink(w->tmp);
        if (st == GMK_ERR_IO)
            book_fail(err, st, "%s: write failed: %s", w->path, strerror(w->saved_errno));
        else
            book_fail(err, st, "%s: %s", w->path, gmk_strerror(st));
    }
    int e = w->saved_errno;
    writer_free(w);
    if (e) errno = e;
    return st;
}
