/*
 * book_build.c — counting games and RenLib nodes into a book (the game
 * items live in book_items.c; the runs spilled are merged by book_merge.c).
 *
 * The builder walks each game on a BOARD_LIGHT board and makes one 10-byte
 * item per (canonical key, canonical move code, result) it counts. Items are
 * appended, as they come, to one of GB_BUCKETS buckets (lists of chunks)
 * chosen by a monotone function of the key (canonical keys are the minimum
 * of 8 uniform keys, so home = (1 - (1 - key/2^64)^8) * n is uniform in
 * 0..n-1): the buckets in order hold increasing key ranges of about the same
 * size. When the book is written, each bucket in turn is spread by the top
 * bits of the key's offset in the bucket's range into GB_SUB sub-buckets of a
 * few items, which are sorted by (key, code) (insertion sort; a three-way
 * quicksort for the many equal items of a position played often), all within
 * the cache; equal (key, code) items add up to one entry, and the entries go
 * to the writer already sorted. Every item is written to memory once,
 * sequentially, and read back twice. The 8 image keys of each position are
 * kept move by move from the record's moves (already checked by the reader),
 * without a board.
 *
 * RenLib nodes (book_builder_add_node: flags, texts, "the same node twice is
 * one entry") are counted in an open addressing table of 32-byte slots homed
 * the same way (probing never wraps, so the table in slot order is nearly
 * sorted and an insertion sort finishes it); game items are folded into it
 * when both kinds were added.
 *
 * When the items or the table would outgrow BookOptions.memory, they are
 * written as a sorted run (a book file without filtering) to a temporary
 * folder; at the end the runs are merged like shards. Since merge and build
 * feed the same writer with the same sorted entries, the result is identical
 * either way.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "board/board.h"
#include "book_items.h"
#include "board/zobrist.h"

#define SLOT_SLACK 4096 /* slots past the capacity for probes that run off the end */

/* One (position, move) counter. */
typedef struct {
    Key key;           /* canonical position key */
    uint16_t code;     /* canonical move code */
    uint8_t flags;     /* BOOK_FLAG_* (RenLib nodes) */
    uint8_t used;      /* 1 if the slot holds an entry */
    uint32_t note;     /* 1-based index of its texts in notes, 0 if none */
    uint32_t games, wins, draws, losses;
} Slot;

/* Texts of a RenLib node: comment then label in the text arena. */
typedef struct {
    size_t off;        /* offset in text */
    uint32_t clen;     /* comment bytes */
    uint32_t llen;     /* label bytes */
} Note;

struct BookBuilder {
    BookOptions opt;
    Board *board;             /* light board of the book's size and rule */
    Slot *slot;               /* cap + SLOT_SLACK slots */
    size_t cap;               /* power of two */
    size_t count;             /* used slots */
    size_t max_cap;           /* largest cap within opt.memory */
    uint64_t games;           /* games counted in all */
    uint64_t run_games;       /* games counted since the last spill */
    char *text;               /* note arena */
    size_t ntext, cap_text;
    Note *notes;
    size_t nnotes, cap_notes;
    BookProgressFn progress;  /* progress of book_builder_write, NULL if none */
    void *progress_ctx;
    GameItems items;          /* game items in buckets (book_items.c) */
    Key (*imgkey)[SYM_NB];    /* [c * BOARD_CELLS + p]: the key change of a c stone on p in each
                                 image, side to move toggled too (one cache line a point) */
    char *run_dir;            /* temporary folder of spilled runs, NULL if none */
    char **runs;              /* their paths */
    int nruns;
};

/* Allocates an empty table of cap slots: zeroed pages straight from mmap,
 * asked for as huge pages (slots are hit at random: 4 KB pages would make
 * nearly every access a TLB miss). */
static Slot *table_new(size_t cap) {
    size_t bytes = (cap + SLOT_SLACK) * sizeof(Slot);
    bytes = (bytes + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

/* Frees a table of cap slots. */
static void table_free(Slot *t, size_t cap) {
    if (!t) return;
    size_t bytes = (cap + SLOT_SLACK) * sizeof(Slot);
    bytes = (bytes + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
    munmap(t, bytes);
}

/* Empties a table of cap slots (fresh zero pages). */
static Slot *table_clear(Slot *t, size_t cap) {
    table_free(t, cap);
    return table_new(cap);
}

BookBuilder *book_builder_new(const BookOptions *opt, BookError *err) {
    BookBuilder *bb = calloc(1, sizeof *bb);
    if (!bb) {
        book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return NULL;
    }
    bb->opt = *opt;
    if (bb->opt.memory == 0) bb->opt.memory = BOOK_MEMORY_DEFAULT;
    if (bb->opt.compact && bb->opt.min_games > 1) { /* a position's parents must all be kept */
        free(bb);
        book_fail(err, GMK_ERR_ARG, "a compact book keeps every position: --compact needs --min-games 1");
        return NULL;
    }
    if (bb->opt.max_ply < 0 || bb->opt.max_ply > 65535) {
        free(bb);
        book_fail(err, GMK_ERR_ARG, "max ply out of range");
        return NULL;
    }
    bb->max_cap = 1 << 12;
    while (bb->max_cap * 2 * sizeof(Slot) <= bb->opt.memory) bb->max_cap *= 2;
    bb->cap = 1 << 12; /* the table grows with RenLib nodes; games go to the buckets */
    bb->board = board_new_flags(opt->size, opt->rule, BOARD_LIGHT);
    bb->slot = table_new(bb->cap);
    bool items = items_init(&bb->items);
    bb->imgkey = aligned_alloc(64, (size_t)COLOR_NB * BOARD_CELLS * sizeof *bb->imgkey);
    if (bb->board && bb->imgkey)
        for (int c = 0; c < COLOR_NB; c++)
            for (int p = 0; p < BOARD_CELLS; p++)
                for (int t = 0; t < SYM_NB; t++)
                    bb->imgkey[c * BOARD_CELLS + p][t] = zobrist_table[c][bb->board->sym[t][p]] ^ zobrist_white;
    if (!bb->board || !bb->slot || !items || !bb->imgkey) {
        book_builder_free(bb);
        book_fail(err, opt->size < BOARD_MIN || opt->size > BOARD_MAX ? GMK_ERR_SIZE : GMK_ERR_NOMEM,
                  "cannot make a builder of size %d", opt->size);
        return NULL;
    }
    return bb;
}

void book_builder_free(BookBuilder *bb) {
    if (!bb) return;
    for (int i = 0; i < bb->nruns; i++) {
        unlink(bb->runs[i]);
        temp_unregister(bb->runs[i]);
        free(bb->runs[i]);
    }
    if (bb->run_dir) rmdir(bb->run_dir);
    temp_unregister(bb->run_dir);
    free(bb->run_dir);
    free(bb->runs);
    board_free(bb->board);
    table_free(bb->slot, bb->cap);
    items_free(&bb->items);
    free(bb->imgkey);
    free(bb->text);
    free(bb->notes);
    free(bb);
}

uint64_t book_builder_games(const BookBuilder *bb) { return bb->games; }

uint64_t book_builder_entries(const BookBuilder *bb) { return bb->count; }

void book_builder_set_progress(BookBuilder *bb, BookProgressFn fn, void *ctx) {
    bb->progress = fn;
    bb->progress_ctx = ctx;
}

/* Finds or makes the slot of (key, code) from its home; NULL if the probe
 * runs off the slack (the caller grows the table). */
static inline Slot *slot_find(Slot *t, size_t cap, size_t home, Key key, uint16_t code) {
    for (size_t i = home; i < cap + SLOT_SLACK; i++) {
        Slot *s = &t[i];
        if (!s->used) {
            s->used = 1;
            s->key = key;
            s->code = code;
            return s;
        }
        if (s->key == key && s->code == code) return s;
    }
    return NULL;
}

/* Doubles the table (or rebuilds it at the same size when a probe ran off
 * the slack). False when out of memory. */
static bool table_grow(BookBuilder *bb, size_t cap) {
    Slot *t = table_new(cap);
    if (!t) return false;
    for (size_t i = 0; i < bb->cap + SLOT_SLACK; i++) {
        const Slot *s = &bb->slot[i];
        if (!s->used) continue;
        Slot *d = slot_find(t, cap, slot_home(s->key, cap), s->key, s->code);
        if (!d) {
            table_free(t, cap);
            return cap < (SIZE_MAX >> 7) && table_grow(bb, cap * 2);
        }
        *d = *s;
    }
    table_free(bb->slot, bb->cap);
    bb->slot = t;
    bb->cap = cap;
    return true;
}

/* Compacts the used slots to the front, sorted by (key, code); returns
 * their count. The table must be cleared (or freed) afterwards. */
static size_t table_sort(BookBuilder *bb) {
    Slot *t = bb->slot;
    size_t n = 0;
    for (size_t i = 0; i < bb->cap + SLOT_SLACK; i++)
        if (t[i].used) t[n++] = t[i];
    for (size_t i = 1; i < n; i++) { /* nearly sorted already: insertion sort */
        Slot x = t[i];
        size_t j = i;
        while (j > 0 && (t[j - 1].key > x.key || (t[j - 1].key == x.key && t[j - 1].code > x.code))) {
            t[j] = t[j - 1];
            j--;
        }
        t[j] = x;
    }
    return n;
}

/* The header fields of a book (or a scratch run) the builder writes. */
static BookInfo builder_info(const BookBuilder *bb, uint32_t min_games, uint64_t games,
                             bool scratch) {
    BookInfo info = {0};
    info.size = bb->opt.size;
    info.rule = bb->opt.rule;
    info.max_ply = bb->opt.max_ply;
    info.min_games = min_games;
    info.games = games;
    info.key_slack = !scratch && bb->opt.compact ? BOOK_KEY_SLACK : 0;
    return info;
}

/* Writes n sorted slots to path with the given header fields. */
static GmkStatus table_write(BookBuilder *bb, size_t n, const char *path, uint32_t min_games,
                             uint64_t games, bool scratch, BookError *err) {
    BookInfo info = builder_info(bb, min_games, games, scratch);
    BookWriter *w = book_writer_new(path, &info, err);
    if (!w) return err ? err->status : GMK_ERR_IO;
    if (scratch) book_writer_scratch(w);
    for (size_t i = 0; i < n; i++) {
        const Slot *s = &bb->slot[i];
        BookEntry e = {s->key, book_point(s->code, bb->opt.size), s->flags, s->games, s->wins,
                       s->draws, s->losses, NULL, 0, NULL, 0};
        if (s->note) {
            const Note *nt = &bb->notes[s->note - 1];
            e.comment = nt->clen ? bb->text + nt->off : NULL;
            e.comment_len = nt->clen;
            e.label = nt->llen ? bb->text + nt->off + nt->clen : NULL;
            e.label_len = nt->llen;
        }
        GmkStatus st = book_writer_add(w, &e);
        if (st != GMK_OK) return book_writer_finish(w, err); /* drops the file, says why */
        if (!scratch && bb->progress && (i & 0xffff) == 0xffff) bb->progress(bb->progress_ctx, i + 1, n);
    }
    GmkStatus st = book_writer_finish(w, err);
    if (!scratch && bb->progress && st == GMK_OK) bb->progress(bb->progress_ctx, n, n);
    return st;
}

/* A writer of aggregated game entries, and the book's board size. */
typedef struct {
    BookWriter *w;
    int size;
} AggWriter;

/* Writes an aggregated game entry to the AggWriter ctx. */
static GmkStatus agg_to_writer(void *ctx, const Agg *a) {
    const AggWriter *aw = ctx;
    BookEntry e = {a->key, book_point(a->code, aw->size), 0, a->games, a->wins, a->draws,
                   a->losses, NULL, 0, NULL, 0};
    return book_writer_add(aw->w, &e);
}

/* Adds an aggregated game entry to the table of the builder ctx (when
 * RenLib nodes are there too). */
static GmkStatus agg_to_table(void *ctx, const Agg *a) {
    BookBuilder *bb = ctx;
    if ((bb->count + 1) * 4 > bb->cap * 3 && !table_grow(bb, bb->cap * 2)) return GMK_ERR_NOMEM;
    Slot *s;
    while (!(s = slot_find(bb->slot, bb->cap, slot_home(a->key, bb->cap), a->key, a->code)))
        if (!table_grow(bb, bb->cap * 2)) return GMK_ERR_NOMEM;
    if (s->games == 0 && s->flags == 0 && s->note == 0) bb->count++;
    s->games += (uint32_t)a->games;
    s->wins += (uint32_t)a->wins;
    s->draws += (uint32_t)a->draws;
    s->losses += (uint32_t)a->losses;
    s->flags &= (uint8_t)~BOOK_FLAG_NOMOVE;
    return GMK_OK;
}

/* Writes the counts (game items, table slots or both) to path, sorted, with
 * the given header fields, and empties them. */
static GmkStatus counts_write(BookBuilder *bb, const char *path, uint32_t min_games, uint64_t games,
                              bool scratch, BookError *err) {
    GmkStatus st = GMK_OK;
    if (bb->count > 0 || bb->items.nitems == 0) { /* RenLib nodes: the table takes the items too */
        for (int k = 0; k < GB_BUCKETS && st == GMK_OK; k++) st = items_emit(&bb->items, k, agg_to_table, bb);
        items_clear(&bb->items);
        if (st != GMK_OK) return book_fail(err, st, "out of memory");
        size_t n = table_sort(bb);
        st = table_write(bb, n, path, min_games, games, scratch, err);
        bb->slot = table_clear(bb->slot, bb->cap);
        bb->count = 0;
        if (!bb->slot && st == GMK_OK) st = book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return st;
    }
    BookInfo info = builder_info(bb, min_games, games, scratch);
    BookWriter *w = book_writer_new(path, &info, err);
    if (!w) {
        items_clear(&bb->items);
        return err ? err->status : GMK_ERR_IO;
    }
    if (scratch) book_writer_scratch(w);
    uint64_t total = bb->items.nitems, done = 0;
    AggWriter aw = {w, bb->opt.size};
    for (int k = 0; k < GB_BUCKETS && st == GMK_OK; k++) {
        st = items_emit(&bb->items, k, agg_to_writer, &aw);
        done += bb->items.bucket[k].n;
        if (!scratch && bb->progress && (k & 31) == 31 && done < total) bb->progress(bb->progress_ctx, done, total);
    }
    items_clear(&bb->items);
    if (st == GMK_ERR_NOMEM) {
        book_writer_abort(w);
        return book_fail(err, st, "out of memory");
    }
    if (st != GMK_OK) return book_writer_finish(w, err); /* drops the file, says why */
    st = book_writer_finish(w, err);
    if (!scratch && bb->progress && st == GMK_OK) bb->progress(bb->progress_ctx, total, total);
    return st;
}

/* Writes the table as a sorted run and empties it. */
static GmkStatus spill(BookBuilder *bb, BookError *err) {
    if (!bb->run_dir) {
        const char *tmp = getenv("TMPDIR");
        char tmpl[4096];
        snprintf(tmpl, sizeof tmpl, "%s/gmk-book.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        bb->run_dir = strdup(tmpl);
        if (!bb->run_dir) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
        sigset_t old;
        temp_signals_block(&old);
        bool made = mkdtemp(bb->run_dir) != NULL;
        int e = errno;
        if (made) temp_register(bb->run_dir, true);
        temp_signals_restore(&old);
        if (!made) {
            free(bb->run_dir);
            bb->run_dir = NULL;
            return book_fail(err, GMK_ERR_IO, "cannot make a temporary folder: %s", strerror(e));
        }
    }
    char **nr = realloc(bb->runs, (size_t)(bb->nruns + 1) * sizeof *nr);
    if (!nr) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
    bb->runs = nr;
    size_t plen = strlen(bb->run_dir) + 32;
    char *path = malloc(plen);
    if (!path) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
    snprintf(path, plen, "%s/run%06d.book", bb->run_dir, bb->nruns);
    bb->runs[bb->nruns++] = path;
    temp_register(path, false); /* before the file exists: no window */
    GmkStatus st = counts_write(bb, path, 0, bb->run_games, true, err);
    bb->run_games = 0;
    return st;
}

/* Makes room for k more entries (or game items): grows the table or spills
 * the counts. */
static GmkStatus make_room(BookBuilder *bb, size_t k, BookError *err) {
    if (bb->run_games >= UINT32_MAX - 1) return spill(bb, err); /* slot counts are 32-bit */
    if (bb->items.nitems > 0 && (bb->items.nitems + k) * sizeof(GItem) > bb->opt.memory) return spill(bb, err);
    if ((bb->count + k) * 4 <= bb->cap * 3) return GMK_OK;
    if (bb->cap < bb->max_cap) {
        if (!table_grow(bb, bb->cap * 2)) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return GMK_OK;
    }
    return spill(bb, err);
}

/* Canonical code of move m from the position on b whose canonical key is
 * key: the smallest over the symmetries that map b to its canonical image. */
static inline uint16_t canonical_code(const Board *b, Key key, Move m) {
    int size = b->size;
    unsigned best = ~0u;
    for (int s = 0; s < SYM_NB; s++) {
        if (b->symkey[s] != key) continue;
        Move q = m == MOVE_PASS ? m : (Move)b->sym[s][m];
        unsigned c = book_code(q, size);
        if (c < best) best = c;
    }
    return (uint16_t)best;
}

/* Counts move m (a point) from the position whose 8 image keys are symkey,
 * played by side, as a game item in its bucket; false when out of memory.
 * sym: the builder board's symmetry tables. */
static inline bool count_move(BookBuilder *bb, const Key *symkey, const Board *sym, Move m, Color side,
                              GameResult result) {
    Key key = symkey[0];
    for (int s = 1; s < SYM_NB; s++)
        if (symkey[s] < key) key = symkey[s];
    unsigned best = ~0u;
    for (int s = 0; s < SYM_NB; s++) { /* canonical_code() on the image keys */
        if (symkey[s] != key) continue;
        unsigned c = book_code((Move)sym->sym[s][m], bb->opt.size);
        if (c < best) best = c;
    }
    unsigned outcome = result == RESULT_DRAW ? 2
                       : result == RESULT_UNKNOWN ? 0
                       : (result == RESULT_BLACK) == (side == COLOR_BLACK) ? 1 : 3;
    return item_push(&bb->items, bb->items.bucket_of[key >> (64 - GB_TOP_BITS)], key, best << 2 | outcome);
}

GmkStatus book_builder_add_game(BookBuilder *bb, const GameRecord *g, BookError *err) {
    if (g->size != bb->opt.size)
        return book_fail(err, GMK_ERR_SIZE, "board size %d, the book's is %d", g->size, bb->opt.size);
    if (g->rule != bb->opt.rule)
        return book_fail(err, GMK_ERR_ARG, "rule %s, the book's is %s (see --rule)",
                         rule_name(g->rule), rule_name(bb->opt.rule));
    int max_ply = bb->opt.max_ply;
    bool ok = true;
    GmkStatus st = make_room(bb, (size_t)(max_ply > 0 && max_ply < g->n ? max_ply : g->n), err);
    if (st != GMK_OK) return st;
    Board *b = bb->board;
    if (!(g->board && g->board->ply == g->n && g->board->size == g->size)) {
        /* a record the reader did not check: play it through first */
        board_reset(b);
        for (int i = 0; i < g->n && (max_ply == 0 || b->stones[0] + b->stones[1] < max_ply); i++) {
            st = board_play(b, g->moves[i]);
            if (st != GMK_OK) {
                board_reset(b);
                return book_fail(err, st, "move %d: %s", i + 1, gmk_strerror(st));
            }
        }
        board_reset(b);
    }
    /* the moves are legal: keep the 8 image keys of the position move by
     * move (the empty board's are 0), no board needed */
    Key symkey[SYM_NB] = {0};
    int stones = 0;
    for (int i = 0; i < g->n; i++) {
        Move m = g->moves[i];
        Color side = (Color)(i & 1);
        if (m != MOVE_PASS) {
            if (max_ply > 0 && stones >= max_ply) break;
            ok &= count_move(bb, symkey, b, m, side, g->result);
            stones++;
            const Key *d = bb->imgkey[side * BOARD_CELLS + m];
            for (int t = 0; t < SYM_NB; t++) symkey[t] ^= d[t];
        } else {
            for (int t = 0; t < SYM_NB; t++) symkey[t] ^= zobrist_white;
        }
    }
    if (!ok) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
    bb->games++;
    bb->run_games++;
    return GMK_OK;
}

/* Stores the texts of a node; returns its 1-based note index, 0 on failure. */
static uint32_t note_add(BookBuilder *bb, const char *c, size_t clen, const char *l, size_t llen) {
    if (clen > UINT32_MAX || llen > UINT32_MAX) return 0;
    if (bb->ntext + clen + llen > bb->cap_text) {
        size_t cap = bb->cap_text ? bb->cap_text : 4096;
        while (cap < bb->ntext + clen + llen) cap *= 2;
        char *nt = realloc(bb->text, cap);
        if (!nt) return 0;
        bb->text = nt;
        bb->cap_text = cap;
    }
    if (bb->nnotes == bb->cap_notes) {
        size_t cap = bb->cap_notes ? bb->cap_notes * 2 : 256;
        Note *nn = realloc(bb->notes, cap * sizeof *nn);
        if (!nn) return 0;
        bb->notes = nn;
        bb->cap_notes = cap;
    }
    Note *n = &bb->notes[bb->nnotes++];
    n->off = bb->ntext;
    n->clen = (uint32_t)clen;
    n->llen = (uint32_t)llen;
    if (clen) memcpy(bb->text + bb->ntext, c, clen);
    if (llen) memcpy(bb->text + bb->ntext + clen, l, llen);
    bb->ntext += clen + llen;
    return (uint32_t)bb->nnotes;
}

GmkStatus book_builder_add_node(BookBuilder *bb, const Board *b, Move m, unsigned flags,
                                const char *comment, size_t comment_len, const char *label,
                                size_t label_len) {
    if (board_size(b) != bb->opt.size) return GMK_ERR_SIZE;
    if (m != MOVE_PASS && !point_on_board(m, bb->opt.size)) return GMK_ERR_OFFBOARD;
    GmkStatus st = make_room(bb, 1, NULL);
    if (st != GMK_OK) return st;
    Key key = board_canonical_key(b, NULL);
    uint16_t code = canonical_code(b, key, m);
    Slot *s;
    while (!(s = slot_find(bb->slot, bb->cap, slot_home(key, bb->cap), key, code)))
        if (!table_grow(bb, bb->cap * 2)) return GMK_ERR_NOMEM;
    bool fresh = s->games == 0 && s->flags == 0 && s->note == 0;
    if (fresh) bb->count++;
    bool nomove = flags & BOOK_FLAG_NOMOVE;
    if (!nomove) s->games = 1;
    if (fresh) s->flags = (uint8_t)(flags & (BOOK_FLAG_MARK | BOOK_FLAG_START | BOOK_FLAG_NOMOVE));
    else s->flags = (uint8_t)((s->flags | (flags & (BOOK_FLAG_MARK | BOOK_FLAG_START))) &
                              (nomove ? 0xff : ~BOOK_FLAG_NOMOVE));
    if (!s->games) s->flags |= BOOK_FLAG_NOMOVE;
    if (comment_len || label_len) {
        if (s->note) { /* first text wins, per kind */
            Note *nt = &bb->notes[s->note - 1];
            if (nt->clen) comment_len = 0;
            if (nt->llen) label_len = 0;
            if (comment_len || label_len) {
                const char *oc = nt->clen ? bb->text + nt->off : NULL;
                const char *ol = nt->llen ? bb->text + nt->off + nt->clen : NULL;
                /* rebuild the note with both kinds (old pointers stay valid
                 * until note_add reallocates, so copy first) */
                size_t oclen = nt->clen, ollen = nt->llen;
                char *tmp = malloc(oclen + ollen + 1);
                if (!tmp) return GMK_ERR_NOMEM;
                if (oclen) memcpy(tmp, oc, oclen);
                if (ollen) memcpy(tmp + oclen, ol, ollen);
                uint32_t id = note_add(bb, oclen ? tmp : comment, oclen ? oclen : comment_len,
                                       ollen ? tmp + oclen : label, ollen ? ollen : label_len);
                free(tmp);
                if (!id) return GMK_ERR_NOMEM;
                s->note = id;
            }
        } else {
            s->note = note_add(bb, comment, comment_len, label, label_len);
            if (!s->note) return GMK_ERR_NOMEM;
        }
    }
    return GMK_OK;
}

GmkStatus book_builder_write(BookBuilder *bb, const char *path, BookError *err) {
    if (bb->nruns == 0) return counts_write(bb, path, bb->opt.min_games, bb->games, false, err);
    GmkStatus st = spill(bb, err);
    if (st != GMK_OK) return st;
    return book_merge_progress((const char *const *)bb->runs, bb->nruns, path, bb->opt.min_games,
                               bb->opt.compact, bb->progress, bb->progress_ctx, err);
}
