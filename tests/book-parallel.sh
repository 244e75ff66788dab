#!/bin/sh
# tests/book-parallel.sh GAMES SHARDS — the GNU parallel shard recipe of
# gmk-book(1) (EXAMPLES), tested: GAMES synthetic games (bench_book --generate)
# split into SHARDS files built into books by parallel jobs, then one merge,
# must give the very bytes of one build over all the games; the same with
# the records cut on stdin by `parallel --pipe`. Skips with a notice when GNU
# parallel is not installed (tests/deps.sh --tests installs it).
# Environment: GMK_BIN (the programs), GMK_GEN (the bench_book binary).
set -eu
games=${1:?games} shards=${2:?shards}
bin=${GMK_BIN:-bin}
gen=${GMK_GEN:?GMK_GEN: the bench_book binary}
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "book-parallel: skip: GNU parallel not installed (apt-get install parallel)"
    exit 0
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmk-book-parallel.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"
"$gen" --generate "$games" 7 > games.txt
"$bin/gmk-book" build -q -o one.book games.txt
# N shard files, N parallel builds, one merge
split -n "l/$shards" -d -a 3 games.txt shard.
parallel --will-cite -j "$shards" "$bin/gmk-book" build -q -o {}.book {} ::: shard.[0-9][0-9][0-9]
"$bin/gmk-book" merge -q -o merged.book shard.*.book
cmp one.book merged.book
# records on stdin, cut between lines by parallel --pipe, one build a block
block=$(( $(wc -c < games.txt) / shards + 1 ))
parallel --will-cite --pipe --block "$block" -j "$shards" \
    "$bin/gmk-book" build -q -o pipe.{#}.book - < games.txt
"$bin/gmk-book" merge -q -o piped.book pipe.*.book
cmp one.book piped.book
echo "book-parallel: $games games as $shards shards with GNU parallel (files and --pipe), merged: the bytes of one build"
