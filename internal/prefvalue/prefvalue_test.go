package prefvalue

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseDict checks the Dictionary parser on the productions of RFC 9651
// section 4.2, valid and not, and what it reports of each member.
func TestParseDict(t *testing.T) {
	type kv struct{ Key, Value string }
	tests := []struct {
		name    string
		in      string
		ok      bool
		members []kv
	}{
		{name: "empty", in: "", ok: true},
		{name: "spaces only", in: "   ", ok: true},
		{name: "one token", in: "train-ai=n", ok: true, members: []kv{{"train-ai", "n"}}},
		{name: "vocabulary example", in: "train-ai=y, search=n", ok: true, members: []kv{{"train-ai", "y"}, {"search", "n"}}},
		{name: "no space after comma", in: "a=y,b=n", ok: true, members: []kv{{"a", "y"}, {"b", "n"}}},
		{name: "tabs around comma", in: "a=y\t,\t b=n", ok: true, members: []kv{{"a", "y"}, {"b", "n"}}},
		{name: "leading spaces", in: "  a=y", ok: true, members: []kv{{"a", "y"}}},
		{name: "trailing spaces", in: "a=y  ", ok: true, members: []kv{{"a", "y"}}},
		{name: "duplicate keys reported in order", in: "a=y, a=n", ok: true, members: []kv{{"a", "y"}, {"a", "n"}}},
		{name: "boolean true", in: "a", ok: true, members: []kv{{"a", ""}}},
		{name: "boolean true with parameters", in: "a;p=1;q", ok: true, members: []kv{{"a", ""}}},
		{name: "parameters dropped from value", in: "a=y;p=n;q=\"x\"", ok: true, members: []kv{{"a", "y"}}},
		{name: "space after semicolon", in: "a=y; p=n", ok: true, members: []kv{{"a", "y"}}},
		{name: "key characters", in: "*a-b_c.d*9=y", ok: true, members: []kv{{"*a-b_c.d*9", "y"}}},
		{name: "integer", in: "a=-123", ok: true, members: []kv{{"a", "-123"}}},
		{name: "15-digit integer", in: "a=123456789012345", ok: true, members: []kv{{"a", "123456789012345"}}},
		{name: "decimal", in: "a=123456789012.123", ok: true, members: []kv{{"a", "123456789012.123"}}},
		{name: "string with escapes", in: `a="x \"y\" \\z"`, ok: true, members: []kv{{"a", `"x \"y\" \\z"`}}},
		{name: "token with colon and slash", in: "a=text/html:x", ok: true, members: []kv{{"a", "text/html:x"}}},
		{name: "token starting with star", in: "a=*y", ok: true, members: []kv{{"a", "*y"}}},
		{name: "byte sequence", in: "a=:aGVsbG8=:", ok: true, members: []kv{{"a", ":aGVsbG8=:"}}},
		{name: "booleans", in: "a=?0, b=?1", ok: true, members: []kv{{"a", "?0"}, {"b", "?1"}}},
		{name: "date", in: "a=@1659578233", ok: true, members: []kv{{"a", "@1659578233"}}},
		{name: "display string", in: `a=%"f%c3%bc%c3%bc"`, ok: true, members: []kv{{"a", `%"f%c3%bc%c3%bc"`}}},
		{name: "inner list", in: "a=(x \"y\";p 1);q, b=n", ok: true, members: []kv{{"a", "(x \"y\";p 1)"}, {"b", "n"}}},
		{name: "empty inner list", in: "a=()", ok: true, members: []kv{{"a", "()"}}},
		{name: "inner list with spaces", in: "a=(  x  y  )", ok: true, members: []kv{{"a", "(  x  y  )"}}},

		{name: "upper-case key", in: "Train-ai=n", ok: false},
		{name: "key starting with digit", in: "1a=y", ok: false},
		{name: "space around equals", in: "a = y", ok: false},
		{name: "trailing comma", in: "a=y,", ok: false},
		{name: "empty member", in: "a=y,,b=n", ok: false},
		{name: "members without comma", in: "a=y b=n", ok: false},
		{name: "empty value", in: "a=", ok: false},
		{name: "16-digit integer", in: "a=1234567890123456", ok: false},
		{name: "13-digit integer part", in: "a=1234567890123.1", ok: false},
		{name: "four decimals", in: "a=1.1234", ok: false},
		{name: "decimal ending in dot", in: "a=1.", ok: false},
		{name: "lone minus", in: "a=-", ok: false},
		{name: "unterminated string", in: `a="x`, ok: false},
		{name: "bad escape", in: `a="\x"`, ok: false},
		{name: "control byte in string", in: "a=\"\x01\"", ok: false},
		{name: "non-ASCII in string", in: "a=\"\xc3\xa9\"", ok: false},
		{name: "non-ASCII token", in: "a=\xc3\xa9", ok: false},
		{name: "unterminated byte sequence", in: "a=:aGVs", ok: false},
		{name: "bad base64", in: "a=:a*b:", ok: false},
		{name: "bad boolean", in: "a=?2", ok: false},
		{name: "decimal date", in: "a=@1.5", ok: false},
		{name: "display string without quote", in: "a=%x", ok: false},
		{name: "display string upper-case hex", in: `a=%"%C3%BC"`, ok: false},
		{name: "display string not UTF-8", in: `a=%"%ff"`, ok: false},
		{name: "display string cut escape", in: `a=%"%c"`, ok: false},
		{name: "unterminated inner list", in: "a=(x y", ok: false},
		{name: "inner list items without space", in: "a=(x\"y\")", ok: false},
		{name: "parameter without key", in: "a=y;", ok: false},
		{name: "parameter with bad value", in: "a=y;p=", ok: false},
		{name: "leading tab", in: "\ta=y", ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []kv
			ok := ParseDict(tc.in, func(key, value string) { got = append(got, kv{key, value}) })
			if ok != tc.ok {
				t.Fatalf("ParseDict(%q) = %v, want %v", tc.in, ok, tc.ok)
			}
			if ok {
				if diff := cmp.Diff(tc.members, got); diff != "" {
					t.Errorf("ParseDict(%q) members mismatch (-want +got):\n%s", tc.in, diff)
				}
			}
			if okBytes := ParseDict([]byte(tc.in), nil); okBytes != ok {
				t.Errorf("ParseDict([]byte(%q), nil) = %v, but %v for the string", tc.in, okBytes, ok)
			}
		})
	}
}

// TestParseSignals checks the reading of Content-Signal values.
func TestParseSignals(t *testing.T) {
	type kv struct{ Key, Value string }
	tests := []struct {
		name    string
		in      string
		ok      bool
		members []kv
	}{
		{name: "Cloudflare's example", in: "search=yes, ai-input=no, ai-train=no", ok: true, members: []kv{{"search", "yes"}, {"ai-input", "no"}, {"ai-train", "no"}}},
		{name: "no spaces", in: "search=yes,ai-train=no", ok: true, members: []kv{{"search", "yes"}, {"ai-train", "no"}}},
		{name: "case kept", in: "Search=Yes", ok: true, members: []kv{{"Search", "Yes"}}},
		{name: "unknown key kept", in: "use=reference", ok: true, members: []kv{{"use", "reference"}}},
		{name: "tabs", in: "search=yes\t,\tai-train=no", ok: true, members: []kv{{"search", "yes"}, {"ai-train", "no"}}},
		{name: "empty", in: "", ok: false},
		{name: "trailing comma", in: "search=yes,", ok: false, members: []kv{{"search", "yes"}}},
		{name: "member without value", in: "search, ai-train=no", ok: false, members: []kv{{"ai-train", "no"}}},
		{name: "empty value", in: "search=, ai-train=no", ok: false, members: []kv{{"ai-train", "no"}}},
		{name: "empty key", in: "=yes", ok: false},
		{name: "space around equals", in: "search = yes", ok: false},
		{name: "space separated", in: "search=yes ai-train=no", ok: false},
		{name: "two equals", in: "a=b=c", ok: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []kv
			ok := ParseSignals(tc.in, func(key, value string) { got = append(got, kv{key, value}) })
			if ok != tc.ok {
				t.Errorf("ParseSignals(%q) = %v, want %v", tc.in, ok, tc.ok)
			}
			if diff := cmp.Diff(tc.members, got); diff != "" {
				t.Errorf("ParseSignals(%q) members mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

// FuzzParseDict checks that the Dictionary and Content-Signal readers never
// fail on any value, agree on strings and bytes, and read back what they
// read: the members of a value that parses, written again, parse to the
// same members.
func FuzzParseDict(f *testing.F) {
	for _, s := range []string{
		"train-ai=y, search=n", "a;p=1;q, b=(x \"y\";p 1);q", `a=%"f%c3%bc", b=:aGk=:, c=?1, d=@1, e=-1.5`,
		"search=yes, ai-input=no, ai-train=no", "a=y,,b", "a=\"\\\"\"", "*=*",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		type kv struct{ Key, Value string }
		for _, read := range []struct {
			name  string
			parse func(string, func(key, value string)) bool
			bytes func([]byte) bool
			write func(kv) string
		}{
			{"ParseDict", ParseDict[string], func(b []byte) bool { return ParseDict(b, nil) }, func(m kv) string {
				if m.Value == "" {
					return m.Key
				}
				return m.Key + "=" + m.Value
			}},
			{"ParseSignals", ParseSignals[string], func(b []byte) bool { return ParseSignals(b, nil) }, func(m kv) string {
				return m.Key + "=" + m.Value
			}},
		} {
			var got []kv
			ok := read.parse(s, func(key, value string) { got = append(got, kv{key, value}) })
			if okBytes := read.bytes([]byte(s)); okBytes != ok {
				t.Fatalf("%s(%q) = %v, but %v on bytes", read.name, s, ok, okBytes)
			}
			if !ok || len(got) == 0 {
				continue
			}
			var parts []string
			for _, m := range got {
				parts = append(parts, read.write(m))
			}
			again := strings.Join(parts, ", ")
			var members []kv
			if !read.parse(again, func(key, value string) { members = append(members, kv{key, value}) }) {
				t.Fatalf("%s(%q) parses, but not its members written again: %q", read.name, s, again)
			}
			if diff := cmp.Diff(got, members); diff != "" {
				t.Fatalf("%s(%q) and %s(%q) differ (-first +again):\n%s", read.name, s, read.name, again, diff)
			}
		}
	})
}
