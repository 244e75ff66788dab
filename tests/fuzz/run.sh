#!/usr/bin/env bash
# tests/fuzz/run.sh — runs the libFuzzer harnesses; `make fuzz` calls it.
#
#   run.sh FUZZ_BUILD_DIR SECONDS SHARED_DIR [NAME...]
#
# For each harness FUZZ_BUILD_DIR/fuzz_NAME (all of them, or the NAMEs given):
#  - builds its seed corpus in FUZZ_BUILD_DIR/seeds/NAME from the
#    "fuzz-seeds:" lines of tests/fuzz/fuzz_NAME.c (see tests/fuzz/fuzzutil.h),
#    tests/fuzz/seeds/NAME/ and tests/fuzz/regress/NAME/;
#  - runs it for SECONDS with the corpus kept in FUZZ_BUILD_DIR/corpus/NAME
#    (it grows from run to run), tests/fuzz/NAME.dict if present and the
#    harness's "fuzz-options:";
#  - saves crashing inputs in FUZZ_BUILD_DIR/artifacts/NAME/ and the log in
#    FUZZ_BUILD_DIR/logs/NAME.log (harnesses with state between inputs may
#    write more there: FUZZ_ARTIFACTS names the folder).
# Prints one summary line per harness (executions, exec/s, coverage edges and
# features, corpus size, findings; also in FUZZ_BUILD_DIR/summary.txt) and
# exits 1 if any harness found something.
# Environment: FUZZ_SEED_MAX (seeds per source file, default 400),
# FUZZ_JOBS (harnesses run at once, default 1).
set -u
FB=${1:?usage: run.sh FUZZ_BUILD_DIR SECONDS SHARED_DIR [NAME...]}
SECONDS_EACH=${2:?seconds}
SHARED=${3:?shared dir}
shift 3
SEED_MAX=${FUZZ_SEED_MAX:-400}
JOBS=${FUZZ_JOBS:-1}
export LC_ALL=C

if [ $# -eq 0 ]; then
    set --
    for f in tests/fuzz/fuzz_*.c; do n=${f#tests/fuzz/fuzz_}; set -- "$@" "${n%.c}"; done
fi

# Writes seed $2 (content on stdin) into directory $1 under a content hash.
put_seed() {
    local tmp
    tmp=$(mktemp "$1/.tmp.XXXXXX")
    cat > "$tmp"
    if [ -s "$tmp" ]; then mv "$tmp" "$1/$(sha1sum < "$tmp" | cut -c1-16)"; else rm -f "$tmp"; fi
}

# Splits a file into seeds: mode files|lines|field:N|blocks, at most SEED_MAX
# per file, spread evenly over it.
seeds_from() { # dir mode file
    local dir=$1 mode=$2 file=$3
    case "$mode" in
        files)
            [ "$(stat -c %s "$file")" -le 1048576 ] && put_seed "$dir" < "$file" ;;
        lines|field:*|blocks)
            local field=0
            case "$mode" in field:*) field=${mode#field:} ;; esac
            awk -v field="$field" -v mode="$mode" -v max="$SEED_MAX" -v dir="$dir" '
                function emit(s) { if (s != "") items[n++] = s }
                mode == "blocks" {
                    if ($0 ~ /^[ \t\r]*$/) { emit(block); block = "" }
                    else block = block $0 "\n"
                    next
                }
                field > 0 { split($0, f, "\t"); emit(f[field]); next }
                { emit($0) }
                END {
                    if (mode == "blocks") emit(block)
                    step = n > max ? n / max : 1
                    for (x = 0; x < n && k < max; x += step) {
                        out = sprintf("%s/%s-%06d", dir, mode == "blocks" ? "b" : "l", k++)
                        sub(/:/, "", out)
                        printf "%s", items[int(x)] > out
                        close(out)
                    }
                }' "$file"
            ;;
        *) echo "fuzz: unknown seed mode '$mode'" >&2 ;;
    esac
}

# Assembles the seed corpus of harness $1 in $2.
build_seeds() {
    local name=$1 dir=$2 line mode pat f
    rm -rf "$dir"
    mkdir -p "$dir"
    while IFS= read -r line; do
        read -r mode rest <<< "$line"
        if [ "$mode" = run ]; then
            # a command that writes seed files into $SEEDS (programs of bin/)
            case "$rest" in *'$SHARED'*) [ -d "$SHARED" ] || continue ;; esac
            local sub
            sub=$(mktemp -d "$dir/.run.XXXXXX")
            (export SEEDS="$sub"; eval "${rest//\$SHARED/$SHARED}") > /dev/null 2>&1
            [ -n "$(ls -A "$sub")" ] || echo "fuzz: seed command made no seed: $rest" >&2
            for s in "$sub"/*; do [ -f "$s" ] && put_seed "$dir" < "$s"; done
            rm -rf "$sub"
            continue
        fi
        for pat in $rest; do
            case "$pat" in
                '$SHARED'/*) [ -d "$SHARED" ] || continue; pat="$SHARED/${pat#\$SHARED/}" ;;
            esac
            case "$pat" in */) pat="$pat*" ;; esac
            for f in $pat; do
                [ -f "$f" ] || continue
                local sub
                sub=$(mktemp -d "$dir/.src.XXXXXX")
                seeds_from "$sub" "$mode" "$f"
                for s in "$sub"/*; do [ -f "$s" ] && put_seed "$dir" < "$s"; done
                rm -rf "$sub"
            done
        done
    done < <(sed -n 's/^[ *]*fuzz-seeds: *//p' "tests/fuzz/fuzz_$name.c")
    for d in "tests/fuzz/seeds/$name" "tests/fuzz/regress/$name"; do
        [ -d "$d" ] || continue
        for s in "$d"/*; do [ -f "$s" ] && put_seed "$dir" < "$s"; done
    done
}

# Runs harness $1; prints its summary line.
run_one() {
    local name=$1 bin="$FB/fuzz_$1"
    local corpus="$FB/corpus/$name" seeds="$FB/seeds/$name" art="$FB/artifacts/$name"
    local log="$FB/logs/$name.log"
    mkdir -p "$corpus" "$art" "$FB/logs"
    build_seeds "$name" "$seeds"
    local nseeds
    nseeds=$(find "$seeds" -type f | wc -l)
    local -a opts=(-max_total_time="$SECONDS_EACH" -print_final_stats=1 -timeout=10
                   -rss_limit_mb=2048 -artifact_prefix="$art/")
    [ -f "tests/fuzz/$name.dict" ] && opts+=(-dict="tests/fuzz/$name.dict")
    local extra
    extra=$(sed -n 's/^[ *]*fuzz-options: *//p' "tests/fuzz/fuzz_$name.c")
    # shellcheck disable=SC2206
    [ -n "$extra" ] && opts+=($extra)
    local before
    before=$(find "$art" -type f | wc -l)
    FUZZ_ARTIFACTS="$art" "$bin" "${opts[@]}" "$corpus" "$seeds" > "$log" 2>&1
    local rc=$?
    local after execs rate cov ft units
    after=$(find "$art" -type f | wc -l)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    units=$(find "$corpus" -type f | wc -l)
    local found=$((after - before))
    [ $rc -ne 0 ] && [ $found -eq 0 ] && found="rc=$rc"
    printf '%-10s %6ss %12s execs %8s/s  cov %5s  ft %6s  seeds %5s  corpus %6s  findings %s\n' \
        "$name" "$SECONDS_EACH" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$nseeds" \
        "$units" "$found"
    if [ "$found" != 0 ]; then
        echo "  see $log; inputs in $art/ (after the fix: copy to tests/fuzz/regress/$name/)"
        return 1
    fi
    return 0
}

status=0
mkdir -p "$FB"
summary="$FB/summary.txt"
: > "$summary"
running=0
for name in "$@"; do
    if [ ! -x "$FB/fuzz_$name" ]; then
        echo "fuzz: no harness $FB/fuzz_$name" >&2
        status=1
        continue
    fi
    if [ "$JOBS" -gt 1 ]; then
        { run_one "$name" >> "$summary" || echo "FAIL $name" >> "$summary"; } &
        running=$((running + 1))
        if [ $running -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
    else
        run_one "$name" | tee -a "$summary"
        [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
    fi
done
if [ "$JOBS" -gt 1 ]; then
    wait
    cat "$summary"
    grep -q '^FAIL' "$summary" && status=1
fi
exit $status
