/*
 * matchlib.h — plays games between Gomocup (pbrain) engines over pipes: the
 * referee of tests/match.c and of the protocol session test.
 */
#ifndef GMK_MATCHLIB_H
#define GMK_MATCHLIB_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

#include "gmk.h"

/* An engine process. */
typedef struct {
    pid_t pid;            /* child process, 0 if none */
    FILE *to;             /* its stdin */
    int from;             /* its stdout (read end) */
    char buf[8192];       /* bytes read and not yet returned */
    size_t len;           /* bytes in buf */
    const char *cmd;      /* shell command it runs */
} Engine;

/* Starts "sh -c cmd". False on failure. */
bool engine_start(Engine *e, const char *cmd);
/* Sends one line (a newline is added). False when the pipe is closed. */
bool engine_send(Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Next answer line that is not MESSAGE/DEBUG/SUGGEST, within timeout_ms;
 * false on timeout or end of output. */
bool engine_recv(Engine *e, char *line, size_t cap, int timeout_ms);
/* The same, every line (MESSAGE ... included, empty ones not). */
bool engine_recv_raw(Engine *e, char *line, size_t cap, int timeout_ms);
/* Sends END, waits a little, then kills; reaps the process. */
void engine_stop(Engine *e);

/* How a game went. */
typedef enum { MATCH_DRAW = 0, MATCH_BLACK = 1, MATCH_WHITE = 2 } MatchWinner;

typedef struct {
    MatchWinner winner;        /* who won */
    char reason[96];          /* "five", "full-board", "forbidden", "timeout", "illegal-answer", "occupied-point", "crash" */
    int moves;                /* stones on the board at the end */
    Move record[BOARD_MAX * BOARD_MAX]; /* the game, opening included */
    int max_ms;               /* slowest answer */
} MatchResult;

/* Settings of a game. */
typedef struct {
    Rule rule;                /* rule */
    int size;                 /* board side */
    int turn_ms;              /* INFO timeout_turn sent to both */
    int match_ms;             /* INFO timeout_match (0 none) */
    int tolerance_ms;         /* extra time before an answer counts as too late */
    FILE *log;                /* protocol traffic is written here when not NULL */
    long long memory_mb;      /* INFO max_memory in MB (0: 64, as c-gomoku-cli's matches
                                 here: an engine that clears a larger table at its first
                                 move, as Rapfi does, can take most of a second for it) */
} MatchSettings;

/* Starts a game on an engine: START (answered OK within 10 s), then the
 * INFO lines of gs. False when the engine fails any of it. */
bool engine_new_game(Engine *e, const MatchSettings *gs);

/* Plays a game from the opening (stones from the empty board, black first)
 * between two running engines. The engines get START, INFO, BOARD for the
 * position after the opening and TURN afterwards. */
void game_play(const MatchSettings *gs, Engine *black, Engine *white, const Move *opening,
               int opening_len, MatchResult *res);

/* Elo difference of a score fraction s (0 < s < 1) and the half width of its
 * 95% confidence interval from the wins, draws and losses. */
double elo_of(double s);
void elo_margin(int wins, int draws, int losses, double *elo, double *margin);
/* The same from game pairs (an opening played twice, colours swapped):
 * pairs[k] pairs in which A scored k/2 points (k = 0..4). The variance is
 * the pairs' (the pentanomial model): where the colour decides most games,
 * a pair is mostly 1-1 and the games of a pair are far from independent,
 * so the per-game interval above is much too wide. */
void elo_margin_pairs(const int pairs[5], double *elo, double *margin);

#endif
