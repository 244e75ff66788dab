/*
 * test_solve.c — the solver on hand-made positions: VCF under the three
 * rules, counter-fours, renju forbidden points (black may not four there;
 * white wins on a four whose only defence is forbidden), limits that give
 * unknown, and the checker rejecting lines that are not wins.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "testutil.h"

/* Solves with the given options; the board must come back unchanged. */
static SolveResult solve(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out) {
    Key k = board_key(b);
    assert_int_equal(solver_solve(s, b, o, out), GMK_OK);
    assert_true(board_key(b) == k);
    assert_true(board_ok(b));
    if (out->result == SOLVE_WIN) {
        SolveCheckError err;
        bool ok = solve_check_tree(b, solver_tree(s), &err);
        if (!ok) print_error("checker: %s\n", err.msg);
        assert_true(ok);
        assert_true(out->verified);
    }
    return out->result;
}

static SolveOutcome out_buf;

static void test_vcf_simple(void **state) {
    (void)state;
    Solver *s = solver_new(1 << 20);
    assert_non_null(s);
    SolveOptions o;
    solve_options_default(&o);
    /* black: three in a row with a free end, a second line to combine */
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9");
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.line_len >= 1);
    /* the line checks on its own too */
    assert_true(solve_check_line(b, out_buf.line, out_buf.line_len, NULL));
    /* white to move with nothing: no VCF */
    board_play(b, test_point(b, "o15"));
    o.kind = SOLVE_VCF;
    Board *w = test_board(RULE_FREESTYLE, 15, "h8 a1 i8");
    assert_int_equal(solve(s, w, &o, &out_buf), SOLVE_NOWIN);
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    assert_int_equal(out_buf.line_len, 1);
    assert_int_equal(out_buf.line[0], test_point(b, "h9"));
    /* in freestyle the same four is simply blocked */
    Board *f = test_board(RULE_FREESTYLE, 15, "g8 h10 i8 h11 g7 h12 i9 a1 h13");
    assert_int_equal(solve(s, f, &o, &out_buf), SOLVE_NOWIN);
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
    SolveResult r = solve(s, b, &o, &out_buf);
    assert_true(r == SOLVE_UNKNOWN || r == SOLVE_WIN);
    o.max_nodes = 0;
    o.depth = 1;
    assert_int_not_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    o.depth = 0;
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(s);
}

/* A quintet VCT case (MIT, Copyright (c) 2020 Renju Note) solved on a new
 * solver (*s), with its options in *o: the board, for the caller to free. */
static Board *quintet_vct_solved(Solver **s, SolveOptions *o) {
    solve_options_default(o);
    o->kind = SOLVE_VCT;
    o->depth = 9;
    o->threes = 2;
    Board *b = test_board(RULE_RENJU, 15,
                          "g10 h11 f9 h10 i9 i10 j9 j10 e8 g9 h8 k9 j8 i8 k8 m8 l8 i7 k6 h6 i5 j6 k5 k4");
    *s = solver_new(8 << 20);
    assert_non_null(*s);
    assert_int_equal(solve(*s, b, o, &out_buf), SOLVE_WIN);
    return b;
}

/* The tables start small and double as they fill (solve.h): the search
 * is the one that tables of the full size from the start make, node for
 * node (a table that loses or misplaces an entry when it grows, or a move
 * cache that keeps a list the full one would have given up, changes the
 * count), and a small search leaves them small. */
static void test_tables_grow(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o);
    uint64_t grown = out_buf.nodes;
    assert_true(s->vcf.vmask > VTAB_START - 1 && s->dfpn.tmask > TTAB_START - 1 && s->dfpn.mmask > MCACHE_START - 1);
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    assert_int_equal(out_buf.nodes, grown);
    solver_free(s);
    board_free(b);
    s = solver_new(8 << 20);
    assert_non_null(s);
    b = test_board(RULE_RENJU, 15, "h8 a1 i8 a2 j8 a3");
    o.kind = SOLVE_VCF;
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
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
    Board *b = quintet_vct_solved(&s, &o);
    uint64_t first = out_buf.nodes;
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
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
    Board *b = quintet_vct_solved(&s, &o);
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
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
    assert_int_equal(solve(s, b, o, &out_buf), SOLVE_WIN);
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
    Board *b = quintet_vct_solved(&s, &o);
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    uint64_t alone = out_buf.nodes;
    solver_free(s);
    s = solver_new(1 << 20);
    assert_int_equal(solve(s, a, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.nodes > 50000); /* enough to fill the table (16,384 df-pn entries) */
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    if (out_buf.nodes > alone + alone / 20) print_error("alone %llu nodes, after another puzzle %llu\n",
                                                        (unsigned long long)alone,
                                                        (unsigned long long)out_buf.nodes);
    assert_true(out_buf.nodes <= alone + alone / 20);
    solver_free(s);
    board_free(a);
    board_free(b);
}

/* The related VCF search (lib/vcf.c, Vcf.related: the attacker's
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

/* Proof hints below counter-fours (lib/vct.c shadow_hint): the quintet
 * case vct_game_white_l11_1 (puzzles/quintet.tsv; MIT, Copyright (c) 2020
 * Renju Note), where the defender has counter-fours along the way, costs
 * 166,113 nodes with them and 190,306 without; a shadow key that missed
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
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    assert_true(out_buf.verified);
    if (out_buf.nodes > 175000) print_error("%llu nodes\n", (unsigned long long)out_buf.nodes);
    assert_true(out_buf.nodes <= 175000);
    solver_free(s);
    board_free(b);
}

/* Search variants (SolveOptions.variant, lib/vct.c): each is a complete
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

/* Options for a VCT whose threats may leave a VCF of any length. */
static void vct_any_threat(SolveOptions *o) {
    solve_options_default(o);
    o->kind = SOLVE_VCT;
    o->threes = 99;
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
        assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
        assert_int_equal(out_buf.threat_cap, CASES[i].cap);
        assert_true(out_buf.verified);
        if (CASES[i].cap == 1) assert_int_equal(s->dfpn.proofs_below, 0);
        below += s->dfpn.proofs_below;
        int most = tree_max_threats(b, solver_tree(s), 0, true);
        assert_true(most >= 1 && most <= out_buf.threat_cap);
        /* the other variants do not cap */
        o.variant = 0;
        assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
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
            assert_int_equal(solve(sv[v], b, &o, &out_buf), VARIANT_CASES[i].want);
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
    assert_int_equal(solve(fresh, b, &o, &out_buf), SOLVE_UNKNOWN);
    assert_string_equal(out_buf.note, "stopped");
    assert_true(out_buf.nodes <= 4096);
    atomic_store(&stop, 0);
    assert_int_equal(solve(fresh, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(fresh);
}

/* solve_sort_moves (a counting sort for long lists of small scores, an
 * insertion sort otherwise) against the obvious stable insertion sort, on
 * random lists of every length, small and large scores. */
static void test_sort_moves(void **state) {
    (void)state;
    static Move m[CAND_MAX], want[CAND_MAX];
    static int score[CAND_MAX], ws[CAND_MAX];
    uint64_t r = 0x2545F4914F6CDD1DULL;
    for (int round = 0; round < 2000; round++) {
        int n = round % 3 == 0 ? (int)(r % CAND_MAX) + 1 : (int)(r % 130) + 1;
        int range = round % 4 == 0 ? 4000 : round % 4 == 1 ? 512 : round % 4 == 2 ? 20 : 300;
        for (int i = 0; i < n; i++) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            m[i] = want[i] = (Move)i;
            score[i] = ws[i] = (int)(r % (uint64_t)range);
        }
        for (int i = 1; i < n; i++) /* stable: equal scores keep their order */
            for (int j = i; j > 0 && ws[j - 1] < ws[j]; j--) {
                int t = ws[j];
                ws[j] = ws[j - 1], ws[j - 1] = t;
                Move u = want[j];
                want[j] = want[j - 1], want[j - 1] = u;
            }
        solve_sort_moves(m, score, n);
        assert_memory_equal(m, want, (size_t)n * sizeof *m);
    }
}

/* solve_four_five (the VCF's look-ahead) names the five point that placing
 * the stone shows, on random positions of every rule and two board sizes
 * (walls, overlines, exact fives). */
static void test_four_five(void **state) {
    (void)state;
    Rng r = {0x9E3779B97F4A7C15ULL};
    int checked = 0;
    for (int round = 0; round < test_iters(300); round++) {
        Rule rule = (Rule)(round % RULE_NB);
        Board *b = board_new(round % 2 ? 15 : 7, rule);
        assert_non_null(b);
        test_random_moves(b, &r, 12 + rng_below(&r, 40), 0);
        for (Move p = 0; p < BOARD_CELLS; p++) {
            if (b->cell[p] != CELL_EMPTY) continue;
            for (int c = 0; c < COLOR_NB; c++) {
                if (b->clscount[c][CLS_FIVE]) continue; /* the VCF has won before */
                int cls = b->ps[p].cls[c];
                Move want = MOVE_NONE;
                if (cls == CLS_FOUR || cls == CLS_FOUR_THREE) {
                    ShapeUndo u;
                    board_place(b, p, (Color)c, &u);
                    Move q[2];
                    int n = 0;
                    for (Move e = 0; e < BOARD_CELLS; e++)
                        if (b->cell[e] == CELL_EMPTY && b->ps[e].cls[c] == CLS_FIVE && n < 2) q[n++] = e;
                    board_unplace(b, p, (Color)c, &u);
                    assert_int_equal(n, 1);
                    want = q[0];
                    checked++;
                }
                assert_int_equal(solve_four_five(b, p, (Color)c), want);
            }
        }
        board_free(b);
    }
    assert_true(checked > 100);
}

/* The checker turns down lines that are not wins. */
static void test_checker_rejects(void **state) {
    (void)state;
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5");
    Move quiet[] = {test_point(b, "c10")};
    assert_false(solve_check_line(b, quiet, 1, NULL));
    /* a closed four the defender blocks, then nothing */
    Board *e = test_board(RULE_FREESTYLE, 15, "h8 g8 i8 a3 j8 a5");
    Move four[] = {test_point(e, "k8"), test_point(e, "l8")};
    assert_false(solve_check_line(e, four, 2, NULL));
    Move wrong[] = {test_point(e, "k8"), test_point(e, "m8"), test_point(e, "l8")};
    assert_false(solve_check_line(e, wrong, 3, NULL));
    board_free(e);
    /* open four: wins whatever the block */
    Move open[] = {test_point(b, "k8")};
    Board *c = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5 --");
    (void)c;
    board_free(c);
    Board *d = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a3 j8 a5");
    open[0] = test_point(d, "g8");
    SolveCheckError err;
    assert_true(solve_check_line(d, open, 1, &err));
    board_free(d);
    board_free(b);
}

/* The checker asks whether a defence is legal only when it is not refuted
 * (solve_check.c), so the error that a forbidden point's failing subtree
 * records must be taken back: the report names the defence that is really
 * missing. Renju, white attacking: a1 is a double four for black (b1 c1 d1,
 * a2 a3 a4), listed as a defence whose subtree has no attacker move; e1 is
 * legal, scanned after a1, and not answered. */
static void test_checker_forbidden_defence(void **state) {
    (void)state;
    Board *b = test_board(RULE_RENJU, 15, "b1 h12 c1 j14 d1 l8 a2 n11 a3 o2 a4");
    Move a1 = test_point(b, "a1");
    assert_int_equal(board_to_move(b), COLOR_WHITE);
    assert_int_equal(board_forbidden(b, a1), FORBID_DOUBLE_FOUR);
    SolveTreeNode node[] = {{0, 1}, {1, 1}, {2, 0}};
    SolveEdge edge[] = {{test_point(b, "h8"), 1}, {a1, 2}};
    SolveTree tree = {node, 3, edge, 2};
    SolveCheckError err;
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.node, 1);
    assert_int_equal(err.move, test_point(b, "e1"));
    assert_true(err.defence);
    assert_non_null(strstr(err.msg, "not answered"));
    board_free(b);
}

/* The checker's trial run (solve_check.c) stands for the check of a
 * defence that the threat's line never reads, but not for one that gives
 * the defender a five point: freestyle, black's open three h8 i8 j8 answered
 * only by the pass edge (k8, an open four); white's a4, far from the line,
 * makes a four (a1-a4) and refutes it, and it comes first in the board
 * order (a trial run standing for it would report g8). */
static void test_checker_trial(void **state) {
    (void)state;
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a2 -- a3");
    assert_int_equal(board_to_move(b), COLOR_BLACK);
    SolveTreeNode node[] = {{0, 1}, {1, 1}, {2, 1}, {3, 0}};
    SolveEdge edge[] = {{test_point(b, "j8"), 1}, {MOVE_PASS, 2}, {test_point(b, "k8"), 3}};
    SolveTree tree = {node, 4, edge, 3};
    SolveCheckError err;
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.node, 1);
    assert_int_equal(err.move, test_point(b, "a4"));
    assert_true(err.defence);
    board_free(b);
    /* without white's three the far defences are refuted, the blocks not */
    b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 o1 -- a15");
    assert_false(solve_check_tree(b, &tree, &err));
    assert_int_equal(err.move, test_point(b, "g8"));
    board_free(b);
}

/* A check that reaches its deadline has no verdict: it fails with
 * out_of_time and "time limit" (gmk-solve then answers unknown), not with
 * an error about the proof. The deadline here has passed when the check
 * starts (the clock is read at the first node), so the outcome does not
 * depend on the machine's speed; without a deadline the same tree checks.
 * The VCT of test_table_reuse. */
static void test_checker_deadline(void **state) {
    (void)state;
    SolveOptions o;
    Solver *s;
    Board *b = quintet_vct_solved(&s, &o);
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    SolveCheckError err;
    err.out_of_time = true;
    assert_true(solve_check_tree_until(b, solver_tree(s), NULL, &err));
    assert_false(err.out_of_time);
    assert_false(solve_check_tree_until(b, solver_tree(s), &now, &err));
    assert_true(err.out_of_time);
    assert_false(err.defence);
    assert_int_equal(err.node, -1);
    assert_string_equal(err.msg, "time limit");
    /* a deadline far off changes nothing */
    now.tv_sec += 3600;
    assert_true(solve_check_tree_until(b, solver_tree(s), &now, &err));
    assert_false(err.out_of_time);
    solver_free(s);
    board_free(b);
}

/* Copies the position column of lfz084.tsv row (set, index) in text to
 * out (cap bytes); false when the row is absent. */
static bool lfz084_position(const char *text, const char *set, int index, char *out, size_t cap) {
    char row[160];
    snprintf(row, sizeof row, "\n%s\t%d\t", set, index);
    const char *pos = strstr(text, row);
    for (int i = 0; i < 7 && pos; i++) pos = strchr(pos + 1, '\t'); /* the column's tab */
    if (!pos) return false;
    size_t n = strcspn(++pos, "\t\n");
    if (n >= cap) return false;
    memcpy(out, pos, n);
    out[n] = '\0';
    return true;
}

/* The 15x15 board of lfz084.tsv row (set, index) under rule (third-party
 * data: the test is skipped when it is absent). */
static Board *lfz084_board_as(const char *set, int index, Rule rule) {
    char *text = test_shared_file("puzzles/lfz084.tsv", NULL);
    char pos[1024];
    assert_true(lfz084_position(text, set, index, pos, sizeof pos));
    free(text);
    return test_board(rule, 15, pos);
}

/* The same in renju, the puzzles' own rule. */
static Board *lfz084_board(const char *set, int index) { return lfz084_board_as(set, index, RULE_RENJU); }

/* The VCT search the defence cross-checks run: any threats, 100,000 nodes. */
static void defence_check_options(SolveOptions *o) {
    vct_any_threat(o);
    o->max_nodes = 100000;
}

/* Wins whose first move makes no shape (third-party data, skipped when
 * absent): lfz084 美味诘连珠.中村茂 #43, a VCT (white n11), and
 * 三手胜五子棋题解 #80, a win in three (black l9). Each stone is on no
 * line with another of either side; the win's later fours build a line
 * through it (k8, m10, l9: the diagonal j7-n11). The search tries as quiet
 * moves only those that make a two or more (or, in win in N, stop a three),
 * and so disproved both (#43 in 622 K nodes at depth 10) until the last
 * pass before nowin, which tries every empty point, came (solve.c). */
static void test_shapeless_first_move(void **state) {
    (void)state;
    static const struct {
        const char *set;
        int index;
        SolveKind kind;
        int depth, win_moves;
        Color to_move;
        const char *first;
    } cases[] = {
        {"美味诘连珠.中村茂_puzzle", 43, SOLVE_VCT, 10, 0, COLOR_WHITE, "n11"},
        {"三手胜五子棋题解_puzzle", 80, SOLVE_WIN_IN, 0, 3, COLOR_BLACK, "l9"},
    };
    /* the boards first: without the data the test is skipped there, and
     * nothing is allocated yet that it would leak */
    Board *board[sizeof cases / sizeof *cases];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) board[i] = lfz084_board(cases[i].set, cases[i].index);
    Solver *s = solver_new(16 << 20);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Board *b = board[i];
        assert_int_equal(board_to_move(b), cases[i].to_move);
        SolveOptions o;
        solve_options_default(&o);
        o.kind = cases[i].kind;
        if (o.kind == SOLVE_VCT) o.threes = 99;
        o.depth = cases[i].depth;
        o.win_moves = cases[i].win_moves;
        assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
        assert_true(out_buf.line_len >= 1);
        assert_int_equal(out_buf.line[0], test_point(b, cases[i].first));
        board_free(b);
    }
    solver_free(s);
}

/* An OR node with one attacker move left is disproven when no four wins at
 * once; only the complete VCF search may say so. The related one (the
 * shortcut below the root) answered, and it reads refutations that earlier
 * related searches stored at inner nodes, where only the previous four's
 * lines were open: lfz084 白先胜100题 #25 (white; third-party data, skipped
 * when absent) was nowin at --depth 5 for variants 0 to 3 (10,402 nodes for
 * 0), a win at 6. The answer must not depend on the variant. */
static void test_depth_one_or(void **state) {
    (void)state;
    Board *b = lfz084_board("白先胜100题_puzzle", 25);
    Solver *s = solver_new(16 << 20);
    assert_non_null(s);
    SolveOptions o;
    vct_any_threat(&o);
    o.depth = 5;
    for (int v = 0; v < SOLVE_VARIANTS; v++) {
        o.variant = v;
        assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    }
    solver_free(s);
    board_free(b);
}

/* The proof's answer to the defences that are not edges (the MOVE_PASS
 * edge) is the line the defences were chosen against: variant 0 takes a
 * threat's line from the related VCF search, and the full search found
 * another line at extraction, which g14, a defence the search had dropped
 * as not stopping the related line, stops. The checker refused the proof in
 * every patch round: unknown after 1.25 M nodes (lfz084 高飞习题 #229,
 * third-party data, skipped when absent). */
static void test_pass_line(void **state) {
    (void)state;
    Board *b = lfz084_board("高飞习题_puzzle", 229);
    Solver *s = solver_new(64 << 20);
    assert_non_null(s);
    SolveOptions o;
    vct_any_threat(&o);
    o.max_nodes = 4000000;
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    solver_free(s);
    board_free(b);
}

/* The threat-space defences against the fast path's misses: at every node
 * where the search keeps the moves that stop a line R (the attacker's moves
 * against the defender's VCF at OR nodes, the defender's against the
 * attacker's at AND nodes), defence_every tries every empty point and must
 * find no move the search dropped. A dropped move that stops R makes a
 * disproof incomplete (nowin where a win exists) or, at AND nodes, a proof
 * that only the checker catches. Renju puzzles from lfz084 (third-party
 * data, skipped when absent) where a stone changes whether a point of R is
 * forbidden for black through the recursive rule: 天狗道场 #4 (black
 * attacks; white's fours end on black's double three, undone by a black
 * stone that makes the straight-four point of one of its threes a double
 * four), #30 (black attacks; a white stone makes a false three of one of
 * black's fours real) and #112 (white attacks; the same against black's
 * VCF at OR nodes). Before solve_defence.c (then vct_defence.c) followed those stones (forbid_deps),
 * the first 100,000 nodes of these three dropped 8, 5 and 45 moves, and a
 * win (below) was called nowin. Each must compare more than 50 sets of
 * candidates (#30: 89 in its 100,000 nodes since the 1 + e threshold is
 * at e = 1/2; #4 and #112 over 6,000). */
static struct {
    long sets, missed;
} defence_xc;

static int defence_xc_hook(Dfpn *s, const VcfLine *R, Color owner, Move *kept, int n) {
    if (!defence_line_holds(s->pos, R, owner)) return n; /* every candidate is kept: nothing to compare */
    defence_xc.sets++;
    Move every[CAND_MAX];
    int m = defence_every(s->pos, R, owner, every);
    for (int i = 0; i < m; i++) {
        bool found = false;
        for (int j = 0; j < n && !found; j++) found = kept[j] == every[i];
        if (!found) defence_xc.missed++;
    }
    return n;
}

static void test_defence_every(void **state) {
    (void)state;
    static const struct {
        int index;
        Color to_move;
    } cases[] = {{4, COLOR_BLACK}, {30, COLOR_BLACK}, {112, COLOR_WHITE}};
    char *text = test_shared_file("puzzles/lfz084.tsv", NULL);
    Solver *s = solver_new(16 << 20);
    assert_non_null(s);
    s->dfpn.defence_hook = defence_xc_hook;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Board *b = lfz084_board("天狗道场_puzzle", cases[i].index);
        assert_int_equal(board_to_move(b), cases[i].to_move);
        SolveOptions o;
        defence_check_options(&o);
        memset(&defence_xc, 0, sizeof defence_xc);
        SolveOutcome out;
        assert_int_equal(solver_solve(s, b, &o, &out), GMK_OK);
        if (defence_xc.missed) print_error("天狗道场 #%d: %ld moves dropped\n", cases[i].index, defence_xc.missed);
        assert_int_equal(defence_xc.missed, 0);
        assert_true(defence_xc.sets > 50);
        board_free(b);
    }
    s->dfpn.defence_hook = NULL;
    /* 六路连珠习题5 #73 (6x6, black; the source keeps it in rows 10..15 of
     * a 15x15 frame): a win that the search called nowin (1,622 nodes)
     * before, as the black move that stops white's VCF ending on black's
     * double three was never tried */
    char raw[256], pos[256];
    assert_true(lfz084_position(text, "六路连珠习题5_puzzle", 73, raw, sizeof raw));
    size_t len = 0;
    for (char *t = strtok(raw, " "); t; t = strtok(NULL, " ")) {
        int n = strcmp(t, "--") ? snprintf(pos + len, sizeof pos - len, "%c%d ", t[0], atoi(t + 1) - 9)
                                : snprintf(pos + len, sizeof pos - len, "-- ");
        assert_true(n > 0 && (size_t)n < sizeof pos - len);
        len += (size_t)n;
    }
    Board *b = test_board(RULE_RENJU, 6, pos);
    SolveOptions o;
    vct_any_threat(&o);
    assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
    board_free(b);
    solver_free(s);
    free(text);
}

/* defence_filter's shared replay (lib/solve_defence.c defence_replay_all):
 * every candidate it decides is replayed on its own as well, and the two
 * must agree, in renju (a black attacker and a white one) and in the other
 * two rules, on hard lfz084 天狗道场 positions searched for 100,000 nodes. */
static void test_shared_replay(void **state) {
    (void)state;
    static const struct {
        int index;
        Rule rule;
    } cases[] = {{26, RULE_RENJU}, {61, RULE_RENJU}, {112, RULE_RENJU}, {26, RULE_FREESTYLE}, {35, RULE_STANDARD}};
    Solver *s = solver_new(16 << 20);
    assert_non_null(s);
    s->pos.replay_check = true;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Board *b = lfz084_board_as("天狗道场_puzzle", cases[i].index, cases[i].rule);
        SolveOptions o;
        defence_check_options(&o);
        s->pos.replay_shared = s->pos.replay_mismatch = 0;
        SolveOutcome out;
        assert_int_equal(solver_solve(s, b, &o, &out), GMK_OK);
        if (s->pos.replay_mismatch)
            print_error("天狗道场 #%d: %llu of %llu\n", cases[i].index, (unsigned long long)s->pos.replay_mismatch,
                        (unsigned long long)s->pos.replay_shared);
        assert_int_equal(s->pos.replay_mismatch, 0);
        assert_true(s->pos.replay_shared > 100); /* 415 to 1,352 */
        board_free(b);
    }
    solver_free(s);
}

/* --defend and the defender's own fours (freestyle, no shared data). Black
 * h8 i8 j8 is an open three: white stops it at g8 or k8, or first with the
 * four a4 or a5 (black must block, and white still has g8 or k8). With a
 * second open three (h8 h9 h10), white's fours a2 and a6 only delay: after
 * the block white has no defence left; a4 stays (after black's a2, a6 is
 * white's five). */
static void test_defend_fours(void **state) {
    (void)state;
    static const struct {
        const char *pos, *want;
    } cases[] = {
        {"h8 a1 i8 a2 j8 a3 o15", "a4 a5 g8 k8"},
        {"h8 a1 i8 a3 j8 a5 h9 a7 h10", "a4"},
    };
    Solver *s = solver_new(4 << 20);
    SolveDefence *d = malloc(sizeof *d);
    assert_non_null(s);
    assert_non_null(d);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Board *b = test_board(RULE_FREESTYLE, 15, cases[i].pos);
        SolveOptions o;
        solve_options_default(&o);
        Key k = board_key(b);
        memset(d, 0xA5, sizeof *d); /* the counts start again for each call */
        assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
        assert_true(board_key(b) == k);
        assert_int_equal(d->threat, SOLVE_WIN);
        assert_true(d->nodes < 100000);
        char got[256] = "", pt[8];
        for (int j = 0; j < d->moves_len; j++) {
            notation_point_str(d->moves[j], 15, ORIGIN_BOTTOM, pt);
            snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", j ? " " : "", pt);
        }
        assert_string_equal(got, cases[i].want);
        board_free(b);
    }
    free(d);
    solver_free(s);
}

/* --nodes bounds a --defend position as a whole, not each search inside
 * it (the threat, then one per candidate move and the recursion over the
 * side to move's fours): with a third of the nodes that the full answer
 * takes, the total stays within the limit, some moves are left undecided,
 * and each move listed is one of the full answer's. */
static void test_defend_limits(void **state) {
    (void)state;
    Solver *s = solver_new(4 << 20);
    SolveDefence *full = malloc(sizeof *full), *d = malloc(sizeof *d);
    assert_non_null(s);
    assert_non_null(full);
    assert_non_null(d);
    Board *b = test_board(RULE_FREESTYLE, 15, "h8 a1 i8 a2 j8 a3 o15");
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT; /* black's open three: a4 a5 g8 k8 (some 6,000 nodes) */
    assert_int_equal(solver_defend(s, b, &o, full), GMK_OK);
    assert_int_equal(full->undecided_len, 0);
    assert_int_equal(full->moves_len, 4);
    assert_true(full->nodes >= 300);
    /* a new solver: the first one's tables would answer at once */
    solver_free(s);
    s = solver_new(4 << 20);
    assert_non_null(s);
    o.max_nodes = full->nodes / 3;
    assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
    if (d->nodes > o.max_nodes)
        print_error("%llu nodes against a limit of %llu\n", (unsigned long long)d->nodes,
                    (unsigned long long)o.max_nodes);
    assert_true(d->nodes <= o.max_nodes);
    assert_int_equal(d->threat, SOLVE_WIN);
    assert_true(d->undecided_len > 0);
    for (int i = 0; i < d->moves_len; i++) {
        bool found = false;
        for (int j = 0; j < full->moves_len; j++) found |= d->moves[i] == full->moves[j];
        assert_true(found);
    }
    board_free(b);
    free(d);
    free(full);
    solver_free(s);
}

/* --defend against a VCF, on the points-vcf-defence rows of lfz084
 * (五子茶馆小题目大全; third-party data, skipped when absent): the moves
 * that refute the opponent's VCF. A four of the defender counts when, once
 * blocked, the defender wins by fours, faces no threat, or still has a move
 * that refutes; before, the four was blocked and the defender then passed,
 * which missed such defences (#89 a11: black blocks at a12, and white then
 * defends as before). Every
 * point where the book and the solver differ must be explained: the book
 * lists a point after which the opponent has a checked VCF (#95 i5: 8
 * fours), the solver lists a four that the book leaves out (the book counts
 * some delaying fours and not others: #97 k10 but not j11, whose block
 * points are each other) or a square of the opponent's line itself (#118:
 * c13 and d13, the line's first four and block, where the book has c14 and
 * d14), or the book's answer holds occupied points (its frame is off: #92,
 * #109). */
static void test_defend_vcf_book(void **state) {
    (void)state;
    char *text = test_shared_file("puzzles/lfz084.tsv", NULL);
    Solver *s = solver_new(16 << 20);
    SolveDefence *d = malloc(sizeof *d);
    assert_non_null(s);
    assert_non_null(d);
    int rows = 0, same = 0, framed = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *col[9];
        int n = 0;
        for (char *p = line; n < 9 && p; n++) {
            col[n] = p;
            p = strchr(p, '\t');
            if (p) *p++ = '\0';
        }
        if (n < 9 || strcmp(col[5], "points-vcf-defence") || !*col[8]) continue;
        rows++;
        Board *b = test_board(RULE_RENJU, 15, col[7]);
        Color me = board_to_move(b);
        assert_int_equal(me, strcmp(col[6], "black") ? COLOR_WHITE : COLOR_BLACK);
        SolveOptions o;
        solve_options_default(&o);
        o.kind = SOLVE_VCF;
        Key k = board_key(b);
        assert_int_equal(solver_defend(s, b, &o, d), GMK_OK);
        assert_true(board_key(b) == k);
        assert_int_equal(d->threat, SOLVE_WIN);
        assert_int_equal(d->undecided_len, 0);
        bool book[BOARD_CELLS] = {0}, ours[BOARD_CELLS] = {0}, off = false;
        char *sp = NULL;
        for (char *t = strtok_r(col[8], " ", &sp); t; t = strtok_r(NULL, " ", &sp)) {
            Move m = test_point(b, t);
            off |= board_cell(b, m) != CELL_EMPTY;
            book[m] = true;
        }
        for (int i = 0; i < d->moves_len; i++) ours[d->moves[i]] = true;
        if (off) { /* the book's answer is not for this board */
            framed++;
            board_free(b);
            continue;
        }
        bool equal = true;
        for (Move m = 0; m < BOARD_CELLS; m++) {
            if (book[m] == ours[m]) continue;
            equal = false;
            if (ours[m]) { /* a delaying four, or a square of the line */
                bool on_line = false;
                for (int i = 0; i < d->line_len; i++) on_line |= d->line[i] == m;
                assert_true(solve_is_four(b, m, me) || on_line);
                continue;
            }
            /* the book's point, after which the opponent has a checked VCF */
            assert_int_equal(board_play(b, m), GMK_OK);
            assert_int_equal(solve(s, b, &o, &out_buf), SOLVE_WIN);
            board_undo(b);
        }
        same += equal;
        board_free(b);
    }
    /* 27 rows with an answer: 2 in another frame, 14 the same (11 when a
     * four was followed by a pass) */
    assert_int_equal(rows, 27);
    assert_int_equal(framed, 2);
    assert_int_equal(same, 14);
    free(d);
    solver_free(s);
    free(text);
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
        cmocka_unit_test(test_pass_line),
        cmocka_unit_test(test_depth_one_or),
        cmocka_unit_test(test_parallel),
        cmocka_unit_test(test_sort_moves),
        cmocka_unit_test(test_four_five),
        cmocka_unit_test(test_checker_rejects),
        cmocka_unit_test(test_checker_forbidden_defence),
        cmocka_unit_test(test_checker_trial),
        cmocka_unit_test(test_checker_deadline),
        cmocka_unit_test(test_defend_fours),
        cmocka_unit_test(test_defend_limits),
        cmocka_unit_test(test_defend_vcf_book),
        cmocka_unit_test(test_shapeless_first_move),
        cmocka_unit_test(test_defence_every),
        cmocka_unit_test(test_shared_replay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
