#!/usr/bin/env bash
# puzzles/import-quintet.sh DIR — converts the quintet solver's benchmark cases
# (DIR/*.txt, from ../shared/data/puzzles/quintet) into puzzle rows (see
# puzzles/README.md). In those files 'o' is Black and 'x' is White; `limit`
# becomes --max-moves and `threat_limit` --threes; `expect: disproven` becomes
# nowin. Usage: bash puzzles/import-quintet.sh ../shared/data/puzzles/quintet
set -eu
dir=${1:?usage: import-quintet.sh DIR}
printf '# Benchmark cases of the quintet renju solver (https://github.com/renju-note/quintet),\n'
printf '# converted by puzzles/import-quintet.sh. Copyright (c) 2020 Renju Note (MIT licence).\n'
printf '# tags: slow for the cases quintet tags slow or heavy; line: quintet'"'"'s expected line\n# (to the four that cannot be stopped).\n'
for f in "$dir"/*.txt; do
    awk -v name="$(basename "$f" .txt)" '
    /^#/ { next }
    /^[a-z_]+:/ && !inboard {
        k = $1; sub(/:$/, "", k); v = $0; sub(/^[a-z_]+:[ \t]*/, "", v); h[k] = v
        if (k == "board") inboard = 1
        next
    }
    inboard && /^[.ox ]+$/ && NF == 15 {
        y = 15 - row; row++
        for (x = 1; x <= 15; x++) {
            p = substr("abcdefghijklmno", x, 1) y
            if ($x == "o") b[nb++] = p
            else if ($x == "x") w[nw++] = p
        }
    }
    END {
        n = nb > nw ? nb : nw; pos = ""
        for (i = 0; i < n; i++) pos = pos (i ? " " : "") (i < nb ? b[i] : "--") " " (i < nw ? w[i] : "--")
        if (h["attacker"] == "x") pos = pos " --"
        if (h["mode"] == "vcf") opt = "--vcf" (h["limit"] != 255 ? " --max-moves " h["limit"] : "")
        else opt = "--vct --max-moves " h["limit"] " --threes " h["threat_limit"]
        want = h["expect"] == "disproven" ? "nowin" : "win"
        line = h["expect"] == "disproven" ? "-" : tolower(h["expect"]); gsub(/,/, " ", line)
        tags = h["tags"] ~ /slow|heavy/ ? "slow" : "fast"
        printf "%s\trenju\t15\t%s\t%s\t%s\t%s\t%s\n", name, opt, want, tags, pos, line
    }' "$f"
done
