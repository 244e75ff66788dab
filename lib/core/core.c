/*
 * core.c — the names of status codes, rules and colours.
 */
#include "gmk_core.h"

#include <string.h>

const char *gmk_strerror(GmkStatus st) {
    static const char *const msg[GMK_STATUS_NB] = {
        [GMK_OK] = "success",
        [GMK_ERR_NOMEM] = "out of memory",
        [GMK_ERR_ARG] = "argument out of range",
        [GMK_ERR_SYNTAX] = "syntax error",
        [GMK_ERR_OFFBOARD] = "point off the board",
        [GMK_ERR_OCCUPIED] = "point already occupied",
        [GMK_ERR_AFTER_WIN] = "move after the game was won",
        [GMK_ERR_TOO_LONG] = "too long",
        [GMK_ERR_SIZE] = "board size out of range",
        [GMK_ERR_IO] = "input/output error",
        [GMK_ERR_CORRUPT] = "corrupt data",
        [GMK_ERR_FORMAT] = "unsupported format",
        [GMK_ERR_LIMIT] = "limit reached",
    };
    return st >= 0 && st < GMK_STATUS_NB && msg[st] ? msg[st] : "unknown error";
}

static const char *const RULE_NAMES[RULE_NB] = {"freestyle", "standard", "renju"};

const char *rule_name(Rule r) { return r >= 0 && r < RULE_NB ? RULE_NAMES[r] : "?"; }

GmkStatus rule_parse(const char *s, Rule *out) {
    for (int r = 0; r < RULE_NB; r++)
        if (strcmp(s, RULE_NAMES[r]) == 0) {
            *out = (Rule)r;
            return GMK_OK;
        }
    return GMK_ERR_ARG;
}

const char *color_name(Color c) {
    return c == COLOR_BLACK ? "black" : c == COLOR_WHITE ? "white" : "none";
}
