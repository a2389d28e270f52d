package page_test

import (
	"strings"
	"testing"

	"github.com/crawlkit/robots/page"
	"github.com/google/go-cmp/cmp"
)

// TestMeta checks that Directives.Meta gives the head's tags of one name,
// in any case, in order, with their lines, and none from past the head.
func TestMeta(t *testing.T) {
	html := "<!DOCTYPE html>\n" + // 1
		"<html><head>\n" + // 2
		"<meta name=\"tdm-reservation\" content=\"1\">\n" + // 3
		"<meta name=\"robots\" content=\"noai\">\n" + // 4
		"<META NAME=\"TDM-Reservation\" CONTENT=\" 0 \">\n" + // 5
		"<meta name=\"tdm-policy\" content=\"https://example.com/p.json?a=1&amp;b=2\">\n" + // 6
		"<meta name=\"tdm-reservation\">\n" + // 7: no content
		"</head><body>\n" + // 8
		"<meta name=\"tdm-reservation\" content=\"1\">\n" // 9: in the body
	d, err := page.FromHTML(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	want := []page.MetaTag{
		{Name: "tdm-reservation", Content: "1", Line: 3},
		{Name: "TDM-Reservation", Content: " 0 ", Line: 5},
	}
	if diff := cmp.Diff(want, d.Meta("tdm-reservation")); diff != "" {
		t.Errorf("Meta(tdm-reservation) mismatch (-want +got):\n%s", diff)
	}
	want = []page.MetaTag{{Name: "tdm-policy", Content: "https://example.com/p.json?a=1&b=2", Line: 6}}
	if diff := cmp.Diff(want, d.Meta("TDM-POLICY")); diff != "" {
		t.Errorf("Meta(TDM-POLICY) mismatch (-want +got):\n%s", diff)
	}
	if got := d.Meta("description"); got != nil {
		t.Errorf("Meta(description) = %v, want none", got)
	}
	var nilD *page.Directives
	if got := nilD.Meta("robots"); got != nil {
		t.Errorf("nil Directives: Meta = %v, want none", got)
	}
	// Headers hold no meta tags.
	if got := page.Join(d, page.FromHeader(map[string][]string{"X-Robots-Tag": {"noai"}})).Meta("robots"); len(got) != 1 || got[0].Line != 4 {
		t.Errorf("Join: Meta(robots) = %v, want the tag of line 4", got)
	}
}
