package redisstore

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzParseLease reads lease values, which come from a shared Redis and
// are not trusted: parseLease never panics, returns a deadline only with a
// token, and what it returns, written back as Lease writes it, reads the
// same.
func FuzzParseLease(f *testing.F) {
	for _, seed := range []string{
		"", "0 tok", "1795000000000 0123456789abcdef0123456789abcdef", "1795000000000",
		"1795000000000 ", "-1 tok", "soon tok", "9223372036854775807 t", "9223372036854775808 t",
		"1 two words", " 12 lead", "+12 plus",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, value string) {
		l := parseLease(value)
		if l.Token == "" {
			if !l.Deadline.IsZero() {
				t.Fatalf("parseLease(%q) = %+v: a deadline with no token", value, l)
			}
			return
		}
		if !strings.HasSuffix(value, " "+l.Token) {
			t.Fatalf("parseLease(%q) token %q is not what follows the first space", value, l.Token)
		}
		var ms int64
		if !l.Deadline.IsZero() {
			ms = l.Deadline.UnixMilli()
		}
		back := strconv.FormatInt(ms, 10) + " " + l.Token
		if again := parseLease(back); again != l {
			t.Fatalf("parseLease(%q) = %+v, but written back as %q it reads %+v", value, l, back, again)
		}
	})
}
