#!/usr/bin/env bash
# Regenerates bench/results.txt (raw `go test -bench` output, every library
# side by side in one run), bench/results-benchstat.txt (its summary) and
# bench/results.md (the summary as the Markdown tables of README.md).
#
# `go test -count 6` would run each benchmark six times in a row, so a burst
# of load from another process lands on one library only. Instead the whole
# suite runs COUNT times with -count 1, one library after the other in each
# round, and the rounds are appended to one file: a burst then hits every
# library about equally.
#
#   bench/run.sh            # 6 rounds, about 4 minutes on 2 idle cores
#   COUNT=10 bench/run.sh   # more runs, tighter intervals
#   BENCH=Query bench/run.sh  # only the benchmarks matching a regexp
#
# benchstat is a tool, not a dependency of this module: it is run with
# `go run ...@latest` unless it is already on PATH.
set -euo pipefail
cd "$(dirname "$0")"

count=${COUNT:-6}
bench=${BENCH:-.}

if [ ! -d ../testdata/bench ]; then
	echo "run.sh: ../testdata/bench is absent; nothing to measure" >&2
	exit 1
fi

start=$(date +%s)
go test -c -o bench.test .
trap 'rm -f bench.test' EXIT
: >results.txt
for round in $(seq "$count"); do
	echo "run.sh: round $round of $count" >&2
	if [ "$round" = 1 ]; then
		./bench.test -test.run '^$' -test.bench "$bench" -test.benchmem -test.timeout 60m | tee -a results.txt
	else
		# The correctness reports (indented log lines) were printed in round 1.
		./bench.test -test.run '^$' -test.bench "$bench" -test.benchmem -test.timeout 60m |
			grep -v -e '^ ' -e '^--- BENCH:' | tee -a results.txt
	fi
done
echo "run.sh: benchmarks took $(( $(date +%s) - start ))s" >&2

if command -v benchstat >/dev/null; then
	benchstat=(benchstat)
else
	benchstat=(go run golang.org/x/perf/cmd/benchstat@latest)
fi
# Columns are libraries; the ratio column compares each with temoto.
cols=/lib@'(temoto crawlkit)'
"${benchstat[@]}" -col "$cols" results.txt | tee results-benchstat.txt
"${benchstat[@]}" -format csv -col "$cols" results.txt 2>/dev/null | go run ./mdtable >results.md
echo "run.sh: wrote results.txt, results-benchstat.txt and results.md" >&2
