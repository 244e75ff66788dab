#!/bin/sh
# tests/deps.sh — makes sure the build dependencies are present.
#   tests/deps.sh          build deps: pkg-config, PCRE2, zlib, cmocka headers
#   tests/deps.sh --tests  also what the tests use when available (jq, zsh, fish,
#                          groff and mandoc to lint the man pages, GNU parallel
#                          for the shard recipe)
# Missing Debian packages are installed with apt-get when running as root on
# a machine that has it; otherwise this stops and names the packages.
set -u
need=""
have_pc() { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists "$1" 2>/dev/null; }
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have_pc libpcre2-8 || need="$need libpcre2-dev"
have_pc zlib || need="$need zlib1g-dev"
have_pc cmocka || need="$need libcmocka-dev"
optional=""
if [ "${1:-}" = "--tests" ]; then
    for tool in jq zsh fish mandoc groff:groff-base parallel; do   # command[:Debian package]
        command -v "${tool%%:*}" >/dev/null 2>&1 || optional="$optional ${tool#*:}"
    done
fi
[ -z "$need$optional" ] && exit 0

can_install=0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then can_install=1; fi
if [ $can_install = 1 ]; then
    echo "deps: installing${need}${optional}" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! apt-get install -y -qq $need $optional >/dev/null 2>&1; then
        apt-get update -qq >/dev/null 2>&1
        if ! apt-get install -y -qq $need >/dev/null 2>&1 && [ -n "$need" ]; then
            echo "deps: apt-get could not install:$need" >&2
            exit 1
        fi
        # optional tools: install what can be installed, one at a time
        for p in $optional; do apt-get install -y -qq "$p" >/dev/null 2>&1 || true; done
    fi
    exit 0
fi
if [ -n "$need" ]; then
    echo "deps: missing Debian packages:$need" >&2
    echo "deps: install them with: apt-get install -y$need" >&2
    exit 1
fi
exit 0   # optional tools missing: the tests that need them skip with a notice
