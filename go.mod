module github.com/crawlkit/robots

go 1.22

require github.com/google/go-cmp v0.7.0

require (
	golang.org/x/net v0.35.0
	golang.org/x/text v0.22.0 // indirect
)
