#!/bin/sh
# tests/run-unit.sh — runs the cmocka test programs given as arguments and
# fails if any of them fails.
failed=""
for t in "$@"; do
    if "$t"; then :; else failed="$failed $(basename "$t")"; fi
done
if [ -n "$failed" ]; then
    echo "unit tests FAILED:$failed" >&2
    exit 1
fi
echo "unit tests: all $# programs passed"
