/*
 * bench_eval — the in-process cost of one full gmk-eval of a 15x15
 * middle-game position: threat points of both sides (five, four, open four,
 * open three, three), renju forbidden points, the top 5 candidates with the
 * seed valuation and the position score. Positions: 200 random games (fixed
 * seed) stopped at 40 moves, under each rule; each position is evaluated 20
 * times in a row (a program evaluates one position with its board in cache). Also the generator's figures:
 * table sizes.
 */
#include <stdio.h>
#include <time.h>

#include <string.h>

#include "board/catalog.h"
#include "benchutil.h"
#include "gmk.h"


#define POSITIONS 200

extern const char SHAPES_CATALOG_TEXT[];

/* The generator's work, timed: catalogue -> both ternary tables. */
static void bench_tables(void) {
    static uint8_t table[LINE_RULES][WINDOW_KEYS], pattern[LINE_RULES][WINDOW_KEYS];
    static uint8_t pair[WINDOW_INDEXES];
    CatalogError err;
    double t0 = bench_now();
    Catalog *cat = catalog_new();
    if (!cat || catalog_add_text(cat, SHAPES_CATALOG_TEXT, strlen(SHAPES_CATALOG_TEXT), &err)) {
        printf("shapes: catalogue failed\n");
        return;
    }
    for (int r = 0; r < LINE_RULES; r++) catalog_build_table(cat, r, table[r], pattern[r]);
    double t1 = bench_now();
    shapes_pair_build(pair, table[1], table[0]);
    double t2 = bench_now();
    printf("shapes: %d PCRE2 patterns over 2 x %d windows in %.2f s; ternary tables %zu bytes "
           "(+%zu pattern index); pair table %d bytes per rule, built in %.1f ms\n",
           catalog_count(cat), WINDOW_KEYS, t1 - t0, sizeof table, sizeof pattern, WINDOW_INDEXES,
           (t2 - t1) * 1e3);
    catalog_free(cat);
}

int main(void) {
    bench_tables();
    for (int r = 0; r < RULE_NB; r++) {
        static Board *boards[POSITIONS];
        uint64_t s = 12345 + (uint64_t)r;
        for (int i = 0; i < POSITIONS; i++) {
            Board *b = boards[i] = board_new(15, (Rule)r);
            if (!b) return 2;
            while (board_ply(b) < 40 && board_winner(b) == COLOR_NONE) {
                Move last = board_ply(b) ? board_move_at(b, board_ply(b) - 1) : point_make(7, 7);
                int x = point_x(last) + (int)(bench_rng(&s) % 7) - 3, y = point_y(last) + (int)(bench_rng(&s) % 7) - 3;
                Move p = point_make(x, y);
                if (x < 0 || y < 0 || x >= 15 || y >= 15 || board_cell(b, p) != CELL_EMPTY) continue;
                /* no five: keep the games going */
                if (board_wins_at(b, p, board_to_move(b))) continue;
                board_play(b, p);
            }
        }
        long sum = 0;
        double best = 1e9;
        for (int trial = 0; trial < 5; trial++) {
            double t0 = bench_now();
            for (int i = 0; i < POSITIONS; i++)
                for (int rep = 0; rep < 20; rep++) {
                    Board *b = boards[i];
                    static ThreatReport tr;
                    board_threats(b, &tr);
                    sum += tr.n[0][THREAT_THREE] + tr.n[1][THREAT_OPEN_THREE] + tr.nforbidden;
                    PointValue v[5];
                    sum += eval_candidates(b, v, 5) + v[0].score;
                }
            double t = (bench_now() - t0) / (20.0 * POSITIONS);
            if (t < best) best = t;
        }
        printf("eval  %-9s full gmk-eval of a 40-stone position: %.2f us (checksum %ld)\n",
               rule_name((Rule)r), best * 1e6, sum);
        for (int i = 0; i < POSITIONS; i++) board_free(boards[i]);
    }
    return 0;
}
