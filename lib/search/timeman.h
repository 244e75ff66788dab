/* timeman.h — the search clock and time allocation (see timeman.c). */
#ifndef GMK_TIMEMAN_H
#define GMK_TIMEMAN_H

#include "gmk_search.h"

/* The clock of one search. */
typedef struct {
    int64_t start_us;   /* monotonic start time, microseconds */
    int64_t soft_ms;    /* start no new iteration after this; 0 = none */
    int64_t hard_ms;    /* stop the search at this; 0 = none */
} TimeMan;

int64_t timeman_now_us(void);                     /* monotonic clock */
void timeman_start(TimeMan *tm, const SearchLimits *lim);
int64_t timeman_elapsed_ms(const TimeMan *tm);

/* Gomocup clock: what one move may take. */
typedef struct {
    int64_t turn_ms;    /* timeout_turn: most per move; 0 = none given */
    int64_t match_ms;   /* timeout_match: whole game; 0 = unlimited */
    int64_t left_ms;    /* time_left: what remains of the match; <0 = unknown */
} GameClock;

/* Splits a game clock into a hard and a soft limit for the next move, with
 * a safety margin for the time the manager and the pipes take. moves_played
 * (stones on the board) and size estimate how long the game still runs. */
void timeman_allocate(const GameClock *clk, int moves_played, int size, int64_t *hard_ms,
                      int64_t *soft_ms);

#endif
