/*
 * test_records.c — game record readers on the real samples of ../shared/data
 * (skipped with a notice when absent) and on hand-made broken inputs, plus a
 * mutation fuzz over every format (run under ASan by `make DEBUG=1 check`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define MAX_GAMES 64

/* What a read reported. */
typedef struct {
    int good, bad;
    GameRecord first[MAX_GAMES];         /* the first good records (moves copied) */
    Move moves[MAX_GAMES][MOVES_MAX];
    RecordError err[MAX_GAMES];          /* the first errors */
} Got;

static bool on_game(void *ctx, const GameRecord *g) {
    Got *got = ctx;
    if (got->good < MAX_GAMES) {
        got->first[got->good] = *g;
        memcpy(got->moves[got->good], g->moves, (size_t)g->n * sizeof(Move));
        got->first[got->good].moves = got->moves[got->good];
    }
    got->good++;
    return true;
}

static void on_error(void *ctx, const RecordError *e) {
    Got *got = ctx;
    if (got->bad < MAX_GAMES) got->err[got->bad] = *e;
    got->bad++;
}

/* Reads text with the given format, rule and variations flag. */
static Got *read_text(const char *text, size_t len, RecordFormat f, Rule rule, bool variations) {
    Got *got = calloc(1, sizeof *got);
    assert_non_null(got);
    RecordOptions o = {f, 15, rule, ORIGIN_BOTTOM, variations, 1};
    RecordSink sink = {on_game, on_error, got};
    assert_int_equal(records_read(text, len, &o, &sink), GMK_OK);
    return got;
}

static Got *read_str(const char *text, RecordFormat f, Rule rule) {
    return read_text(text, strlen(text), f, rule, false);
}

/* Reads a shared data file; NULL (test skipped) when the folder is absent. */
static Got *read_shared(const char *name, RecordFormat f, Rule rule, bool variations) {
    const char *dir = test_shared_dir();
    if (!dir) return NULL;
    char path[1024];
    snprintf(path, sizeof path, "%s/games/%s", dir, name);
    size_t len;
    char *text = test_slurp(path, &len);
    assert_non_null(text);
    Got *got = read_text(text, len, f, rule, variations);
    free(text);
    return got;
}

#define SKIP_IF_NO_SHARED(got)                                                  \
    do {                                                                        \
        if (!(got)) {                                                           \
            printf("skip: ../shared/data absent\n");                            \
            skip();                                                             \
        }                                                                       \
    } while (0)

static const char *pt(Move m, int size) {
    static char buf[8][8];
    static int k;
    k = (k + 1) % 8;
    return notation_point_str(m, size, ORIGIN_BOTTOM, buf[k]);
}

static void test_moves_sample(void **state) {
    (void)state;
    Got *got = read_shared("eva_movelists.txt", RECORD_AUTO, RULE_STANDARD, false);
    SKIP_IF_NO_SHARED(got);
    assert_int_equal(got->good, 307);
    assert_int_equal(got->bad, 0);
    assert_string_equal(pt(got->first[0].moves[0], 15), "b2");
    free(got);
    /* freestyle: two games go on after an overline that wins there */
    got = read_shared("eva_movelists.txt", RECORD_MOVES, RULE_FREESTYLE, false);
    assert_int_equal(got->good, 305);
    assert_int_equal(got->bad, 2);
    assert_int_equal(got->err[0].line, 179);
    assert_int_equal(got->err[0].status, GMK_ERR_AFTER_WIN);
    assert_int_equal(got->err[1].line, 278);
    free(got);
}

/* The 284 PlayOK games: the colour choices of swap openings are not moves,
 * the results name seats. Under the exact-five rule (PlayOK's: two games go
 * on past an overline) every game that ends with a five has it at its last
 * move, by the side the result names, but one (a five, then one more move). */
static void test_pgn_samples(void **state) {
    (void)state;
    Got *got = read_shared("evacoregen6.pgn.txt", RECORD_AUTO, RULE_STANDARD, false);
    SKIP_IF_NO_SHARED(got);
    assert_int_equal(got->good + got->bad, 266);
    assert_int_equal(got->bad, 1);
    assert_int_equal(got->err[0].status, GMK_ERR_AFTER_WIN);
    assert_int_equal(got->err[0].line, 2954);
    const GameRecord *g = &got->first[0];
    /* 1. h13 i13 2. j13 white 3. -- h12: the choice and its filler are no move */
    assert_string_equal(pt(g->moves[0], 15), "h13");
    assert_string_equal(pt(g->moves[2], 15), "j13");
    assert_string_equal(pt(g->moves[3], 15), "h12");
    assert_string_equal(pt(g->moves[4], 15), "g10");
    assert_int_equal(g->result, RESULT_BLACK); /* 1-0, the chooser took white */
    assert_int_equal(g->line, 1);
    /* 1. h8 i9 2. j8 black 3. i7 i8 ... 0-1: the Black tag's player lost
     * holding the white stones: black won (with a five) */
    g = &got->first[1];
    assert_string_equal(pt(g->moves[3], 15), "i7");
    assert_int_equal(g->result, RESULT_BLACK);
    int fives = 0;
    for (int i = 0; i < got->good && i < MAX_GAMES; i++) {
        g = &got->first[i];
        assert_int_not_equal(g->result, RESULT_UNKNOWN);
        if (g->n % 2 == 1 && g->result == RESULT_BLACK) fives++;
        if (g->n % 2 == 0 && g->result == RESULT_WHITE) fives++;
    }
    assert_true(fives > MAX_GAMES * 3 / 4); /* the last stone is mostly the winner's */
    free(got);
    /* the default rule freestyle: the tags [Site "PlayOK"] and [GameType
     * "61,15"] say standard on 15x15 (PlayOK's gomoku: an overline does not
     * win), so the two games that go on after an overline are good */
    got = read_shared("evacoregen6.pgn.txt", RECORD_PGN, RULE_FREESTYLE, false);
    assert_int_equal(got->bad, 1);
    assert_int_equal(got->err[0].line, 2954);
    assert_int_equal(got->first[0].rule, RULE_STANDARD);
    assert_int_equal(got->first[0].size, 15);
    free(got);
    got = read_shared("runglathap.pgn.txt", RECORD_PGN, RULE_STANDARD, false);
    assert_int_equal(got->good, 18);
    assert_int_equal(got->bad, 0);
    free(got);
}

/* Swap choices and seat results on hand-made PGN. */
static void test_pgn_swap(void **state) {
    (void)state;
    /* three stones, the second seat takes white and places the fourth */
    Got *got = read_str("[Black \"a\"]\n[White \"b\"]\n[Result \"0-1\"]\n\n"
                        "1. h8 i9 2. j8 white 3. -- h9 4. j10 0-1\n"
                        "[Result \"0-1\"]\n1. h8 i9 2. j8 black 3. h9 j9 0-1\n"
                        "[Result \"1-0\"]\n1. h8 i9 2. j8 k8 3. j9 -- 4. white -- "
                        "5. k9 l9 1-0\n"
                        "[Result \"1-0\"]\n1. h8 i9 2. j8 k8 3. j9 -- 4. black k9 "
                        "5. -- l9 1-0\n",
                        RECORD_PGN, RULE_FREESTYLE);
    assert_int_equal(got->bad, 0);
    assert_int_equal(got->good, 4);
    const GameRecord *g = &got->first[0];
    assert_int_equal(g->n, 5);
    assert_string_equal(pt(g->moves[3], 15), "h9");
    assert_int_equal(g->result, RESULT_WHITE); /* 0-1: the second seat won, with white */
    g = &got->first[1];
    assert_int_equal(g->n, 5);
    assert_string_equal(pt(g->moves[3], 15), "h9");
    assert_int_equal(g->result, RESULT_BLACK); /* 0-1: the second seat won, with black */
    g = &got->first[2];
    assert_int_equal(g->n, 7); /* fillers and the choice dropped */
    assert_string_equal(pt(g->moves[5], 15), "k9");
    assert_int_equal(g->result, RESULT_WHITE); /* the first seat chose white and won */
    g = &got->first[3];
    assert_int_equal(g->n, 8); /* a pass after the sixth stone is a pass */
    assert_int_equal(g->moves[6], MOVE_PASS);
    assert_int_equal(g->result, RESULT_BLACK);
    free(got);
    /* a result that contradicts the five */
    got = read_str("[Result \"0-1\"]\n\n1. h8 a1 2. h9 a2 3. h10 a3 4. h11 a4 5. h12 0-1\n",
                   RECORD_PGN, RULE_FREESTYLE);
    assert_int_equal(got->good, 0);
    assert_int_equal(got->bad, 1);
    assert_non_null(strstr(got->err[0].msg, "the result says white but black made five"));
    free(got);
}

static void test_sgf_yixin(void **state) {
    (void)state;
    Got *got = read_shared("2018_Yixin_vs_QiGuan_5games.sgf", RECORD_AUTO, RULE_FREESTYLE, false);
    SKIP_IF_NO_SHARED(got);
    assert_int_equal(got->good, 4);
    assert_int_equal(got->bad, 1);
    /* game 5 plays n10 ("nf", rows from the top) twice */
    assert_int_equal(got->err[0].status, GMK_ERR_OCCUPIED);
    assert_int_equal(got->err[0].line, 36);
    assert_non_null(strstr(got->err[0].msg, "move 112"));
    assert_non_null(strstr(got->err[0].msg, "n10"));
    const GameRecord *g = &got->first[0];
    assert_int_equal(g->rule, RULE_RENJU); /* RU[Soosyrv-8] */
    assert_int_equal(g->n, 69);
    assert_string_equal(pt(g->moves[0], 15), "h8");
    assert_string_equal(pt(g->moves[1], 15), "i9"); /* W[ig] */
    assert_int_equal(g->result, RESULT_DRAW);     /* RE[0] */
    assert_int_equal(got->first[3].result, RESULT_BLACK);
    free(got);
}

static void test_sgf_variations(void **state) {
    (void)state;
    Got *got = read_shared("renju_sample_tree.sgf", RECORD_SGF, RULE_FREESTYLE, false);
    SKIP_IF_NO_SHARED(got);
    assert_int_equal(got->good, 2); /* two game trees, main lines */
    assert_int_equal(got->first[0].n, 16);
    assert_int_equal(got->first[1].n, 11); /* the GM[5] tree */
    free(got);
    got = read_shared("renju_sample_tree.sgf", RECORD_SGF, RULE_FREESTYLE, true);
    assert_int_equal(got->good, 5);
    int lens[5] = {16, 14, 14, 10, 11};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(got->first[i].n, lens[i]);
        assert_int_equal(got->first[i].variation, i < 4 ? i : 0);
    }
    assert_string_equal(pt(got->first[3].moves[8], 15), "g6"); /* B[gj] */
    free(got);
    got = read_shared("renlib_tree_export.sgf", RECORD_AUTO, RULE_FREESTYLE, true);
    assert_int_equal(got->good, 2);
    assert_string_equal(pt(got->first[0].moves[1], 15), "i8");
    assert_string_equal(pt(got->first[1].moves[1], 15), "i9");
    free(got);
}

static void test_psq_sample(void **state) {
    (void)state;
    Got *got = read_shared("gomocup_sample.psq", RECORD_AUTO, RULE_FREESTYLE, false);
    SKIP_IF_NO_SHARED(got);
    assert_int_equal(got->good, 1);
    const GameRecord *g = &got->first[0];
    assert_int_equal(g->size, 20);
    assert_int_equal(g->n, 16);
    assert_string_equal(pt(g->moves[0], 20), "j11"); /* 10,10: 1-based, rows from the top */
    assert_int_equal(g->result, RESULT_WHITE);      /* white's five on row 12 from the top */
    free(got);
}

static void test_moves_broken(void **state) {
    (void)state;
    const char *text = "h8 i9\t1-0\n"
                       "h8 h8\n"
                       "# comment\n"
                       "\n"
                       "z1\n"
                       "h8 q\n"
                       "a1 a2 b1 b2 c1 c2 d1 d2 e1 e2\n"
                       "h8\tmaybe\n"
                       "h8,i9,--,j10\t1/2-1/2\n"
                       "p16\n";
    Got *got = read_str(text, RECORD_MOVES, RULE_FREESTYLE);
    assert_int_equal(got->good, 2);
    assert_int_equal(got->bad, 6);
    long lines[6] = {2, 5, 6, 7, 8, 10};
    GmkStatus st[6] = {GMK_ERR_OCCUPIED, GMK_ERR_OFFBOARD, GMK_ERR_SYNTAX, GMK_ERR_AFTER_WIN,
                       GMK_ERR_SYNTAX, GMK_ERR_OFFBOARD};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(got->err[i].line, lines[i]);
        assert_int_equal(got->err[i].status, st[i]);
    }
    assert_int_equal(got->first[0].result, RESULT_BLACK);
    assert_int_equal(got->first[1].result, RESULT_DRAW);
    assert_int_equal(got->first[1].n, 4);
    assert_int_equal(got->first[1].moves[2], MOVE_PASS);
    free(got);
    /* first_line shifts the reported lines (chunked reading) */
    Got *g2 = calloc(1, sizeof *g2);
    RecordOptions o = {RECORD_MOVES, 15, RULE_FREESTYLE, ORIGIN_BOTTOM, false, 1001};
    RecordSink sink = {on_game, on_error, g2};
    assert_int_equal(records_read("h8\nh8 h8\n", 9, &o, &sink), GMK_OK);
    assert_int_equal(g2->first[0].line, 1001);
    assert_int_equal(g2->err[0].line, 1002);
    free(g2);
}

static void test_pgn_broken(void **state) {
    (void)state;
    const char *text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. h8 i9 2. h9 xyz 3. h10 1-0\n\n"
                       "[Event \"b\"]\n[Result \"0-1\"]\n\n1. h8 i9 2. p1 i10 0-1\n\n"
                       "[Event \"c\"]\n[Result \"1/2-1/2\"]\n\n1. h8 {a comment} i9 2. black j10 1/2-1/2\n\n"
                       "[Event \"d\"\n\n1. h8 *\n";
    Got *got = read_str(text, RECORD_AUTO, RULE_FREESTYLE);
    assert_int_equal(got->good, 2); /* the last game has a broken tag but good moves */
    assert_int_equal(got->first[1].n, 1);
    assert_int_equal(got->first[0].result, RESULT_DRAW);
    assert_int_equal(got->first[0].n, 3); /* "black" is a colour choice, not a move */
    assert_string_equal(pt(got->first[0].moves[2], 15), "j10");
    assert_true(got->bad >= 3);
    assert_int_equal(got->err[0].status, GMK_ERR_SYNTAX);
    assert_int_equal(got->err[0].line, 4);
    assert_int_equal(got->err[1].status, GMK_ERR_OFFBOARD);
    assert_int_equal(got->err[1].line, 9);
    free(got);
}

/* The rules as the field's tools write them (issue 54): c-gomoku-cli's and
 * Piskvork's numeric SGF RU (0 freestyle, 1 standard, 4 renju, 8 caro: not
 * known), the rule line at the end of a psq game, PlayOK's tags; a PGN game
 * cut short before its result is malformed. */
static void test_rule_codes(void **state) {
    (void)state;
    Got *got = read_str("(;GM[4]SZ[15]RU[0];B[hh])(;GM[4]SZ[15]RU[1];B[hh])(;GM[4]SZ[15]RU[4];B[hh])"
                        "(;GM[4]SZ[15]RU[5];B[hh])(;GM[4]SZ[15]RU[8];B[hh])(;GM[4]SZ[15]RU[Renju];B[hh])\n",
                        RECORD_SGF, RULE_STANDARD);
    assert_int_equal(got->good, 5);
    assert_int_equal(got->bad, 1); /* RU[8]: caro */
    Rule want[5] = {RULE_FREESTYLE, RULE_STANDARD, RULE_RENJU, RULE_RENJU, RULE_RENJU};
    for (int i = 0; i < 5; i++) assert_int_equal(got->first[i].rule, want[i]);
    free(got);
    /* Gomocup's psq: names, the end code (-1, 0: not a rule), "CODE,DIVISION" */
    got = read_str("Piskvorky 15x15, 7:7, 0\n8,8,10\n9,9,10\nA.zip\nB.zip\n-1\n4,Renju_1\n"
                   "Piskvorky 15x15, 7:7, 0\n8,8,10\nA.zip\nB.zip\n0\n1,Standard15\n"
                   "Piskvorky 15x15, 7:7, 0\n8,8,10\n0\n8,Caro\n",
                   RECORD_PSQ, RULE_FREESTYLE);
    assert_int_equal(got->good, 2);
    assert_int_equal(got->bad, 1);
    assert_int_equal(got->first[0].rule, RULE_RENJU);
    assert_int_equal(got->first[1].rule, RULE_STANDARD);
    assert_int_equal(got->err[0].line, 17);
    free(got);
    got = read_str("[Site \"PlayOK\"]\n[GameType \"61,15\"]\n\n1. h8 i9 2. h9 1-0\n\n"
                   "[Site \"PlayOK\"]\n[Rule \"renju\"]\n\n1. h8 i9 2. h9 1-0\n\n"
                   "[Site \"PlayOK\"]\n\n1. h8 i9 2. h9 i10 3.\n",
                   RECORD_PGN, RULE_FREESTYLE);
    assert_int_equal(got->good, 2);
    assert_int_equal(got->first[0].rule, RULE_STANDARD);
    assert_int_equal(got->first[1].rule, RULE_RENJU);
    assert_int_equal(got->bad, 1); /* the last game ends without its result */
    assert_int_equal(got->err[0].status, GMK_ERR_SYNTAX);
    assert_int_equal(got->err[0].line, 13); /* its last move */
    free(got);
}

static void test_sgf_broken(void **state) {
    (void)state;
    const char *text = "(;GM[4]SZ[15];B[hh];W[hh])\n"          /* repeated point */
                       "(;GM[2];B[hh])\n"                      /* not gomoku */
                       "(;SZ[30];B[hh])\n"                     /* size */
                       "(;SZ[15];B[hh];W[zz])\n"               /* off the board */
                       "(;SZ[15]AB[hh][ii]AW[gg]PL[W];W[jj];B[kk]RE[B+])\n" /* setup: good */
                       "(;SZ[15];B[hh];B[ii];W[jj])\n"         /* same colour twice: a pass */
                       "(;SZ[15];B[hh];W[ig\n";                /* not closed */
    Got *got = read_str(text, RECORD_SGF, RULE_FREESTYLE);
    assert_int_equal(got->good, 2);
    assert_int_equal(got->bad, 5);
    GmkStatus st[5] = {GMK_ERR_OCCUPIED, GMK_ERR_FORMAT, GMK_ERR_SIZE, GMK_ERR_OFFBOARD, GMK_ERR_SYNTAX};
    for (int i = 0; i < 5; i++) {
        assert_int_equal(got->err[i].status, st[i]);
        assert_int_equal(got->err[i].line, i < 4 ? i + 1 : 7);
    }
    const GameRecord *g = &got->first[0];
    assert_int_equal(g->n, 5); /* h8 g9 i7 (setup: b w b) j6 k5 */
    assert_string_equal(pt(g->moves[1], 15), "g9");
    assert_string_equal(pt(g->moves[3], 15), "j6");
    assert_int_equal(g->result, RESULT_BLACK);
    g = &got->first[1];
    assert_int_equal(g->n, 4);
    assert_int_equal(g->moves[1], MOVE_PASS);
    free(got);
}

/* Four psq games, three of them broken. */
static const char PSQ_BROKEN[] = "Piskvorky 15x15, 7:7, 0\n8,8,0\n9,9,0\n16,1,0\nA\nB\n0\n"
                                 "Piskvorky 15x15, 7:7, 0\n8,8,0\n8,8,0\n"
                                 "Piskvorky 20x19, 1:1, 0\n1,1,0\n"
                                 "Piskvorky 15x15, 7:7, 0\n1,1,0\n2,2,0\n";

static void test_psq_broken(void **state) {
    (void)state;
    Got *got = read_str(PSQ_BROKEN, RECORD_AUTO, RULE_FREESTYLE);
    assert_int_equal(got->good, 1);
    assert_int_equal(got->bad, 3);
    assert_int_equal(got->err[0].status, GMK_ERR_OFFBOARD);
    assert_int_equal(got->err[0].line, 4);
    assert_int_equal(got->err[1].status, GMK_ERR_OCCUPIED);
    assert_int_equal(got->err[1].line, 10);
    assert_int_equal(got->err[2].status, GMK_ERR_SIZE);
    assert_string_equal(pt(got->first[0].moves[0], 15), "a15");
    free(got);
}

static const char RIF[] =
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
    "<database>\n"
    "<rules>\n<rule id=\"1\" name=\"RIF\" info=\"\"/>\n<rule id=\"2\" name=\"Gomoku\"/>\n</rules>\n"
    "<openings>\n<opening id=\"1\" name=\"Kansei\"/>\n</openings>\n"
    "<games>\n"
    "<game id=\"1\" bresult=\"1\" rule=\"1\" opening=\"1\">\n<move>h8 h9 h10 i9 g9</move>\n</game>\n"
    "<!-- a comment <game> -->\n"
    "<game id=\"2\" bresult=\"0\" rule=\"1\">\n<move>h8 h9 h8</move>\n</game>\n"
    "<game id=\"3\" bresult=\"0.5\" rule=\"2\">\n<move>h8 i9</move>\n</game>\n"
    "<game id=\"4\" bresult=\"1\" rule=\"1\">\n<move>h8 x9</move>\n</game>\n"
    "<game id=\"5\" bresult=\"0\" rule=\"1\"><move></move></game>\n"
    "</games>\n</database>\n";

static void test_rif(void **state) {
    (void)state;
    assert_int_equal(records_guess(RIF, strlen(RIF)), RECORD_RIF);
    Got *got = read_str(RIF, RECORD_AUTO, RULE_STANDARD);
    assert_int_equal(got->good, 2);
    assert_int_equal(got->bad, 2);
    assert_int_equal(got->first[0].rule, RULE_RENJU);
    assert_int_equal(got->first[0].result, RESULT_BLACK);
    assert_int_equal(got->first[0].n, 5);
    assert_int_equal(got->first[1].rule, RULE_FREESTYLE);
    assert_int_equal(got->first[1].result, RESULT_DRAW);
    assert_int_equal(got->err[0].status, GMK_ERR_OCCUPIED);
    assert_int_equal(got->err[0].line, 16); /* the line of the repeated move */
    assert_int_equal(got->err[1].status, GMK_ERR_OFFBOARD); /* column x */
    free(got);
}

/* records_read_stream: a file read in chunks of any size reports what one
 * records_read of the whole text does, lines and record numbers included. */
static Got *read_stream(const char *text, size_t len, size_t chunk, RecordFormat f, Rule rule,
                        GmkStatus want, RecordStream *rs) {
    Got *got = calloc(1, sizeof *got);
    assert_non_null(got);
    FILE *fp = fmemopen((void *)text, len, "rb");
    assert_non_null(fp);
    RecordOptions o = {f, 15, rule, ORIGIN_BOTTOM, false, 1, 0};
    RecordSink sink = {on_game, on_error, got};
    assert_int_equal(records_read_stream(fp, &o, chunk, &sink, rs), want);
    fclose(fp);
    return got;
}

static void same_reads(const char *text, size_t len, RecordFormat f, Rule rule) {
    Got *whole = read_text(text, len, f, rule, false);
    static const size_t chunks[] = {40, 61, 1000, 1 << 20}; /* the format is guessed from the first */
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        RecordStream rs;
        Got *got = read_stream(text, len, chunks[c], f, rule, GMK_OK, &rs);
        assert_int_equal(got->good, whole->good);
        assert_int_equal(got->bad, whole->bad);
        assert_int_equal(rs.records, whole->good + whole->bad);
        for (int i = 0; i < got->good && i < MAX_GAMES; i++) {
            assert_int_equal(got->first[i].line, whole->first[i].line);
            assert_int_equal(got->first[i].n, whole->first[i].n);
        }
        for (int i = 0; i < got->bad && i < MAX_GAMES; i++) {
            assert_int_equal(got->err[i].line, whole->err[i].line);
            assert_string_equal(got->err[i].msg, whole->err[i].msg);
        }
        free(got);
    }
    free(whole);
}

static void test_stream(void **state) {
    (void)state;
    same_reads(PSQ_BROKEN, strlen(PSQ_BROKEN), RECORD_AUTO, RULE_FREESTYLE);
    same_reads(RIF, strlen(RIF), RECORD_AUTO, RULE_RENJU); /* read whole: the buffer grows */
    /* a byte order mark is skipped; a book is not game records */
    const char *bom = "\xef\xbb\xbfh8 h9 h10\n";
    RecordStream rs;
    Got *got = read_stream(bom, strlen(bom), 8, RECORD_AUTO, RULE_FREESTYLE, GMK_OK, &rs);
    assert_int_equal(got->good, 1);
    free(got);
    got = read_stream("GMKBOOK\0rest", 12, 1000, RECORD_AUTO, RULE_FREESTYLE, GMK_ERR_FORMAT, &rs);
    assert_non_null(rs.what);
    assert_non_null(strstr(rs.what, "a gmk book"));
    free(got);
    /* the rule and size a file's first record states; move lists state none */
    Rule rule = RULE_FREESTYLE;
    int size = 15;
    RecordOptions o = {RECORD_AUTO, 15, RULE_FREESTYLE, ORIGIN_BOTTOM, false, 1, 0};
    const char *psq20 = "Piskvorky 20x20, 1:1, 0\n1,1,0\n2,2,0\n";
    assert_true(records_first_rule(psq20, strlen(psq20), true, &o, &rule, &size));
    assert_int_equal(size, 20);
    assert_false(records_first_rule(bom, strlen(bom), true, &o, &rule, &size));
    const char *dir = test_shared_dir();
    if (!dir) return;
    static const char *const files[] = {"eva_movelists.txt", "evacoregen6.pgn.txt"};
    for (int i = 0; i < 2; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/games/%s", dir, files[i]);
        size_t len;
        char *text = test_slurp(path, &len);
        assert_non_null(text);
        same_reads(text, len, RECORD_AUTO, RULE_FREESTYLE);
        free(text);
    }
}

static void test_guess_and_names(void **state) {
    (void)state;
    assert_int_equal(records_guess("(;GM[4]", 7), RECORD_SGF);
    assert_int_equal(records_guess("[Event \"x\"]", 11), RECORD_PGN);
    assert_int_equal(records_guess("1. h8 i9", 8), RECORD_PGN);
    assert_int_equal(records_guess("Piskvorky 20x20, 1:1, 0\n", 24), RECORD_PSQ);
    assert_int_equal(records_guess("h8i9\n", 5), RECORD_MOVES);
    assert_int_equal(records_guess("", 0), RECORD_MOVES);
    for (int f = 0; f < RECORD_FORMAT_NB; f++) {
        RecordFormat back;
        assert_int_equal(record_format_parse(record_format_name((RecordFormat)f), &back), GMK_OK);
        assert_int_equal(back, f);
    }
    RecordFormat x;
    assert_int_equal(record_format_parse("xyz", &x), GMK_ERR_ARG);
}

/* Feeds mutated copies of text through every reader; nothing may crash and
 * every record reported must be a legal game. */
static void fuzz_text(const char *text, size_t len, Rng *rng, int rounds) {
    char *buf = malloc(len + 64);
    assert_non_null(buf);
    for (int r = 0; r < rounds; r++) {
        size_t n = len;
        memcpy(buf, text, len);
        int edits = 1 + rng_below(rng, 8);
        for (int e = 0; e < edits && n > 0; e++) {
            size_t at = (size_t)rng_below(rng, (int)n);
            switch (rng_below(rng, 4)) {
            case 0: buf[at] = (char)rng_below(rng, 256); break;
            case 1: n = at; break;                                      /* truncate */
            case 2: {
                static const char special[] = "()[];<>/\"\n\t-, 0123456789abcBW";
                buf[at] = special[rng_below(rng, (int)sizeof special - 1)];
                break;
            }
            default: memmove(buf + at, buf + at + 1, n - at - 1); n--; break;
            }
        }
        for (int f = RECORD_MOVES; f < RECORD_FORMAT_NB; f++) {
            Got *got = read_text(buf, n, (RecordFormat)f, RULE_RENJU, r & 1);
            for (int g = 0; g < got->good && g < MAX_GAMES; g++) {
                Board *b = board_new(got->first[g].size, RULE_RENJU);
                assert_non_null(b);
                for (int i = 0; i < got->first[g].n; i++) {
                    assert_int_equal(board_winner(b), COLOR_NONE);
                    assert_int_equal(board_play(b, got->first[g].moves[i]), GMK_OK);
                }
                board_free(b);
            }
            free(got);
        }
    }
    free(buf);
}

static void test_fuzz(void **state) {
    (void)state;
    Rng rng = {0x5eed1234abcdULL};
    const char *samples[] = {"h8 i9\t1-0\nh8,h9\n", RIF,
                             "(;GM[4]SZ[15]RE[B+];B[hh](;W[ii];B[gg])(;W[jj]AB[aa]))",
                             "[Result \"1-0\"]\n1. h8 i9 2. j10 white 3. -- h12 1-0\n",
                             "Piskvorky 15x15, 7:7, 0\n8,8,0\n9,9,0\nx\n"};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        fuzz_text(samples[i], strlen(samples[i]), &rng, 300);
    const char *dir = test_shared_dir();
    if (!dir) return;
    const char *files[] = {"2018_Yixin_vs_QiGuan_5games.sgf", "gomocup_sample.psq",
                           "renju_sample_tree.sgf", "runglathap.pgn.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/games/%s", dir, files[i]);
        size_t len;
        char *text = test_slurp(path, &len);
        assert_non_null(text);
        fuzz_text(text, len, &rng, 40);
        free(text);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_sample), cmocka_unit_test(test_pgn_samples), cmocka_unit_test(test_pgn_swap),
        cmocka_unit_test(test_sgf_yixin),    cmocka_unit_test(test_sgf_variations),
        cmocka_unit_test(test_psq_sample),   cmocka_unit_test(test_moves_broken),
        cmocka_unit_test(test_pgn_broken),   cmocka_unit_test(test_sgf_broken),
        cmocka_unit_test(test_psq_broken),   cmocka_unit_test(test_rif),
        cmocka_unit_test(test_guess_and_names), cmocka_unit_test(test_stream),
        cmocka_unit_test(test_fuzz),         cmocka_unit_test(test_rule_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
