/*
 * gmk-eval — reads positions and prints what is on the board: side to move,
 * winner, the threat points of both sides, renju forbidden points, the best
 * candidate moves with the seed's attack / defence / combined scores, and
 * the position score (the best candidate's score).
 *
 * Text output, one line per position (TAB-separated):
 *   position  to_move  winner(-|black|white)  score  candidates (best first)
 * then, with --explain or --point, comment lines ("# ...") that other gmk
 * tools skip. --json gives every field as one JSON object per position.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { OPT_FORMAT = CLI_OPT_USER, OPT_CANDIDATES, OPT_EXPLAIN, OPT_POINT, OPT_SHAPES, OPT_NUMBERS };

#define EVAL_DEFAULT_CANDIDATES 5
#define EVAL_DEFAULT_CANDIDATES_STR "5"
#define EVAL_MAX_CANDIDATES (BOARD_MAX * BOARD_MAX)

static const CliOption EVAL_OPTIONS[] = {
    {"format", 'f', "FORMAT", "line", "output format: line or diagram", "line diagram", OPT_FORMAT},
    {"numbers", 0, NULL, NULL, "diagrams show move numbers instead of x and o", NULL, OPT_NUMBERS},
    {CLI_TOP_NAME, CLI_TOP_SHORT, "N", EVAL_DEFAULT_CANDIDATES_STR, "list the N best candidate moves",
     NULL, OPT_CANDIDATES},
    {"candidates", 0, "N", CLI_TOP_NAME, NULL, NULL, OPT_CANDIDATES}, /* the old name */
    {"explain", 0, NULL, NULL, "list each shape with its direction, line and pattern", NULL,
     OPT_EXPLAIN},
    {"point", 0, "POINT", NULL, "show the full valuation of one point", NULL, OPT_POINT},
    {"shapes", 0, "FILE", NULL, "add or override shapes from a catalogue file", "@file",
     OPT_SHAPES},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram EVAL_PROGRAM = {
    "gmk-eval", "[OPTIONS] [FILE...]",
    "Evaluate gomoku / renju positions: winner, threats, forbidden points, candidate\n"
    "moves with the seed's attack / defence scores, and a position score.",
    EVAL_OPTIONS, true,
};

static const char *const DIR_NAMES[4] = {"horizontal", "vertical", "diagonal", "anti-diagonal"};

typedef struct {
    Cli cli;
    bool diagram;          /* --format diagram */
    bool numbers;          /* --numbers: move numbers in diagrams */
    int candidates;        /* -n, --top */
    bool explain;          /* --explain */
    const char *point;     /* --point, as given */
    ShapeSet *shapes;      /* --shapes, compiled */
} Eval;

static bool eval_option(void *ctx, int id, const char *arg) {
    Eval *ev = ctx;
    long v;
    switch (id) {
    case OPT_FORMAT:
        if (strcmp(arg, "line") == 0) ev->diagram = false;
        else if (strcmp(arg, "diagram") == 0) ev->diagram = true;
        else {
            cli_error(&ev->cli, "--format: '%s' is not line or diagram", arg);
            return false;
        }
        return true;
    case OPT_CANDIDATES:
        if (!cli_int(&ev->cli, CLI_TOP_NAME, arg, 0, EVAL_MAX_CANDIDATES, &v)) return false;
        ev->candidates = (int)v;
        return true;
    case OPT_EXPLAIN: ev->explain = true; return true;
    case OPT_NUMBERS: ev->numbers = true; return true;
    case OPT_POINT: ev->point = arg; return true;
    case OPT_SHAPES: {
        size_t len;
        char *text = cli_slurp(arg, &len);
        if (!text) {
            cli_error(&ev->cli, "%s: %s", arg, strerror(errno));
            return false;
        }
        CatalogError err = {0};
        GmkStatus st;
        ev->shapes = shapeset_compile(text, len, &err, &st);
        free(text);
        if (!ev->shapes) {
            if (err.offset)
                cli_error(&ev->cli, "%s:%d: offset %d: %s", arg, err.line, err.offset, err.msg);
            else
                cli_error(&ev->cli, "%s:%d: %s", arg, err.line, err.msg);
            return false;
        }
        ev->cli.shapes = ev->shapes;
        return true;
    }
    }
    return false;
}

/* ---- output pieces ------------------------------------------------------- */

static const char *pt(const Board *b, const Cli *cli, Move p, char *buf) {
    return notation_point_str(p, board_size(b), cli->origin, buf);
}

static void json_points(const Board *b, const Cli *cli, const Move *m, int n) {
    char buf[8];
    putchar('[');
    for (int i = 0; i < n; i++) printf("%s\"%s\"", i ? "," : "", pt(b, cli, m[i], buf));
    putchar(']');
}

/* The "five", "four", ... members: points of each kind for both colours. */
static void json_threats(const Board *b, const Cli *cli, const ThreatReport *r) {
    for (int k = 0; k < THREAT_NB; k++) {
        printf(",\"%s\":{", threat_name((ThreatKind)k));
        for (int c = 0; c < COLOR_NB; c++) {
            printf("%s\"%s\":", c ? "," : "", color_name((Color)c));
            json_points(b, cli, r->pts[c][k], r->n[c][k]);
        }
        putchar('}');
    }
    fputs(",\"forbidden\":", stdout);
    json_points(b, cli, r->forbidden, r->nforbidden);
}

/* A point value's members, without the closing brace. */
static void json_value_open(const Board *b, const Cli *cli, const PointValue *v) {
    char buf[8];
    printf("{\"move\":\"%s\",\"attack\":%d,\"defense\":%d,\"centre\":%d,\"score\":%d",
           pt(b, cli, v->move, buf), v->attack, v->defense, v->centre, v->score);
}

static void json_value(const Board *b, const Cli *cli, const PointValue *v) {
    json_value_open(b, cli, v);
    putchar('}');
}

/* Calls fn for each non-empty shape of point p (both colours). */
typedef void (*ShapeFn)(const Board *b, const Cli *cli, Move p, Color c, int d, Shape s,
                        const char *line, const char *pattern, bool *first);

static void for_each_shape(const Board *b, const Cli *cli, Move p, ShapeFn fn, bool *first) {
    for (int c = 0; c < COLOR_NB; c++)
        for (int d = 0; d < 4; d++) {
            char line[12];
            const char *pattern;
            Shape s = board_point_explain(b, p, (Color)c, d, line, &pattern);
            if (s != SHAPE_NONE) fn(b, cli, p, (Color)c, d, s, line, pattern, first);
        }
}

static void text_shape(const Board *b, const Cli *cli, Move p, Color c, int d, Shape s,
                       const char *line, const char *pattern, bool *first) {
    char buf[8];
    (void)first;
    printf("# %s %s %s %s %s %s\n", pt(b, cli, p, buf), color_name(c), DIR_NAMES[d],
           shape_name(s), pattern ? pattern : "-", line);
}

static void json_shape(const Board *b, const Cli *cli, Move p, Color c, int d, Shape s,
                       const char *line, const char *pattern, bool *first) {
    char buf[8];
    printf("%s{\"point\":\"%s\",\"color\":\"%s\",\"direction\":\"%s\",\"shape\":\"%s\",\"pattern\":",
           *first ? "" : ",", pt(b, cli, p, buf), color_name(c), DIR_NAMES[d], shape_name(s));
    if (pattern) printf("\"%s\"", pattern);
    else fputs("null", stdout);
    printf(",\"line\":\"%s\"}", line);
    *first = false;
}

/* Points worth explaining: every point where a side makes a three or more,
 * and the candidates. */
static int explain_points(Board *b, const PointValue *cand, int nc, Move *out) {
    int n = 0, size = board_size(b);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            Move p = point_make(x, y);
            if (board_cell(b, p) != CELL_EMPTY) continue;
            bool keep = false;
            for (int i = 0; i < nc; i++) keep |= cand[i].move == p;
            for (int c = 0; c < COLOR_NB && !keep; c++)
                for (int d = 0; d < 4 && !keep; d++)
                    keep = board_point_shape(b, p, (Color)c, d) >= SHAPE_THREE;
            if (keep) out[n++] = p;
        }
    return n;
}

/* Parses --point for this board; MOVE_NONE (and a line error) if it does not
 * name an empty point. */
static Move point_option(Eval *ev, Board *b, const PosSource *src) {
    Move p;
    int len;
    GmkStatus st = notation_parse_point(ev->point, board_size(b), ev->cli.origin, &p, &len);
    if (st != GMK_OK || ev->point[len] != '\0') {
        cli_line_error(&ev->cli, src->file, src->line, "--point %s: not a point of this board",
                       ev->point);
        return MOVE_NONE;
    }
    if (board_cell(b, p) != CELL_EMPTY) {
        cli_line_error(&ev->cli, src->file, src->line, "--point %s: the point is occupied",
                       ev->point);
        return MOVE_NONE;
    }
    return p;
}

static void text_point(Board *b, const Cli *cli, Move p, const PointValue *v) {
    char buf[8];
    printf("# %s attack %d defense %d centre %d score %d", pt(b, cli, p, buf), v->attack,
           v->defense, v->centre, v->score);
    if (v->forbidden) printf(" forbidden %s", forbid_name(board_forbidden(b, p)));
    putchar('\n');
    for (int c = 0; c < COLOR_NB; c++)
        printf("# %s %s makes %s\n", pt(b, cli, p, buf), color_name((Color)c),
               class_name(board_point_class(b, p, (Color)c)));
    bool first = true;
    for_each_shape(b, cli, p, text_shape, &first);
}

static void json_point(Board *b, const Cli *cli, Move p, const PointValue *v) {
    fputs(",\"point\":", stdout);
    json_value_open(b, cli, v);
    printf(",\"forbidden\":\"%s\",\"class\":{\"black\":\"%s\",\"white\":\"%s\"},\"shapes\":[",
           v->forbidden ? forbid_name(board_forbidden(b, p)) : "none",
           class_name(board_point_class(b, p, COLOR_BLACK)),
           class_name(board_point_class(b, p, COLOR_WHITE)));
    bool first = true;
    for_each_shape(b, cli, p, json_shape, &first);
    fputs("]}", stdout);
}

/* ---- one position ------------------------------------------------------- */

static bool eval_position(void *ctx, Board *b, const PosSource *src) {
    Eval *ev = ctx;
    Cli *cli = &ev->cli;
    Move p = MOVE_NONE;
    PointValue pv;
    if (ev->point && (p = point_option(ev, b, src)) == MOVE_NONE) return true;
    if (p != MOVE_NONE) eval_point(b, p, &pv);

    static PointValue cand[EVAL_MAX_CANDIDATES];
    int nc = eval_candidates(b, cand, ev->candidates > 0 ? ev->candidates : 1);
    int score = nc ? cand[0].score : 0;
    bool over = cli_game_over(b); /* no moves to propose: the score field says "over" */
    if (ev->candidates == 0 || over) nc = 0;
    static ThreatReport threats;
    if (cli->json || ev->diagram) board_threats(b, &threats);
    Color w = board_winner(b);
    char pos[MOVES_MAX * 3 + 8], buf[8];
    static Move ex[BOARD_MAX * BOARD_MAX];
    int nex = ev->explain ? explain_points(b, cand, nc, ex) : 0;

    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        fputs(",\"winner\":", stdout);
        if (w != COLOR_NONE) printf("\"%s\"", color_name(w));
        else fputs("null", stdout);
        json_threats(b, cli, &threats);
        fputs(",\"candidates\":[", stdout);
        for (int i = 0; i < nc; i++) {
            if (i) putchar(',');
            json_value(b, cli, &cand[i]);
        }
        if (over) fputs("],\"score\":null,\"result\":\"over\"", stdout);
        else printf("],\"score\":%d", score);
        if (ev->explain) {
            fputs(",\"explain\":[", stdout);
            bool first = true;
            for (int i = 0; i < nex; i++) for_each_shape(b, cli, ex[i], json_shape, &first);
            putchar(']');
        }
        if (p != MOVE_NONE) json_point(b, cli, p, &pv);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
        out_flush(cli);
        return true;
    }
    char sc[16];
    if (over) snprintf(sc, sizeof sc, "over");
    else snprintf(sc, sizeof sc, "%d", score);
    printf("%s\t%s\t%s\t%s\t", cli_position_str(cli, b, pos, sizeof pos),
           color_name(board_to_move(b)), w == COLOR_NONE ? "-" : color_name(w), sc);
    for (int i = 0; i < nc; i++) printf("%s%s", i ? " " : "", pt(b, cli, cand[i].move, buf));
    out_carry(src);
    putchar('\n');
    if (ev->diagram) {
        /* forbidden points '*', the top candidates 'A'..'I' (letters: digits
         * are move numbers) */
        static Move marks[BOARD_MAX * BOARD_MAX + 9];
        static char mchars[BOARD_MAX * BOARD_MAX + 9];
        int nm = 0;
        for (int i = 0; i < nc && i < 9; i++) {
            marks[nm] = cand[i].move;
            mchars[nm++] = (char)('A' + i);
        }
        for (int i = 0; i < threats.nforbidden; i++) {
            marks[nm] = threats.forbidden[i];
            mchars[nm++] = '*';
        }
        DiagramStyle style = {cli->origin, true, ev->numbers, marks, mchars, nm};
        static char dia[16384];
        if (notation_format_diagram(b, &style, dia, sizeof dia) > 0) fputs(dia, stdout);
        putchar('\n');
    }
    for (int i = 0; i < nex; i++) {
        bool first = true;
        for_each_shape(b, cli, ex[i], text_shape, &first);
    }
    if (p != MOVE_NONE) text_point(b, cli, p, &pv);
    out_flush(cli);
    return true;
}

int main(int argc, char **argv) {
    Eval ev = {0};
    ev.candidates = EVAL_DEFAULT_CANDIDATES;
    int first = cli_parse(&ev.cli, &EVAL_PROGRAM, argc, argv, eval_option, &ev);
    if (ev.diagram && ev.cli.json) cli_conflict(&ev.cli, "format diagram", "json"); /* two outputs */
    cli_for_each_position(&ev.cli, argv + first, eval_position, &ev);
    shapeset_free(ev.shapes);
    cli_exit(&ev.cli, cli_exit_status(&ev.cli));
}
