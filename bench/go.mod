module github.com/crawlkit/robots/bench

go 1.24

require github.com/crawlkit/robots v1.0.0

require github.com/temoto/robotstxt v1.1.2

require (
	golang.org/x/net v0.35.0 // indirect
	golang.org/x/text v0.22.0 // indirect
)
