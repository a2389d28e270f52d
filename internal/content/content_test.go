package content

import "testing"

func TestKind(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"a robots.txt", "User-agent: *\nDisallow: /x\n", ""},
		{"empty", "", ""},
		{"a doctype", "\n\n<!DOCTYPE html>\n<html>", HTML},
		{"an element after a BOM and a comment", "\xEF\xBB\xBF<!-- generated -->\n<html lang=en>", HTML},
		{"XML", "<?xml version=\"1.0\"?><urlset>", HTML},
		{"HTML comments above records", "<!-- rules -->\nUser-agent: *\nDisallow: /\n", ""},
		{"an unclosed comment", "<!-- User-agent: *\n", ""},
		{"a rule that is a tag, not at the start", "User-agent: *\n<br/>\n", ""},
		{"UTF-16 with a BOM", "\xFF\xFEU\x00s\x00", UTF16},
		{"UTF-16 without a BOM", "U\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00", UTF16},
		{"a NUL in text", "User-agent: *\x00\nDisallow: /\n", Binary},
		{"control bytes", "\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e", Binary},
		{"Latin-1 text", "User-agent: *\nDisallow: /caf\xe9\n", ""},
	}
	for _, tc := range tests {
		if got := Kind([]byte(tc.body)); got != tc.want {
			t.Errorf("%s: Kind(%q) = %q, want %q", tc.name, tc.body, got, tc.want)
		}
	}
}
