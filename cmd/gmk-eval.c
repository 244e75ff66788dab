/*
 * gmk-eval — reads positions and prints what is on the board: side to move,
 * winner, shapes, threats, forbidden points and candidate moves with scores.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { OPT_FORMAT = CLI_OPT_USER };

static const CliOption EVAL_OPTIONS[] = {
    {"format", 'f', "FORMAT", "line", "output format: line or diagram", "line diagram", OPT_FORMAT},
    {NULL, 0, NULL, NULL, NULL, NULL, 0},
};

static const CliProgram EVAL_PROGRAM = {
    "gmk-eval", "[OPTIONS] [FILE...]",
    "Evaluate gomoku / renju positions: side to move, winner, shapes and threats.",
    EVAL_OPTIONS, true,
};

typedef struct {
    Cli cli;
    bool diagram;      /* --format diagram */
} Eval;

static bool eval_option(void *ctx, int id, const char *arg) {
    Eval *ev = ctx;
    switch (id) {
    case OPT_FORMAT:
        if (strcmp(arg, "line") == 0) ev->diagram = false;
        else if (strcmp(arg, "diagram") == 0) ev->diagram = true;
        else {
            cli_error(&ev->cli, "--format: '%s' is not line or diagram", arg);
            return false;
        }
        return true;
    }
    return false;
}

static const char *winner_str(Color w) { return w == COLOR_NONE ? NULL : color_name(w); }

static bool eval_position(void *ctx, Board *b, const PosSource *src) {
    Eval *ev = ctx;
    Cli *cli = &ev->cli;
    const char *winner = winner_str(board_winner(b));
    char pos[MOVES_MAX * 3 + 8];
    if (cli->json) {
        putchar('{');
        out_json_common(cli, b);
        printf(",\"winner\":");
        if (winner) printf("\"%s\"", winner);
        else fputs("null", stdout);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else if (ev->diagram) {
        char buf[8192];
        DiagramStyle style = {cli->origin, true, false, NULL, NULL, 0};
        printf("%s\t%s\t%s", cli_position_str(cli, b, pos, sizeof pos),
               color_name(board_to_move(b)), winner ? winner : "-");
        out_carry(src);
        putchar('\n');
        if (notation_format_diagram(b, &style, buf, sizeof buf) > 0) fputs(buf, stdout);
        putchar('\n');
    } else {
        printf("%s\t%s\t%s", cli_position_str(cli, b, pos, sizeof pos),
               color_name(board_to_move(b)), winner ? winner : "-");
        out_carry(src);
        putchar('\n');
    }
    out_flush(cli);
    return true;
}

int main(int argc, char **argv) {
    Eval ev = {0};
    int first = cli_parse(&ev.cli, &EVAL_PROGRAM, argc, argv, eval_option, &ev);
    cli_for_each_position(&ev.cli, argv + first, eval_position, &ev);
    out_flush(&ev.cli);
    return cli_exit_status(&ev.cli);
}
