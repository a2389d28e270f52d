package robots

import (
	"testing"
)

func TestPathOf(t *testing.T) {
	// The word loop and the byte loop of the authority scan both see each
	// delimiter: hosts shorter and longer than eight bytes.
	for _, tc := range []struct{ target, want string }{
		{"https://a.b/x", "/x"},
		{"https://www.example.com/x?y", "/x?y"},
		{"https://www.example.com?y", "/?y"},
		{"https://www.example.com;p", "/;p"},
		{"https://www.example.com#f/x", "/"},
		{"https://www.example.com", "/"},
		{"http://a", "/"},
		{"HTTP://www.example.com/A", "/A"},
		{"ftp://files.example.com/pub/", "/pub/"},
		{"example.com/a?b", "/a?b"},
		{"a?u=http://b/c", "/?u=http://b/c"},
		{"a#b://c/d", "/"},
		{"/already/a/path#f", "/already/a/path#f"},
	} {
		if got := pathOf(tc.target); got != tc.want {
			t.Errorf("pathOf(%q) = %q, want %q", tc.target, got, tc.want)
		}
	}
}
