#!/usr/bin/env bash
# tests/ship/readme.sh ROOT [MARKDOWN...] — runs the tested examples of the
# README (default ROOT/README.md) exactly as written.
#
# Convention: a fenced block whose info string is "console tested"
#     ```console tested
#     $ printf 'h8 i9 h10\n' | gmk-eval
#     h8i9h10	white	-
#     ```
# is a test in the format of tests/cli.sh: "$ command" lines, "> " for a
# continued command, the expected output below each (stdout and stderr
# together; a line ending in " (re)" is a regular expression; "[N]" an exit
# status other than 0). Other blocks are only read, never run.
#
# The commands of one file run in order, in one scratch directory made to
# look like the top of the checkout (a symbolic link to each of its entries,
# bin pointing at GMK_BIN), with the programs on PATH, as a reader who has
# run `make` and `export PATH=$PWD/bin:$PATH` in the checkout would.
# A failure is reported with the README's own line number. At the end no
# file the commands made may be left behind (one more command, after the
# README's last line, lists any).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "${1:?usage: readme.sh ROOT [MARKDOWN...]}" && pwd)
shift
[ $# -gt 0 ] || set -- "$root/README.md"
GMK_BIN=${GMK_BIN:-$root/bin}
export GMK_BIN
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
status=0 ran=0
for md in "$@"; do
    name=$(basename "$md")
    # the same line numbers as the markdown: blocks indented by two spaces,
    # every other line blank; line 1 (a heading) prepares the directory
    awk -v root="$root" -v bin="$GMK_BIN" '
        NR == 1 { printf "  $ for f in %s/*; do ln -s \"$f\" .; done; rm -f bin; ln -s %s bin\n", root, bin; next }
        /^```/ { if (inblock) { inblock = 0; print ""; next }
                 if ($0 ~ /^```console[ \t]+tested[ \t]*$/) { inblock = 1; n++; print ""; next } }
        inblock { print "  " $0; next }
        { print "" }
        END { if (inblock) { print "readme.sh: unterminated tested block" > "/dev/stderr"; exit 1 }
              # the tutorial cleans up after itself: nothing of its own is left
              print "  $ find . -mindepth 1 ! -type l | sed \"s|^./|left behind by the README: |\""
              print n > "/dev/stderr" }' "$md" > "$work/$name" 2> "$work/count" ||
        { cat "$work/count"; exit 1; }
    blocks=$(cat "$work/count")
    [ "$blocks" -gt 0 ] || { echo "$name: no \`\`\`console tested blocks"; status=1; continue; }
    if ! (cd "$work" && bash "$here/../cli.sh" "$name" > "$work/out" 2>&1); then
        sed -n '/^FAIL/,$p' "$work/out" | grep -v '^cli tests:'
        status=1
    fi
    ran=$((ran + $(grep -o '[0-9]* run' "$work/out" | head -1 | cut -d' ' -f1) - 1))
done
echo "readme: $ran commands in $# files, $([ $status = 0 ] && echo ok || echo FAILED)"
exit $status
