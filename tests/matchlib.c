/*
 * matchlib.c — the referee: engine processes over pipes, the Gomocup
 * protocol from the manager's side, rule checks, Elo arithmetic.
 */
#include "matchlib.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Starts cmd under sh with pipes on its stdin and stdout. */
bool engine_start(Engine *e, const char *cmd) {
    int in[2], out[2];
    memset(e, 0, sizeof *e);
    e->cmd = cmd;
    if (pipe(in) < 0) return false;
    if (pipe(out) < 0) {
        close(in[0]);
        close(in[1]);
        return false;
    }
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    e->pid = pid;
    e->to = fdopen(in[1], "w");
    e->from = out[0];
    signal(SIGPIPE, SIG_IGN);
    return e->to != NULL;
}

/* Writes one line to the engine and flushes it. */
bool engine_send(Engine *e, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(e->to, fmt, ap);
    va_end(ap);
    if (r < 0 || fputc('\n', e->to) == EOF || fflush(e->to) == EOF) return false;
    return true;
}

/* Monotonic clock in milliseconds. */
static long long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool recv_line(Engine *e, char *line, size_t cap, int timeout_ms, bool raw);

/* Next answer line within the timeout (MESSAGE and DEBUG lines skipped). */
bool engine_recv(Engine *e, char *line, size_t cap, int timeout_ms) {
    return recv_line(e, line, cap, timeout_ms, false);
}

bool engine_recv_raw(Engine *e, char *line, size_t cap, int timeout_ms) {
    return recv_line(e, line, cap, timeout_ms, true);
}

static bool recv_line(Engine *e, char *line, size_t cap, int timeout_ms, bool raw) {
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            size_t n = (size_t)(nl - e->buf);
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(line, e->buf, k);
            while (k && line[k - 1] == '\r') k--;
            line[k] = '\0';
            memmove(e->buf, nl + 1, e->len - n - 1);
            e->len -= n + 1;
            /* ERROR and UNKNOWN: Rapfi answers some INFO lines after a move
             * that found a forced win with "ERROR Unknown command: ..."
             * (INFO time_left, most often); they are no answer to what comes
             * next, and c-gomoku-cli reads past them too */
            if (!k || (!raw && (!strncmp(line, "MESSAGE", 7) || !strncmp(line, "DEBUG", 5) ||
                                !strncmp(line, "SUGGEST", 7) || !strncmp(line, "ERROR", 5) ||
                                !strncmp(line, "UNKNOWN", 7))))
                continue;
            return true;
        }
        if (e->len == sizeof e->buf) e->len = 0; /* an absurd line: drop it */
        long long left = deadline - now_ms();
        if (left <= 0) return false;
        struct pollfd pfd = {e->from, POLLIN, 0};
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        ssize_t got = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return false;
        e->len += (size_t)got;
    }
}

/* END, then SIGKILL if the engine lingers; reaps it. */
void engine_stop(Engine *e) {
    if (!e->pid) return;
    engine_send(e, "END");
    if (e->to) fclose(e->to);
    e->to = NULL;
    int status;
    for (int i = 0; i < 100; i++) {
        if (waitpid(e->pid, &status, WNOHANG) == e->pid) {
            e->pid = 0;
            break;
        }
        usleep(10000);
    }
    if (e->pid) {
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &status, 0);
        e->pid = 0;
    }
    close(e->from);
}

/* ---- refereeing --------------------------------------------------------- */

/* Records the end of a game. */
static void end_game(MatchResult *res, MatchWinner w, const char *why) {
    res->winner = w;
    snprintf(res->reason, sizeof res->reason, "%s", why);
}

/* Sends the position to e as a BOARD command (own = colour c). */
static bool send_board(Engine *e, const MatchSettings *gs, const Board *b, Color c) {
    if (!engine_send(e, "BOARD")) return false;
    for (int i = 0; i < board_ply(b); i++) {
        Move m = board_move_at(b, i);
        if (m == MOVE_PASS) continue;
        Color mc = (Color)(board_cell(b, m) - 1);
        if (!engine_send(e, "%d,%d,%d", point_x(m), gs->size - 1 - point_y(m), mc == c ? 1 : 2))
            return false;
    }
    return engine_send(e, "DONE");
}

bool engine_new_game(Engine *e, const MatchSettings *gs) {
    char line[256];
    if (!engine_send(e, "START %d", gs->size)) return false;
    if (!engine_recv(e, line, sizeof line, 10000) || strcmp(line, "OK") != 0) return false;
    int rule = gs->rule == RULE_RENJU ? 4 : gs->rule == RULE_STANDARD ? 1 : 0;
    return engine_send(e, "INFO rule %d", rule) && engine_send(e, "INFO timeout_turn %d", gs->turn_ms) &&
           engine_send(e, "INFO timeout_match %d", gs->match_ms) &&
           engine_send(e, "INFO max_memory %lld", gs->memory_mb ? gs->memory_mb << 20 : 64LL << 20) &&
           engine_send(e, "INFO game_type 1");
}

void game_play(const MatchSettings *gs, Engine *black, Engine *white, const Move *opening,
               int opening_len, MatchResult *res) {
    memset(res, 0, sizeof *res);
    Board *b = board_new(gs->size, gs->rule);
    Engine *eng[2] = {black, white};
    long long left[2] = {gs->match_ms, gs->match_ms};
    if (!b) {
        end_game(res, MATCH_DRAW, "out-of-memory");
        return;
    }
    for (int c = 0; c < 2; c++)
        if (!engine_new_game(eng[c], gs)) {
            end_game(res, c ? MATCH_BLACK : MATCH_WHITE, "crash");
            board_free(b);
            return;
        }
    for (int i = 0; i < opening_len; i++) board_play(b, opening[i]);
    bool seen[2] = {false, false};
    Move last = MOVE_NONE;
    for (;;) {
        if (board_winner(b) != COLOR_NONE) {
            end_game(res, board_winner(b) == COLOR_BLACK ? MATCH_BLACK : MATCH_WHITE, "five");
            break;
        }
        if (board_full(b)) {
            end_game(res, MATCH_DRAW, "full-board");
            break;
        }
        Color c = board_to_move(b);
        Engine *e = eng[c];
        MatchWinner other = c == COLOR_BLACK ? MATCH_WHITE : MATCH_BLACK;
        /* a negative time_left is an unknown command to some engines (Rapfi) */
        if (gs->match_ms) engine_send(e, "INFO time_left %lld", left[c] > 0 ? left[c] : 0);
        bool ok = seen[c] && last != MOVE_NONE
                      ? engine_send(e, "TURN %d,%d", point_x(last), gs->size - 1 - point_y(last))
                      : send_board(e, gs, b, c);
        seen[c] = true;
        char line[256];
        long long t0 = now_ms();
        int limit = gs->turn_ms + gs->tolerance_ms;
        if (gs->match_ms && left[c] + gs->tolerance_ms < limit) limit = (int)(left[c] + gs->tolerance_ms);
        if (!ok || !engine_recv(e, line, sizeof line, limit)) {
            end_game(res, other, ok ? "timeout" : "crash");
            break;
        }
        long long dt = now_ms() - t0;
        if (dt > res->max_ms) res->max_ms = (int)dt;
        left[c] -= dt;
        if (gs->log) fprintf(gs->log, "%s -> %s (%lld ms)\n", c == COLOR_BLACK ? "black" : "white", line, dt);
        int x, y;
        char extra;
        if (sscanf(line, "%d,%d%c", &x, &y, &extra) != 2 || x < 0 || y < 0 || x >= gs->size ||
            y >= gs->size) {
            end_game(res, other, "illegal-answer");
            break;
        }
        Move m = point_make(x, gs->size - 1 - y);
        if (board_cell(b, m) != CELL_EMPTY) {
            end_game(res, other, "occupied-point");
            break;
        }
        if (c == COLOR_BLACK && gs->rule == RULE_RENJU && board_forbidden(b, m) != FORBID_NONE) {
            end_game(res, MATCH_WHITE, "forbidden");
            break;
        }
        board_play(b, m);
        last = m;
    }
    res->moves = 0;
    for (int i = 0; i < board_ply(b); i++)
        if (board_move_at(b, i) != MOVE_PASS) res->record[res->moves++] = board_move_at(b, i);
    board_free(b);
}

/* Elo difference of a score fraction. */
double elo_of(double s) {
    if (s <= 0) s = 1e-6;
    if (s >= 1) s = 1 - 1e-6;
    return -400.0 * log10(1.0 / s - 1.0);
}

/* Elo and the half width of its 95% interval (normal approximation) from
 * count[0..k-1]: how many times A scored j / (k - 1) of the points (games:
 * k = 3, losses, draws, wins; pairs of games: k = 5). */
static void elo_of_counts(const int *count, int k, double *elo, double *margin) {
    int n = 0;
    double sum = 0;
    for (int j = 0; j < k; j++) n += count[j], sum += count[j] * ((double)j / (k - 1));
    if (n == 0) {
        *elo = *margin = 0;
        return;
    }
    double s = sum / n, var = 0;
    for (int j = 0; j < k; j++) var += count[j] * ((double)j / (k - 1) - s) * ((double)j / (k - 1) - s);
    double se = sqrt(var / n / n);
    *elo = elo_of(s);
    double hi = s + 1.96 * se, lo = s - 1.96 * se;
    *margin = (elo_of(hi) - elo_of(lo)) / 2;
}

void elo_margin(int wins, int draws, int losses, double *elo, double *margin) {
    const int count[3] = {losses, draws, wins};
    elo_of_counts(count, 3, elo, margin);
}

void elo_margin_pairs(const int pairs[5], double *elo, double *margin) { elo_of_counts(pairs, 5, elo, margin); }
