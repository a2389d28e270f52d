package fold

import (
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestEqual(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		want bool
	}{
		{"same", "robots", "robots", true},
		{"ASCII case", "X-Robots-Tag", "x-robots-TAG", true},
		{"other lengths", "robots", "robot", false},
		{"letters differ", "noai", "noal", false},
		{"KELVIN SIGN is no K", "\u212Aey", "key", false},
		{"non-letters compared as they are", "a[", "A{", false},
		{"empty", "", "", true},
	} {
		if got := Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Equal(%q, %q) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

func TestValues(t *testing.T) {
	h := http.Header{
		"Content-Usage": {"a", "b"},
		"content-usage": {"d"},
		"CONTENT-USAGE": {"c"},
		"Content-Type":  {"text/html"},
	}
	want := []string{"a", "b", "c", "d"} // the canonical key, then "CONTENT-USAGE" < "content-usage"
	got := Values(h, "Content-Usage")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Values mismatch (-want +got):\n%s", diff)
	}
	got[0] = "changed"
	if h["Content-Usage"][0] != "a" {
		t.Errorf("Values returns the header's own slice")
	}
	if got := Values(h, "X-Robots-Tag"); got != nil {
		t.Errorf("Values of a field not there = %q, want nil", got)
	}
	if got := Values(nil, "X-Robots-Tag"); got != nil {
		t.Errorf("Values of a nil header = %q, want nil", got)
	}
}
