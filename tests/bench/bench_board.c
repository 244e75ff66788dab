/*
 * bench_board — make+unmake speed on random legal games.
 *
 * Plays a fixed set of random games (fixed seed, 15x15, up to 80 moves each,
 * stopping at a win), then times playing and taking back every move, many
 * times over. Every make updates the Zobrist and symmetry keys, the
 * neighbourhood counts and the incremental shape state of the 40 points on
 * the four lines through the move. Prints make+unmake pairs per second and a
 * checksum (the xor of the keys seen) that must not change between runs.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "benchutil.h"
#include "gmk.h"

#define GAMES 1000
#define MAX_LEN 80


int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    Rule rules[4] = {RULE_FREESTYLE, RULE_STANDARD, RULE_RENJU, RULE_RENJU};
    for (int ri = 0; ri < 4; ri++) {
        bool light = ri == 3; /* the last run: BOARD_LIGHT, no shape state */
        Board *b = board_new_flags(15, rules[ri], light ? BOARD_LIGHT : 0);
        if (!b) return 2;
        static Move games[GAMES][MAX_LEN];
        static int len[GAMES];
        uint64_t s = 0x9e3779b97f4a7c15ULL;
        long total = 0;
        for (int g = 0; g < GAMES; g++) {
            board_reset(b);
            int n = 0;
            while (n < MAX_LEN && board_winner(b) == COLOR_NONE) {
                /* random point near the centre or near the last move */
                Move last = n ? games[g][n - 1] : point_make(7, 7);
                int x = point_x(last) + (int)(bench_rng(&s) % 7) - 3, y = point_y(last) + (int)(bench_rng(&s) % 7) - 3;
                if (x < 0 || y < 0 || x >= 15 || y >= 15) continue;
                Move p = point_make(x, y);
                if (board_cell(b, p) != CELL_EMPTY) continue;
                board_play(b, p);
                games[g][n++] = p;
            }
            len[g] = n;
            total += n;
        }
        board_reset(b);
        /* best of 5 trials: the machine may be shared */
        int reps = 4;
        uint64_t check = 0;
        double dt = 1e9;
        for (int trial = 0; trial < 5; trial++) {
            check = 0;
            double t0 = bench_now();
            for (int r = 0; r < reps; r++)
                for (int g = 0; g < GAMES; g++) {
                    for (int i = 0; i < len[g]; i++) board_play(b, games[g][i]);
                    check += board_key(b);
                    for (int i = 0; i < len[g]; i++) board_undo(b);
                }
            double t = bench_now() - t0;
            if (t < dt) dt = t;
        }
        double pairs = (double)total * reps;
        printf("board %-9s%s make+unmake: %.2f M/s (%.0f ns per pair; %ld moves x %d; checksum %016llx)\n",
               rule_name(rules[ri]), light ? " light" : "      ", pairs / dt / 1e6, dt / pairs * 1e9, total, reps,
               (unsigned long long)check);
        board_free(b);
    }
    return 0;
}
