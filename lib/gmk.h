/*
 * gmk.h — the one public header of libgmk, the gomoku / renju library behind
 * gmk-eval, gmk-solve, gmk-search and gmk-book.
 *
 * Conventions
 *  - A point is a padded board index (type Move): column x and row y (both
 *    0-based, y counted from the BOTTOM, renju notation) map to
 *    (y + BOARD_PAD) * BOARD_STRIDE + (x + BOARD_PAD).  The padding holds wall
 *    cells so that line scans never leave the array.
 *  - The library never prints and never exits: functions return a status
 *    (GmkStatus) or NULL, and the programs turn that into a message.
 *  - Objects that own state come in _new/_free pairs and are opaque.
 */
#ifndef GMK_H
#define GMK_H

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

/* Builds the library's constant tables (Zobrist keys, shape tables). Idempotent
 * and thread-safe; board_new() calls it, so programs rarely need to. */
void gmk_init(void);

/* Removes the temporary files and folders the library is writing (a book's
 * file beside its destination, the runs of a large build): for a program's
 * SIGINT / SIGTERM handler, which then ends the program. Async-signal-safe;
 * the library is not to be used after it. */
void gmk_temp_cleanup(void);

/* ---- rules and names ---------------------------------------------------- */

const char *rule_name(Rule r);                 /* "freestyle", "standard", "renju" */
GmkStatus rule_parse(const char *s, Rule *out); /* accepts the names above */
const char *color_name(Color c);               /* "black", "white" */

/* ---- geometry ----------------------------------------------------------- */

static inline Move point_make(int x, int y) {
    return (Move)((y + BOARD_PAD) * BOARD_STRIDE + (x + BOARD_PAD));
}
static inline int point_x(Move p) { return p % BOARD_STRIDE - BOARD_PAD; }
static inline int point_y(Move p) { return p / BOARD_STRIDE - BOARD_PAD; }
static inline bool point_on_board(Move p, int size) {
    return p >= 0 && p < BOARD_CELLS && point_x(p) >= 0 && point_x(p) < size &&
           point_y(p) >= 0 && point_y(p) < size;
}

/* The 8 symmetries of the square: t in 0..7; bit 2 transposes first, then
 * bit 0 mirrors the columns and bit 1 mirrors the rows. t = 0 is the identity. */
#define SYM_NB 8
Move sym_point(Move p, int t, int size);
int sym_inverse(int t);
void sym_moves(Move *moves, int n, int t, int size); /* in place; passes kept */

/* ---- board -------------------------------------------------------------- */

typedef struct Board Board;

/* A board of the given side and rule, empty, black to move; NULL when out of
 * memory or when size is out of range. */
Board *board_new(int size, Rule rule);
/* Flags of board_new_flags(). BOARD_LIGHT keeps stones, keys and wins only
 * (no shape state): several times faster make/unmake for record readers and
 * book building; shape, threat and evaluation functions must not be used. */
enum { BOARD_LIGHT = 1 };
Board *board_new_flags(int size, Rule rule, unsigned flags);
void board_free(Board *b);
void board_reset(Board *b);                  /* back to the empty board */
GmkStatus board_copy(Board *dst, const Board *src); /* same size required */

int board_size(const Board *b);
Rule board_rule(const Board *b);
Color board_to_move(const Board *b);
int board_ply(const Board *b);               /* tokens played, passes included */
Move board_move_at(const Board *b, int i);   /* the i-th token, 0-based */
int board_cell(const Board *b, Move p);      /* CELL_*; CELL_WALL off the board */
int board_stone_count(const Board *b, Color c);
bool board_full(const Board *b);

/* Plays a stone for the side to move, or MOVE_PASS. Fails with
 * GMK_ERR_OFFBOARD, GMK_ERR_OCCUPIED or GMK_ERR_TOO_LONG and leaves the board
 * untouched. A stone after a winning move is allowed here; callers that read
 * records reject it (see notation). */
GmkStatus board_play(Board *b, Move p);
void board_undo(Board *b);                   /* takes back the last token */

/* Win detection. board_winner(): the side whose last stone made a winning line
 * (COLOR_NONE if the last token did not win). board_wins_at(): would colour c
 * win by playing p now (five or more in freestyle, exactly five in standard,
 * renju black exactly five, renju white five or more)? board_scan_winner():
 * a winning line anywhere on the board. */
Color board_winner(const Board *b);
bool board_wins_at(const Board *b, Move p, Color c);
Color board_scan_winner(const Board *b);

Key board_key(const Board *b);               /* Zobrist key, side to move included */
Key board_key_sym(const Board *b, int t);    /* key of the image under symmetry t */
/* The same for all 8 images: the smallest of the 8 image keys; *t_out (may be
 * NULL) receives a symmetry that maps this board to the canonical image. */
Key board_canonical_key(const Board *b, int *t_out);
Key board_key_from_scratch(const Board *b);  /* recomputed, for checks */

/* Debug check: recomputes every incrementally kept field from scratch and
 * returns false on the first mismatch. Asserted after make/unmake in DEBUG. */
bool board_ok(const Board *b);

/* Sets up the position given by a move list (stones and passes) from the empty
 * board, applying symmetry t to every move. */
GmkStatus board_set_moves(Board *b, const Move *moves, int n);

/* ---- shapes --------------------------------------------------------------- */

/* Per-direction shape codes, weakest first. */
typedef enum {
    SHAPE_NONE = 0,
    SHAPE_DEAD,        /* 死: own stones blocked at both ends, no five possible */
    SHAPE_TWO,         /* 眠二 closed two: one move makes a closed three */
    SHAPE_OPEN_TWO,    /* 活二 open two: one move makes an open three */
    SHAPE_THREE,       /* 眠三 closed three: one move makes a four */
    SHAPE_OPEN_THREE,  /* 活三 open three (incl. split): one move makes a straight four */
    SHAPE_FOUR,        /* 冲四 four: exactly one point makes five */
    SHAPE_FOUR_FOUR,   /* two fours on this one line */
    SHAPE_OPEN_FOUR,   /* 活四 straight four: two points make five */
    SHAPE_FIVE,        /* a winning line under the line rule */
    SHAPE_OVERLINE,    /* six or more where that does not win */
    SHAPE_NB
} Shape;

/* Combined classes of a point for one colour, from its four line shapes. */
typedef enum {
    CLS_NONE = 0,
    CLS_DEAD,              /* only dead shapes */
    CLS_TWO,               /* 眠二 */
    CLS_OPEN_TWO,          /* 活二 */
    CLS_OPEN_TWO_TWO,      /* 活二眠二 */
    CLS_THREE,             /* 眠三 */
    CLS_DOUBLE_TWO,        /* 双活二 */
    CLS_OPEN_THREE,        /* 活三 */
    CLS_FOUR,              /* 冲四 (a four and no open three) */
    CLS_OPEN_THREE_THREE,  /* 活三眠三 */
    CLS_DOUBLE_THREE,      /* 双活三 */
    CLS_FOUR_THREE,        /* 冲四活三 */
    CLS_DOUBLE_FOUR,       /* 双冲四 (two lines, or one line holding two) */
    CLS_OPEN_FOUR,         /* 活四 */
    CLS_FIVE,              /* 成五 */
    CLS_OVERLINE,          /* overline that wins nothing, and nothing better */
    CLS_NB
} ShapeClass;

#define WINDOW_INDEXES (1 << 20) /* 4^10 window indexes */

const char *shape_name(Shape s);            /* "open-three" ... */
const char *class_name(ShapeClass c);       /* "four-three" ... */

/* What colour c makes by playing empty point p: the shape along direction d
 * (0 horizontal, 1 vertical, 2 diagonal, 3 anti-diagonal) and the combined
 * class of the four lines. Line-level facts: renju's forbidden points and
 * false threes are the business of board_forbidden / board_point_makes. */
Shape board_point_shape(const Board *b, Move p, Color c, int d);
ShapeClass board_point_class(const Board *b, Move p, Color c);
/* Explains colour c's shape at empty p along d: writes the line as the
 * catalogue sees it (11 chars of '0' empty, '1' own, '2' other or edge, the
 * point in the middle) and points *pattern at the name of the catalogue
 * pattern that named the shape (NULL if none). Slow path, for --explain. */
Shape board_point_explain(const Board *b, Move p, Color c, int d, char line[12],
                          const char **pattern);
/* Empty points where colour c's class is cls. */
int board_class_count(const Board *b, Color c, ShapeClass cls);

/* ---- shape sets ---------------------------------------------------------- */

/* Shape tables: the built-in ones (compiled from lib/shapes.txt at build
 * time) or ones compiled at run time from a user catalogue. */
typedef struct ShapeSet ShapeSet;

/* Where a shape catalogue failed: line, 1-based byte offset in the pattern
 * (0 if not a pattern error) and the reason (PCRE2's message for patterns). */
typedef struct {
    int line;
    int offset;
    char msg[200];
} CatalogError;

/* The built-in catalogue with user_text (same format as lib/shapes.txt)
 * merged in: lines with a known (name, scope) replace it, others are added.
 * NULL on failure, with *st and err set. Takes about a second (PCRE2 over
 * every window). */
ShapeSet *shapeset_compile(const char *user_text, size_t len, CatalogError *err, GmkStatus *st);
void shapeset_free(ShapeSet *s);
/* Uses set (NULL: the built-in one) on b from now on; b keeps its stones. The
 * set must outlive b's use of it. */
GmkStatus board_set_shapes(Board *b, const ShapeSet *set);

/* ---- renju forbidden points -------------------------------------------- */

typedef enum {
    FORBID_NONE = 0,      /* allowed (always so outside renju, and for white) */
    FORBID_OVERLINE,      /* six or more in a row */
    FORBID_DOUBLE_FOUR,   /* two fours at once (two on one line included) */
    FORBID_DOUBLE_THREE,  /* two real open threes at once */
} Forbid;

/* Is empty point p forbidden for black on b (renju only)? A move that makes
 * exactly five is never forbidden; threes are real or false by the recursive
 * RIF rule. Takes a non-const board: it looks ahead by placing stones and
 * leaves b as it was. */
Forbid board_forbidden(Board *b, Move p);
/* All points forbidden for black, in board order; out needs room for
 * size * size moves. Returns their number (0 outside renju). */
int board_forbidden_points(Board *b, Move *out);
const char *forbid_name(Forbid f);  /* "overline", "double-four", ... */

/* ---- threats ------------------------------------------------------------ */

/* Threat kinds of INTERFACE.md: what a move on an empty point makes. */
typedef enum {
    THREAT_FIVE = 0,     /* wins at once under the rule */
    THREAT_FOUR,         /* a four: one move from a five (straight fours included) */
    THREAT_OPEN_FOUR,    /* a straight four: two points make five */
    THREAT_OPEN_THREE,   /* an open three: one move makes a straight four */
    THREAT_THREE,        /* a closed three: one move makes a four, none a straight four */
    THREAT_NB
} ThreatKind;

/* Does colour c playing empty p make a threat of kind k? In renju a point
 * forbidden for black makes nothing for black but a five, and a black open
 * three counts only if it is real. */
bool board_point_makes(Board *b, Move p, Color c, ThreatKind k);
/* The points where colour c makes a threat of kind k, in board order; out
 * needs room for size * size moves. */
int board_threat_points(Board *b, Color c, ThreatKind k, Move *out);
const char *threat_name(ThreatKind k); /* the JSON field names: "five", "open_four" ... */

/* Every threat point of both colours and the forbidden points, in one pass
 * (what gmk-eval prints); lists in board order. */
typedef struct {
    Move pts[COLOR_NB][THREAT_NB][BOARD_MAX * BOARD_MAX]; /* per colour and kind */
    int n[COLOR_NB][THREAT_NB];                            /* their counts */
    Move forbidden[BOARD_MAX * BOARD_MAX];                 /* renju: forbidden for black */
    int nforbidden;
} ThreatReport;
void board_threats(Board *b, ThreatReport *r);

/* ---- the seed's point valuation (eval.c) -------------------------------- */

/* The value of one empty point for the side to move. */
typedef struct {
    Move move;        /* the point */
    int attack;       /* class score of what the side to move makes there */
    int defense;      /* class score of what the opponent would make there */
    int centre;       /* centre table value, 0..7 */
    int score;        /* attack + defense + centre */
    bool forbidden;   /* renju: forbidden for black */
} PointValue;

/* Values empty point p for the side to move; false if p is not an empty
 * point of a full (non-light) board. */
bool eval_point(Board *b, Move p, PointValue *out);
/* The best max points for the side to move, best first (ties in board
 * order); in renju, black's forbidden points are left out when black is to
 * move. Returns how many were written. */
int eval_candidates(Board *b, PointValue *out, int max);
/* The seed's position score: the best point's score for the side to move
 * (0 on a full board). */
int eval_seed_score(Board *b);
/* The centre table value of p on a board of the given size. */
int eval_centre(int size, Move p);

/* ---- Zobrist ------------------------------------------------------------ */

Key zobrist_stone(Color c, Move p);          /* key of a stone */
Key zobrist_side(void);                      /* xor-ed in when white is to move */

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

/* Parses a position (moves from the empty board, separators optional) of
 * len bytes and plays it on b (which is reset first). Fails on a bad
 * coordinate, an off-board or occupied point, a move after a win, or too many
 * moves; err (may be NULL) tells where. */
GmkStatus notation_parse_position(Board *b, const char *s, size_t len, Origin origin,
                                  ParseError *err);

/* Writes the position of b in compact normal form ("h8i9h10", passes "--")
 * into buf of cap bytes; returns the length, or -1 if it does not fit
 * (MOVES_MAX * 3 + 1 bytes always fit). */
int notation_format_position(const Board *b, Origin origin, char *buf, size_t cap);

/* Board diagrams. Input: rows of '.', 'x', 'o' (upper case marks the last
 * move and is accepted; '*' and digits mark points and read as empty), top
 * row first, optionally labelled with row numbers and a line of column
 * letters. Lines are fed one at a time to a DiagramReader. */
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
    const char *mark_chars; /* one char per mark, e.g. '*' forbidden, '1'.. */
    int mark_count;
} DiagramStyle;

/* Writes the board as a diagram (rows separated by '\n', ending with one)
 * into buf; returns the length or -1 if cap is too small (4096 is enough). */
int notation_format_diagram(const Board *b, const DiagramStyle *style, char *buf, size_t cap);

/* ---- solver: forced wins (VCF, VCT, win in N) ---------------------------- */

/* The side to move is the attacker. A VCF is a win by continuous fours: the
 * attacker plays only fours and the defender the forced block (a block that
 * makes a four of the defender's own must be answered by a four that blocks
 * it). A VCT also allows threats that are not fours: a move is a threat when
 * the attacker, were the defender to pass, would win by a VCF of at most
 * `threes` fours (1: open threes and the like, 2: also moves preparing a
 * four-three, ...); the defender may answer a threat anywhere, counter-fours
 * included. SOLVE_WIN_IN lets the attacker's first win_moves moves be any
 * moves (the "win in three" puzzles); every later attacker move is a four.
 * The search tries first the quiet moves that make shapes; its disproof
 * (SOLVE_NOWIN) ends with a pass that tries every empty point.
 * Renju: black may not play a forbidden point (a five is never forbidden),
 * and a white four wins when its only defence is forbidden for black.
 * Depth counts the attacker's moves before the winning five (a four that
 * cannot be stopped, or the white four above, is the last one counted). */
typedef enum { SOLVE_NOWIN = 0, SOLVE_WIN = 1, SOLVE_UNKNOWN = 2 } SolveResult;
typedef enum { SOLVE_VCF = 0, SOLVE_VCT = 1, SOLVE_WIN_IN = 2 } SolveKind;

#define SOLVE_LINE_MAX 1024   /* moves in a line */
#define SOLVE_DEFAULT_THREES 2
#define SOLVE_DEFAULT_MEMORY ((size_t)64 << 20)
/* Search variants of the VCT and win-in-N proof-number search
 * (SolveOptions.variant). Each is complete and sound; they differ only in
 * the proof and disproof numbers that choose where to look next and in the
 * narrower passes they search first: 0 sums the children's numbers
 * (df-pn), with a plain four of the attacker first as dear as an open
 * three (proof number 2) and the defender's plain counter-fours at an AND
 * node counted once, by the largest (most of a hard proof lies below such
 * counter-fours and their blocks, in every order), and in VCT as quiet
 * attacker moves only those that make an open two and a two or more
 * (CLS_OPEN_TWO_TWO; the last pass, before nowin, tries every point); 1
 * takes at OR nodes the largest child's disproof number plus one for each
 * other child (the "weak" numbers of Ueda et al., which count a
 * transposed subtree once) and makes attacker moves beyond one point from
 * the last two stones costlier (variant 0: beyond three), and in VCT first
 * searches with threats of VCFs of at most two fours (SolveOptions.threes
 * 2), then three, then, when those find no win, with the threes asked for;
 * 2 uses the weak numbers at AND nodes (proof) and OR nodes (1 and 2 count
 * a plain four 1 and sum the counter-fours); 3 is variant 0
 * that in VCT first searches, for at most a million nodes, with only those
 * non-four attacker threats that make a double two or more (CLS_DOUBLE_TWO;
 * moves that stop a defender's VCF are not limited so), then with at most
 * 9, 11 and 13 attacker moves (those below SolveOptions.depth), then as
 * asked. In VCT, 0 and 3 take a move for a threat when the related VCF
 * search (after the first four, fours on the previous four's lines only)
 * wins after it, but in the last pass, whose disproofs must be complete;
 * 4 is variant 0 with a plain four 1 that in VCT first searches with at
 * most 1, then 2, 3, 4, 5, 6 and 8 non-four attacker moves on any line
 * (fours and the forced blocks of the defender's fours not counted; a
 * node proven in a pass stays proven in the next, and a node still open
 * there gives the next its first numbers), then as asked. 0 and 4 also give a non-four attacker move
 * one more first proof number where the defender would make less than a
 * closed three (CLS_THREE): a threat that also takes a point the defender
 * needs comes first.
 * Hard puzzles that one misses within a limit another often solves;
 * solver_solve_parallel runs them side by side: in VCT variants 0, 4 and
 * 1, in win in N 3, 1 and 2 (one thread runs variant 0). */
#define SOLVE_VARIANTS 5
#define SOLVE_THREADS 3 /* solver_solve_parallel: variants side by side, at most */

/* What to prove and within which limits. */
typedef struct {
    SolveKind kind;       /* VCF, VCT or win in N */
    int depth;            /* attacker moves before the five, at most; 0 = no limit */
    int threes;           /* VCT: VCF depth that makes a non-four a threat (1..99) */
    int win_moves;        /* SOLVE_WIN_IN: free attacker moves (1..4) */
    uint64_t max_nodes;   /* node limit; 0 = none */
    uint32_t max_ms;      /* time limit in milliseconds; 0 = none */
    bool shortest;        /* a line with the fewest attacker moves */
    bool all;             /* every winning first move (SolveOutcome.wins) */
    bool verify;          /* check every win with the independent checker */
    int variant;          /* VCT / win in N: search variant, 0 .. SOLVE_VARIANTS - 1 */
    atomic_int *stop;     /* when not NULL: the search gives up (unknown) soon after
                             another thread sets *stop; polled every 1024 nodes */
} SolveOptions;

/* The answer for one position. */
typedef struct {
    SolveResult result;          /* win (found and, with verify, checked), nowin, unknown */
    int line_len;                /* moves in line */
    Move line[SOLVE_LINE_MAX];   /* attacker first, ending with the five (or the white four
                                    whose only defence is forbidden) */
    int wins_len;                /* with all: winning first moves */
    Move wins[BOARD_MAX * BOARD_MAX];
    int undecided_len;           /* with all: first moves a limit left undecided */
    Move undecided[BOARD_MAX * BOARD_MAX];
    uint64_t nodes;              /* nodes searched */
    double ms;                   /* wall time */
    bool verified;               /* the checker accepted the proof */
    int threat_cap;              /* VCT win found by a capped pass (variant 4): no line of the
                                    proof holds more non-four attacker moves; 0 otherwise */
    char note[160];              /* why the result is unknown ("" otherwise) */
} SolveOutcome;

/* A proof tree (a DAG: transpositions share nodes). Node 0 is the root,
 * attacker to move; along an edge the side to move changes. An attacker
 * node's edges are its winning moves; a defender node's edges are the
 * defences that need their own answer, and an edge with MOVE_PASS holds the
 * attacker's answer to every other defence (what it would play if the
 * defender passed). A defender node without edges is lost at once (two
 * fives to block, or renju's forbidden block). */
typedef struct {
    Move move;                   /* the move, MOVE_PASS for the answer to other defences */
    int32_t target;              /* node reached, -1 when nothing follows (a five) */
} SolveEdge;
typedef struct {
    int32_t first;               /* first edge */
    int32_t count;               /* edges */
} SolveTreeNode;
typedef struct {
    const SolveTreeNode *node;
    int nodes;
    const SolveEdge *edge;
    int edges;
} SolveTree;

typedef struct Solver Solver;

/* A solver with tables of about memory bytes (0: SOLVE_DEFAULT_MEMORY);
 * NULL when out of memory. One solver serves one thread. */
Solver *solver_new(size_t memory);
void solver_free(Solver *s);
void solve_options_default(SolveOptions *o);
/* Solves the position on b for the side to move. b is searched in place and
 * left as it was; it must not be a BOARD_LIGHT board. GMK_ERR_ARG for bad
 * options. */
GmkStatus solver_solve(Solver *s, Board *b, const SolveOptions *o, SolveOutcome *out);
/* The proof tree of the last win solver_solve found (empty otherwise); valid
 * until the next call. */
const SolveTree *solver_tree(const Solver *s);
/* Solves the position on b with n solvers at once (1 <= n <= SOLVE_THREADS),
 * each in a thread of its own on a copy of b, solvers[i] with the i-th of
 * search variants 0, 4, 1 in VCT and 3, 1, 2 in win in N (o->variant is
 * ignored); the first decided answer
 * (a win that passed the checker, or nowin) stops the others and is the
 * answer. out->nodes counts every solver's nodes; *used (may be NULL) gets
 * the index of the solver whose answer out holds (solver_tree(solvers[*used])
 * is its proof). Kinds
 * other than VCT and win in N, --all and --shortest, and n == 1 run on
 * solvers[0] alone. GMK_ERR_ARG for bad options, GMK_ERR_NOMEM when a board
 * copy or a thread cannot be made. */
GmkStatus solver_solve_parallel(Solver *const *solvers, int n, Board *b, const SolveOptions *o,
                                SolveOutcome *out, int *used);

/* The fast entry for engines: does attacker (to move or not: if not, as if
 * the side to move passed) win by continuous fours? max_nodes / max_ms: 0 =
 * no limit. line (may be NULL, room for SOLVE_LINE_MAX) receives the line.
 * No checker, no allocation; the tables persist between calls. */
SolveResult solver_vcf(Solver *s, Board *b, Color attacker, uint64_t max_nodes, uint32_t max_ms,
                       Move *line, int *line_len);

/* Defences: the side to move faces the opponent's win of kind o->kind.
 * threat: the opponent's win if the side to move passed (SOLVE_NOWIN: there
 * is none, and every move defends). moves: every move after which the
 * opponent has no such win; for a four of the side to move, after which,
 * once the opponent has blocked it, the side to move wins by fours, has no
 * threat to face, or has such a move again (a four that only delays does
 * not count). undecided: moves a limit left open. */
typedef struct {
    SolveResult threat;          /* win / nowin / unknown */
    int line_len;                /* the opponent's line after a pass */
    Move line[SOLVE_LINE_MAX];
    int moves_len;
    Move moves[BOARD_MAX * BOARD_MAX];
    int undecided_len;
    Move undecided[BOARD_MAX * BOARD_MAX];
    uint64_t nodes;
    double ms;
} SolveDefence;
GmkStatus solver_defend(Solver *s, Board *b, const SolveOptions *o, SolveDefence *out);

/* ---- independent checker of wins ------------------------------------------ */

/* Where a proof failed. */
typedef struct {
    int node;                    /* tree node, -1 if none */
    Move move;                   /* the move at fault (a defence not answered...) */
    bool defence;                /* move is a defence at node that the proof does not refute */
    bool out_of_time;            /* the check reached its deadline first: no verdict */
    char msg[120];               /* what is wrong */
} SolveCheckError;

/* Checks, with its own rule code (no shape tables), that the tree proves a
 * win for the side to move on b against every defence the rules allow.
 * err may be NULL. */
bool solve_check_tree(const Board *b, const SolveTree *t, SolveCheckError *err);
/* The same with a deadline (CLOCK_MONOTONIC; NULL: none): a check that
 * reaches it stops and fails with err->out_of_time set (a big proof tree
 * can take seconds to check). */
bool solve_check_tree_until(const Board *b, const SolveTree *t, const struct timespec *deadline,
                            SolveCheckError *err);
/* The same for a line (attacker and defender alternating, from the side to
 * move): every attacker move before the five is a four and each defender
 * move the only block, or the line ends in a position where the defender
 * cannot stop a five. */
bool solve_check_line(const Board *b, const Move *line, int n, SolveCheckError *err);
/* ---- game records (lib/records.c, lib/records_sgf.c) --------------------- */

/* Readers of game record files. Each reader takes the whole text in memory
 * (so that fuzzers can drive it), reports every good record through
 * RecordSink.game and every malformed one through RecordSink.error (with the
 * line of the offending move) and goes on with the next. A record is checked
 * by playing it on a BOARD_LIGHT board: an off-board or repeated point, or a
 * move after a winning move, makes it malformed. */
typedef enum {
    RECORD_AUTO = 0,  /* guess from the content */
    RECORD_MOVES,     /* one game a line: an INTERFACE position, TAB, optional result */
    RECORD_PGN,       /* PlayOK PGN: tag pairs, "1. h8 i9 2. ...", black/white swap tokens */
    RECORD_SGF,       /* SGF GM[1]/GM[4]/GM[5], main line or every variation */
    RECORD_PSQ,       /* Piskvork .psq: "x,y,ms" lines, 1-based, rows from the top */
    RECORD_RIF,       /* RenjuNet / RIF XML database: <game bresult=..><move>..</move> */
    RECORD_FORMAT_NB
} RecordFormat;

typedef enum {
    RESULT_UNKNOWN = 0, /* not stated and no five on the board */
    RESULT_BLACK,       /* black won */
    RESULT_WHITE,       /* white won */
    RESULT_DRAW,        /* a draw */
    RESULT_NB
} GameResult;

/* One good record, valid only during the callback. */
typedef struct {
    const Move *moves;  /* tokens from the empty board: points and MOVE_PASS */
    int n;              /* number of tokens */
    int size;           /* board side (from the record, else the options) */
    Rule rule;          /* rule (from the record, else the options) */
    GameResult result;  /* a five on the board overrides the stated result */
    long line;          /* 1-based line where the record starts */
    int variation;      /* 0: main line; 1..: further SGF variations */
    Board *board;       /* the record played out on a BOARD_LIGHT board (NULL if the
                           caller made the record itself); the callback may take
                           moves back: the reader resets it afterwards */
} GameRecord;

/* How to read. Zero-initialised means: guess the format, 15x15 freestyle. */
typedef struct {
    RecordFormat format; /* RECORD_AUTO to guess */
    int size;            /* default board size (0: BOARD_DEFAULT) */
    Rule rule;           /* default rule */
    Origin origin;       /* row numbering of move lists (RECORD_MOVES only) */
    bool variations;     /* SGF: report every variation as its own line */
    long first_line;     /* line number of buf[0] (0 or 1: the first line) */
    long first_record;   /* records before buf, for the "record N" of messages */
} RecordOptions;

/* A malformed record. */
typedef struct {
    long line;           /* 1-based line of the offending move or token */
    GmkStatus status;    /* GMK_ERR_SYNTAX, _OFFBOARD, _OCCUPIED, _AFTER_WIN, _SIZE ... */
    char msg[160];       /* what is wrong, e.g. "game 5: move 112 n10 is already occupied" */
} RecordError;

/* Where records go. game() returns false to stop reading. */
typedef struct {
    bool (*game)(void *ctx, const GameRecord *g);
    void (*error)(void *ctx, const RecordError *e); /* may be NULL */
    void *ctx;
} RecordSink;

/* Reads every record of buf (len bytes, need not be NUL-terminated).
 * Returns GMK_OK (malformed records are reported, not returned), GMK_ERR_NOMEM,
 * or GMK_ERR_FORMAT when RECORD_AUTO cannot tell the format. */
GmkStatus records_read(const char *buf, size_t len, const RecordOptions *opt,
                       const RecordSink *sink);
RecordFormat records_guess(const char *buf, size_t len);  /* RECORD_AUTO if unsure */
const char *record_format_name(RecordFormat f);            /* "moves", "pgn", "sgf", ... */
GmkStatus record_format_parse(const char *s, RecordFormat *out); /* the names above, "auto" */
const char *game_result_name(GameResult r);                /* "black", "white", "draw", "?" */

/* ---- opening books (lib/book*.c, lib/renlib.c) --------------------------- */

/* A book maps positions, keyed by their canonical key (the same for all 8
 * symmetric images), to the moves played from them, with games, wins, draws
 * and losses counted for the side that moved. The file layout is documented
 * at the top of lib/book.c. */
typedef struct Book Book;

/* What a book header says. */
typedef struct {
    int version;          /* file format version */
    int size;             /* board side */
    Rule rule;            /* rule of the games */
    int max_ply;          /* stones per game walked when building (0: all) */
    uint32_t min_games;   /* positions seen fewer times were dropped */
    uint64_t games;       /* game records counted */
    uint64_t positions;   /* positions stored */
    uint64_t entries;     /* (position, move) entries stored */
    uint32_t blocks;      /* compressed blocks */
    uint64_t file_bytes;  /* size of the file */
} BookInfo;

/* One book move, seen from the side to move, in the queried orientation. */
typedef struct {
    Move move;            /* a point, or MOVE_PASS (RenLib problem trees) */
    uint64_t games;       /* games that played it */
    uint64_t wins;        /* won by the side that played it */
    uint64_t draws;
    uint64_t losses;      /* games - wins - draws - losses had no known result */
    double score;         /* (wins + draws/2 + 1) / (wins + draws + losses + 2), in (0,1) */
} BookMove;

/* Why a book operation failed. */
typedef struct {
    GmkStatus status;   /* GMK_ERR_IO (errno kept), _CORRUPT, _FORMAT, _NOMEM, _ARG ... */
    char msg[200];      /* e.g. "block 3 fails its CRC", "truncated: 812 of 4096 bytes" */
} BookError;

/* Opens a book: checks the header, the block index and their CRCs and the
 * file size; the blocks are checked when read. NULL with err filled. */
Book *book_open(const char *path, BookError *err);
void book_close(Book *bk);
const BookInfo *book_info(const Book *bk);
/* The reason of the last failed probe / verify / foreach on bk. */
const char *book_last_error(const Book *bk);
/* The book moves of the position on b (its size must be the book's), best
 * first (score, then games), mapped to b's orientation; at most cap of them
 * into out, *n receives how many. Equivalent moves of a symmetric position
 * are one entry. GMK_ERR_CORRUPT if the block fails its checks. */
GmkStatus book_probe(Book *bk, const Board *b, BookMove *out, int cap, int *n);
/* Reads and checks every block (CRC and structure): GMK_OK or the first failure. */
GmkStatus book_verify(Book *bk);
/* Score of a move as defined in BookMove. */
double book_score(uint64_t wins, uint64_t draws, uint64_t losses);

/* RenLib annotations kept with an entry (BookEntry.flags). */
enum {
    BOOK_FLAG_MARK = 1,   /* RenLib "mark" */
    BOOK_FLAG_START = 2,  /* RenLib "start" */
    BOOK_FLAG_NOMOVE = 4, /* a board text only, not a move (games is 0) */
};

/* One stored entry, as book_foreach() reports it (key order, then move). */
typedef struct {
    Key key;              /* canonical key of the position */
    Move move;            /* the move in the canonical orientation */
    uint8_t flags;        /* BOOK_FLAG_* */
    uint64_t games, wins, draws, losses; /* as in BookMove */
    const char *comment;  /* RenLib comment bytes as stored (GBK kept), NULL if none */
    uint32_t comment_len;
    const char *label;    /* RenLib board text of this point, NULL if none */
    uint32_t label_len;
} BookEntry;

/* Calls fn for every entry (false from fn stops); checks every block read. */
GmkStatus book_foreach(Book *bk, bool (*fn)(void *ctx, const BookEntry *e), void *ctx);
/* The entries of the position on b, as stored (canonical orientation), and
 * the symmetry t that maps b to that orientation. *n receives the count (at
 * most cap copied; texts stay valid until the next call on bk). */
GmkStatus book_lookup(Book *bk, const Board *b, BookEntry *out, int cap, int *n, int *t);

/* ---- building and merging books (lib/book_build.c) ----------------------- */

/* Options of a build. */
typedef struct {
    int size;             /* board side of the games */
    Rule rule;            /* rule of the games (records of another rule are refused) */
    int max_ply;          /* walk the first max_ply stones of each game (0: all) */
    uint32_t min_games;   /* drop positions seen fewer times (0 or 1: keep all) */
    size_t memory;        /* bytes of counts kept in memory before spilling a sorted
                             run to a temporary book (0: BOOK_MEMORY_DEFAULT) */
    uint64_t expect;      /* entries expected, to size the table at once (0: unknown) */
} BookOptions;

#define BOOK_MAX_PLY_DEFAULT 30           /* --max-ply */
#define BOOK_MEMORY_DEFAULT (1024u << 20) /* --memory, bytes */

typedef struct BookBuilder BookBuilder;

BookBuilder *book_builder_new(const BookOptions *opt, BookError *err);
void book_builder_free(BookBuilder *bb);
/* Counts a checked game record (from records_read): every position up to
 * max_ply stones with the move played from it. GMK_ERR_SIZE / GMK_ERR_ARG
 * (err says why) for a record of another size or rule; it is not counted. */
GmkStatus book_builder_add_game(BookBuilder *bb, const GameRecord *g, BookError *err);
/* Adds one tree node (RenLib import): the move m from the position on b,
 * with flags and texts. The same (position, move) twice is one entry
 * (games 1, or 0 for a BOOK_FLAG_NOMOVE board text); the first text wins. */
GmkStatus book_builder_add_node(BookBuilder *bb, const Board *b, Move m, unsigned flags,
                                const char *comment, size_t comment_len, const char *label,
                                size_t label_len);
uint64_t book_builder_games(const BookBuilder *bb); /* records counted so far */
/* Writes the book (temporary file, fsync, rename). The builder can be freed
 * after; adding more is not allowed. */
GmkStatus book_builder_write(BookBuilder *bb, const char *path, BookError *err);

/* Merges books of the same size and rule into out: counts add up, positions
 * seen fewer than min_games times (and than any input's own min_games) are
 * dropped, max_ply is the largest. Merging books built from disjoint sets of
 * games gives, byte for byte, the book built from all of them at once. */
GmkStatus book_merge(const char *const *inputs, int n, const char *out, uint32_t min_games,
                     BookError *err);

/* ---- RenLib libraries (lib/renlib.c) ------------------------------------- */

/* Adds every node of a RenLib .lib tree (len bytes) to bb, which must be
 * 15x15. Comments and board texts are kept as bytes; passes are moves. */
GmkStatus renlib_import(const uint8_t *buf, size_t len, BookBuilder *bb, BookError *err);
/* Writes the book as a RenLib .lib tree (15x15 only): the book's moves from
 * the empty board, depth first, each position expanded once. */
GmkStatus renlib_export(Book *bk, const char *path, BookError *err);

/* ---- search (gmk-search) ------------------------------------------------ */

/* Scores are from the side to move's point of view. A forced result is
 * SCORE_WIN minus the plies to the winning five (the five included), or its
 * negation for a loss; ordinary evaluations stay within +-SCORE_EVAL_MAX. */
#define SCORE_WIN 30000                  /* five on the board */
#define SCORE_WIN_MIN (SCORE_WIN - 1000) /* below this: no forced result */
#define SCORE_EVAL_MAX 20000             /* bound of ordinary evaluations */
#define SCORE_NONE (-32000)              /* no score */
#define SEARCH_DEPTH_MAX 100             /* deepest iteration */
#define SEARCH_PV_MAX 64                 /* longest principal variation kept */
#define SEARCH_MULTIPV_MAX 16            /* most lines of --multipv */
#define SEARCH_THREADS_MAX 64            /* most threads */
#define SEARCH_HASH_DEFAULT 64           /* MB of transposition table by default */

static inline bool score_is_win(int s) { return s >= SCORE_WIN_MIN; }
static inline bool score_is_loss(int s) { return s <= -SCORE_WIN_MIN; }
/* Own moves to the five of a forced result (win or loss), counting the
 * five for a win: "win in N" / "loss in N". */
static inline int score_moves(int s) {
    int plies = SCORE_WIN - (s < 0 ? -s : s);
    return s > 0 ? (plies + 1) / 2 : plies / 2;
}

/* Features that can be switched off, for ablation matches (bits). */
enum {
    SEARCH_NO_TT = 1,       /* no transposition table cut-offs or moves */
    SEARCH_NO_HISTORY = 2,  /* no history heuristic and no killers */
    SEARCH_NO_VCF = 4,      /* no VCF probes (root and leaves) */
    SEARCH_NO_PRUNE = 8,    /* no threat-based move restriction or reductions */
};

/* What a search may use. Zero means "no limit" for depth, nodes and time; a
 * search with no limit at all stops at SEARCH_DEPTH_MAX. */
typedef struct {
    int depth;              /* deepest iteration, 1..SEARCH_DEPTH_MAX; 0 none */
    uint64_t nodes;         /* node budget over all threads; 0 none */
    int64_t time_ms;        /* time for this move in ms (hard); 0 none */
    int64_t time_soft_ms;   /* no new iteration after this (ms); 0: half of time_ms */
    int threads;            /* 1..SEARCH_THREADS_MAX (lazy SMP); 0 means 1 */
    int multipv;            /* lines to search, 1..SEARCH_MULTIPV_MAX; 0 means 1 */
    unsigned disable;       /* SEARCH_NO_* bits */
    bool simple;            /* no search: the seed's simple intelligence (baseline) */
} SearchLimits;

/* One line of the result: a root move, its score and principal variation. */
typedef struct {
    Move move;                  /* root move, MOVE_NONE if none */
    int score;                  /* score of the line (see SCORE_*) */
    int pv_len;                 /* moves in pv */
    Move pv[SEARCH_PV_MAX];     /* principal variation, move first */
} SearchLine;

/* Result of search_run(); also handed to the progress callback. */
typedef struct {
    Move best;                  /* move to play, MOVE_NONE on a full board */
    int score;                  /* score of best */
    int depth;                  /* last completed iteration */
    int seldepth;               /* deepest ply reached */
    uint64_t nodes;             /* nodes over all threads */
    int64_t ms;                 /* elapsed wall time */
    bool vcf;                   /* best comes from a forced-win probe at the root */
    bool book;                  /* best comes from the opening book (no search) */
    int lines;                  /* lines filled in line[] (multipv) */
    SearchLine line[SEARCH_MULTIPV_MAX]; /* best first; line[0].move == best */
} SearchResult;

/* Called by the main thread after each completed iteration. */
typedef void (*SearchInfoFn)(void *ctx, const SearchResult *r);

typedef struct Search Search;

/* An engine with a transposition table of hash_mb megabytes (rounded down
 * to a power of two, at least 1). NULL with *st set when out of memory. */
Search *search_new(size_t hash_mb, GmkStatus *st);
void search_free(Search *s);
/* Resizes the table (clears it). */
GmkStatus search_set_hash(Search *s, size_t hash_mb);
size_t search_hash_mb(const Search *s);
/* Forgets everything learnt (table, history): a new game. */
void search_clear(Search *s);
/* Searches b for the side to move and fills *res; b is left as it was.
 * info (may be NULL) is called after each completed iteration. Fails with
 * GMK_ERR_ARG when the game is already over or the limits are out of range
 * and GMK_ERR_NOMEM when a thread's board cannot be made. */
GmkStatus search_run(Search *s, Board *b, const SearchLimits *lim, SearchResult *res,
                     SearchInfoFn info, void *ctx);
/* Plays from bk (not owned) where it knows the position, unless
 * the side to move has a forced win by fours: among the book's legal moves
 * (renju: not forbidden), the best scored one with at least
 * SEARCH_BOOK_GAMES games of known result is played at once; when no move
 * has that many (RenLib trees have none), the search chooses among the book
 * moves. An engine keeps one book per rule: bk replaces the book of its own
 * rule, NULL forgets them all. Books of another board size are not used. */
#define SEARCH_BOOK_GAMES 3
void search_set_book(Search *s, Book *bk);
/* Asks a running search to stop soon (safe from another thread or a signal
 * handler); the next search_run() starts afresh. */
void search_stop(Search *s);

/* The search's static evaluation of b for the side to move (see
 * lib/evaluate.c). */
int search_evaluate(const Board *b);
/* The seed's "simple intelligence": the single best point by the point
 * valuation (attack + defence + centre), no search. MOVE_NONE if the board
 * is full or the game is over. */
Move search_simple_move(Board *b);

/* Fixed benchmark positions (lib/search_bench.c). */
typedef struct {
    Rule rule;              /* rule of the position */
    int size;               /* board side */
    int depth;              /* depth searched by the bench */
    const char *moves;      /* position, rows counted from the bottom */
} SearchBenchPos;
const SearchBenchPos *search_bench_positions(int *count);
/* Mixes one position's node count into a running bench signature. */
uint64_t search_bench_mix(uint64_t sig, uint64_t nodes);

/* ---- Gomocup protocol (gmk-search --gomocup) ---------------------------- */

/* The Gomocup (pbrain) brain protocol as a line-in, lines-out machine: the
 * program feeds it input lines and writes out what it hands back (the
 * library does no I/O itself). See lib/protocol.c for the commands. */
typedef struct Protocol Protocol;

/* Receives one output line (no newline); the program writes and flushes it. */
typedef void (*ProtocolWriteFn)(void *ctx, const char *line);

/* A protocol session driving engine s (not owned). base holds the limits
 * given on the command line (threads, depth, nodes, time per move); the
 * manager's INFO commands refine them. */
Protocol *protocol_new(Search *s, const SearchLimits *base, ProtocolWriteFn out, void *ctx);
void protocol_free(Protocol *p);
/* Handles one input line (without its newline; CR tolerated). Returns false
 * once END has been received. */
bool protocol_feed(Protocol *p, const char *line);

#endif /* GMK_H */
