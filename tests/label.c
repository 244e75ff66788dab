/*
 * label — positions labelled by another engine's evaluation, for the
 * evaluation's fitting (tests/tune.c, -e): every position of each game after
 * its first SKIP plies (default 6) and before its last move, sent to a
 * Gomocup engine (BOARD, with timeout_turn MS milliseconds, default 70:
 * Rapfi keeps 30 ms of a turn back for the pipes, so it searches 40), and the
 * evaluation of the side to move that the engine reports in its last
 * "MESSAGE ... Eval V" line (Rapfi's form; a mate "+M7" / "-M7" is +-30000).
 *
 *   label -r RULE [-t MS] [-s SKIP] ENGINE GAMES... > POSITIONS
 *
 * GAMES are lines as tests/tune reads them (moves from the bottom-left, a
 * TAB, the result); the output has a line per position: the moves, a TAB, V.
 * Rapfi takes a command that comes while its search thread ends for none:
 * each position starts with RESTART, sent again until it answers OK.
 * Build: make label (build/.../tests/label); tests/tune-games.sh runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matchlib.h"

#define MATE_VALUE 30000

static void usage(void) {
    fprintf(stderr, "usage: label -r RULE [-t MS] [-s SKIP] ENGINE GAMES...\n");
    exit(2);
}

/* Waits until the engine answers RESTART with OK (asking again every 30 ms, 10 s at most). */
static bool engine_ready(Engine *e) {
    char line[512];
    for (int tries = 0; tries < 330; tries++) {
        if (!engine_send(e, "RESTART")) return false;
        while (engine_recv_raw(e, line, sizeof line, 30))
            if (!strcmp(line, "OK")) return true;
    }
    return false;
}

/* The engine's evaluation of b for the side to move; false when it gave none. */
static bool evaluate(Engine *e, const Board *b, int *value) {
    if (!engine_ready(e) || !engine_send(e, "BOARD")) return false;
    int n = board_ply(b), size = board_size(b);
    for (int i = 0; i < n; i++) {
        Move m = board_move_at(b, i);
        if (!engine_send(e, "%d,%d,%d", point_x(m), size - 1 - point_y(m), (i & 1) == (n & 1) ? 1 : 2)) return false;
    }
    if (!engine_send(e, "DONE")) return false;
    char line[512];
    bool have = false;
    while (engine_recv_raw(e, line, sizeof line, 10000)) {
        const char *ev = strncmp(line, "MESSAGE", 7) ? NULL : strstr(line, "Eval ");
        if (ev) {
            ev += 5;
            int sign = *ev == '-' ? -1 : 1;
            if (*ev == '-' || *ev == '+') ev++;
            if (*ev == 'M') *value = sign * MATE_VALUE, have = true;
            else if (*ev >= '0' && *ev <= '9') *value = sign * atoi(ev), have = true;
            continue;
        }
        int x, y;
        char extra;
        if (sscanf(line, "%d,%d%c", &x, &y, &extra) == 2) return have;
    }
    return false;
}

int main(int argc, char **argv) {
    Rule rule = RULE_FREESTYLE;
    int ms = 70, skip = 6, i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (i + 1 >= argc) usage();
        if (!strcmp(argv[i], "-r")) {
            if (rule_parse(argv[++i], &rule) != GMK_OK) usage();
        } else if (!strcmp(argv[i], "-t")) ms = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-s")) skip = atoi(argv[++i]);
        else usage();
    }
    if (argc - i < 2 || ms < 1 || skip < 0) usage();
    gmk_init();
    Engine e;
    char line[4096];
    if (!engine_start(&e, argv[i]) || !engine_send(&e, "START 15") || !engine_recv(&e, line, sizeof line, 10000) ||
        strcmp(line, "OK") != 0) {
        fprintf(stderr, "label: %s: no OK to START 15\n", argv[i]);
        return 2;
    }
    engine_send(&e, "INFO rule %d", rule == RULE_RENJU ? 4 : rule == RULE_STANDARD ? 1 : 0);
    engine_send(&e, "INFO timeout_turn %d", ms);
    engine_send(&e, "INFO timeout_match 100000000");
    engine_send(&e, "INFO time_left 100000000");
    engine_send(&e, "INFO max_memory 67108864");
    Board *b = board_new(15, rule);
    if (!b) return 2;
    long n = 0, missed = 0;
    for (i++; i < argc; i++) {
        FILE *f = fopen(argv[i], "r");
        if (!f) {
            fprintf(stderr, "label: %s: cannot open\n", argv[i]);
            return 2;
        }
        int lineno = 0;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            char *tab = strchr(line, '\t');
            if (tab) *tab = '\0';
            Move mv[BOARD_MAX * BOARD_MAX];
            int k = 0;
            board_reset(b);
            for (const char *s = line; *s && *s != '\n' && k < BOARD_MAX * BOARD_MAX;) {
                int len;
                if (notation_parse_point(s, 15, ORIGIN_BOTTOM, &mv[k], &len) != GMK_OK ||
                    board_play(b, mv[k]) != GMK_OK) {
                    fprintf(stderr, "label: %s:%d: bad move at '%.4s'\n", argv[i], lineno, s);
                    k = 0;
                    break;
                }
                s += len;
                k++;
            }
            board_reset(b);
            for (int ply = 0; ply + 1 < k; ply++) {
                board_play(b, mv[ply]);
                if (ply + 1 < skip) continue;
                int v;
                if (!evaluate(&e, b, &v)) {
                    missed++;
                    continue;
                }
                char pos[BOARD_MAX * BOARD_MAX * 3 + 8];
                if (notation_format_position(b, ORIGIN_BOTTOM, pos, sizeof pos) < 0) continue;
                printf("%s\t%d\n", pos, v);
                n++;
            }
            fflush(stdout);
        }
        fclose(f);
    }
    engine_stop(&e);
    board_free(b);
    fprintf(stderr, "label: %ld positions, %ld without an evaluation\n", n, missed);
    return 0;
}
