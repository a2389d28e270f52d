#!/usr/bin/env bash
# Times the library at another commit and at this tree side by side, with
# Google's C++ parser when ORACLE is set: in each of COUNT rounds, the
# oracle's corpus pass (best of 3), then the root package's
# BenchmarkCorpus (best of 3 passes) for the old commit and for this tree,
# then the root package's benchmarks of parsing and matching once each,
# old then new. Writes
# compare-corpus.txt, compare-old.txt and compare-new.txt here, and
# benchstat's tables of them to compare-benchstat.txt.
#
#   ORACLE=/tmp/oracle/oracle bench/compare.sh 007f1ae   # 10 rounds
#   COUNT=6 bench/compare.sh v1.0.0
#
# ORACLE is the driver of ../shared/google-oracle (README.md, "The corpus,
# and Google's C++ parser"); the corpus is ../shared/corpus beside the
# repository, and BenchmarkCorpus skips without it.
set -euo pipefail
cd "$(dirname "$0")"
old=${1:?usage: compare.sh OLD-COMMIT}
count=${COUNT:-10}
root=$(cd .. && pwd)
tmp=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$tmp/old" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT

git -C "$root" worktree add --detach "$tmp/old" "$old" >/dev/null
(cd "$tmp/old" && GOWORK=off go test -c -o "$tmp/old.test" .)
(cd "$root" && go test -c -o "$tmp/new.test" .)
find "$root/../shared/corpus/robots" -type f 2>/dev/null | sort >"$tmp/corpus.list" || true

# best LIB: keeps the fastest line of each benchmark, named .../lib=LIB.
best() {
	awk -v lib="$1" '/^Benchmark/ {
		n = $1; sub(/-[0-9]+$/, "", n); sub(/^BenchmarkCorpus\//, "BenchmarkCorpus/op=", n)
		n = n "/lib=" lib
		if (!(n in b) || $3 + 0 < b[n]) { b[n] = $3 + 0; $1 = n; l[n] = $0 }
	} END { for (k in l) print l[k] }' | sort
}

: >compare-corpus.txt
: >compare-old.txt
: >compare-new.txt
for round in $(seq "$count"); do
	echo "compare.sh: round $round of $count" >&2
	if [ -n "${ORACLE:-}" ]; then
		"$ORACLE" corpus "$tmp/corpus.list" 3 | awk -F'\t' '{
			split($4, t, ": "); ms = t[2] + 0; split($3, by, " ")
			printf "BenchmarkCorpus/op=FirstQuery/lib=google\t3\t%.0f ns/op\t%.2f MB/s\n", ms * 1e6, by[1] / (ms / 1e3) / 1e6
		}' >>compare-corpus.txt
	fi
	for v in old new; do
		(cd "$root" && "$tmp/$v.test" -test.run '^$' -test.bench '^BenchmarkCorpus$' -test.benchmem -test.benchtime 1x -test.count 3) |
			best "$v" >>compare-corpus.txt
	done
	for v in old new; do
		(cd "$root" && "$tmp/$v.test" -test.run '^$' -test.bench '^Benchmark(Parse|ParseAndQuery|Allowed|WorstCase|ManyRules|Scan|Size|Preferences)$' -test.benchmem -test.count 1) |
			grep '^Benchmark' >>"compare-$v.txt"
	done
done

if command -v benchstat >/dev/null; then
	benchstat=(benchstat)
else
	benchstat=(go run golang.org/x/perf/cmd/benchstat@latest)
fi
{
	"${benchstat[@]}" -col '/lib@(google old new)' compare-corpus.txt
	echo
	"${benchstat[@]}" compare-old.txt compare-new.txt
} | tee compare-benchstat.txt
