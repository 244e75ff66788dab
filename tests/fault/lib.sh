# tests/fault/lib.sh — helpers for the fault tests (tests/fault/*.t, run by
# tests/cli.sh through `make check`). Source it in a test: . "$TESTDIR/lib.sh"
#
# check_stream PROG INPUT [ARGS...]
#   Runs PROG ARGS < INPUT and checks what every gmk program promises for
#   any input, however broken: it ends by itself (exit 0 or 1, not a crash or
#   a sanitizer report); every stderr line is one "PROG: <stdin>:LINE: reason"
#   report in printable ASCII, lines in increasing order and inside the input;
#   or "PROG: <stdin>: binary data, skipped" (the whole input) or
#   "PROG: <stdin>: N more bad lines not shown" (past the first 30);
#   every stdout line starts with a normalised position (a-v, digits, "--";
#   "-" the empty board),
#   or is a JSON object whose first member is one;
#   there are no more output lines plus reports than input lines; the status
#   is 1 exactly when something was reported. Prints "stream ok (status S)"
#   or what went wrong.
check_stream() {
    local prog=$1 input=$2
    shift 2
    local out err status
    out=$(mktemp) err=$(mktemp)
    "$prog" "$@" < "$input" > "$out" 2> "$err"
    status=$?
    local lines
    lines=$(awk 'END { print NR }' "$input")
    LC_ALL=C awk -v prog="${prog##*/}" -v lines="$lines" -v status="$status" -v out="$out" '
        function complain(s) { if (bad++ < 5) print s }
        BEGIN { last = 0; bad = 0 }
        {
            n++
            pre = prog ": <stdin>:"
            if (substr($0, 1, length(pre)) != pre) { complain("stray stderr line: " $0); next }
            rest = substr($0, length(pre) + 1)
            if (rest ~ /^ binary data, skipped$/ || rest ~ /^ [0-9]+ more bad lines not shown$/) next
            if (rest !~ /^[0-9]+: [ -~]+$/) { complain("bad report: " $0); next }
            ln = rest + 0
            if (ln <= last || ln > lines) complain("report line " ln " out of order or range")
            last = ln
        }
        END {
            while ((getline o < out) > 0) {
                m++
                if (o ~ /^[{]/) {
                    if (o !~ /^[{]"position":"([a-v][0-9]+|--)*",.*[}]$/) complain("bad JSON line: " o)
                    continue
                }
                split(o, f, "\t")
                if (f[1] !~ /^([a-v][0-9]+|--)*$/ && f[1] != "-") complain("bad output line: " o)
            }
            if (n + m > lines) complain(n " reports + " m " outputs for " lines " lines")
            if (status != (n ? 1 : 0)) complain("status " status " with " n " reports")
            if (!bad) print "stream ok (status " status ")"
        }' "$err"
    rm -f "$out" "$err"
}

# Prints N bytes of deterministic pseudo-random binary data (all 256 byte
# values, newlines included) on stdout.
garbage() {
    local n=$1
    awk -v n="$n" 'BEGIN {
        s = 12345
        for (i = 0; i < 256; i++) chr[i] = sprintf("%c", i)
        for (i = 0; i < n; i++) {
            s = (s * 69069 + 1) % 4294967296
            printf "%s", chr[int(s / 16777216)]
        }
    }'
}
