#!/usr/bin/env bash
# Times the per-origin pass over the corpus (../shared/corpus beside the
# repository) for Google's C++ parser, temoto and this library, side by side
# in one run, and writes corpus-results.txt (raw benchmark lines) and
# corpus-benchstat.txt (benchstat, one column a library).
#
#   ORACLE=/tmp/oracle/oracle bench/corpus.sh   # 10 rounds
#   COUNT=6 ORACLE=... bench/corpus.sh
#
# ORACLE is the driver of ../shared/google-oracle, built from a checkout of
# google/robotstxt (README.md, "The corpus, and Google's C++ parser");
# without it the rounds time temoto and this library only. Each round runs
# the oracle's corpus pass, best of 3 passes, written as a benchmark line
# (op=FirstQuery/lib=google), then each benchmark of BenchmarkCorpus for
# one pass three times, keeping the best: on a loaded machine the best of
# three passes drops the passes a burst of load slowed, and comparing one
# library's best with another's mean would favour the first.
set -euo pipefail
cd "$(dirname "$0")"

count=${COUNT:-10}
corpus=../../shared/corpus
if [ ! -d "$corpus/robots" ]; then
	echo "corpus.sh: $corpus is absent; nothing to measure" >&2
	exit 1
fi
procs=$(go env GOMAXPROCS 2>/dev/null || true)
procs=${procs:-$(nproc)}

go test -c -o corpus.test .
list=$(mktemp)
trap 'rm -f corpus.test "$list"' EXIT
find "$corpus/robots" -type f | sort >"$list"

: >corpus-results.txt
for round in $(seq "$count"); do
	echo "corpus.sh: round $round of $count" >&2
	if [ -n "${ORACLE:-}" ]; then
		# corpus	4231 files	17201916 bytes	best of 3: 66.34 ms	...	259.3 MB/s	...
		"$ORACLE" corpus "$list" 3 | awk -v procs="$procs" -F'\t' '{
			split($4, t, ": "); ms = t[2] + 0; split($2, f, " "); split($3, by, " ")
			printf "BenchmarkCorpus/op=FirstQuery/lib=google-%s\t3\t%.0f ns/op\t%.2f MB/s\n", procs, ms * 1e6, by[1] / (ms / 1e3) / 1e6
		}' | tee -a corpus-results.txt
	fi
	./corpus.test -test.run '^$' -test.bench Corpus -test.benchmem -test.benchtime 1x -test.count 3 |
		awk '/^Benchmark/ { if (!($1 in best) || $3 + 0 < best[$1]) { best[$1] = $3 + 0; line[$1] = $0 } }
			END { for (b in line) print line[b] }' | sort | tee -a corpus-results.txt
done

if command -v benchstat >/dev/null; then
	benchstat=(benchstat)
else
	benchstat=(go run golang.org/x/perf/cmd/benchstat@latest)
fi
"${benchstat[@]}" -col '/lib@(google temoto crawlkit)' corpus-results.txt | tee corpus-benchstat.txt
