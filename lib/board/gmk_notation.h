/*
 * gmk_notation.h — part of libgmk's public header (gmk.h includes every part):
 * positions as text: move lists, coordinates, board diagrams.
 */
#ifndef GMK_PUBLIC_NOTATION_H
#define GMK_PUBLIC_NOTATION_H

#include "gmk_board.h"

/* ---- notation ----------------------------------------------------------- */

/* Where a parse failed and why. */
typedef struct {
    GmkStatus status;   /* what went wrong (GMK_OK when nothing) */
    int column;         /* 1-based byte offset in the text, 0 if none */
    char msg[96];       /* human-readable reason, "" if none */
} ParseError;

/* Parses one coordinate such as "h8" or "P12" at s; *len receives the bytes
 * used. The point may be off the board of the given size: that is the
 * caller's GMK_ERR_OFFBOARD to report. */
GmkStatus notation_parse_point(const char *s, int size, Origin origin, Move *out, int *len);

/* Writes a point ("h8") or "--" for a pass into buf (at least 5 bytes);
 * returns buf. */
char *notation_point_str(Move p, int size, Origin origin, char *buf);

/* Parses a position (moves from the empty board, separators optional; a lone
 * "-" is the empty board) of len bytes and plays it on b (which is reset first). Fails on a bad
 * coordinate, an off-board or occupied point, a move after a win, or too many
 * moves; err (may be NULL) tells where. */
GmkStatus notation_parse_position(Board *b, const char *s, size_t len, Origin origin,
                                  ParseError *err);

/* Writes the position of b in compact normal form ("h8i9h10", passes "--")
 * into buf of cap bytes; returns the length, or -1 if it does not fit
 * (MOVES_MAX * 3 + 1 bytes always fit). */
int notation_format_position(const Board *b, Origin origin, char *buf, size_t cap);

/* Board diagrams. Input: rows of '.', 'x', 'o' (upper case marks the last
 * move and is accepted; '*', '+' and 'A'..'I' mark points and read as
 * empty), top row first, optionally labelled with row numbers and a line of
 * column letters. A numbered diagram has move numbers (1..MOVES_MAX) instead
 * of x and o: move k is played on ply k, black on odd numbers, passes for
 * the numbers missing. Any other character is an error that names it and
 * its column. Lines are fed one at a time to a DiagramReader. */
typedef struct DiagramReader DiagramReader;

/* What a line is to the diagram reader. */
typedef enum {
    DIAGRAM_NOT = 0,   /* not a diagram line (and no diagram is open) */
    DIAGRAM_MORE,      /* taken; the diagram goes on */
    DIAGRAM_DONE,      /* taken and the diagram is complete */
} DiagramFeed;

DiagramReader *diagram_reader_new(void);
void diagram_reader_free(DiagramReader *r);
/* Is this line (len bytes, no newline) the start of a diagram? */
bool diagram_line_starts(const char *s, size_t len);
/* Feeds a line; a diagram must start with a line diagram_line_starts()
 * accepts. A blank line or a column-letter footer ends an open diagram. */
DiagramFeed diagram_reader_feed(DiagramReader *r, const char *s, size_t len);
bool diagram_reader_open(const DiagramReader *r);  /* rows taken, not finished */
/* Turns the finished diagram into a position on b (reset; its size must match
 * the diagram, else GMK_ERR_SIZE). to_move: COLOR_NONE = from the stone
 * counts. The reader is emptied for the next diagram. */
GmkStatus diagram_reader_finish(DiagramReader *r, Board *b, Color to_move, ParseError *err);
int diagram_reader_size(const DiagramReader *r); /* side of the rows taken so far */

/* Options of diagram output. */
typedef struct {
    Origin origin;          /* row labels counted from the bottom or top */
    bool labels;            /* coordinate labels around the board */
    bool numbers;           /* move numbers instead of x / o */
    const Move *marks;      /* extra points to mark (may be NULL) */
    const char *mark_chars; /* one char per mark: '*', '+', 'A'..'I' */
    int mark_count;
} DiagramStyle;

/* Writes the board as a diagram (rows separated by '\n', ending with one)
 * into buf; returns the length or -1 if cap is too small (4096 is enough). */
int notation_format_diagram(const Board *b, const DiagramStyle *style, char *buf, size_t cap);

#endif /* GMK_PUBLIC_NOTATION_H */
