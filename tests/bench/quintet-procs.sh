#!/usr/bin/env bash
# tests/bench/quintet-procs.sh [--bin DIR | --solve FILE] [--runs N] [--quintet BIN] [SHARED] — the quintet
# solver's 33 cases (puzzles/quintet.tsv) as a user runs them: one gmk-solve
# process per case with the default options (`-r renju --vcf|--vct --max-moves
# LIMIT --threes T`), beside quintet's own time per case
# (SHARED/puzzles/quintet/quintet-times.tsv, SHARED defaulting to
# ../shared/data; the columns are left out without it).
#
# Per case: the result; `proc ms`, the process's wall time from the shell
# (fork, exec, start-up, the solve, exit; the best of --runs, default 3) and
# `cpu ms`, its user and system time (the mean over the runs: the measure
# that a busy machine spoils least);
# `solve ms`, the time gmk-solve reports for the solve itself (its JSON "ms",
# in that best run: what quintet's own times measure); quintet's ms; and the
# ratios of both to it ('*': quintet over 1 ms, where gmk-solve must be no
# slower; quintet's times are rounded to 0.1 ms, a ratio is taken against
# 0.1 ms at least). Then the totals, the geometric means (of the process wall
# times, their CPU times and the solves), and the floor: the same process
# timed on a position with one stone.
#
# --quintet BIN (quintet's `solve` example, as ../shared/tools/opponents.sh
# builds it: OUTDIR/bin/quintet-solve) also times a quintet process per case
# the same way (the best wall time of --runs, its mean CPU time), from the
# case file under SHARED/puzzles/quintet: `q proc` and `proc/qp`, the whole
# processes side by side, and their geometric mean. Exit status 1 when a
# result is wrong or a win is not checked, 2 on usage errors.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
solve=$here/bin/gmk-solve runs=3 quintet=
while [ $# -gt 0 ]; do
    case $1 in
    --bin) solve=$2/gmk-solve; shift ;;
    --solve) solve=$2; shift ;;
    --runs) runs=$2; shift ;;
    --quintet) quintet=$2; shift ;;
    -*) echo "quintet-procs.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
shared=${1:-$here/../shared/data}
[ -x "$solve" ] || { echo "quintet-procs.sh: $solve not found (make first)" >&2; exit 2; }
[ -z "$quintet" ] || [ -x "$quintet" ] || { echo "quintet-procs.sh: $quintet is not a program" >&2; exit 2; }
times=$shared/puzzles/quintet/quintet-times.tsv
declare -A qms
if [ -r "$times" ]; then
    while IFS=$'\t' read -r c _ _ ms; do qms[$c]=$ms; done < "$times"
else
    echo "quintet-procs.sh: $times not found: no quintet columns"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The wall clock in µs: bash's own clock (5.0 and later), which starts no
# process; `date` (a fork and exec of ~1 ms, inside the time measured)
# only on an older bash.
now_us() {
    if [ -n "${EPOCHREALTIME:-}" ]; then now=${EPOCHREALTIME//[!0-9]/}
    else now=$(($(date +%s%N) / 1000)); fi
}
# The user + system time of the shell's children so far, in µs (the
# builtin `times`, no process started).
child_cpu_us() {
    times > "$tmp/times"
    child=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
                           printf "%.0f", t * 1e6 }' "$tmp/times")
}
# run POS RULE SIZE OPTS...: sets us (best wall µs), cpu (the mean user +
# system ms) and out (the output of the best run)
run() {
    local pos=$1 rule=$2 size=$3 t0 t1 i c0
    shift 3
    us=''
    printf '%s\n' "$pos" > "$tmp/pos"
    child_cpu_us; c0=$child
    for ((i = 0; i < runs; i++)); do
        now_us; t0=$now
        "$solve" -r "$rule" -s "$size" "$@" --json "$tmp/pos" > "$tmp/out" 2>&1
        now_us; t1=$now
        if [ -z "$us" ] || [ $((t1 - t0)) -lt "$us" ]; then
            us=$((t1 - t0))
            IFS= read -r -d '' out < "$tmp/out" || true # a builtin: no child to count
        fi
    done
    child_cpu_us
    cpu=$(awk -v a="$c0" -v b="$child" -v n="$runs" 'BEGIN { printf "%.2f", (b - a) / n / 1000 }')
}

# qargs CASEFILE: quintet's arguments for a case (mode, limit, threat limit,
# attacker, BLACKS/WHITES; in the case files o is black, the top row is 15;
# a VCF case has no threat limit: its limit stands in, as quintet ignores it)
qargs() {
    awk '/^mode:/ { m = $2 } /^attacker:/ { a = $2 } /^limit:/ { l = $2 } /^threat_limit:/ { t = $2 }
         /^board:/ { inb = 1; r = 15; next }
         inb && NF >= 15 { for (i = 1; i <= 15; i++) { p = sprintf("%c%d", 64 + i, r)
                               if ($i == "o") b = b (b ? "," : "") p; else if ($i == "x") w = w (w ? "," : "") p }
                           r-- }
         END { if (m && l && a) print m, l, (t ? t : l), a, b "/" w }' "$1"
}
# run_quintet NAME: sets qus (best wall µs of quintet's process, 0: no case
# file) and qcpu (its mean CPU ms)
run_quintet() {
    local f=$shared/puzzles/quintet/$1.txt a t0 t1 i c0
    qus=0 qcpu=0
    [ -n "$quintet" ] && [ -r "$f" ] && a=$(qargs "$f") && [ -n "$a" ] || return 0
    qus=''
    child_cpu_us; c0=$child
    for ((i = 0; i < runs; i++)); do
        now_us; t0=$now
        # shellcheck disable=SC2086
        "$quintet" $a > "$tmp/qout" 2>&1
        now_us; t1=$now
        if [ -z "$qus" ] || [ $((t1 - t0)) -lt "$qus" ]; then qus=$((t1 - t0)); fi
    done
    child_cpu_us
    qcpu=$(awk -v a="$c0" -v b="$child" -v n="$runs" 'BEGIN { printf "%.2f", (b - a) / n / 1000 }')
}

printf '%-28s %-6s %-7s %9s %8s %9s %9s %7s %7s\n' case expect result "proc ms" "cpu ms" "solve ms" "quint ms" \
    "proc/q" "solve/q"
stats=$tmp/stats
wrong=0
while IFS=$'\t' read -r name rule size opts expect _ pos _; do
    case $name in '#'* | '') continue ;; esac
    # shellcheck disable=SC2086
    run "$pos" "$rule" "$size" $opts
    run_quintet "$name"
    res=$(sed -n 's/.*"result":"\([a-z]*\)".*/\1/p' <<< "$out")
    ver=$(sed -n 's/.*"verified":\([a-z]*\).*/\1/p' <<< "$out")
    sms=$(sed -n 's/.*"ms":\([0-9.]*\).*/\1/p' <<< "$out")
    ok=1
    [ "$res" = "$expect" ] && { [ "$res" != win ] || [ "$ver" = true ]; } || ok=0
    [ $ok = 1 ] || wrong=$((wrong + 1))
    awk -v n="$name" -v e="$expect" -v r="${res:-error}" -v us="$us" -v c="$cpu" -v s="${sms:-0}" -v q="${qms[$name]:--}" \
        -v bad="$([ $ok = 1 ] || echo '  WRONG')" -v st="$stats" -v qus="$qus" -v qc="$qcpu" 'BEGIN {
        qp = qus / 1000
        qcol = qp > 0 ? sprintf("   q proc %7.1f ms (cpu %.1f)  proc/qp %5.2f", qp, qc, us / qus) : ""
        p = us / 1000
        if (q == "-") {
            printf "%-28s %-6s %-7s %9.1f %8.1f %9.1f %9s %7s %7s%s%s\n", n, e, r, p, c, s, "-", "-", "-", qcol, bad
            print p, s, -1, c, qp, qc >> st
            exit
        }
        d = q < 0.1 ? 0.1 : q
        printf "%-28s %-6s %-7s %9.1f %8.1f %9.1f %9.1f %7.2f %7.2f%s%s%s\n", n, e, r, p, c, s, q, p / d, s / d,
            (q > 1 ? "*" : " "), qcol, bad
        print p, s, q, c, qp, qc >> st
    }'
done < "$here/puzzles/quintet.tsv"
runs=$((runs < 20 ? 20 : runs)) run h8 renju 15 --vcf
floor=$us floor_cpu=$cpu
awk -v runs="$runs" -v wrong="$wrong" -v floor="$floor" -v fcpu="$floor_cpu" '
{ n++; p += $1; s += $2; c += $4; if ($1 > 1000) over++
  if ($5 > 0) { k++; qpt += $5; qct += $6; lq += log($1 / $5); lqc += log(($4 < 0.01 ? 0.01 : $4) / ($6 < 0.01 ? 0.01 : $6))
                if ($1 > $5) slq++ }
  if ($3 >= 0) { m++; q += $3; d = $3 < 0.1 ? 0.1 : $3; lp += log($1 / d); ls += log($2 / d)
                 lc += log(($4 < 0.01 ? 0.01 : $4) / d)
                 if ($3 > 1) { if ($1 > $3) sp++; if ($2 > $3) ss++; if ($4 > $3) sc++ } } }
END {
    printf "quintet-procs: %d cases, %d wrong, %d over 1 s (process); gmk-solve %.0f ms in processes (%.0f ms cpu), %.0f ms solving (best of %d runs each); floor %.1f ms, %.2f ms cpu (a process solving one stone)\n",
        n, wrong, over, p, c, s, runs, floor / 1000, fcpu
    if (m) printf "quintet-procs: quintet %.0f ms: x%.1f the processes, x%.1f the solves; gmk/quintet geometric mean %.2f (processes), %.2f (their cpu), %.2f (solves); slower where quintet is over 1 ms: %d (processes), %d (their cpu), %d (solves)\n",
        q, q / p, q / s, exp(lp / m), exp(lc / m), exp(ls / m), sp, sc, ss
    if (k) printf "quintet-procs: quintet processes %.0f ms (%.0f ms cpu) on %d cases: x%.1f gmk-solve'"'"'s processes; gmk/quintet geometric mean %.2f (processes), %.2f (their cpu); gmk-solve slower in %d\n",
        qpt, qct, k, qpt / p, exp(lq / k), exp(lqc / k), slq
}' "$stats"
[ "$wrong" = 0 ]
