#!/usr/bin/env bash
# tests/ship/selfplay.sh — remakes the game records bundled for the README
# tutorial and `make demo`: tests/ship/selfplay.pgn and tests/ship/selfplay.psq.
#
# They are 52 renju games of gmk-search against itself (the project's own
# games, so a fresh clone can build a book without ../shared/data): each of
# the 26 standard openings (openings/renju26.tsv) played twice, colours
# swapped, between `gmk-search --nodes 20000` and `gmk-search --nodes 8000`
# by the referee of `make match` (tests/match.c). Node budgets and one thread
# make every game the same on every run; the answers come well within the
# referee's time limit.
#
# The games are written in two formats gmk-book reads, as other programs
# write them: the games where the stronger side is black as PlayOK-style PGN
# (tags, numbered moves, the result), the others as Piskvork psq files
# (1-based x,y from the top left, time 0; psq has no result, so a game that
# did not end with a five has none there).
#
# Usage: bash tests/ship/selfplay.sh   (from anywhere; about a minute on 2 cores)
set -eu
cd "$(dirname "$0")/../.."
make -s bin/gmk-search build/release/tests/match >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
strong="gmk-search --nodes 20000" weak="gmk-search --nodes 8000"
build/release/tests/match -r renju -g 52 -j 2 --openings openings/renju26.tsv -o "$tmp/games.txt" \
    "$PWD/bin/gmk-search --gomocup --nodes 20000" "$PWD/bin/gmk-search --gomocup --nodes 8000" >&2

# games.txt: "moves TAB winner reason", game i has A (strong) as black when i is even
awk -F'\t' -v strong="$strong" -v weak="$weak" -v pgn="$tmp/selfplay.pgn" -v psq="$tmp/selfplay.psq" '
    {
        n = 0; s = $1
        while (s != "") {          # split "h8i9j10" into points
            m = substr(s, 1, 1); s = substr(s, 2)
            while (s ~ /^[0-9]/) { m = m substr(s, 1, 1); s = substr(s, 2) }
            mv[++n] = m
        }
        split($2, r, " ")
        res = r[1] == "black" ? "1-0" : r[1] == "white" ? "0-1" : "1/2-1/2"
        if ((NR - 1) % 2 == 0) {
            printf "[Event \"gmk self-play\"]\n[Site \"make match\"]\n[Round \"%d\"]\n", NR >> pgn
            printf "[Black \"%s\"]\n[White \"%s\"]\n[Result \"%s\"]\n[Rule \"renju\"]\n\n", strong, weak, res >> pgn
            line = ""
            for (i = 1; i <= n; i++) {
                tok = (i % 2 == 1 ? (i + 1) / 2 ". " : "") mv[i]
                if (length(line) + length(tok) + 1 > 79) { print line >> pgn; line = tok }
                else line = line (line == "" ? "" : " ") tok
            }
            if (length(line) + length(res) + 1 > 79) { print line >> pgn; line = res }
            else line = line " " res
            print line "\n" >> pgn
        } else {
            print "Piskvorky 15x15, 11:11, 0" >> psq
            for (i = 1; i <= n; i++) {
                x = index("abcdefghijklmno", substr(mv[i], 1, 1))
                y = 16 - substr(mv[i], 2)
                printf "%d,%d,0\n", x, y >> psq
            }
            printf "%s\n%s\n0\n", weak, strong >> psq
        }
    }' "$tmp/games.txt"
cp "$tmp/selfplay.pgn" "$tmp/selfplay.psq" tests/ship/
echo "selfplay: $(grep -c '^\[Event' tests/ship/selfplay.pgn) PGN games, $(grep -c '^Piskvorky' tests/ship/selfplay.psq) psq games in tests/ship/"
