/*
 * protocol.c — the Gomocup (pbrain) brain protocol, as used by Piskvork,
 * c-gomoku-cli and the Gomocup managers.
 *
 * Commands (case-insensitive; coordinates "x,y" count from 0 at the top
 * left):
 *   START N            new game on an N x N board (5..22): OK, else ERROR
 *   RECTSTART W,H      the same for W == H; other shapes: ERROR
 *   RESTART            new game on the same board: OK
 *   BEGIN              play the first move: "x,y"
 *   TURN x,y           the opponent played x,y: our move "x,y"
 *   BOARD ... DONE     the whole position, one "x,y,f" line per stone, f = 1
 *                      own, 2 opponent, 3 (continuous games: ignored);
 *                      then our move
 *   INFO key value     timeout_turn, timeout_match, time_left (ms),
 *                      max_memory (bytes: the table is shrunk to fit; so
 *                      it is to what the time per move can fill),
 *                      rule (bit 0 exactly five, bit 2 renju; other bits
 *                      ignored), game_type, max_depth, max_node, folder
 *   TAKEBACK x,y       remove that stone: OK
 *   SWAP2BOARD ... DONE  the swap2 opening (0, 3 or 5 stones, "x,y" lines):
 *                      three stones / SWAP or the 4th move / SWAP or the
 *                      6th move
 *   ABOUT              name, version, author
 *   END                end of the session (no answer)
 * Anything else: "UNKNOWN ...". Errors in arguments: "ERROR ...". After
 * each search a "MESSAGE" line tells depth, score, nodes and speed.
 *
 * Colours: the brain is told only "own" and "opponent". Whoever has fewer
 * stones is to move; on equal counts the side to move is black. The board
 * is rebuilt from the stone list before each search, with passes where the
 * stones do not alternate, so BOARD positions in any order and TAKEBACK of
 * any stone are handled alike.
 *
 * Time: every search gets a hard and a soft limit from timeman_allocate()
 * (turn and match time, time left), so the brain never loses on time; a
 * --time given on the command line is the turn limit when the manager sends
 * none. max_depth and max_node cap the search like --depth and --nodes.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "timeman.h"

#define PROTO_TURN_DEFAULT_MS 5000  /* per move when neither manager nor options say */
#define SWAP_MARGIN 60               /* score below which the opening is given away */
#define MEMORY_SHARE 70              /* percent of max_memory the table may take */

/* A stone of the session. */
typedef struct {
    Move p;          /* the point */
    uint8_t own;     /* 1 own stone, 0 the opponent's */
} Stone;

enum { MODE_COMMAND = 0, MODE_BOARD, MODE_SWAP2 };

struct Protocol {
    Search *s;                     /* the engine (not owned) */
    SearchLimits base;             /* command-line limits */
    ProtocolWriteFn out;           /* output line sink */
    void *ctx;
    int size;                      /* board side; 0 before START */
    Rule rule;                     /* from INFO rule */
    Board *b;                      /* scratch board (rebuilt per search) */
    int mode;                      /* MODE_*: lines being collected */
    int count;                     /* stones in stone[] */
    Stone stone[MOVES_MAX];
    int swap_count;                /* stones collected by SWAP2BOARD */
    Move swap[8];
    GameClock clock;               /* INFO times */
    bool clock_given;              /* the manager sent a time */
    size_t max_memory;             /* bytes, 0 = no limit */
    size_t hash_mb;                /* the table's size as the engine was made (the command line's) */
    int64_t spent_ms;              /* taken out of the next search's time (memory_fit) */
    int max_depth;                 /* INFO max_depth, 0 = none */
    uint64_t max_node;             /* INFO max_node, 0 = none */
};

/* A session before START; no board yet. */
Protocol *protocol_new(Search *s, const SearchLimits *base, ProtocolWriteFn out, void *ctx) {
    Protocol *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->s = s;
    p->hash_mb = search_hash_mb(s);
    p->base = *base;
    p->out = out;
    p->ctx = ctx;
    p->rule = RULE_FREESTYLE;
    p->clock.left_ms = -1;
    return p;
}

/* Frees the session and its scratch board. */
void protocol_free(Protocol *p) {
    if (!p) return;
    board_free(p->b);
    free(p);
}

static void say(Protocol *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hands one formatted output line to the program. */
static void say(Protocol *p, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    /* answers quote input: keep them one line of printable ASCII (a CR
     * inside would read as a line end to a manager) */
    for (char *c = buf; *c; c++)
        if ((unsigned char)*c < 32 || (unsigned char)*c > 126) *c = '?';
    p->out(p->ctx, buf);
}

/* Parses "x,y" (from the top left) at s into a point; false if malformed
 * or off the board. *end (may be NULL) receives where parsing stopped. */
static bool parse_xy(const Protocol *p, const char *s, Move *m, const char **end) {
    char *e;
    long x = strtol(s, &e, 10);
    if (e == s || *e != ',') return false;
    s = e + 1;
    long y = strtol(s, &e, 10);
    if (e == s) return false;
    if (end) *end = e;
    if (x < 0 || y < 0 || x >= p->size || y >= p->size) return false;
    *m = point_make((int)x, p->size - 1 - (int)y);
    return true;
}

/* Answers with a move as "x,y" from the top left. */
static void say_move(Protocol *p, Move m) {
    say(p, "%d,%d", point_x(m), p->size - 1 - point_y(m));
}

/* Index of the stone on m, or -1. */
static int stone_find(const Protocol *p, Move m) {
    for (int i = 0; i < p->count; i++)
        if (p->stone[i].p == m) return i;
    return -1;
}

/* Adds a stone to the session; false if the point is taken or the board full. */
static bool stone_add(Protocol *p, Move m, bool own) {
    if (p->count >= p->size * p->size || stone_find(p, m) >= 0) return false;
    p->stone[p->count].p = m;
    p->stone[p->count].own = own;
    p->count++;
    return true;
}

/* The board for the current stones, own side to move. False when out of
 * memory. */
static bool board_rebuild(Protocol *p) {
    if (p->b && (board_size(p->b) != p->size || board_rule(p->b) != p->rule)) {
        board_free(p->b);
        p->b = NULL;
    }
    if (!p->b && !(p->b = board_new(p->size, p->rule))) return false;
    board_reset(p->b);
    int own = 0, opp = 0;
    for (int i = 0; i < p->count; i++) {
        if (p->stone[i].own) own++;
        else opp++;
    }
    Color us = opp > own ? COLOR_WHITE : COLOR_BLACK;
    for (int i = 0; i < p->count; i++) {
        Color c = p->stone[i].own ? us : (Color)(us ^ 1);
        if (board_to_move(p->b) != c) board_play(p->b, MOVE_PASS);
        board_play(p->b, p->stone[i].p);
    }
    if (board_to_move(p->b) != us) board_play(p->b, MOVE_PASS);
    return true;
}

/* Limits of the next search from the options and the manager's clock;
 * share (percent) of the move's time to use. */
static SearchLimits limits_for(Protocol *p, int share) {
    SearchLimits lim = p->base;
    GameClock clk = p->clock;
    if (!p->clock_given) clk.turn_ms = p->base.time_ms ? p->base.time_ms : PROTO_TURN_DEFAULT_MS;
    int64_t hard, soft;
    timeman_allocate(&clk, p->count, p->size, &hard, &soft);
    if (!p->clock_given && !p->base.time_ms && (p->base.depth || p->base.nodes)) hard = soft = 0;
    /* what mapping a new table took came out of this move's clock */
    if (hard) hard = hard > p->spent_ms ? hard - p->spent_ms : 1;
    if (soft > hard) soft = hard;
    p->spent_ms = 0;
    lim.time_ms = hard * share / 100;
    lim.time_soft_ms = soft * share / 100;
    if (hard && lim.time_ms < 1) lim.time_ms = 1;
    if (soft && lim.time_soft_ms < 1) lim.time_soft_ms = 1;
    if (p->max_depth && (!lim.depth || p->max_depth < lim.depth)) lim.depth = p->max_depth;
    if (p->max_node && (!lim.nodes || p->max_node < lim.nodes)) lim.nodes = p->max_node;
    if (lim.depth > SEARCH_DEPTH_MAX) lim.depth = SEARCH_DEPTH_MAX;
    return lim;
}

/* The table a move of ms milliseconds can use: room for the nodes of about
 * two such moves at 2 M nodes a second (16-byte entries), a power of two of
 * MB, 8 MB at least. A larger one holds nothing the search reads back and
 * costs time at every probe: its entries are out of the cache more often.
 * 40 renju positions of 150,000 nodes each, the same trees: 1.52 s with
 * 8 MB against 1.67 s with 32 MB (the table c-gomoku-cli's 64 MB gives). */
static size_t turn_table_mb(int64_t ms) {
    uint64_t bytes = (uint64_t)ms * 2000 * 2 * 16;
    size_t mb = 8;
    while (mb < ((size_t)1 << 20) && ((uint64_t)mb << 20) < bytes) mb <<= 1;
    return mb;
}

/* Sizes the table: the command line's size, shrunk to the manager's memory
 * limit and to what the time per move can fill (turn_table_mb of the turn
 * limit, or a tenth of the match's time if less). Done when the limit is
 * given, between games and before searches; the size changes only when
 * those do (a failed resize keeps the old table). A new table's pages are
 * mapped at once (search_prefault: faulted in by the searches, they cost
 * the first moves most of their time), and the time that takes is charged
 * to the next search (p->spent_ms). */
static void memory_fit(Protocol *p) {
    size_t mb = p->hash_mb;
    if (p->max_memory) {
        size_t cap = p->max_memory / 100 * MEMORY_SHARE >> 20;
        if (cap < 1) cap = 1;
        if (cap < mb) mb = cap;
    }
    int64_t ms = p->clock_given ? p->clock.turn_ms : 0;
    if (p->clock_given && p->clock.match_ms > 0 && (!ms || p->clock.match_ms / 10 < ms)) ms = p->clock.match_ms / 10;
    if (ms > 0 && turn_table_mb(ms) < mb) mb = turn_table_mb(ms);
    search_set_hash(p->s, mb); /* a table of that size already: kept */
    int64_t t0 = timeman_now_us();
    search_prefault(p->s);
    p->spent_ms += (timeman_now_us() - t0) / 1000;
}

/* Searches the board (already built) and reports; returns the move. */
static Move think(Protocol *p, int share, int *score) {
    SearchLimits lim = limits_for(p, share);
    SearchResult r;
    *score = 0;
    if (board_winner(p->b) != COLOR_NONE || search_run(p->s, p->b, &lim, &r, NULL, NULL) != GMK_OK) {
        Move m = search_simple_move(p->b);
        if (m == MOVE_NONE) {
            for (int i = 0; i < BOARD_CELLS && m == MOVE_NONE; i++)
                if (board_cell(p->b, (Move)i) == CELL_EMPTY) m = (Move)i;
        }
        return m;
    }
    *score = r.score;
    if (r.book) {
        say(p, "MESSAGE book move");
        return r.best;
    }
    char sc[32];
    if (score_is_win(r.score)) snprintf(sc, sizeof sc, "win in %d", score_moves(r.score));
    else if (score_is_loss(r.score)) snprintf(sc, sizeof sc, "loss in %d", score_moves(r.score));
    else snprintf(sc, sizeof sc, "%d", r.score);
    say(p, "MESSAGE depth %d score %s nodes %llu nps %llu time %lld", r.depth, sc,
        (unsigned long long)r.nodes,
        (unsigned long long)(r.ms > 0 ? r.nodes * 1000 / (uint64_t)r.ms : r.nodes),
        (long long)r.ms);
    return r.best;
}

/* Our move on the current stones: search, record, answer. */
static void play_turn(Protocol *p) {
    memory_fit(p);
    if (!board_rebuild(p)) {
        say(p, "ERROR out of memory");
        return;
    }
    if (board_full(p->b)) {
        say(p, "ERROR the board is full");
        return;
    }
    int score;
    Move m = think(p, 100, &score);
    if (m == MOVE_NONE) {
        say(p, "ERROR no move");
        return;
    }
    stone_add(p, m, true);
    say_move(p, m);
}

/* Sets up the swap2 stones (black, white, black, ...) on the scratch board. */
static bool swap_board(Protocol *p) {
    p->count = 0;
    /* stones alternate from black; taking white's as "own" puts white (one
     * stone fewer) to move */
    for (int i = 0; i < p->swap_count; i++) stone_add(p, p->swap[i], i % 2 == 1);
    bool ok = board_rebuild(p);
    p->count = 0;
    return ok;
}

/* SWAP2BOARD answered, from the stones collected. */
static void swap2_answer(Protocol *p) {
    memory_fit(p);
    int score;
    if (p->swap_count == 0) {
        /* propose the most balanced of the 26 standard openings around the centre */
        int c = p->size / 2;
        Move best[3] = {0};
        int best_abs = 1 << 30;
        for (int white = 0; white < 2; white++)
            for (int dy = -2; dy <= 0; dy++)
                for (int dx = -2; dx <= 2; dx++) {
                    Move w = white ? point_make(c + 1, c + 1) : point_make(c, c + 1);
                    Move third = point_make(c + dx, c + 2 + dy);
                    if (third == w || third == point_make(c, c)) continue;
                    p->swap[0] = point_make(c, c);
                    p->swap[1] = w;
                    p->swap[2] = third;
                    p->swap_count = 3;
                    if (!swap_board(p)) continue;
                    think(p, 3, &score);
                    int a = score < 0 ? -score : score;
                    if (a < best_abs) {
                        best_abs = a;
                        memcpy(best, p->swap, sizeof best);
                    }
                }
        p->swap_count = 0;
        say(p, "%d,%d %d,%d %d,%d", point_x(best[0]), p->size - 1 - point_y(best[0]),
            point_x(best[1]), p->size - 1 - point_y(best[1]), point_x(best[2]),
            p->size - 1 - point_y(best[2]));
        return;
    }
    if (p->swap_count != 3 && p->swap_count != 5) {
        say(p, "ERROR SWAP2BOARD needs 0, 3 or 5 stones");
        p->swap_count = 0;
        return;
    }
    if (!swap_board(p)) {
        say(p, "ERROR out of memory");
        return;
    }
    /* white is to move: its score decides */
    Move m = think(p, 100, &score);
    if (score < (p->swap_count == 3 ? -SWAP_MARGIN : 0) || m == MOVE_NONE) say(p, "SWAP");
    else say_move(p, m);
    p->swap_count = 0;
}

/* A BOARD or SWAP2BOARD line. */
static void collect_line(Protocol *p, const char *line) {
    Move m;
    const char *end;
    if (!parse_xy(p, line, &m, &end)) {
        say(p, "ERROR bad stone line '%s'", line);
        return;
    }
    if (p->mode == MODE_SWAP2) {
        if (p->swap_count < 5) p->swap[p->swap_count++] = m;
        return;
    }
    int field = *end == ',' ? atoi(end + 1) : 1;
    if (field == 3) return;
    if (field != 1 && field != 2) {
        say(p, "ERROR bad field in '%s'", line);
        return;
    }
    if (!stone_add(p, m, field == 1)) say(p, "ERROR stone on an occupied point: '%s'", line);
}

/* Starts a game on an N x N board. */
static void start(Protocol *p, int n) {
    if (n < BOARD_MIN || n > BOARD_MAX) {
        say(p, "ERROR unsupported board size %d (%d..%d)", n, BOARD_MIN, BOARD_MAX);
        return;
    }
    p->size = n;
    p->count = 0;
    search_clear(p->s);
    memory_fit(p);
    p->spent_ms = 0; /* START has no clock */
    say(p, "OK");
}

/* One INFO key and its value. */
static void info(Protocol *p, const char *key, const char *val) {
    long long v = atoll(val);
    if (!strcmp(key, "timeout_turn")) {
        p->clock.turn_ms = v > 0 ? v : 1; /* 0: as fast as possible */
        p->clock_given = true;
    } else if (!strcmp(key, "timeout_match")) {
        p->clock.match_ms = v > 0 ? v : 0;
        p->clock_given = true;
    } else if (!strcmp(key, "time_left")) {
        p->clock.left_ms = v > 0 ? v : 0; /* out of time: answer at once */
        p->clock_given = true;
    } else if (!strcmp(key, "max_memory")) {
        p->max_memory = v > 0 ? (size_t)v : 0;
        memory_fit(p);
    } else if (!strcmp(key, "rule")) {
        p->rule = (v & 4) ? RULE_RENJU : (v & 1) ? RULE_STANDARD : RULE_FREESTYLE;
    } else if (!strcmp(key, "max_depth")) {
        p->max_depth = v > 0 ? (int)(v < SEARCH_DEPTH_MAX ? v : SEARCH_DEPTH_MAX) : 0;
    } else if (!strcmp(key, "max_node")) {
        p->max_node = v > 0 ? (uint64_t)v : 0;
    }
    /* game_type, folder, evaluate and unknown keys: nothing to do */
}

/* Dispatches one input line (see the command list above). */
bool protocol_feed(Protocol *p, const char *raw) {
    char line[1024];
    size_t n = strlen(raw);
    while (n && (raw[n - 1] == '\r' || raw[n - 1] == '\n' || raw[n - 1] == ' ')) n--;
    while (n && (*raw == ' ' || *raw == '\t')) raw++, n--;
    if (n >= sizeof line) n = sizeof line - 1;
    memcpy(line, raw, n);
    line[n] = '\0';
    if (!n) return true;
    char cmd[32];
    size_t k = 0;
    while (line[k] && line[k] != ' ' && k + 1 < sizeof cmd) {
        cmd[k] = (char)toupper((unsigned char)line[k]);
        k++;
    }
    cmd[k] = '\0';
    const char *arg = line + k;
    while (*arg == ' ') arg++;

    if (p->mode != MODE_COMMAND) {
        if (!strcmp(cmd, "DONE")) {
            int mode = p->mode;
            p->mode = MODE_COMMAND;
            if (mode == MODE_BOARD) play_turn(p);
            else swap2_answer(p);
        } else {
            collect_line(p, line);
        }
        return true;
    }
    if (!strcmp(cmd, "END")) return false;
    if (!strcmp(cmd, "ABOUT")) {
        say(p, "name=\"gmk-search\", version=\"%s\", author=\"gmk project\", country=\"-\"",
            GMK_VERSION);
    } else if (!strcmp(cmd, "INFO")) {
        char key[64];
        size_t i = 0;
        while (arg[i] && arg[i] != ' ' && i + 1 < sizeof key) key[i] = (char)tolower((unsigned char)arg[i]), i++;
        key[i] = '\0';
        const char *val = arg + i;
        while (*val == ' ') val++;
        info(p, key, val);
    } else if (!strcmp(cmd, "START")) {
        char *e;
        long v = strtol(arg, &e, 10);
        if (e == arg) say(p, "ERROR START needs a board size");
        else start(p, (int)v);
    } else if (!strcmp(cmd, "RECTSTART")) {
        long w, h;
        if (sscanf(arg, "%ld,%ld", &w, &h) != 2) say(p, "ERROR RECTSTART needs width,height");
        else if (w != h) say(p, "ERROR rectangular boards are not supported");
        else start(p, (int)w);
    } else if (!p->size) {
        say(p, "ERROR no game: START first");
    } else if (!strcmp(cmd, "RESTART")) {
        p->count = 0;
        search_clear(p->s);
        say(p, "OK");
    } else if (!strcmp(cmd, "BEGIN")) {
        if (p->count) say(p, "ERROR BEGIN on a board with stones");
        else play_turn(p);
    } else if (!strcmp(cmd, "TURN")) {
        Move m;
        if (!parse_xy(p, arg, &m, NULL)) say(p, "ERROR bad coordinates '%s'", arg);
        else if (!stone_add(p, m, false)) say(p, "ERROR %s is occupied", arg);
        else play_turn(p);
    } else if (!strcmp(cmd, "BOARD")) {
        p->count = 0;
        p->mode = MODE_BOARD;
    } else if (!strcmp(cmd, "SWAP2BOARD")) {
        p->swap_count = 0;
        p->mode = MODE_SWAP2;
    } else if (!strcmp(cmd, "TAKEBACK")) {
        Move m;
        int i;
        if (!parse_xy(p, arg, &m, NULL) || (i = stone_find(p, m)) < 0) {
            say(p, "ERROR no stone at '%s'", arg);
        } else {
            memmove(&p->stone[i], &p->stone[i + 1], (size_t)(p->count - i - 1) * sizeof(Stone));
            p->count--;
            say(p, "OK");
        }
    } else {
        say(p, "UNKNOWN command '%s'", cmd);
    }
    return true;
}
