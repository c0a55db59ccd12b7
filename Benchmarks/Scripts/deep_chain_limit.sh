#!/bin/bash
# The deepest chain of operators that subscribes and delivers without overflowing the stack of
# the main thread, found by bisection: each probe runs `ProfileDriver chain DEPTH` in a process
# of its own, since an overflow ends the process.
#
# Usage: Benchmarks/Scripts/deep_chain_limit.sh [debug|release] [BREAK]   (default: release)
# With BREAK, the chain passes through a type-erased observer every BREAK operators.
# Builds ProfileDriver in that configuration first. The limit scales with the stack size
# (`ulimit -s`, 8 MiB by default on Linux); the script prints it with the result.
set -euo pipefail
configuration=${1:-release}
breakEvery=${2:-}
cd "$(dirname "$0")/../.."
swift build -c "$configuration" --package-path Benchmarks --scratch-path Benchmarks/.build-bench \
    --product ProfileDriver >/dev/null
driver="Benchmarks/.build-bench/$configuration/ProfileDriver"

works() {
    "$driver" chain "$1" $breakEvery >/dev/null 2>&1
}

low=1
high=1
# Past this the chain is deep enough for any program; stop searching.
ceiling=1048576
while ((high < ceiling)) && works "$high"; do
    low=$high
    high=$((high * 2))
done
while ((high - low > 1)); do
    middle=$(((low + high) / 2))
    if works "$middle"; then low=$middle; else high=$middle; fi
done
echo "$configuration${breakEvery:+, erased every $breakEvery}: a chain of $low do(onNext:) operators works, $high overflows (stack $(ulimit -s) KiB, $(uname -m))"
