#!/bin/bash
# Instructions per unit of one side of one scenario, counted by valgrind's callgrind, which is
# repeatable on a busy machine where wall-clock time is not. Two runs of different sizes are
# subtracted, so that start-up and one-off setup cancel out.
#
# Usage: Benchmarks/Scripts/instructions_per_unit.sh SCENARIO SIDE [SMALL LARGE]
# (build first: swift build -c release --package-path Benchmarks --scratch-path Benchmarks/.build-bench --product ProfileDriver)
set -euo pipefail
driver="$(dirname "$0")/../.build-bench/release/ProfileDriver"
scenario=$1
side=$2
small=${3:-100000}
large=${4:-200000}

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" run "$scenario" "$side" "$1" 2>&1 |
        awk '/refs:/ { gsub(",", "", $NF); print $NF }'
}

first=$(count "$small")
second=$(count "$large")
echo "$scenario $side: $(((second - first) / (large - small))) instructions per unit"
