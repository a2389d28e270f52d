module github.com/crawlkit/robots/redisstore

go 1.22

require (
	github.com/crawlkit/robots v1.0.0
	github.com/google/go-cmp v0.7.0
	github.com/redis/go-redis/v9 v9.17.3
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dgryski/go-rendezvous v0.0.0-20200823014737-9f7001d12a5f // indirect
	golang.org/x/net v0.35.0 // indirect
	golang.org/x/text v0.22.0 // indirect
)
