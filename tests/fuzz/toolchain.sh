#!/bin/sh
# tests/fuzz/toolchain.sh CC — can CC build libFuzzer harnesses
# (-fsanitize=fuzzer,address,undefined)? If not, and this is root on a
# machine with apt-get, installs Debian's clang and libclang-rt-14-dev and
# tries again. Exit 0: yes; exit 1: no (with a one-line notice naming the
# packages), so that `make fuzz` can skip cleanly.
set -u
CC=${1:-clang}
try() {
    dir=$(mktemp -d)
    printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$dir/t.c"
    "$CC" -fsanitize=fuzzer,address,undefined -o "$dir/t" "$dir/t.c" >/dev/null 2>&1
    rc=$?
    rm -rf "$dir"
    return $rc
}
try && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "fuzz: installing clang libclang-rt-14-dev" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq clang libclang-rt-14-dev >/dev/null 2>&1 ||
        { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq clang libclang-rt-14-dev >/dev/null 2>&1; }
    try && exit 0
fi
echo "fuzz: skipped: '$CC' cannot build libFuzzer harnesses (Debian: apt-get install clang libclang-rt-14-dev)" >&2
exit 1
