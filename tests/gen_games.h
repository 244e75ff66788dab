/*
 * gen_games.h — synthetic but plausible game records for book tests and
 * benchmarks (header-only: included by tests/bench/bench_book.c, which also
 * writes them out with --generate N, and by the unit tests).
 *
 * A game opens with one of the 26 standard renju openings in one of the 8
 * orientations, then each side picks among the empty points around the last
 * move (3x3, or 5x5 when those are taken): every candidate gets a preference
 * that is a fixed function of the position and the move (a hash of the
 * canonical key and the canonical move, so all 8 images agree), and the side
 * plays its 1st, 2nd, 3rd or 4th preferred move with probability 60, 25, 10
 * and 5%. Like players who follow theory, games
 * share their first moves often and drift apart later. A game ends at a five
 * or at a length drawn in 16..80, with a stated result then (45% black, 45%
 * white, 10% draw). Everything follows from the seed.
 */
#ifndef GMK_GEN_GAMES_H
#define GMK_GEN_GAMES_H

#include <stdio.h>
#include <string.h>

#include "gmk.h"

/* The 26 openings: black h8, white h9 or i9, black's third move. */
static const char *const GEN_OPENINGS[26] = {
    "h8h9h10", "h8h9i10", "h8h9j10", "h8h9i9", "h8h9j9", "h8h9i8", "h8h9j8", "h8h9h7", "h8h9i7",
    "h8h9j7", "h8h9h6", "h8h9i6", "h8h9j6", "h8i9j10", "h8i9j9", "h8i9j8", "h8i9j7", "h8i9j6",
    "h8i9i8", "h8i9i7", "h8i9i6", "h8i9h7", "h8i9h6", "h8i9g7", "h8i9g6", "h8i9f6",
};

/* Generator state. */
typedef struct {
    uint64_t s;          /* xorshift state */
    Board *b;            /* light 15x15 board */
    Rule rule;
} GenGames;

static inline uint64_t gen_rand(GenGames *g) {
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 0x2545f4914f6cdd1dULL;
}

/* splitmix-style mix of a key and a move code. */
static inline uint64_t gen_mix(uint64_t k, unsigned code) {
    uint64_t z = k + 0x9e3779b97f4a7c15ULL * (code + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline bool gen_init(GenGames *g, uint64_t seed, Rule rule) {
    g->s = seed ? seed : 1;
    g->rule = rule;
    g->b = board_new_flags(15, rule, BOARD_LIGHT);
    return g->b != NULL;
}

static inline void gen_free(GenGames *g) { board_free(g->b); }

/* Plays one game on g->b; returns its result. */
static inline GameResult gen_game(GenGames *g) {
    Board *b = g->b;
    board_reset(b);
    const char *op = GEN_OPENINGS[gen_rand(g) % 26];
    int t = (int)(gen_rand(g) % 8);
    for (const char *p = op; *p;) {
        Move m;
        int used;
        notation_parse_point(p, 15, ORIGIN_BOTTOM, &m, &used);
        board_play(b, sym_point(m, t, 15));
        p += used;
    }
    int len = 16 + (int)(gen_rand(g) % 65);
    while (board_ply(b) < len && board_winner(b) == COLOR_NONE) {
        int tk;
        Key key = board_canonical_key(b, &tk);
        Move last = board_move_at(b, board_ply(b) - 1);
        Move best[4] = {MOVE_NONE, MOVE_NONE, MOVE_NONE, MOVE_NONE};
        uint64_t score[4] = {0, 0, 0, 0};
        /* candidates: the empty points around the last move (3x3, else 5x5) */
        for (int r = 1; r <= 2 && best[0] == MOVE_NONE; r++)
            for (int dy = -r; dy <= r; dy++)
                for (int dx = -r; dx <= r; dx++) {
                    int x = point_x(last) + dx, y = point_y(last) + dy;
                    if (x < 0 || y < 0 || x >= 15 || y >= 15) continue;
                    Move p = point_make(x, y);
                    if (board_cell(b, p) != CELL_EMPTY) continue;
                    Move cm = sym_point(p, tk, 15);
                    uint64_t v = gen_mix(key, (unsigned)(point_y(cm) * 15 + point_x(cm)));
                    for (int k = 0; k < 4; k++)
                        if (best[k] == MOVE_NONE || v > score[k]) {
                            for (int j = 3; j > k; j--) {
                                best[j] = best[j - 1];
                                score[j] = score[j - 1];
                            }
                            best[k] = p;
                            score[k] = v;
                            break;
                        }
                }
        if (best[0] == MOVE_NONE) break; /* boxed in: the game ends here */
        /* 1st choice 60%, 2nd 25%, 3rd 10%, 4th 5% */
        unsigned r = (unsigned)(gen_rand(g) % 100);
        int k = r < 60 ? 0 : r < 85 ? 1 : r < 95 ? 2 : 3;
        while (k > 0 && best[k] == MOVE_NONE) k--;
        board_play(b, best[k]);
    }
    Color w = board_winner(b);
    if (w != COLOR_NONE) return w == COLOR_BLACK ? RESULT_BLACK : RESULT_WHITE;
    unsigned r = (unsigned)(gen_rand(g) % 100);
    return r < 45 ? RESULT_BLACK : r < 90 ? RESULT_WHITE : RESULT_DRAW;
}

/* Writes one game as a move-list line: "h8i9...\t1-0\n". */
static inline void gen_write_game(GenGames *g, GameResult r, FILE *f) {
    char buf[MOVES_MAX * 3 + 16];
    notation_format_position(g->b, ORIGIN_BOTTOM, buf, sizeof buf);
    fprintf(f, "%s\t%s\n", buf, r == RESULT_BLACK ? "1-0" : r == RESULT_WHITE ? "0-1" : "1/2-1/2");
}

#endif
