package robots

import "testing"

// TestSplitPath checks how the value of a preference line splits into a
// path and preferences (draft-ietf-aipref-attach-05 section 3.2).
func TestSplitPath(t *testing.T) {
	tests := []struct{ in, path, prefs string }{
		{"train-ai=n", "", "train-ai=n"},
		{"/ train-ai=n", "/", "train-ai=n"},
		{"/a/b \t train-ai=n, search=y", "/a/b", "train-ai=n, search=y"},
		{"/only", "/only", ""},
		{"*.pdf train-ai=n", "", "*.pdf train-ai=n"},
		{"", "", ""},
	}
	for _, tc := range tests {
		path, prefs := splitPath(tc.in)
		if path != tc.path || prefs != tc.prefs {
			t.Errorf("splitPath(%q) = %q, %q; want %q, %q", tc.in, path, prefs, tc.path, tc.prefs)
		}
	}
}
