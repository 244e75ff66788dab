/*
 * records.h — internal pieces shared by the game record readers
 * (records.c: names and the record checks; records_text.c: move lists, PGN,
 * psq; records_sgf.c: SGF and the RenjuNet XML database; records_stream.c:
 * dispatch and files of any length).
 *
 * A reader collects the tokens of one record into RecordReader.moves (with
 * the byte offset of each token in .ofs, for error lines) and calls
 * rec_finish(), which plays the record on a BOARD_LIGHT board, reports it as
 * good or malformed, and empties the token list for the next record.
 */
#ifndef GMK_RECORDS_H
#define GMK_RECORDS_H

#include "board/gmk_notation.h"
#include "gmk_records.h"

#define MOVE_OFFBOARD ((Move)-1) /* a parsed coordinate outside the board */

/* State of one records_read() call. */
typedef struct {
    const char *buf;                 /* the whole text */
    size_t len;                      /* its length */
    const RecordOptions *opt;        /* options (defaults filled in) */
    const RecordSink *sink;          /* where records go */
    Board *boards[RULE_NB][BOARD_MAX + 1]; /* light boards, made on first use */
    Move moves[MOVES_MAX];           /* tokens of the record being read */
    size_t ofs[MOVES_MAX];           /* byte offset of each token */
    int n;                           /* tokens so far */
    bool overflow;                   /* more than MOVES_MAX tokens */
    int records;                     /* records seen so far (good and bad) */
    size_t line_ofs;                 /* line cache: offset ... */
    long line_no;                    /* ... and the line it is on */
    bool stop;                       /* the sink asked to stop */
    GmkStatus fatal;                 /* GMK_ERR_NOMEM once an allocation failed */
    bool strict_result;              /* a stated result that contradicts the five is an error */
} RecordReader;

/* 1-based line of byte offset ofs. */
long rec_line(RecordReader *rr, size_t ofs);
/* Appends a token (a point, MOVE_PASS or MOVE_OFFBOARD) read at offset ofs. */
void rec_push(RecordReader *rr, Move m, size_t ofs);
/* Reports a malformed record at offset ofs and empties the token list. */
void rec_error(RecordReader *rr, size_t ofs, GmkStatus st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Checks the collected tokens by playing them and reports the record (good
 * or malformed); empties the token list. start: offset of the record. */
void rec_finish(RecordReader *rr, size_t start, int size, Rule rule, GameResult result,
                int variation);
/* Rule named by a record ("Renju", "RIF", "Soosyrv-8", "Gomoku", "Standard"
 * ...); false if the name is not known. */
bool rec_rule_from_name(const char *s, size_t len, Rule *out);
/* Rule given as a number, as Gomocup tools write it (c-gomoku-cli's SGF RU,
 * the rule line of a psq file, the protocol's INFO rule): Piskvork's bits,
 * 1 exactly five, 2 continuous game, 4 renju, 8 caro; so 0 freestyle,
 * 1 standard, 4 renju (2 and 3 as 0 and 1). 1 with *out set; 0 for a code
 * naming no rule gmk knows (caro); -1 when s is not a number. */
int rec_rule_from_code(const char *s, size_t len, Rule *out);

/* The line-based readers (records_text.c). */
void records_read_moves(RecordReader *rr);
void records_read_pgn(RecordReader *rr);
void records_read_psq(RecordReader *rr);
/* The SGF and XML readers (records_sgf.c). */
void records_read_sgf(RecordReader *rr);
void records_read_rif(RecordReader *rr);

#endif
