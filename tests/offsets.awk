# tests/offsets.awk — openings as c-gomoku-cli's offsets, for the scripts
# that play matches with it (tests/engine-match.sh, tests/tune-games.sh):
# each line's first field, the moves in INTERFACE notation (h8i9j10, rows
# from the bottom of a 15x15 board), becomes "x,y, x,y, ..." from the
# centre, rows from the top. Comment lines (#) and empty ones are skipped.
!/^#/ && NF {
    s = $1; o = ""
    while (match(s, /[a-o][0-9]+/)) {
        m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
        x = index("abcdefghijklmno", substr(m, 1, 1)) - 8; y = 8 - substr(m, 2)
        o = o (o ? ", " : "") x "," y
    }
    print o
}
