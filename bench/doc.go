// Package bench compares github.com/crawlkit/robots with other Go robots.txt
// libraries on the same workloads in one run, so that the numbers can be
// compared side by side. It has no API; everything is in its benchmarks:
//
//	go test -run '^$' -bench . -benchmem -count 6 | tee results.txt
//	benchstat -col /lib results.txt
//
// It is a module of its own so that the library's go.mod never requires the
// libraries it is compared with. See README.md for the workloads and results.
package bench
