//go:build go1.25

// The tests that run in testing/synctest bubbles need the timers of Go 1.23
// and later, which a module whose go line says 1.22 does not get by
// default: synctest refuses to run with asynctimerchan=1. A package may
// say this once; every file of the package's tests shares it.
//
//go:debug asynctimerchan=0

package crawl_test
