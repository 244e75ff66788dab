/*
 * test_book.c — opening books: counts against hand-made games, symmetry,
 * format round trips, refusal of every corrupted byte and every truncation,
 * merge = build byte for byte (also through spilled runs), atomic writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "book/book.h"
#include "gen_games.h"
#include "testutil.h"

#define path_in test_scratch_path

/* Reads move lists into a builder. */
static bool add_to(void *ctx, const GameRecord *g) {
    assert_int_equal(book_builder_add_game(ctx, g, NULL), GMK_OK);
    return true;
}

static void build_with(const char *text, const char *out, const BookOptions *o) {
    BookBuilder *bb = book_builder_new(o, NULL);
    assert_non_null(bb);
    RecordOptions ro = {RECORD_MOVES, 15, o->rule, ORIGIN_BOTTOM, false, 1};
    RecordSink sink = {add_to, NULL, bb};
    assert_int_equal(records_read(text, strlen(text), &ro, &sink), GMK_OK);
    BookError err;
    assert_int_equal(book_builder_write(bb, out, &err), GMK_OK);
    book_builder_free(bb);
}

static void build_from_text(const char *text, const char *out, Rule rule, int max_ply,
                            uint32_t min_games, size_t memory) {
    BookOptions o = {15, rule, max_ply, min_games, memory};
    build_with(text, out, &o);
}

static Board *board_at(const char *pos) {
    Board *b = board_new(15, RULE_FREESTYLE);
    assert_non_null(b);
    assert_int_equal(notation_parse_position(b, pos, strlen(pos), ORIGIN_BOTTOM, NULL), GMK_OK);
    return b;
}

static Book *must_open(const char *path) {
    BookError err;
    Book *bk = book_open(path, &err);
    if (!bk) fprintf(stderr, "book_open: %s\n", err.msg);
    assert_non_null(bk);
    return bk;
}

static const char *pt(Move m) {
    static char buf[4][8];
    static int k;
    k = (k + 1) % 4;
    return notation_point_str(m, 15, ORIGIN_BOTTOM, buf[k]);
}

/* Hand-made games with known counts; h9 and g8 after h8 are one move. */
static void test_counts(void **state) {
    (void)state;
    const char *games = "h8 h9 h10\t1-0\n"
                        "h8 g8 f8\t0-1\n"   /* the image of h8 h9 h10 under a rotation */
                        "h8 i9\t1/2-1/2\n"
                        "h8 i9 j10\n"       /* no result */
                        "i8 h8\t1-0\n";
    build_from_text(games, path_in("c.book"), RULE_FREESTYLE, 0, 1, 0);
    Book *bk = must_open(path_in("c.book"));
    const BookInfo *info = book_info(bk);
    assert_int_equal(info->games, 5);
    assert_int_equal(info->size, 15);
    BookMove m[16];
    int n;
    Board *b = board_at("");
    assert_int_equal(book_probe(bk, b, m, 16, &n), GMK_OK);
    /* from the empty board h8 (4 games) and i8 (1), shown as one of its
     * equivalent points */
    assert_int_equal(n, 2);
    assert_true(strstr(" i8 h9 g8 h7 ", pt(m[0].move)) != NULL);
    assert_int_equal(m[0].games, 1);
    assert_int_equal(m[0].wins, 1);
    assert_string_equal(pt(m[1].move), "h8");
    assert_int_equal(m[1].games, 4);
    assert_int_equal(m[1].wins, 1);
    assert_int_equal(m[1].losses, 1);
    assert_int_equal(m[1].draws, 1);
    board_free(b);
    b = board_at("h8");
    assert_int_equal(book_probe(bk, b, m, 16, &n), GMK_OK);
    assert_int_equal(n, 2);
    /* white's h9 (= g8) won once and lost once; i9 drew once and once unknown */
    for (int i = 0; i < n; i++) {
        if (m[i].games == 2 && m[i].wins == 1) {
            assert_int_equal(m[i].losses, 1);
            assert_true(strcmp(pt(m[i].move), "h9") == 0 || strcmp(pt(m[i].move), "g8") == 0 ||
                        strcmp(pt(m[i].move), "h7") == 0 || strcmp(pt(m[i].move), "i8") == 0);
        } else {
            assert_int_equal(m[i].games, 2);
            assert_int_equal(m[i].draws, 1);
            assert_int_equal(m[i].wins + m[i].losses, 0);
        }
    }
    board_free(b);
    b = board_at("h8 g8"); /* black's reply, asked in the rotated orientation */
    assert_int_equal(book_probe(bk, b, m, 16, &n), GMK_OK);
    assert_int_equal(n, 1);
    assert_string_equal(pt(m[0].move), "f8");
    assert_int_equal(m[0].games, 2);
    assert_int_equal(m[0].wins, 1);
    assert_int_equal(m[0].losses, 1);
    board_free(b);
    b = board_at("a1");
    assert_int_equal(book_probe(bk, b, m, 16, &n), GMK_OK);
    assert_int_equal(n, 0);
    board_free(b);
    Board *small = board_new(9, RULE_FREESTYLE);
    assert_int_equal(book_probe(bk, small, m, 16, &n), GMK_ERR_SIZE);
    board_free(small);
    assert_int_equal(book_verify(bk), GMK_OK);
    book_close(bk);
}

/* Random games of the generator, as move-list text. */
static char *gen_text(uint64_t seed, int games) {
    GenGames g;
    assert_true(gen_init(&g, seed, RULE_FREESTYLE));
    size_t cap = (size_t)games * 300 + 1;
    char *text = malloc(cap);
    assert_non_null(text);
    FILE *f = fmemopen(text, cap, "w");
    assert_non_null(f);
    for (int i = 0; i < games; i++) {
        GameResult r = gen_game(&g);
        gen_write_game(&g, r, f);
    }
    fputc('\0', f);
    fclose(f);
    gen_free(&g);
    return text;
}

/* Probing any of the 8 images gives the same moves, mapped. */
static void test_symmetry(void **state) {
    (void)state;
    char *text = gen_text(7, 400);
    build_from_text(text, path_in("s.book"), RULE_FREESTYLE, 12, 1, 0);
    Book *bk = must_open(path_in("s.book"));
    Board *b = board_new(15, RULE_FREESTYLE), *img = board_new(15, RULE_FREESTYLE);
    const char *line = text;
    int checked = 0;
    for (int gi = 0; gi < 60; gi++) {
        const char *tab = strchr(line, '\t');
        assert_int_equal(notation_parse_position(b, line, (size_t)(tab - line), ORIGIN_BOTTOM, NULL), GMK_OK);
        line = strchr(line, '\n') + 1;
        int plies = board_ply(b) < 12 ? board_ply(b) : 12;
        Move moves[MOVES_MAX];
        for (int i = 0; i < plies; i++) moves[i] = board_move_at(b, i);
        for (int k = 0; k <= plies; k += 3) {
            BookMove ref[64];
            int nref;
            board_set_moves(img, moves, k);
            assert_int_equal(book_probe(bk, img, ref, 64, &nref), GMK_OK);
            assert_true(nref >= 1 || k == plies); /* every prefix was played on */
            for (int t = 0; t < SYM_NB; t++) {
                Move tm[MOVES_MAX];
                memcpy(tm, moves, sizeof(Move) * (size_t)k);
                sym_moves(tm, k, t, 15);
                board_set_moves(img, tm, k);
                BookMove got[64];
                int ngot;
                assert_int_equal(book_probe(bk, img, got, 64, &ngot), GMK_OK);
                assert_int_equal(ngot, nref);
                /* each move is the image of a reference move, or a point
                 * equivalent to it under the position's own symmetries:
                 * the positions after them are the same */
                for (int i = 0; i < ngot; i++) {
                    board_play(img, got[i].move);
                    Key after_got = board_canonical_key(img, NULL);
                    board_undo(img);
                    bool found = false;
                    for (int j = 0; j < nref && !found; j++) {
                        Move want = sym_point(ref[j].move, t, 15);
                        board_play(img, want);
                        found = board_canonical_key(img, NULL) == after_got && got[i].games == ref[j].games &&
                                got[i].wins == ref[j].wins && got[i].draws == ref[j].draws &&
                                got[i].losses == ref[j].losses;
                        board_undo(img);
                    }
                    assert_true(found);
                    checked++;
                }
            }
        }
    }
    assert_true(checked > 500);
    board_free(b);
    board_free(img);
    book_close(bk);
    free(text);
}

/* Writer -> reader round trip of arbitrary entries, texts included. */
static void test_format_round_trip(void **state) {
    (void)state;
    Rng rng = {99};
    for (int size = 5; size <= 22; size += 17) {
        BookInfo info = {0};
        info.size = size;
        info.rule = RULE_RENJU;
        info.max_ply = 7;
        info.min_games = 1;
        info.games = 12345678901ULL;
        BookWriter *w = book_writer_new(path_in("rt.book"), &info, NULL);
        assert_non_null(w);
        int n = 9000;
        BookEntry *e = calloc((size_t)n, sizeof *e);
        Key key = 0;
        static const char texts[] = "\xd7\xf7\xd5\xdf text\tx";
        for (int i = 0; i < n; i++) {
            if (i == 0 || rng_below(&rng, 3) == 0) key += 1 + (rng_next(&rng) >> (rng_below(&rng, 50) + 14));
            Move prev = i > 0 && e[i - 1].key == key ? e[i - 1].move : MOVE_NONE;
            int code = prev == MOVE_NONE ? rng_below(&rng, 3) : (int)book_code(prev, size) + 1 + rng_below(&rng, 3);
            if (code > size * size) {
                key += 1;
                code = rng_below(&rng, 3);
            }
            e[i].key = key;
            e[i].move = book_point((unsigned)code, size);
            uint64_t big = rng_below(&rng, 4) == 0 ? rng_next(&rng) >> 20 : (uint64_t)rng_below(&rng, 3);
            e[i].games = big + 1;
            e[i].wins = rng_below(&rng, 2) ? e[i].games / 2 : 0;
            e[i].draws = (e[i].games - e[i].wins) / 3;
            e[i].losses = rng_below(&rng, 2) ? e[i].games - e[i].wins - e[i].draws : 0;
            if (rng_below(&rng, 50) == 0) {
                e[i].flags = BOOK_FLAG_MARK;
                e[i].comment = texts;
                e[i].comment_len = (uint32_t)rng_below(&rng, (int)sizeof texts);
                e[i].label = texts + 2;
                e[i].label_len = 3;
            }
            if (rng_below(&rng, 200) == 0) {
                e[i].flags = BOOK_FLAG_NOMOVE;
                e[i].games = e[i].wins = e[i].draws = e[i].losses = 0;
            }
            assert_int_equal(book_writer_add(w, &e[i]), GMK_OK);
        }
        assert_int_equal(book_writer_finish(w, NULL), GMK_OK);
        Book *bk = must_open(path_in("rt.book"));
        assert_int_equal(book_verify(bk), GMK_OK);
        assert_int_equal(book_info(bk)->entries, (uint64_t)n);
        assert_int_equal(book_info(bk)->games, 12345678901ULL);
        assert_int_equal(book_info(bk)->max_ply, 7);
        assert_true(book_info(bk)->blocks >= 2);
        for (uint32_t blk = 0, i = 0, k = 0; blk < book_info(bk)->blocks;) {
            const BookEntry *x;
            assert_int_equal(book_entry_at(bk, blk, k, &x), GMK_OK);
            if (!x) {
                blk++;
                k = 0;
                continue;
            }
            assert_true(x->key == e[i].key);
            assert_int_equal(x->move, e[i].move);
            assert_true(x->games == e[i].games && x->wins == e[i].wins && x->draws == e[i].draws &&
                        x->losses == e[i].losses);
            assert_int_equal(x->flags, e[i].flags);
            assert_int_equal(x->comment_len, e[i].comment_len);
            if (x->comment_len) assert_memory_equal(x->comment, e[i].comment, x->comment_len);
            assert_int_equal(x->label_len, e[i].label_len);
            i++;
            k++;
        }
        book_close(bk);
        free(e);
    }
    /* out of order is refused */
    BookInfo info = {0};
    info.size = 15;
    BookWriter *w = book_writer_new(path_in("bad.book"), &info, NULL);
    BookEntry a = {.key = 5, .move = point_make(1, 1), .games = 1};
    BookEntry b = {.key = 4, .move = point_make(1, 1), .games = 1};
    assert_int_equal(book_writer_add(w, &a), GMK_OK);
    assert_int_equal(book_writer_add(w, &b), GMK_ERR_ARG);
    book_writer_abort(w);
    assert_int_equal(access(path_in("bad.book"), F_OK), -1);
}

static unsigned char *slurp(const char *path, size_t *len) {
    unsigned char *p = (unsigned char *)test_slurp(path, len);
    assert_non_null(p);
    return p;
}

static void spit(const char *path, const unsigned char *p, size_t len) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(p, 1, len, f), len);
    fclose(f);
}

/* Opens and fully checks a book; true if it is accepted. */
static bool accepted(const char *path) {
    BookError err;
    Book *bk = book_open(path, &err);
    if (!bk) return false;
    bool ok = book_verify(bk) == GMK_OK;
    book_close(bk);
    return ok;
}

/* Every flipped byte and every truncation is refused. */
static void test_corruption(void **state) {
    (void)state;
    char *text = gen_text(3, 60);
    build_from_text(text, path_in("k.book"), RULE_FREESTYLE, 0, 1, 0);
    free(text);
    size_t len;
    unsigned char *good = slurp(path_in("k.book"), &len);
    assert_true(accepted(path_in("k.book")));
    unsigned char *bad = malloc(len);
    assert_non_null(bad);
    const char *p = path_in("k2.book");
    for (size_t i = 0; i < len; i++) {
        memcpy(bad, good, len);
        bad[i] ^= (unsigned char)(1 + (i * 37) % 255);
        spit(p, bad, len);
        if (accepted(p)) fail_msg("flipped byte %zu of %zu accepted", i, len);
    }
    for (size_t n = 0; n < len; n++) {
        spit(p, good, n);
        if (accepted(p)) fail_msg("truncation to %zu of %zu bytes accepted", n, len);
    }
    memcpy(bad, good, len);
    spit(p, bad, len);
    assert_true(accepted(p));
    /* a longer book: flips sampled across several blocks */
    text = gen_text(4, 800);
    build_from_text(text, path_in("k3.book"), RULE_FREESTYLE, 0, 1, 0);
    free(text);
    free(good);
    free(bad);
    good = slurp(path_in("k3.book"), &len);
    bad = malloc(len);
    Book *bk = must_open(path_in("k3.book"));
    assert_true(book_info(bk)->blocks >= 3);
    book_close(bk);
    for (size_t i = 0; i < len; i += 97) {
        memcpy(bad, good, len);
        bad[i] ^= 0x40;
        spit(p, bad, len);
        if (accepted(p)) fail_msg("flipped byte %zu of %zu accepted", i, len);
    }
    free(good);
    free(bad);
}

#define assert_same_file test_assert_same_file

/* Merging shards equals building from everything; spilled runs too. */
static void test_merge_equals_build(void **state) {
    (void)state;
    char *text = gen_text(11, 3000);
    size_t len = strlen(text);
    /* three disjoint shards by line */
    char *shard[3];
    for (int s = 0; s < 3; s++) {
        shard[s] = calloc(len + 1, 1);
        assert_non_null(shard[s]);
    }
    int line = 0;
    for (const char *p = text; *p; line++) {
        const char *nl = strchr(p, '\n');
        strncat(shard[line % 3], p, (size_t)(nl - p + 1));
        p = nl + 1;
    }
    for (uint32_t min = 1; min <= 3; min += 2) {
        build_from_text(text, path_in("all.book"), RULE_FREESTYLE, 20, min, 0);
        const char *parts[3] = {path_in("p0.book"), path_in("p1.book"), path_in("p2.book")};
        for (int s = 0; s < 3; s++) build_from_text(shard[s], parts[s], RULE_FREESTYLE, 20, 1, 0);
        char names[3][400];
        const char *in[3];
        for (int s = 0; s < 3; s++) {
            snprintf(names[s], sizeof names[s], "%s", parts[s]);
            in[s] = names[s];
        }
        BookError err;
        assert_int_equal(book_merge(in, 3, path_in("merged.book"), min, &err), GMK_OK);
        assert_same_file(path_in("all.book"), path_in("merged.book"));
        /* a builder that spills sorted runs every few thousand entries */
        build_from_text(text, path_in("spill.book"), RULE_FREESTYLE, 20, min, 100000);
        assert_same_file(path_in("all.book"), path_in("spill.book"));
    }
    Book *bk = must_open(path_in("all.book"));
    assert_int_equal(book_info(bk)->games, 3000);
    assert_int_equal(book_info(bk)->min_games, 3);
    book_close(bk);
    /* books of different rules do not merge */
    build_from_text("h8\n", path_in("r.book"), RULE_RENJU, 0, 1, 0);
    char a[400], b[400];
    snprintf(a, sizeof a, "%s", path_in("r.book"));
    snprintf(b, sizeof b, "%s", path_in("p0.book"));
    const char *in2[2] = {a, b};
    BookError err;
    assert_int_equal(book_merge(in2, 2, path_in("x.book"), 1, &err), GMK_ERR_ARG);
    assert_int_equal(access(path_in("x.book"), F_OK), -1);
    for (int s = 0; s < 3; s++) free(shard[s]);
    free(text);
}

/* The destination is replaced only when the new book is complete. */
static void test_atomic_write(void **state) {
    (void)state;
    build_from_text("h8 i9\n", path_in("a.book"), RULE_FREESTYLE, 0, 1, 0);
    size_t len0;
    unsigned char *before = slurp(path_in("a.book"), &len0);
    BookInfo info = {0};
    info.size = 15;
    BookWriter *w = book_writer_new(path_in("a.book"), &info, NULL);
    assert_non_null(w);
    BookEntry e = {.key = 1, .move = point_make(7, 7), .games = 3, .wins = 1};
    assert_int_equal(book_writer_add(w, &e), GMK_OK);
    /* mid-way the old book is still there and whole */
    assert_true(accepted(path_in("a.book")));
    book_writer_abort(w); /* as if the process died: the old book stays */
    size_t len1;
    unsigned char *after = slurp(path_in("a.book"), &len1);
    assert_int_equal(len0, len1);
    assert_memory_equal(before, after, len0);
    free(before);
    free(after);
    BookError err;
    BookOptions o = {15, RULE_FREESTYLE, 0, 1, 0};
    BookBuilder *bb = book_builder_new(&o, NULL);
    assert_int_equal(book_builder_write(bb, "/nonexistent-dir/x.book", &err), GMK_ERR_IO);
    assert_non_null(strstr(err.msg, "nonexistent-dir"));
    book_builder_free(bb);
    /* not a book at all */
    spit(path_in("t.txt"), (const unsigned char *)"hello world, this is text and not a book at all........"
                                                   "................................................", 104);
    assert_null(book_open(path_in("t.txt"), &err));
    assert_int_equal(err.status, GMK_ERR_FORMAT);
    assert_null(book_open(path_in("missing.book"), &err));
    assert_int_equal(err.status, GMK_ERR_IO);
}

/* The book moves of two books for the position of moves[0..n) agree. */
static void same_probe(Book *a, Book *c, Board *b, const Move *moves, int n, int *present) {
    assert_int_equal(board_set_moves(b, moves, n), GMK_OK);
    BookMove x[256], y[256];
    int nx, ny;
    assert_int_equal(book_probe(a, b, x, 256, &nx), GMK_OK);
    assert_int_equal(book_probe(c, b, y, 256, &ny), GMK_OK);
    assert_int_equal(nx, ny);
    for (int i = 0; i < nx; i++) {
        assert_int_equal(x[i].move, y[i].move);
        assert_int_equal(x[i].games, y[i].games);
        assert_int_equal(x[i].wins, y[i].wins);
        assert_int_equal(x[i].draws, y[i].draws);
        assert_int_equal(x[i].losses, y[i].losses);
    }
    *present += nx > 0;
}

/* Copies the full-key book from into a compact one with the given slack. */
static uint64_t rewrite_compact(const char *from, const char *to, int slack) {
    Book *bk = must_open(from);
    BookInfo info = *book_info(bk);
    info.key_slack = slack;
    BookWriter *w = book_writer_new(to, &info, NULL);
    assert_non_null(w);
    for (uint32_t blk = 0; blk < info.blocks; blk++)
        for (uint32_t e = 0;; e++) {
            const BookEntry *x;
            assert_int_equal(book_entry_at(bk, blk, e, &x), GMK_OK);
            if (!x) break;
            assert_int_equal(book_writer_add(w, x), GMK_OK);
        }
    uint64_t bumps = book_writer_shift_bumps(w);
    assert_int_equal(book_writer_finish(w, NULL), GMK_OK);
    book_close(bk);
    return bumps;
}

/* A compact book (shortened keys) answers exactly like the book of full
 * keys: on the positions of the games (present), one move off them and
 * past their ends (absent), and on transpositions; also with a tiny slack
 * that makes kept keys of absent positions match all the time and forces
 * the block shifts down where two keys would become one. */
static void test_compact(void **state) {
    (void)state;
    char *text = gen_text(21, 3000);
    build_from_text(text, path_in("full.book"), RULE_FREESTYLE, 0, 1, 0);
    /* the builder's compact book */
    BookOptions o = {15, RULE_FREESTYLE, 0, 1, 0, 0, true};
    build_with(text, path_in("c16.book"), &o);
    BookError err;
    assert_int_equal(rewrite_compact(path_in("full.book"), path_in("c1.book"), 1) > 0, true);
    rewrite_compact(path_in("full.book"), path_in("c3.book"), 3);
    Book *full = must_open(path_in("full.book"));
    const char *names[3] = {"c16.book", "c1.book", "c3.book"};
    for (int k = 0; k < 3; k++) {
        Book *c = must_open(path_in(names[k]));
        const BookInfo *fi = book_info(full), *ci = book_info(c);
        assert_int_equal(ci->version, 2);
        assert_int_equal(ci->key_slack, k == 0 ? BOOK_KEY_SLACK : k == 1 ? 1 : 3);
        assert_int_equal(ci->positions, fi->positions);
        assert_int_equal(ci->entries, fi->entries);
        assert_true(ci->file_bytes < fi->file_bytes);
        assert_int_equal(book_verify(c), GMK_OK);
        Board *b = board_new(15, RULE_FREESTYLE);
        const char *line = text;
        uint64_t rng = 12345;
        int present = 0, probes = 0;
        for (int gi = 0; gi < 100; gi++) {
            const char *tab = strchr(line, '\t');
            assert_int_equal(notation_parse_position(b, line, (size_t)(tab - line), ORIGIN_BOTTOM, NULL), GMK_OK);
            line = strchr(line, '\n') + 1;
            int plies = board_ply(b);
            Move moves[MOVES_MAX], alt[MOVES_MAX];
            for (int i = 0; i < plies; i++) moves[i] = board_move_at(b, i);
            for (int n = 0; n <= plies; n++) {
                same_probe(full, c, b, moves, n, &present); /* on the line, and its end */
                probes++;
                /* one move off: a random empty point */
                memcpy(alt, moves, sizeof(Move) * (size_t)n);
                for (int tries = 0; tries < 3; tries++) {
                    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                    Move m = point_make((int)(rng >> 33) % 15, (int)(rng >> 45) % 15);
                    board_set_moves(b, moves, n);
                    if (board_cell(b, m) != CELL_EMPTY) continue;
                    alt[n] = m;
                    same_probe(full, c, b, alt, n + 1, &present);
                    probes++;
                    break;
                }
                /* a transposition: two stones of one side swapped in order */
                if (n >= 4) {
                    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
                    int i = (int)(rng >> 40) % (n - 2);
                    int j = ((n - 1 - i) % 2 == 0) ? n - 1 : n - 2; /* same colour as i */
                    memcpy(alt, moves, sizeof(Move) * (size_t)n);
                    alt[i] = moves[j];
                    alt[j] = moves[i];
                    same_probe(full, c, b, alt, n, &present);
                    probes++;
                }
            }
        }
        /* many of each kind */
        assert_true(probes > 10000);
        assert_true(present > 3000 && present < probes - 3000);
        board_free(b);
        book_close(c);
    }
    book_close(full);
    /* a compact book cannot be merged, nor built with --min-games > 1 */
    const char *in[2] = {path_in("full.book"), path_in("c16.book")};
    assert_int_equal(book_merge(in, 2, path_in("m.book"), 1, &err), GMK_ERR_ARG);
    assert_non_null(strstr(err.msg, "compact"));
    BookOptions o2 = {15, RULE_FREESTYLE, 0, 2, 0, 0, true};
    assert_null(book_builder_new(&o2, &err));
    assert_int_equal(err.status, GMK_ERR_ARG);
    /* full-key inputs merge into a compact book equal to the compact build */
    const char *one[1] = {path_in("full.book")};
    assert_int_equal(book_merge_progress(one, 1, path_in("m.book"), 1, true, NULL, NULL, &err), GMK_OK);
    size_t la, lb;
    unsigned char *a = slurp(path_in("m.book"), &la), *bbytes = slurp(path_in("c16.book"), &lb);
    assert_int_equal(la, lb);
    assert_memory_equal(a, bbytes, la);
    /* a compact book's checks: a flipped byte in the header (the key width
     * at 72 included), in the index or in a block is refused */
    size_t cl;
    unsigned char *cb = slurp(path_in("c16.book"), &cl);
    size_t spots[] = {8, 72, 80, 100, 200, cl / 2, cl - 30, cl - 1};
    for (size_t k = 0; k < sizeof spots / sizeof spots[0]; k++) {
        unsigned char *bad = malloc(cl);
        assert_non_null(bad);
        memcpy(bad, cb, cl);
        bad[spots[k]] ^= 0x10;
        spit(path_in("bad.book"), bad, cl);
        Book *bk = book_open(path_in("bad.book"), &err);
        if (bk) {
            assert_int_equal(book_verify(bk), GMK_ERR_CORRUPT);
            book_close(bk);
        }
        free(bad);
    }
    free(cb);
    free(a);
    free(bbytes);
    free(text);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),         cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_format_round_trip), cmocka_unit_test(test_corruption),
        cmocka_unit_test(test_merge_equals_build), cmocka_unit_test(test_atomic_write),
        cmocka_unit_test(test_compact),
    };
    return cmocka_run_group_tests(tests, test_scratch_setup, test_scratch_teardown);
}
