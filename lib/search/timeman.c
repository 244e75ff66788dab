/*
 * timeman.c — the search clock and time allocation.
 *
 * A search has a hard limit (stop at once, the last completed iteration's
 * move is played) and a soft limit (do not start another iteration: the next
 * one usually costs several times the last). With --time T alone the hard
 * limit is T and the soft limit T/2.
 *
 * Gomocup games (timeout_turn, timeout_match, time_left, all in ms): the
 * move gets three times the even share of the remaining match time over the
 * moves still to come (a fifth of the empty points, 15..60), at most a
 * sixth of what is left, and never more than timeout_turn minus a margin.
 * The margins cover the manager's pipes and process scheduling: 8 ms + 1/16
 * of timeout_turn (at most 508 ms: 80 ms leaves 67 ms to think), and 30 ms +
 * 1/16 of the match time left, and 3 ms for each move to come (out of
 * time, a move gets 1 ms). The soft limit is 85% of the hard one. At
 * tc=2/0.08 this plays about 1.5 times as long as the margins of 30 ms + 10%,
 * a soft limit of 45% and twice the even share did (they left most of the
 * game's time unused): +45 +- 48 and +58 +- 49 Elo in two 200-game
 * self-play matches (README, Performance). With a soft limit of 60%
 * gmk-search still thought 27 ms a move on average against Rapfi's 35 ms
 * (renju, tc=2/0.08); at 85% 30 ms, and 30.9% against 27.8% of the points
 * in 200-game matches against Rapfi classical (issue 52).
 */
#include "timeman.h"

#include <time.h>

/* Monotonic clock in microseconds. */
int64_t timeman_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Starts the clock of a search with its hard and soft limits. */
void timeman_start(TimeMan *tm, const SearchLimits *lim) {
    tm->start_us = timeman_now_us();
    tm->hard_ms = lim->time_ms;
    tm->soft_ms = lim->time_soft_ms ? lim->time_soft_ms : lim->time_ms / 2;
    if (tm->hard_ms && tm->soft_ms > tm->hard_ms) tm->soft_ms = tm->hard_ms;
}

/* Milliseconds since the search started. */
int64_t timeman_elapsed_ms(const TimeMan *tm) {
    return (timeman_now_us() - tm->start_us) / 1000;
}

#define TIMEMAN_MAX_MS ((int64_t)365 * 24 * 3600 * 1000)

/* The margins kept back from a turn allowance and from the match time
 * left: pipes, process scheduling on a busy machine, unwinding the search. */
static int64_t turn_margin(int64_t t) { return 8 + (t / 16 < 500 ? t / 16 : 500); }
static int64_t match_margin(int64_t t) { return 30 + (t / 16 < 500 ? t / 16 : 500); }

void timeman_allocate(const GameClock *clk, int moves_played, int size, int64_t *hard_ms,
                      int64_t *soft_ms) {
    int64_t hard = 0;
    if (clk->match_ms > 0 && clk->left_ms >= 0) {
        int empties = size * size - moves_played;
        int moves_to_go = empties / 5;
        if (moves_to_go < 15) moves_to_go = 15;
        if (moves_to_go > 60) moves_to_go = 60;
        /* besides the margin, 3 ms for each move to come: what a move
         * costs outside the search (pipes, waking up on a busy machine) */
        int64_t left = clk->left_ms - match_margin(clk->left_ms) - 3 * moves_to_go;
        if (left < 1) left = 1;
        hard = left / moves_to_go * 3;
        if (hard > left / 6) hard = left / 6;
        if (hard < 1) hard = 1;
    }
    if (clk->turn_ms > 0) {
        int64_t turn = clk->turn_ms - turn_margin(clk->turn_ms);
        if (turn < 1) turn = 1;
        if (!hard || turn < hard) hard = turn;
    }
    /* a year at most: the soft limit below must not overflow (a manager
     * may send any number; found by fuzz_protocol) */
    if (hard > TIMEMAN_MAX_MS) hard = TIMEMAN_MAX_MS;
    *hard_ms = hard;
    *soft_ms = hard ? hard * 85 / 100 : 0;
    if (hard && *soft_ms < 1) *soft_ms = 1;
}
