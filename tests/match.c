/*
 * match — plays games between two engine configurations over the Gomocup
 * protocol and prints wins, draws, losses and the Elo difference with its
 * 95% error margin, once from the games and once from the game pairs (the
 * two games of an opening: where the colour decides most games, as at
 * 2 s + 80 ms a move from these openings, most pairs are 1-1 and the
 * interval from the pairs is half as wide or less, and the right one when
 * every pair has an opening of its own: see below). `make match` runs it;
 * see the usage below.
 *
 * Openings: each is played twice, colours swapped. By default they come from
 * ../shared/data/openings when present (renju: the 26 standard openings;
 * freestyle and standard: the Gomocup openings that fit on the board), else
 * from tests/match_openings.txt (positions made for this project). For an
 * A/B test of two versions, tests/ab_openings_RULE.txt with -g 400 gives
 * every game pair an opening of its own: where pairs repeat an opening,
 * engines this deterministic often repeat the games, the pairs are not
 * independent, and both intervals are too narrow (the same change measured
 * +31 +- 24 by pairs on the 60 Gomocup openings at 200 games and -53 +- 29
 * on 200 distinct openings at 400; a control of main against itself there:
 * +7 +- 26). A note says when openings repeat. An
 * engine is any shell command that speaks the protocol, e.g.
 * "bin/gmk-search --nodes 20000" or "bin/gmk-search --simple".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "matchlib.h"

#define OPENING_LEN 16

typedef struct {
    Move m[OPENING_LEN];
    int n;
} Opening;

typedef struct {
    MatchSettings gs;
    int games;                 /* games to play (rounded up to pairs) */
    int jobs;                  /* games played at once */
    const char *cmd[2];        /* engine A, engine B */
    const char *openings;      /* file, or NULL for the defaults */
    const char *shared;        /* shared data folder */
    const char *records;       /* file for the game records, or NULL */
    bool verbose;              /* a line per game */
    Opening *op;               /* the openings, grown as read */
    int op_count, op_cap;
} Match;

/* Prints the usage and exits 2. */
static void usage(void) {
    fprintf(stderr,
            "usage: match [options] ENGINE_A ENGINE_B\n"
            "  -r RULE        freestyle, standard or renju (default freestyle)\n"
            "  -s N           board size (default 15)\n"
            "  -g N           games (default 20; each opening twice, colours swapped)\n"
            "  -j N           games at once (default 1)\n"
            "  -t MS          timeout_turn sent to the engines (default 1000)\n"
            "  --tc G/M       time control in seconds, c-gomoku-cli style: G a game (timeout_match,\n"
            "                 time_left kept by the referee) and M a move (timeout_turn), e.g. 2/0.08\n"
            "  --tolerance MS extra time before a late answer loses (default 1000)\n"
            "  --memory MB    INFO max_memory sent to the engines (default 64)\n"
            "  --openings F   positions, one per line, as moves or as Gomocup offsets \"dx,dy, ...\"\n"
            "                 from the centre (default: shared data or tests/match_openings.txt)\n"
            "  --shared DIR   shared data folder (default ../shared/data)\n"
            "  -o FILE        write the game records (position TAB result)\n"
            "  -v             one line per game\n"
            "  --log FILE     every answer of the engines, with its time\n");
    exit(2);
}

/* Parses one opening written as moves; false if it is not a legal start. */
static bool opening_add(Match *mt, const char *text) {
    if (mt->op_count == mt->op_cap) {
        int cap = mt->op_cap ? 2 * mt->op_cap : 64;
        Opening *op = realloc(mt->op, (size_t)cap * sizeof *op);
        if (!op) {
            fprintf(stderr, "match: out of memory for %d openings\n", cap);
            exit(2);
        }
        mt->op = op, mt->op_cap = cap;
    }
    Board *b = board_new(mt->gs.size, mt->gs.rule);
    if (!b) return false;
    size_t len = strcspn(text, "\t\r\n");
    bool ok = notation_parse_position(b, text, len, ORIGIN_BOTTOM, NULL) == GMK_OK &&
              board_winner(b) == COLOR_NONE && board_ply(b) <= OPENING_LEN && board_ply(b) > 0;
    if (ok) {
        Opening *o = &mt->op[mt->op_count++];
        o->n = board_ply(b);
        for (int i = 0; i < o->n; i++) o->m[i] = board_move_at(b, i);
    }
    board_free(b);
    return ok;
}

/* One Gomocup opening line, "dx,dy, dx,dy, ..." from the centre (black
 * first), as moves; false if a stone falls off the board or the line is
 * not of that form. */
static bool offsets_to_moves(const Match *mt, const char *line, char *text, size_t cap) {
    int c = mt->gs.size / 2;
    size_t n = 0;
    const char *s = line;
    int dx, dy, k;
    text[0] = 0;
    while (sscanf(s, " %d , %d ,%n", &dx, &dy, &k) >= 2 || sscanf(s, " %d , %d%n", &dx, &dy, &k) >= 2) {
        int x = c + dx, y = c + dy;
        if (x < 0 || y < 0 || x >= mt->gs.size || y >= mt->gs.size) return false;
        char pt[8];
        if (n + 8 >= cap) return false;
        notation_point_str(point_make(x, y), mt->gs.size, ORIGIN_BOTTOM, pt);
        n += (size_t)snprintf(text + n, cap - n, "%s", pt);
        s += k;
        if (!*s || *s == '\n' || *s == '\r') break;
    }
    return n > 0;
}

/* Is the line in the offsets form ("dx,dy, ...")? */
static bool is_offsets_line(const char *line) {
    int dx, dy;
    return sscanf(line, " %d , %d", &dx, &dy) == 2;
}

/* Openings from a file of positions (first field; '#' comments), or of
 * Gomocup offsets from the centre ("dx,dy, ..."; those that fit). */
static void openings_from_file(Match *mt, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "match: %s: %s\n", path, strerror(errno));
        exit(2);
    }
    char line[1024], text[512];
    long no = 0;
    while (fgets(line, sizeof line, f)) {
        no++;
        if (line[0] == '#' || line[0] == '\n') continue;
        bool ok = is_offsets_line(line) ? offsets_to_moves(mt, line, text, sizeof text) && opening_add(mt, text)
                                        : opening_add(mt, line);
        if (!ok)
            fprintf(stderr, "match: %s:%ld: not a legal opening of 1-%d stones on this board, skipped\n",
                    path, no, OPENING_LEN);
    }
    fclose(f);
}

/* Renju: the 26 standard openings (moves in the last column). */
static void openings_renju26(Match *mt, FILE *f) {
    char line[1024];
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        char *last = strrchr(line, '\t');
        if (last) opening_add(mt, last + 1);
    }
}

/* Gomocup openings: "dx,dy, dx,dy, ..." from the centre; those that fit. */
static void openings_offsets(Match *mt, FILE *f) {
    char line[1024], text[512];
    while (fgets(line, sizeof line, f))
        if (offsets_to_moves(mt, line, text, sizeof text)) opening_add(mt, text);
}

/* tests/match_openings.txt from the top of the tree, else where the build
 * found it (make passes its absolute path), so the referee runs from any
 * directory. */
static const char *match_openings_path(void) {
    static const char here[] = "tests/match_openings.txt";
#ifdef MATCH_OPENINGS
    if (access(here, R_OK) != 0 && access(MATCH_OPENINGS, R_OK) == 0) return MATCH_OPENINGS;
#endif
    return here;
}

/* The openings: --openings, else the shared data, else tests/match_openings.txt. */
static void openings_load(Match *mt) {
    if (mt->openings) {
        openings_from_file(mt, mt->openings);
    } else {
        char path[1024];
        FILE *f = NULL;
        if (mt->gs.rule == RULE_RENJU) {
            snprintf(path, sizeof path, "%s/openings/renju26_openings.tsv", mt->shared);
            if ((f = fopen(path, "r"))) openings_renju26(mt, f);
        } else {
            snprintf(path, sizeof path, "%s/openings/gomocup_openings_20.txt", mt->shared);
            if ((f = fopen(path, "r"))) openings_offsets(mt, f);
        }
        if (f) fclose(f);
        if (mt->op_count < 4) openings_from_file(mt, match_openings_path());
    }
    if (!mt->op_count) {
        fprintf(stderr, "match: no openings fit this board and rule\n");
        exit(2);
    }
}

/* Plays game i (opening i/2, engine A black when i is even) and writes
 * "i result reason moves record" to out. */
static void play_one(Match *mt, Engine eng[2], int i, FILE *out) {
    const Opening *o = &mt->op[(i / 2) % mt->op_count];
    int a_black = i % 2 == 0;
    for (int k = 0; k < 2; k++)
        if (!eng[k].pid && !engine_start(&eng[k], mt->cmd[k])) {
            fprintf(stderr, "match: cannot start %s\n", mt->cmd[k]);
            exit(2);
        }
    MatchResult r;
    game_play(&mt->gs, a_black ? &eng[0] : &eng[1], a_black ? &eng[1] : &eng[0], o->m, o->n, &r);
    /* an engine that crashed or timed out is restarted for the next game */
    if (strcmp(r.reason, "five") && strcmp(r.reason, "full-board") && strcmp(r.reason, "forbidden")) {
        engine_stop(&eng[0]);
        engine_stop(&eng[1]);
    }
    int a_result = r.winner == MATCH_DRAW ? 0 : (r.winner == MATCH_BLACK) == a_black ? 1 : -1;
    char rec[BOARD_MAX * BOARD_MAX * 3 + 1] = "";
    size_t n = 0;
    for (int k = 0; k < r.moves; k++) {
        char pt[8];
        notation_point_str(r.record[k], mt->gs.size, ORIGIN_BOTTOM, pt);
        n += (size_t)snprintf(rec + n, sizeof rec - n, "%s", pt);
    }
    fprintf(out, "%d %d %d %d %s %s\n", i, a_result, r.max_ms, r.moves, r.reason[0] ? r.reason : "-", rec);
    fflush(out);
}

/* Fails the match at once when an engine cannot start or does not answer
 * START with OK (a mistyped command would otherwise lose every game). */
static void engine_check(const Match *mt, const char *cmd) {
    Engine e;
    bool ok = engine_start(&e, cmd) && engine_new_game(&e, &mt->gs);
    if (e.pid) engine_stop(&e);
    if (!ok) {
        fprintf(stderr, "match: %s: does not start or answer START with OK\n", cmd);
        exit(2);
    }
}

/* Forks the jobs, collects the results, prints the score and Elo. */
int main(int argc, char **argv) {
    static Match mt;
    mt.gs.rule = RULE_FREESTYLE;
    mt.gs.size = 15;
    mt.gs.turn_ms = 1000;
    mt.gs.tolerance_ms = 1000;
    mt.games = 20;
    mt.jobs = 1;
    mt.shared = getenv("GMK_SHARED") ? getenv("GMK_SHARED") : "../shared/data";
    int k = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-r") && v) {
            if (rule_parse(v, &mt.gs.rule) != GMK_OK) usage();
            i++;
        } else if (!strcmp(a, "-s") && v) mt.gs.size = atoi(v), i++;
        else if (!strcmp(a, "-g") && v) mt.games = atoi(v), i++;
        else if (!strcmp(a, "-j") && v) mt.jobs = atoi(v), i++;
        else if (!strcmp(a, "-t") && v) mt.gs.turn_ms = atoi(v), i++;
        else if (!strcmp(a, "--tc") && v) {
            double g, m;
            char extra;
            if (sscanf(v, "%lf/%lf%c", &g, &m, &extra) != 2 || g < 0 || m <= 0 || g > 1e6 || m > 1e6) usage();
            mt.gs.match_ms = (int)(g * 1000 + 0.5);
            mt.gs.turn_ms = (int)(m * 1000 + 0.5);
            i++;
        } else if (!strcmp(a, "--tolerance") && v) mt.gs.tolerance_ms = atoi(v), i++;
        else if (!strcmp(a, "--memory") && v) mt.gs.memory_mb = atoll(v), i++;
        else if (!strcmp(a, "--openings") && v) mt.openings = v, i++;
        else if (!strcmp(a, "--shared") && v) mt.shared = v, i++;
        else if (!strcmp(a, "-o") && v) mt.records = v, i++;
        else if (!strcmp(a, "-v")) mt.verbose = true;
        else if (!strcmp(a, "--log") && v) {
            if (!(mt.gs.log = fopen(v, "w"))) {
                fprintf(stderr, "match: %s: cannot write\n", v);
                exit(2);
            }
            setvbuf(mt.gs.log, NULL, _IOLBF, 0);
            i++;
        } else if (a[0] == '-' && a[1]) usage();
        else if (k < 2) mt.cmd[k++] = a;
        else usage();
    }
    if (k != 2 || mt.games < 1 || mt.jobs < 1 || mt.gs.size < BOARD_MIN || mt.gs.size > BOARD_MAX)
        usage();
    mt.games += mt.games & 1;
    openings_load(&mt);
    engine_check(&mt, mt.cmd[0]);
    engine_check(&mt, mt.cmd[1]);

    int fds[2];
    if (pipe(fds) < 0) return 2;
    pid_t parent = getpid();
    for (int j = 0; j < mt.jobs; j++) {
        pid_t pid = fork();
        if (pid < 0) return 2;
        if (pid == 0) {
#ifdef __linux__
            /* a job dies with the referee (killed, ^C from another
             * terminal): its engines then read the end of their input */
            prctl(PR_SET_PDEATHSIG, SIGTERM);
            if (getppid() != parent) _exit(2);
#endif
            close(fds[0]);
            FILE *out = fdopen(fds[1], "w");
            Engine eng[2] = {{0}, {0}};
            for (int i = 2 * j; i < mt.games; i += 2 * mt.jobs) {
                play_one(&mt, eng, i, out);
                play_one(&mt, eng, i + 1, out);
            }
            engine_stop(&eng[0]);
            engine_stop(&eng[1]);
            fclose(out);
            _exit(0);
        }
    }
    close(fds[1]);
    FILE *in = fdopen(fds[0], "r");
    FILE *rec = mt.records ? fopen(mt.records, "w") : NULL;
    int w = 0, d = 0, l = 0, wb = 0, db = 0, lb = 0, max_ms = 0, done = 0, plies = 0;
    signed char *half = malloc((size_t)mt.games); /* A's half points a game, -1 not played */
    if (!half) {
        fprintf(stderr, "match: out of memory\n");
        return 2;
    }
    memset(half, -1, (size_t)mt.games);
    char line[4096];
    while (in && fgets(line, sizeof line, in)) {
        int i, res, ms, moves;
        char reason[64], record[2048] = "";
        if (sscanf(line, "%d %d %d %d %63s %2047s", &i, &res, &ms, &moves, reason, record) < 5) continue;
        done++;
        plies += moves;
        if (i >= 0 && i < mt.games) half[i] = (signed char)(res + 1);
        if (ms > max_ms) max_ms = ms;
        if (res > 0) w++;
        else if (res == 0) d++;
        else l++;
        if (i % 2 == 0) {
            if (res > 0) wb++;
            else if (res == 0) db++;
            else lb++;
        }
        if (mt.verbose)
            printf("game %3d  A %-5s %-5s %-12s %3d stones  %s\n", i + 1, i % 2 == 0 ? "black" : "white",
                   res > 0 ? "wins" : res < 0 ? "loses" : "draws", reason, moves, record);
        if (rec)
            fprintf(rec, "%s\t%s %s\n", record, res > 0 ? (i % 2 == 0 ? "black" : "white") : res < 0 ? (i % 2 == 0 ? "white" : "black") : "draw", reason);
    }
    while (wait(NULL) > 0) {
    }
    if (rec) fclose(rec);
    double elo, margin;
    elo_margin(w, d, l, &elo, &margin);
    int n = w + d + l;
    printf("A: %s\nB: %s\n", mt.cmd[0], mt.cmd[1]);
    printf("%s %dx%d, %d openings, %d games: A +%d =%d -%d  score %.1f%%  Elo %+.0f +- %.0f\n",
           rule_name(mt.gs.rule), mt.gs.size, mt.gs.size, mt.op_count, n, w, d, l,
           n ? 100.0 * (w + 0.5 * d) / n : 0.0, elo, margin);
    printf("A as black +%d =%d -%d, as white +%d =%d -%d; average %.1f stones; slowest answer %d ms\n", wb,
           db, lb, w - wb, d - db, l - lb, n ? (double)plies / n : 0.0, max_ms);
    int pairs[5] = {0};
    for (int i = 0; i + 1 < mt.games; i += 2)
        if (half[i] >= 0 && half[i + 1] >= 0) pairs[half[i] + half[i + 1]]++;
    double pelo, pmargin;
    elo_margin_pairs(pairs, &pelo, &pmargin);
    printf("pairs by A's points 0, 1/2, 1, 3/2, 2: %d %d %d %d %d; Elo %+.0f +- %.0f by pairs\n", pairs[0],
           pairs[1], pairs[2], pairs[3], pairs[4], pelo, pmargin);
    if (mt.games / 2 > mt.op_count)
        printf("note: %d pairs over %d openings: repeated openings often repeat games, so the intervals are "
               "too narrow\n", mt.games / 2, mt.op_count);
    free(half);
    free(mt.op);
    return done == mt.games ? 0 : 1;
}
