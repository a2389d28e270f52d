package usage_test

import (
	"os"
	"strings"
	"testing"

	"github.com/crawlkit/robots/usage"
)

// TestLabelsDocumented checks that the table of the package documentation
// names every Content-Usage label of Labels, with the uses it decides, and
// that every Content-Signal key names its use.
func TestLabelsDocumented(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	inTable := false
	for _, line := range strings.Split(string(doc), "\n") {
		fields := strings.Fields(strings.TrimPrefix(line, "//"))
		switch {
		case !strings.HasPrefix(line, "//\t"):
			inTable = false
		case len(fields) > 0 && fields[0] == "label":
			inTable = true
		case inTable:
			rows[fields[0]] = fields
		}
	}
	names := map[int]string{1: "names", 2: "broader", 3: "broader"}
	for _, l := range usage.Labels() {
		if l.Vocabulary == "Content-Signal" {
			if l.Level[useOf(l.Label)] != 1 || l.Level[0]+l.Level[1]+l.Level[2] != 1 {
				t.Errorf("Content-Signal key %s: levels %v, want 1 for its own use only", l.Label, l.Level)
			}
			continue
		}
		row, ok := rows[l.Label]
		if !ok {
			t.Errorf("label %s is not in the table of doc.go", l.Label)
			continue
		}
		text := strings.Join(row, " ")
		for _, u := range usage.Uses() {
			if lv := l.Level[u]; lv > 0 && !strings.Contains(text, names[lv]) {
				t.Errorf("label %s: the table says %q, want %q for %v", l.Label, text, names[lv], u)
			}
		}
		if l.NoOnly != strings.Contains(text, "only n counts") {
			t.Errorf("label %s: NoOnly %v, the table says %q", l.Label, l.NoOnly, text)
		}
		for _, v := range []string{"-02", "-03", "-04", "-07"} {
			if strings.Contains(l.Defined, v) != strings.Contains(text, v) {
				t.Errorf("label %s: defined in %q, the table says %q", l.Label, l.Defined, text)
			}
		}
	}
	if len(rows) != 7 {
		t.Errorf("the table of doc.go has %d rows, want 7: %v", len(rows), rows)
	}
}

func useOf(key string) usage.Use {
	for _, u := range usage.Uses() {
		if u.String() == key {
			return u
		}
	}
	return 99
}
