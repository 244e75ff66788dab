/*
 * gmk_records.h — part of libgmk's public header (gmk.h includes every part):
 * game records: readers of move lists, PGN, SGF, RIF XML, psq.
 */
#ifndef GMK_PUBLIC_RECORDS_H
#define GMK_PUBLIC_RECORDS_H

#include <stdio.h>

#include "board/gmk_board.h"

/* ---- game records (lib/records/) ----------------------------------------- */

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

/* ---- records from a file of any length (lib/records/records_stream.c) ------------ */

/* How far records_read_stream() got (for a progress line), and why it stopped. */
typedef struct {
    long records;        /* records read so far, good and bad */
    uint64_t done_bytes; /* bytes of the chunks read before the current one */
    size_t chunk_bytes;  /* bytes of the current chunk */
    long chunk_line;     /* line of its first byte */
    long chunk_lines;    /* lines it holds */
    const char *what;    /* GMK_ERR_FORMAT: what the file is instead of game records
                            (a gmk book, a RenLib library); NULL: the format is unknown */
    int err;             /* GMK_ERR_IO: errno */
} RecordStream;

/* Reads every record of f into sink, about chunk bytes at a time: move
 * lists, PGN and psq are cut after their last whole record (the buffer
 * doubles while it holds none), SGF and RIF XML are read whole. A UTF-8
 * byte order mark is skipped. rs is filled as it goes. GMK_OK,
 * GMK_ERR_IO, GMK_ERR_NOMEM or GMK_ERR_FORMAT (see RecordStream.what). */
GmkStatus records_read_stream(FILE *f, const RecordOptions *opt, size_t chunk, const RecordSink *sink,
                              RecordStream *rs);
/* Is the start of a file (its first n bytes; RECORDS_BINARY_LOOK are
 * looked at) binary data rather than text: a NUL byte, or control
 * characters (other than TAB, newlines, FF, VT, ESC) in more than one byte
 * in 8? records_read_stream() then stops at once: GMK_ERR_FORMAT, what
 * "binary data". */
#define RECORDS_BINARY_LOOK 65536
bool records_is_binary(const char *buf, size_t n);
/* The rule and size stated by the first record of buf, the first n bytes
 * of a file (whole: all of it), read with opt: true with *rule and *size
 * set when there is one. Move lists state neither: false. */
bool records_first_rule(const char *buf, size_t n, bool whole, const RecordOptions *opt, Rule *rule,
                        int *size);

#endif /* GMK_PUBLIC_RECORDS_H */
