package crawl

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// A Store keeps the robots.txt [Entry] of each origin beyond the memory of
// one [Checker], so that a fleet of crawlers can share what each has
// fetched. Origins are keys such as "https://example.com" or
// "http://[::1]:8080": scheme, host in ASCII and port, as [robots.Origin]
// writes them.
//
// A Checker reads its Store only when it has no fresh parsed copy in
// memory, and writes it after each fetch. A Store that fails or is slow
// never fails a Checker: it fetches by itself and reports the error to its
// StoreError hook. Values read back from a shared Store are untrusted: an
// Entry that does not decode is a miss.
//
// Implementations must be safe for concurrent use.
type Store interface {
	// Get returns the entry of origin. It returns ok false and a nil
	// error when there is none, and ok false and an error wrapping
	// [ErrBadEntry] when what it holds is not an entry: a Checker reports
	// that error and treats it as a miss, where other errors mean that the
	// Store fails.
	Get(ctx context.Context, origin string) (e Entry, ok bool, err error)
	// Put stores the entry of origin, replacing any it had.
	Put(ctx context.Context, origin string, e Entry) error
}

// A Leaser is a [Store] that can also hand out short leases, so that when
// many Checkers sharing it miss on one origin at once, one of them fetches
// and the others wait for its entry to appear in the Store.
type Leaser interface {
	Store
	// Lease tries to take the lease to fetch origin's robots.txt for ttl,
	// and reports whether it took it. Nobody else can take the lease of
	// origin until ttl has passed; there is no early release.
	Lease(ctx context.Context, origin string, ttl time.Duration) (bool, error)
}

// An Entry is what is known of one origin's robots.txt: the outcome of the
// last fetch, the last good copy, and when to fetch again. It is what a
// [Store] keeps; [Entry.MarshalBinary] gives its encoding.
type Entry struct {
	// Status is the HTTP status code of the last fetch, after redirects,
	// or 0 when it got none (a network error or a timeout) or none it
	// could use (a status outside 100-599, a 2xx body it could not read);
	// Err says which. A 3xx status means the redirects went on past the
	// limit.
	Status int
	// Body is the body of the last fetch when Status is 2xx, as read: at
	// most the parse limit plus one byte, after decompression. It is nil
	// otherwise.
	Body []byte
	// Fetched is when the last fetch ended.
	Fetched time.Time
	// Expires is when the entry should be fetched again.
	Expires time.Time
	// Failures is how many fetches in a row found the origin unreachable
	// (5xx, 429, a network error or a timeout); 0 after any other outcome.
	Failures int
	// UnreachableSince is when the first of those failures happened, zero when
	// Failures is 0.
	UnreachableSince time.Time
	// Good is the body of the last 2xx fetch, kept while the origin is
	// unreachable so that its rules keep being used; nil when there is
	// none or when the last fetch was not a failure. GoodFetched is when
	// it was fetched.
	Good        []byte
	GoodFetched time.Time
	// FinalURL is the URL of the last fetch's last request, after
	// redirects; "" means the robots.txt URL itself. Redirects and Err are
	// those of [robots.Access]: how many redirects were followed (six for
	// too many), and what went wrong, such as "timeout" or "too many
	// redirects". They let every
	// Checker that reads the entry explain it as the one that fetched it
	// did.
	FinalURL  string
	Redirects int
	Err       string
}

// maxEntryErr bounds the error text of an entry read back, which a
// Checker shows in explanations.
const maxEntryErr = 1000

// entryVersion is the version of the encoding MarshalBinary writes.
const entryVersion = 1

// entryJSON is the encoding of an Entry: JSON with a version, times in
// RFC 3339 with nanoseconds, bodies in base64.
type entryJSON struct {
	V           int       `json:"v"`
	Status      int       `json:"status"`
	Body        []byte    `json:"body,omitempty"`
	Fetched     time.Time `json:"fetched"`
	Expires     time.Time `json:"expires"`
	Failures    int       `json:"failures,omitempty"`
	Unreachable time.Time `json:"unreachable"`
	Good        []byte    `json:"good,omitempty"`
	GoodFetched time.Time `json:"good_fetched"`
	FinalURL    string    `json:"final_url,omitempty"`
	Redirects   int       `json:"redirects,omitempty"`
	Err         string    `json:"err,omitempty"`
}

// ErrBadEntry is returned, wrapped, by [Entry.UnmarshalBinary] for data that
// is not an encoded Entry, or that encodes one no fetch could have made.
var ErrBadEntry = errors.New("crawl: bad entry")

// MarshalBinary encodes e as a JSON object with a version, so that a Store
// can keep it as an opaque value:
//
//	{"v":1,"status":200,"body":"<base64>","fetched":"2026-11-23T10:00:00Z",
//	 "expires":"2026-11-24T10:00:00Z","failures":0,"unreachable":"...",
//	 "good":"<base64>","good_fetched":"...","final_url":"https://...",
//	 "redirects":1,"err":"timeout"}
//
// Fields with zero values may be left out; "final_url", "redirects" and
// "err" were added to version 1 later, and entries written without them
// still decode. Readers refuse versions they do not know.
func (e Entry) MarshalBinary() ([]byte, error) {
	return json.Marshal(entryJSON{
		V:           entryVersion,
		Status:      e.Status,
		Body:        e.Body,
		Fetched:     e.Fetched,
		Expires:     e.Expires,
		Failures:    e.Failures,
		Unreachable: e.UnreachableSince,
		Good:        e.Good,
		GoodFetched: e.GoodFetched,
		FinalURL:    e.FinalURL,
		Redirects:   e.Redirects,
		Err:         e.Err,
	})
}

// UnmarshalBinary decodes data written by [Entry.MarshalBinary] into e. It
// returns an error wrapping [ErrBadEntry], and leaves e unchanged, when
// data is not such an encoding: another version, a status outside 0 and
// 100-599, a body with a status other than 2xx, a negative failure count,
// a redirect count outside 0-6, or an error text over 1,000 bytes.
func (e *Entry) UnmarshalBinary(data []byte) error {
	var j entryJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("%w: %v", ErrBadEntry, err)
	}
	switch {
	case j.V != entryVersion:
		return fmt.Errorf("%w: version %d", ErrBadEntry, j.V)
	case j.Status != 0 && (j.Status < 100 || j.Status > 599):
		return fmt.Errorf("%w: status %d", ErrBadEntry, j.Status)
	case j.Body != nil && (j.Status < 200 || j.Status > 299):
		return fmt.Errorf("%w: body with status %d", ErrBadEntry, j.Status)
	case j.Failures < 0:
		return fmt.Errorf("%w: %d failures", ErrBadEntry, j.Failures)
	case j.Redirects < 0 || j.Redirects > maxRedirects+1:
		return fmt.Errorf("%w: %d redirects", ErrBadEntry, j.Redirects)
	case len(j.Err) > maxEntryErr:
		return fmt.Errorf("%w: error text of %d bytes", ErrBadEntry, len(j.Err))
	}
	*e = Entry{
		Status:           j.Status,
		Body:             j.Body,
		Fetched:          j.Fetched,
		Expires:          j.Expires,
		Failures:         j.Failures,
		UnreachableSince: j.Unreachable,
		Good:             j.Good,
		GoodFetched:      j.GoodFetched,
		FinalURL:         j.FinalURL,
		Redirects:        j.Redirects,
		Err:              j.Err,
	}
	return nil
}
