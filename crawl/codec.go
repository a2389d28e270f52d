package crawl

// This file holds the encoding of an Entry, which a Store keeps and other
// Checkers read back: compact, compressed, and decoded as the untrusted
// input it is.

import (
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/crawlkit/robots"
)

// entryVersion is the first byte of the encoding MarshalBinary writes.
// Version 1 was JSON; it and any other are refused.
const entryVersion = 2

// How the bodies of an entry are kept, in the byte that follows their
// lengths.
const (
	bodiesStored  = 0 // as they are
	bodiesDeflate = 1 // in one DEFLATE stream (RFC 1951), Body then Good
)

// deflateLevel is the compression of the bodies. On the files of
// testdata/bench (BenchmarkDeflateLevel, CPU time, 8 runs),
// flate.DefaultCompression makes entries of 32% of realistic_5k.txt and
// 21% of big_500k.txt, where flate.BestSpeed makes 33% and 28%; it
// decoded big_500k.txt 18% faster (realistic_5k.txt alike, both with
// compress/flate's decoder, before inflate.go), and encodes 2 and 5 times
// slower (40 µs and 14 ms). Every Checker of a fleet decodes an entry on a
// miss, on the path of an answer; one encodes it, after it has answered.
const deflateLevel = flate.DefaultCompression

// maxBody bounds each of an entry's bodies: a Checker reads at most its
// parse limit plus one byte, and the limit is at most robots.MaxBytesCap.
const maxBody = robots.MaxBytesCap + 1

// maxDeflateRatio is the most bytes a DEFLATE stream can give per byte of
// it: a 258-byte match coded in two bits, one for its length and one for
// its distance.
const maxDeflateRatio = 1032

// maxEntryErr bounds the error text of an entry, which a Checker shows in
// explanations.
const maxEntryErr = 1000

// Times other than the zero time.Time (no time) are encoded as seconds
// since 1970 and nanoseconds, from the start of year 1 to the end of year
// 9999.
const (
	minUnix = -62135596800 // 0001-01-01T00:00:00Z
	maxUnix = 253402300799 // 9999-12-31T23:59:59Z
)

// ErrBadEntry is returned, wrapped, by [Entry.UnmarshalBinary] for data that
// is not an encoded Entry, or that encodes one no fetch could have made,
// and by [Entry.MarshalBinary] for such an Entry.
var ErrBadEntry = errors.New("crawl: bad entry")

// A pool of deflaters: a flate writer allocates about 1 MB, which costs
// more than encoding a typical entry: without the pool, the entry of
// realistic_5k.txt takes 12 times as long to encode (BenchmarkCodecPool).
// Decoding needs no pool: inflate keeps its few KB of tables on the stack.
var deflaters = sync.Pool{New: func() any { return newDeflater(deflateLevel) }}

// A deflater compresses bodies, appending them to its out.
type deflater struct {
	out appender
	zw  *flate.Writer
}

func newDeflater(level int) *deflater {
	d := new(deflater)
	zw, err := flate.NewWriter(&d.out, level)
	if err != nil {
		panic(err) // a bad level is a bug
	}
	d.zw = zw
	return d
}

// An appender is an io.Writer that appends to b.
type appender struct{ b []byte }

func (a *appender) Write(p []byte) (int, error) {
	a.b = append(a.b, p...)
	return len(p), nil
}

// MarshalBinary encodes e compactly, so that a [Store] can keep it as an
// opaque value. The encoding (version 2) is a version byte, 2, then
//
//	Status, Redirects, Failures      unsigned varints
//	a byte                           bits 0 to 3 set for each of Fetched,
//	                                 Expires, UnreachableSince and GoodFetched
//	                                 that is not the zero time, the others 0
//	those times                      each a signed varint of seconds since
//	                                 1970, an unsigned varint of nanoseconds
//	FinalURL, Err                    each an unsigned varint length and bytes
//	len(Body), len(Good)             unsigned varints
//
// and, when the bodies are not both empty, a byte that says how they
// follow: 0, as they are; 1, compressed in one DEFLATE stream (RFC 1951),
// Body then Good. Nothing follows.
//
// Times keep their instant, to the nanosecond, but neither their location
// nor their monotonic clock reading; they decode in UTC. An empty body
// decodes as nil.
//
// MarshalBinary returns an error wrapping [ErrBadEntry] for an entry that
// [Entry.UnmarshalBinary] would refuse (a time outside years 1 to 9999
// included).
func (e Entry) MarshalBinary() ([]byte, error) {
	z := deflaters.Get().(*deflater)
	defer deflaters.Put(z)
	return e.appendBinary(nil, z)
}

// appendBinary appends the encoding of e to dst, compressing its bodies
// with z.
func (e *Entry) appendBinary(dst []byte, z *deflater) ([]byte, error) {
	if err := e.check(); err != nil {
		return nil, err
	}
	for _, t := range [...]time.Time{e.Fetched, e.Expires, e.UnreachableSince, e.GoodFetched} {
		if s := t.Unix(); s < minUnix || s > maxUnix {
			return nil, fmt.Errorf("%w: time %s outside years 1 to 9999", ErrBadEntry, t)
		}
	}
	n := len(e.Body) + len(e.Good)
	b := slices.Grow(dst, 64+len(e.FinalURL)+len(e.Err)+n/2)
	b = append(b, entryVersion)
	b = binary.AppendUvarint(b, uint64(e.Status))
	b = binary.AppendUvarint(b, uint64(e.Redirects))
	b = binary.AppendUvarint(b, uint64(e.Failures))
	times := [...]time.Time{e.Fetched, e.Expires, e.UnreachableSince, e.GoodFetched}
	var set byte
	for i, t := range times {
		if !t.IsZero() {
			set |= 1 << i
		}
	}
	b = append(b, set)
	for _, t := range times {
		if !t.IsZero() {
			b = binary.AppendVarint(b, t.Unix())
			b = binary.AppendUvarint(b, uint64(t.Nanosecond()))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(e.FinalURL)))
	b = append(b, e.FinalURL...)
	b = binary.AppendUvarint(b, uint64(len(e.Err)))
	b = append(b, e.Err...)
	b = binary.AppendUvarint(b, uint64(len(e.Body)))
	b = binary.AppendUvarint(b, uint64(len(e.Good)))
	if n == 0 {
		return b, nil
	}
	head := len(b)
	z.out.b = append(b, bodiesDeflate)
	z.zw.Reset(&z.out)
	z.zw.Write(e.Body) // an appender does not fail
	z.zw.Write(e.Good)
	z.zw.Close()
	b, z.out.b = z.out.b, nil
	if len(b)-head-1 < n {
		return b, nil
	}
	// The bodies do not compress: keep them as they are.
	b = append(b[:head], bodiesStored)
	b = append(b, e.Body...)
	return append(b, e.Good...), nil
}

// check returns an error wrapping ErrBadEntry when no fetch could have
// made e.
func (e *Entry) check() error {
	switch {
	case e.Status != 0 && (e.Status < 100 || e.Status > 599):
		return fmt.Errorf("%w: status %d", ErrBadEntry, e.Status)
	case len(e.Body) > 0 && (e.Status < 200 || e.Status > 299):
		return fmt.Errorf("%w: body with status %d", ErrBadEntry, e.Status)
	case e.Failures < 0 || e.Failures > math.MaxInt32:
		return fmt.Errorf("%w: %d failures", ErrBadEntry, e.Failures)
	case e.Redirects < 0 || e.Redirects > maxRedirects+1:
		return fmt.Errorf("%w: %d redirects", ErrBadEntry, e.Redirects)
	case len(e.Err) > maxEntryErr:
		return fmt.Errorf("%w: error text of %d bytes", ErrBadEntry, len(e.Err))
	case len(e.Body) > maxBody || len(e.Good) > maxBody:
		return fmt.Errorf("%w: body of %d bytes and good copy of %d, over %d", ErrBadEntry, len(e.Body), len(e.Good), maxBody)
	}
	return nil
}

// UnmarshalBinary decodes data written by [Entry.MarshalBinary] into e. It
// returns an error wrapping [ErrBadEntry], and leaves e unchanged, when
// data is not such an encoding (an entry of another version, JSON ones of
// earlier releases included, or one with bytes left over), or encodes an
// entry no fetch could have made: a status outside 0 and 100-599, a body
// with a status other than 2xx, a failure count over 2^31-1, a redirect
// count over 6, an error text over 1,000 bytes, a time outside years 1 to
// 9999, or a body or good copy over [robots.MaxBytesCap] plus one byte.
//
// data is untrusted, and its decoding is bounded: it allocates the bodies
// once their lengths are known, never more than 32 MiB + 1 each
// (robots.MaxBytesCap + 1), nor more than 1,032 times the compressed
// bytes that follow (the most DEFLATE can expand), writes no byte past
// those lengths, and reads the stream once, allocating nothing more.
func (e *Entry) UnmarshalBinary(data []byte) error {
	d := decoder{data: data}
	if v := d.byte(); v != entryVersion {
		if len(data) == 0 {
			return fmt.Errorf("%w: empty", ErrBadEntry)
		}
		return fmt.Errorf("%w: version %d", ErrBadEntry, v)
	}
	var n Entry
	n.Status = d.int(599)
	n.Redirects = d.int(maxRedirects + 1)
	n.Failures = d.int(math.MaxInt32)
	set := d.byte()
	if set > 0xf {
		d.fail("times byte %#x", set)
	}
	for i, t := range [...]*time.Time{&n.Fetched, &n.Expires, &n.UnreachableSince, &n.GoodFetched} {
		if set&(1<<i) != 0 {
			*t = d.time()
		}
	}
	n.FinalURL = d.string(len(data))
	n.Err = d.string(maxEntryErr)
	body, good := d.int(maxBody), d.int(maxBody)
	if d.err == nil && body+good > 0 {
		n.Body, n.Good = d.bodies(body, good)
	}
	if d.err == nil && len(d.data) > 0 {
		d.fail("%d bytes left over", len(d.data))
	}
	if d.err == nil {
		d.err = n.check()
	}
	if d.err != nil {
		return d.err
	}
	*e = n
	return nil
}

// A decoder reads an encoded Entry: each read takes bytes off the front of
// data, and after the first failure, which err keeps, reads give zero
// values.
type decoder struct {
	data []byte
	err  error
}

func (d *decoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf("%w: %s", ErrBadEntry, fmt.Sprintf(format, args...))
	}
}

func (d *decoder) byte() byte {
	if d.err != nil || len(d.data) == 0 {
		d.fail("truncated")
		return 0
	}
	c := d.data[0]
	d.data = d.data[1:]
	return c
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, k := binary.Uvarint(d.data)
	if k <= 0 {
		d.fail("truncated or overlong varint")
		return 0
	}
	d.data = d.data[k:]
	return v
}

// int reads an unsigned varint of at most max.
func (d *decoder) int(max int) int {
	v := d.uvarint()
	if v > uint64(max) {
		d.fail("%d over %d", v, max)
		return 0
	}
	return int(v)
}

func (d *decoder) time() time.Time {
	if d.err != nil {
		return time.Time{}
	}
	s, k := binary.Varint(d.data)
	if k <= 0 {
		d.fail("truncated or overlong varint")
		return time.Time{}
	}
	d.data = d.data[k:]
	ns := d.int(999_999_999)
	switch {
	case d.err != nil:
		return time.Time{}
	case s < minUnix || s > maxUnix:
		d.fail("time %d outside years 1 to 9999", s)
		return time.Time{}
	case s == minUnix && ns == 0:
		d.fail("zero time written out")
		return time.Time{}
	}
	return time.Unix(s, int64(ns)).UTC()
}

// string reads a length of at most max and that many bytes.
func (d *decoder) string(max int) string {
	n := d.int(max)
	if d.err != nil || n == 0 {
		return ""
	}
	if n > len(d.data) {
		d.fail("truncated")
		return ""
	}
	s := string(d.data[:n])
	d.data = d.data[n:]
	return s
}

// bodies reads the bodies of the given lengths, not both zero, into one
// new array.
func (d *decoder) bodies(body, good int) ([]byte, []byte) {
	how := d.byte()
	n := body + good
	switch {
	case d.err != nil:
		return nil, nil
	case how == bodiesStored && n != len(d.data):
		d.fail("%d bytes of bodies, %d declared", len(d.data), n)
		return nil, nil
	case how == bodiesDeflate && n/maxDeflateRatio > len(d.data):
		d.fail("%d bytes of bodies declared, more than %d compressed bytes can hold", n, len(d.data))
		return nil, nil
	case how != bodiesStored && how != bodiesDeflate:
		d.fail("bodies kept as %d", how)
		return nil, nil
	}
	buf := make([]byte, n)
	if how == bodiesStored {
		copy(buf, d.data)
	} else if err := inflate(buf, d.data); err != nil {
		// inflate reads the stream once, writes no more than n bytes and
		// wants it to end where data does.
		d.fail("bodies: %v", err)
		return nil, nil
	}
	d.data = nil
	return orNil(buf[:body:body]), orNil(buf[body:])
}

// orNil returns b, or nil when b is empty.
func orNil(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}
