/*
 * test_solve.c — the solver's search on hand-made positions and quintet
 * cases: VCF under the three rules, counter-fours, renju forbidden points
 * (black may not four there; white wins on a four whose only defence is
 * forbidden), limits that give unknown, the tables (growth, reuse, batches,
 * patches), the related VCF search, shadow hints, the variants and their
 * capped passes, and the variants side by side in threads. The threat
 * layer is tested in test_solve_threats.c, the checker in
 * test_solve_check.c, --defend in test_solve_defend.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve/solve.h"
#include "solveutil.h"
#include "testutil.h"

static SolveOutcome out_buf;

static void test_vcf_simple(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 20);
    assert_non_null(s);
    SolveOptions o;
    solve_options_default(&o);
    /* black: three in a row with a free end, a second line to combine */
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9");
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.line_len >= 1);
    /* the line checks on its own too */
    assert_true(solve_check_line(b, out_buf.line, out_buf.line_len, NULL));
    /* white to move with nothing: no VCF */
    board_play(b, test_point(b, "o15"));
    o.kind = SOLVE_VCF;
    Board *w = test_board(RULE_FREESTYLE, 15, "h8 a1 i8");
    assert_int_equal(solve_checked(s, w, &o, &out_buf), SOLVE_NOWIN);
    board_free(w);
    board_free(b);
    solver_free(s);
}

/* quintet's vcf_counter case (MIT, Copyright (c) 2020 Renju Note): black's
 * first four is answered by a block that is itself a four. */
static void test_vcf_counter(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 20);
    SolveOptions o;
    solve_options_default(&o);
    Board *b = test_diagram_board(RULE_RENJU,
                             ".............../.............../.............../"
                             ".............../.............../.............../"
                             ".......o......./.......x.xxo.../........xo.x.../"
                             "........x.o..../........o..o.../.............../"
                             ".............../.............../...............",
                             COLOR_BLACK);
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(s);
}

/* White wins with a four whose only defence is forbidden for black. */
static void test_vcf_forbidden_block(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 20);
    SolveOptions o;
    solve_options_default(&o);
    /* white's h9 makes a four (h9-h12, h13 black) whose five point h8 is a
     * double three for black (g8 i8 across, g7 i9 on the diagonal) */
    Board *b = test_board(RULE_RENJU, 15, "g8 h10 i8 h11 g7 h12 i9 a1 h13");
    assert_int_equal(board_forbidden(b, test_point(b, "h8")), FORBID_DOUBLE_THREE);
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_int_equal(out_buf.line_len, 1);
    assert_int_equal(out_buf.line[0], test_point(b, "h9"));
    /* in freestyle the same four is simply blocked */
    Board *f = test_board(RULE_FREESTYLE, 15, "g8 h10 i8 h11 g7 h12 i9 a1 h13");
    assert_int_equal(solve_checked(s, f, &o, &out_buf), SOLVE_NOWIN);
    board_free(f);
    board_free(b);
    solver_free(s);
}

/* Limits give unknown, never a guess. */
static void test_limits(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 20);
    SolveOptions o;
    solve_options_default(&o);
    Board *b = test_board(RULE_RENJU, 15,
                         "j12 h11 i11 j11 f10 g10 f9 i10 j9 g9 l9 i9 h8 g8 f7 j8 g7 l8 k7");
    o.max_nodes = 1;
    SolveResult r = solve_checked(s, b, &o, &out_buf);
    assert_true(r == SOLVE_UNKNOWN || r == SOLVE_WIN);
    o.max_nodes = 0;
    o.depth = 1;
    assert_int_not_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    o.depth = 0;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(s);
}

/* The tables start small and double when half full (vct.h): after a
 * search they hold at least a quarter as many entries as they have slots
 * (grown at the first full bucket, the VCF table here held 15 entries in
 * a hundred slots, the df-pn table 6), the move cache at least a fifth;
 * tables of the full size from the start find the same answer; and a
 * small search leaves them small. */
static void test_tables_grow(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o, &out_buf);
    assert_true(s->vcf.vmask > VTAB_START - 1 && s->dfpn.tmask > TTAB_START - 1 && s->dfpn.mmask > MCACHE_START - 1);
    if (4 * s->vcf.vused < (s->vcf.vmask + 1) * VCF_WAYS || 4 * s->dfpn.tused < (s->dfpn.tmask + 1) * 4 ||
        5 * s->dfpn.mused < s->dfpn.mmask + 1)
        print_error("vcf %zu of %zu, dfpn %zu of %zu, cache %zu of %zu\n", s->vcf.vused,
                    (s->vcf.vmask + 1) * VCF_WAYS, s->dfpn.tused, (s->dfpn.tmask + 1) * 4, s->dfpn.mused,
                    s->dfpn.mmask + 1);
    assert_true(4 * s->vcf.vused >= (s->vcf.vmask + 1) * VCF_WAYS);
    assert_true(4 * s->dfpn.tused >= (s->dfpn.tmask + 1) * 4);
    assert_true(5 * s->dfpn.mused >= s->dfpn.mmask + 1);
    solver_free(s);
    s = solver_new(8 << 20);
    assert_non_null(s);
    /* the blocks of the full size, untouched (zero), as the tables */
    s->vcf.vtab = s->vcf.vmem.block;
    s->dfpn.ttab = s->dfpn.tmem.block;
    s->dfpn.ttag = s->dfpn.tgmem.block;
    s->dfpn.mcache = s->dfpn.mmem.block;
    s->vcf.vmask = s->vcf.vmask_max;
    s->dfpn.tmask = s->dfpn.tmask_max;
    s->dfpn.mmask = s->dfpn.mmask_max;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.verified);
    solver_free(s);
    board_free(b);
    s = solver_new(8 << 20);
    assert_non_null(s);
    b = test_board(RULE_RENJU, 15, "h8 a1 i8 a2 j8 a3");
    o.kind = SOLVE_VCF;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(s->vcf.vmask == VTAB_START - 1 && s->dfpn.tmask == TTAB_START - 1 && s->dfpn.mmask == MCACHE_START - 1);
    solver_free(s);
    board_free(b);
}

/* A second search took at most a div-th of the first one's nodes. */
static void assert_fraction(uint64_t again, uint64_t first, uint64_t div) {
    if (again * div > first)
        print_error("first %llu nodes, again %llu\n", (unsigned long long)first, (unsigned long long)again);
    assert_true(again * div <= first);
}

/* The table answers a search it has seen: the same puzzle again on the
 * same solver is proven from the stored numbers at once (the root's proven
 * child: a few hundred nodes of VCF checks and the proof tree, against
 * 38,569 the first time), so a table that stores but cannot find (its key
 * tags out of step with the entries, say) fails here rather than only
 * running slowly. */
static void test_table_reuse(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o, &out_buf);
    uint64_t first = out_buf.nodes;
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_fraction(out_buf.nodes, first, 50);
    solver_free(s);
    board_free(b);
}

/* After a patch (a defence the checker found and the search had not), the
 * proofs go and the rest of the table stays (vct_forget_proofs): no proven
 * entry is left, every other entry is kept as it was, the patched node's
 * cached move list goes, and the puzzle is proven again (checked) from the
 * disproofs and numbers kept: 1,162 nodes against 38,569 the first time,
 * and 15,296 with the df-pn table emptied (the VCF table kept). */
static void test_forget_proofs(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o, &out_buf);
    uint64_t first = out_buf.nodes;
    size_t n = (s->dfpn.tmask + 1) * 4, proven = 0, open = 0, disproven = 0;
    DfpnEntry *before = malloc(n * sizeof *before);
    assert_non_null(before);
    memcpy(before, s->dfpn.ttab, n * sizeof *before);
    Key patched = 0;
    for (size_t i = 0; i <= s->dfpn.mmask && !patched; i++) patched = s->dfpn.mcache[i].key;
    assert_true(patched != 0);
    vct_forget_proofs(&s->dfpn, patched);
    assert_null(vct_mcache_find(&s->dfpn, patched));
    for (size_t i = 0; i < n; i++) {
        if (!before[i].key) continue;
        if (before[i].pn == 0) {
            proven++;
            assert_true(s->dfpn.ttab[i].key == 0);
        } else {
            before[i].dn == 0 ? disproven++ : open++;
            assert_memory_equal(&s->dfpn.ttab[i], &before[i], sizeof before[i]);
        }
    }
    free(before);
    assert_true(proven > 0 && disproven > 0 && open > 0);
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_fraction(out_buf.nodes, first, 8);
    solver_free(s);
    board_free(b);
}

/* The search misses a defence, the checker finds it, and the patch round
 * proves the puzzle with it: a test hook drops one defence of the proof's
 * first defender node (the position after the winning first move), which
 * the checker must then ask for (Dfpn.patch), and the second round, on
 * the table less its proofs (vct_forget_proofs), must answer it. The hook
 * drops the move after defence_filter, as the filter itself would: such a
 * patch used to be ignored (gen_and looked for it in the candidates' marks,
 * which still held it), and the same proof came back in every round: five
 * patches of the same move, then unknown. The dropped defence is one off
 * the pass edge's line; one on it is given its edge back by the
 * extraction, which replays that line (proof.c, vct.c vct_walk), so the first proof
 * is checked and no patch is asked for. */
static struct {
    Move first, dropped;
    int drops;
} drop_one;

static int drop_one_hook(Dfpn *s, const VcfLine *R, Color owner, Move *kept, int n) {
    (void)R;
    if (owner != s->att || s->pos->sp != 1 || s->pos->st_move[0] != drop_one.first) return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (kept[i] != drop_one.dropped) kept[m++] = kept[i];
    drop_one.drops += n - m;
    return m;
}

/* Solves b (a checked win) on a fresh solver whose hook drops the move
 * dropped at drop_one.first's defender node; the patches it took. */
static int patches_when_dropped(Board *b, const SolveOptions *o, Move dropped) {
    Solver *s = solver_new(8 << 20);
    assert_non_null(s);
    s->dfpn.defence_hook = drop_one_hook;
    drop_one.dropped = dropped;
    drop_one.drops = 0;
    assert_int_equal(solve_checked(s, b, o, &out_buf), SOLVE_WIN);
    assert_true(drop_one.drops > 0);
    int n = s->dfpn.patches;
    for (int i = 0; i < n; i++) assert_true(s->dfpn.patch[i].move == dropped);
    solver_free(s);
    return n;
}

static void test_patch_round(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o, &out_buf);
    const SolveTree *t = solver_tree(s);
    const SolveEdge *e = &t->edge[t->node[0].first];
    assert_true(e->target > 0);
    drop_one.first = e->move;
    /* defences with an edge of their own, off and on the pass line */
    const SolveTreeNode *and_node = &t->node[e->target];
    Move pass_line[64];
    int np = 0;
    for (int i = 0; i < and_node->count; i++) {
        const SolveEdge *pe = &t->edge[and_node->first + i];
        if (pe->move != MOVE_PASS) continue;
        pass_line[np++] = pe->move;
        for (int v = pe->target; v >= 0 && t->node[v].count && np < 64; v = t->edge[t->node[v].first].target)
            pass_line[np++] = t->edge[t->node[v].first].move;
    }
    assert_true(np > 1);
    Move off_line = MOVE_NONE, on_line = MOVE_NONE;
    for (int i = 0; i < and_node->count; i++) {
        Move m = t->edge[and_node->first + i].move;
        bool on = false;
        for (int j = 1; j < np && !on; j++) on = pass_line[j] == m;
        if (m == MOVE_PASS) continue;
        if (on && on_line == MOVE_NONE) on_line = m;
        if (!on && off_line == MOVE_NONE) off_line = m;
    }
    assert_true(off_line != MOVE_NONE && on_line != MOVE_NONE);
    solver_free(s);
    assert_int_equal(patches_when_dropped(b, &o, off_line), 1);
    /* a dropped defence on the pass edge's line: the extraction, replaying
     * that line, gives it an edge, and the first proof is checked */
    assert_int_equal(patches_when_dropped(b, &o, on_line), 0);
    board_free(b);
}

/* Tables persist between searches; the entries of an earlier puzzle must
 * not keep their slots (they did, being well worked, and a batch of puzzles
 * saw the table shrink: here the second puzzle took 21% more nodes than on
 * its own). Two quintet cases (MIT, Copyright (c) 2020 Renju Note) in a
 * 1 MB table: the second costs about what it costs alone (the order of
 * slots in a bucket may break a tie differently: a few nodes). Variant 2
 * (weak numbers), whose first puzzle takes 286 K nodes: variant 0 now
 * proves it in 39 K, too few to fill the table. */
static void test_table_batch(void **state) {
    (void)state;
    const char *first = "g10 h11 f9 h10 i9 i10 j9 j10 e8 g9 h8 k9 j8 i8 k8 m8 l8 i7 k6 h6 i5 j6 k5 k4";
    const char *second = "f11 h11 i11 f10 g10 h10 i10 j10 e9 d9 f9 j9 h9 e8 i9 g8 d8 i8 f8 d7 h8 e7 j8 g7 "
                         "k8 i7 c7 j7 h7 d6 e6 i6 g6 k6 h6 c5 i5 d5 l5 h5 g4 d4 j4 e4 d3 -- --";
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    o.depth = 9;
    o.threes = 2;
    o.variant = 2;
    Board *a = test_board(RULE_RENJU, 15, first), *b = test_board(RULE_RENJU, 15, second);
    Solver *s = solver_new(1 << 20);
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    uint64_t alone = out_buf.nodes;
    solver_free(s);
    s = solver_new(1 << 20);
    assert_int_equal(solve_checked(s, a, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.nodes > 50000); /* enough to fill the table (16,384 df-pn entries) */
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    if (out_buf.nodes > alone + alone / 20) print_error("alone %llu nodes, after another puzzle %llu\n",
                                                        (unsigned long long)alone,
                                                        (unsigned long long)out_buf.nodes);
    assert_true(out_buf.nodes <= alone + alone / 20);
    solver_free(s);
    board_free(a);
    board_free(b);
}

/* The related VCF search (lib/solve/vcf.c, Vcf.related: the attacker's
 * shortcut at df-pn OR nodes) plays, after its first four, only fours on the
 * previous four's lines. On quintet's VCF cases (MIT, Copyright (c) 2020
 * Renju Note) each of its answers is the complete search's or a miss, never
 * a win the complete search lacks; vcf_long, whose fours are spread over the
 * board, is beyond it (a related search that restricted nothing would find
 * it); and what it refutes does not answer the complete search that follows
 * on the same solver (a refutation stored as a complete one would). */
static void test_vcf_related(void **state) {
    (void)state;
    static const char *const CASES[] = {
        /* vcf_long */
        "b15 c15 f15 e15 h15 i15 m15 j15 d14 k15 h14 l15 i14 n15 n14 o15 o14 g14 c13 j14 m13 m14 o13 a13 a12 "
        "e12 c11 f12 n11 n12 b10 o12 n10 o11 o10 a10 b9 c10 d9 d10 l9 a9 a8 g9 h8 b8 h6 c8 a5 d8 e5 j8 o5 o8 "
        "b4 a7 d4 b7 i4 o7 i3 a6 j3 g6 a2 i6 j2 o6 n2 j5 d1 h4 g1 g3 k1 m2 o1 h1",
        /* vcf_black, vcf_counter, vcf_white */
        "l14 i14 e13 g13 h13 k12 h12 h11 i11 l11 g10 i10 h10 f9 k10 h9 j9 i9 h8 l9 i8 j8",
        "h8 h9 j8 l8 k8 j7 i7 k6 l7 i5 i6 l5",
        "k13 l14 m12 j12 m11 l12 j10 i11 g9 h10 i9 i10 j9 l10 m9 h9 g8 f8 h8 -- --",
    };
    Solver *rel = solver_new(1 << 22), *full = solver_new(1 << 22);
    assert_non_null(rel);
    assert_non_null(full);
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        Board *b = test_board(RULE_RENJU, 15, CASES[i]);
        Color a = board_to_move(b);
        SolveResult want = solver_vcf(full, b, a, 0, 0, NULL, NULL);
        assert_int_equal(want, SOLVE_WIN);
        rel->vcf.related = true;
        SolveResult got = solver_vcf(rel, b, a, 0, 0, NULL, NULL);
        rel->vcf.related = false;
        if (i == 0) assert_int_equal(got, SOLVE_NOWIN);
        else assert_int_equal(got, want);
        assert_int_equal(solver_vcf(rel, b, a, 0, 0, NULL, NULL), want);
        board_free(b);
    }
    solver_free(rel);
    solver_free(full);
}

/* Proof hints below counter-fours (lib/solve/vct.c shadow_hint): the quintet
 * case vct_game_white_l11_1 (puzzles/quintet.tsv; MIT, Copyright (c) 2020
 * Renju Note), where the defender has counter-fours along the way, costs
 * 189,643 nodes with them and 204,695 without (166,113 and 190,306 while
 * the tables grew at their first full bucket); a shadow key that missed
 * (wrong stones, wrong depth) would bring the count back up. The hints only
 * order moves, so the case that shows them changes with the search:
 * vct_black_long did (1,116,261 against 1,162,529 at e = 1/2) until the
 * related VCF search stopped placing a four whose block leaves no four on
 * its lines (1,152,956 against 1,152,519 since); this one did before
 * (202,914 against 208,848), then vct_black_long, and
 * vct_game_black_l14_1 before them. */
static void test_shadow_hints(void **state) {
    (void)state;
    Board *b = test_board(RULE_RENJU, 15,
                          "f14 e14 d13 f13 e13 h13 e12 d12 c11 f12 e11 b11 h11 d11 b10 f11 h10 a10 b9 f10 f9 "
                          "g10 g9 c9 b8 d9 c8 e9 d8 h9 h8 k9 j8 f8 k8 g8 l8 b7 d7 c7 e7 g7 f7 k7 h7 c6 i7 f6 "
                          "b6 g6 d6 i6 e6 j6 h6 e5 d5 f5 h5 d4 g4 f4 c3 h4 d3 b3 f3 e3 g3 -- --");
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    o.depth = 11;
    o.threes = 2;
    Solver *s = solver_new(0);
    assert_non_null(s);
    assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.verified);
    if (out_buf.nodes > 195000) print_error("%llu nodes\n", (unsigned long long)out_buf.nodes);
    assert_true(out_buf.nodes <= 195000);
    solver_free(s);
    board_free(b);
}

/* Search variants (SolveOptions.variant, lib/solve/vct.c): each is a complete
 * search of its own and must give every answer variant 0 gives — a win the
 * checker accepts, nowin — on quintet cases (MIT, Copyright (c) 2020 Renju
 * Note) of both kinds, while searching differently (other node counts: a
 * variant that changed nothing would match variant 0 everywhere). */
static const struct {
    const char *moves;
    int depth, threes;
    SolveResult want;
} VARIANT_CASES[] = {
    /* vct_game_black_l08_1 */
    {"i13 i14 i12 j12 f11 l11 i11 e10 j11 f10 k11 h10 i10 j10 l10 f9 h8 i9 h6 f8", 8, 2, SOLVE_WIN},
    /* vct_game_white_l10_1: white attacks, black's forbidden points defend */
    {"f10 b8 g10 d8 d9 f8 g8 d7 h8 i7 e7 d6 g7 g6 f6 h6 g5 e5 f4 -- --", 10, 2, SOLVE_WIN},
    /* vct_fukumi_threat2 (no win with threats of two fours) and vct_fukumi;
     * variant 1's first pass (threes 2) finds no win there, its next pass
     * or the full search must; variant 3's first pass (quiet moves of a
     * double two or more) disproves it in 5,122 nodes, and the full search
     * must not read that disproof (its nodes are keyed apart) */
    {"h12 i13 h11 g11 i11 i10 f10 j10 g10 f9 h10 g9 e9 h9 j9 i9 g8 d8 h8 f8", 7, 2, SOLVE_NOWIN},
    {"h12 i13 h11 g11 i11 i10 f10 j10 g10 f9 h10 g9 e9 h9 j9 i9 g8 d8 h8 f8", 7, 3, SOLVE_WIN},
    {"h12 i13 h11 g11 i11 i10 f10 j10 g10 f9 h10 g9 e9 h9 j9 i9 g8 d8 h8 f8", 7, 99, SOLVE_WIN},
};

/* The most non-four attacker moves on a line of proof tree t from node n
 * (the board at that node; a move after which the attacker has a five point
 * is a four, and the forced block of a defender's four does not count). */
static int tree_max_threats(Board *b, const SolveTree *t, int n, bool attacker) {
    Color att = board_to_move(b);
    if (!attacker) att = (Color)!att;
    int most = 0;
    for (int i = 0; i < t->node[n].count; i++) {
        const SolveEdge *e = &t->edge[t->node[n].first + i];
        if (e->target < 0) continue; /* a five */
        int add = 0;
        if (attacker) {
            bool forced = board_class_count(b, (Color)!att, CLS_FIVE) > 0;
            assert_int_equal(board_play(b, e->move), GMK_OK);
            add = !forced && board_class_count(b, att, CLS_FIVE) == 0;
        } else {
            assert_int_equal(board_play(b, e->move), GMK_OK); /* MOVE_PASS too */
        }
        int below = add + tree_max_threats(b, t, e->target, !attacker);
        board_undo(b);
        if (below > most) most = below;
    }
    return most;
}

/* Variant 4's capped passes: a win found with at most k non-four attacker
 * moves on a line has a proof that holds no more (the checker accepts it as
 * any other), and the test cases need a cap above 1 (a cap that is not
 * counted down would win them in the first pass). A pass reads the proofs
 * of the pass before (with one free move fewer) where its own table has
 * none: the proof tree walks them all the same. */

static void test_threat_cap(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 22);
    assert_non_null(s);
    SolveOptions o;
    vct_any_threat(&o);
    o.variant = 4;
    static const struct {
        int pos; /* VARIANT_CASES' position, without its limits */
        int cap; /* the pass that wins (this search, today) */
    } CASES[] = {{0, 2}, {1, 1}, {2, 3}};
    uint64_t below = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        Board *b = test_board(RULE_RENJU, 15, VARIANT_CASES[CASES[i].pos].moves);
        s->dfpn.proofs_below = 0;
        assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
        assert_int_equal(out_buf.threat_cap, CASES[i].cap);
        assert_true(out_buf.verified);
        if (CASES[i].cap == 1) assert_int_equal(s->dfpn.proofs_below, 0);
        below += s->dfpn.proofs_below;
        int most = tree_max_threats(b, solver_tree(s), 0, true);
        assert_true(most >= 1 && most <= out_buf.threat_cap);
        /* the other variants do not cap */
        o.variant = 0;
        assert_int_equal(solve_checked(s, b, &o, &out_buf), SOLVE_WIN);
        assert_int_equal(out_buf.threat_cap, 0);
        o.variant = 4;
        board_free(b);
    }
    print_message("proofs read from the pass before: %llu\n", (unsigned long long)below);
    assert_true(below > 0);
    solver_free(s);
}

static void test_variants(void **state) {
    (void)state;
    Solver *sv[SOLVE_VARIANTS]; /* a table for each: none reads another's */
    for (int v = 0; v < SOLVE_VARIANTS; v++) assert_non_null(sv[v] = solver_new(1 << 22));
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    o.threes = 2;
    bool differs[SOLVE_VARIANTS] = {false};
    for (size_t i = 0; i < sizeof VARIANT_CASES / sizeof *VARIANT_CASES; i++) {
        Board *b = test_board(RULE_RENJU, 15, VARIANT_CASES[i].moves);
        o.depth = VARIANT_CASES[i].depth;
        o.threes = VARIANT_CASES[i].threes;
        uint64_t nodes0 = 0;
        for (int v = 0; v < SOLVE_VARIANTS; v++) {
            o.variant = v;
            assert_int_equal(solve_checked(sv[v], b, &o, &out_buf), VARIANT_CASES[i].want);
            if (v == 0) nodes0 = out_buf.nodes;
            else if (out_buf.nodes != nodes0) differs[v] = true;
        }
        board_free(b);
    }
    for (int v = 1; v < SOLVE_VARIANTS; v++) assert_true(differs[v]);
    o.variant = SOLVE_VARIANTS;
    Board *b = test_board(RULE_RENJU, 15, VARIANT_CASES[0].moves);
    assert_int_equal(solver_solve(sv[0], b, &o, &out_buf), GMK_ERR_ARG);
    board_free(b);
    for (int v = 0; v < SOLVE_VARIANTS; v++) solver_free(sv[v]);
}

/* solver_solve_parallel: the same answers with two and three variants side
 * by side, the proof of the solver it names passes the checker and the
 * board comes back unchanged. A stop flag already set gives unknown
 * ("stopped") at the first poll; cleared, the same search wins. */
static void test_parallel(void **state) {
    (void)state;
    Solver *sv[SOLVE_THREADS];
    for (int i = 0; i < SOLVE_THREADS; i++) assert_non_null(sv[i] = solver_new(1 << 22));
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    o.threes = 2;
    for (int n = 2; n <= SOLVE_THREADS; n++)
        for (size_t i = 0; i < sizeof VARIANT_CASES / sizeof *VARIANT_CASES; i++) {
            Board *b = test_board(RULE_RENJU, 15, VARIANT_CASES[i].moves);
            Key k = board_key(b);
            o.depth = VARIANT_CASES[i].depth;
            o.threes = VARIANT_CASES[i].threes;
            int used = -1;
            assert_int_equal(solver_solve_parallel(sv, n, b, &o, &out_buf, &used), GMK_OK);
            assert_true(board_key(b) == k);
            assert_true(board_ok(b));
            assert_int_equal(out_buf.result, VARIANT_CASES[i].want);
            assert_true(used >= 0 && used < n);
            if (out_buf.result == SOLVE_WIN) {
                SolveCheckError err;
                assert_true(out_buf.verified);
                assert_true(solve_check_tree(b, solver_tree(sv[used]), &err));
            }
            board_free(b);
        }
    assert_int_equal(solver_solve_parallel(sv, SOLVE_THREADS + 1, NULL, &o, &out_buf, NULL), GMK_ERR_ARG);
    atomic_int stop;
    atomic_init(&stop, 1);
    o.stop = &stop;
    o.depth = VARIANT_CASES[3].depth;
    o.threes = VARIANT_CASES[3].threes;
    Board *b = test_board(RULE_RENJU, 15, VARIANT_CASES[3].moves);
    for (int i = 0; i < SOLVE_THREADS; i++) solver_free(sv[i]);
    Solver *fresh = solver_new(1 << 22); /* the others' tables hold the proof */
    assert_non_null(fresh);
    assert_int_equal(solve_checked(fresh, b, &o, &out_buf), SOLVE_UNKNOWN);
    assert_string_equal(out_buf.note, "stopped");
    assert_true(out_buf.nodes <= 4096);
    atomic_store(&stop, 0);
    assert_int_equal(solve_checked(fresh, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(fresh);
}


int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vcf_simple),
        cmocka_unit_test(test_vcf_counter),
        cmocka_unit_test(test_vcf_forbidden_block),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_table_batch),
        cmocka_unit_test(test_table_reuse),
        cmocka_unit_test(test_tables_grow),
        cmocka_unit_test(test_forget_proofs),
        cmocka_unit_test(test_patch_round),
        cmocka_unit_test(test_vcf_related),
        cmocka_unit_test(test_shadow_hints),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_threat_cap),
        cmocka_unit_test(test_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
