/*
 * gmk_core.h — part of libgmk's public header (gmk.h includes every part):
 * the scalars every module shares (keys, points, colours, rules, cell
 * contents), status codes, rule and colour names, the geometry of the padded
 * board, and the clean-up of temporary files. Nothing here needs a board.
 */
#ifndef GMK_PUBLIC_CORE_H
#define GMK_PUBLIC_CORE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#define GMK_VERSION "0.1.0"

/* ---- scalars ------------------------------------------------------------ */

typedef uint64_t Key;  /* 64-bit Zobrist key */
typedef int16_t Move;  /* padded point index, or MOVE_NONE / MOVE_PASS */

#define BOARD_MIN 5        /* smallest board side */
#define BOARD_MAX 22       /* largest board side */
#define BOARD_DEFAULT 15   /* default board side */
#define BOARD_PAD 5        /* wall cells around the playing area */
#define BOARD_STRIDE 32    /* BOARD_MAX + 2 * BOARD_PAD */
#define BOARD_CELLS (BOARD_STRIDE * BOARD_STRIDE)
#define MOVES_MAX 1024     /* tokens (stones and passes) in one position */

#define MOVE_NONE ((Move)0) /* no move (a wall cell, never a point) */
#define MOVE_PASS ((Move)1) /* a pass, written "--" */

typedef enum { COLOR_BLACK = 0, COLOR_WHITE = 1, COLOR_NB = 2, COLOR_NONE = -1 } Color;

typedef enum { RULE_FREESTYLE = 0, RULE_STANDARD = 1, RULE_RENJU = 2, RULE_NB = 3 } Rule;

typedef enum { ORIGIN_BOTTOM = 0, ORIGIN_TOP = 1 } Origin;

/* Cell contents. A stone of colour c is stored as c + 1. */
enum { CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_WALL = 3 };

/* Status codes returned by the library; gmk_strerror() names them. */
typedef enum {
    GMK_OK = 0,
    GMK_ERR_NOMEM,      /* an allocation failed */
    GMK_ERR_ARG,        /* an argument out of its range */
    GMK_ERR_SYNTAX,     /* text that is not what was expected */
    GMK_ERR_OFFBOARD,   /* a coordinate outside the board */
    GMK_ERR_OCCUPIED,   /* a stone on an occupied point */
    GMK_ERR_AFTER_WIN,  /* moves after a winning move */
    GMK_ERR_TOO_LONG,   /* more moves than MOVES_MAX, or a line too long */
    GMK_ERR_SIZE,       /* a board size outside BOARD_MIN..BOARD_MAX */
    GMK_ERR_IO,         /* a read or write failed (see errno) */
    GMK_ERR_CORRUPT,    /* a file that fails its checks */
    GMK_ERR_FORMAT,     /* a well-formed file of an unsupported kind/version */
    GMK_ERR_LIMIT,      /* a search limit stopped the work */
    GMK_STATUS_NB
} GmkStatus;

const char *gmk_strerror(GmkStatus st);

/* Removes the temporary files and folders the library is writing (a book's
 * file beside its destination, the runs of a large build): for a program's
 * SIGINT / SIGTERM handler, which then ends the program. Async-signal-safe;
 * the library is not to be used after it. */
void gmk_temp_cleanup(void);

/* Outputs (lib/core/outfile.c). Only regular files are ever written: NULL
 * when path may be written (nothing there yet, a regular file or a link to
 * one), else what it is instead ("a directory", "a FIFO", "a character
 * device", ...), for a message; nothing is written then. */
const char *gmk_output_refusal(const char *path);
/* The file that writing path replaces: path itself, or the file a symbolic
 * link at path leads to (so that the link survives the replace). Allocated
 * (free() it); NULL when out of memory. */
char *gmk_output_target(const char *path);
/* Creates a fresh temporary file beside path ("PATH.tmp.XXXXXXXX", mode
 * 0666 less the umask), registered for gmk_temp_cleanup(); returns its
 * descriptor and its allocated name, or -1 with errno. The writer renames
 * it over path when the whole file is written, or unlinks it; either way
 * it unregisters it (temp_unregister) before freeing the name. */
int gmk_output_temp(const char *path, char **tmp_out);
/* The three steps above in one: refuses what is not a regular file
 * (*refusal says why, -1), resolves a link (*target, to be freed) and opens
 * the temporary file beside it (*tmp). -1 with errno, nothing left
 * allocated, on any failure. */
int gmk_output_open(const char *path, char **target, char **tmp, const char **refusal);
/* Unregisters a temporary path made by gmk_output_temp() (after the rename
 * or the unlink, before the name is freed). */
void gmk_output_temp_done(const char *tmp);

/* ---- rules and names ---------------------------------------------------- */

const char *rule_name(Rule r);                 /* "freestyle", "standard", "renju" */
GmkStatus rule_parse(const char *s, Rule *out); /* accepts the names above */
const char *color_name(Color c);               /* "black", "white" */

/* ---- geometry ----------------------------------------------------------- */

static inline Move point_make(int x, int y) {
    return (Move)((y + BOARD_PAD) * BOARD_STRIDE + (x + BOARD_PAD));
}
/* The coordinates of p (a cell of the padded board: p >= 0), without the
 * sign fix-ups of signed division. */
static inline int point_x(Move p) { return (int)((unsigned)p % BOARD_STRIDE) - BOARD_PAD; }
static inline int point_y(Move p) { return (int)((unsigned)p / BOARD_STRIDE) - BOARD_PAD; }
static inline bool point_on_board(Move p, int size) {
    return p >= 0 && p < BOARD_CELLS && point_x(p) >= 0 && point_x(p) < size &&
           point_y(p) >= 0 && point_y(p) < size;
}

#endif /* GMK_PUBLIC_CORE_H */
