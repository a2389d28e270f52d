package robots_test

import (
	"testing"

	"github.com/crawlkit/robots"
	"github.com/google/go-cmp/cmp"
)

func TestValidProductToken(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"letters", "Googlebot", true},
		{"dash and underscore", "Google-Image_bot", true},
		{"one letter", "a", true},
		{"empty", "", false},
		{"star", "*", false},
		{"version", "Googlebot/2.1", false},
		{"digit", "MJ12bot", false},
		{"space", "Googlebot News", false},
		{"header", "Mozilla/5.0 (compatible; Googlebot/2.1)", false},
		{"non-ASCII letter", "Gööglebot", false},
		{"kelvin sign", "\u212abot", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := robots.ValidProductToken(tt.in); got != tt.want {
				t.Errorf("ValidProductToken(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

func TestProductToken(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"token alone", "Googlebot", "Googlebot"},
		{"version", "Googlebot/2.1", "Googlebot"},
		{"two words", "Googlebot News", "Googlebot"},
		{"digit cuts", "MJ12bot", "MJ"},
		{"browser header", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Mozilla"},
		{"empty", "", ""},
		{"star", "*", ""},
		{"leading space", " Googlebot", ""},
		{"non-ASCII", "bötbot", "b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := robots.ProductToken(tt.in); got != tt.want {
				t.Errorf("ProductToken(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// The parser reads a user-agent line's value with the same grammar as
// ProductToken: a crawler that passes ProductToken of what a webmaster
// wrote gets that group.
func TestProductTokenMatchesParser(t *testing.T) {
	for _, written := range []string{"Googlebot/2.1", "MJ12bot", "Foo-Bar_baz qux", "bötbot"} {
		f := robots.Parse([]byte("User-agent: " + written + "\nDisallow: /\n"))
		agent := robots.ProductToken(written)
		if f.Allowed(agent, "/x") {
			t.Errorf("file naming %q: Allowed(%q, /x) = true, want false", written, agent)
		}
	}
}

// The empty agent is no product token (RFC 9309 section 2.2.1: one or
// more letters, '-' or '_'), so, like any string that is none, it names no
// group and gets the "*" groups. A user-agent line whose value starts with
// no product token ("User-agent:", "User-agent: 123bot") names no crawler:
// its group applies to no agent. Google's parser, which cuts such a value
// to "", lets the agent "" match it (README, differences from Google).
func TestEmptyAgent(t *testing.T) {
	type answer struct {
		Allowed bool
		Group   []string // the agents of Group(""), or nil for a nil group
		Reason  robots.Reason
		Line    int // line of the deciding rule
	}
	tests := []struct {
		name string
		body string
		want map[string]answer // by path
	}{
		{
			name: "user-agent line without a value",
			body: "User-agent:\nDisallow: /\n",
			want: map[string]answer{"/x": {Allowed: true, Reason: robots.NoGroup}},
		},
		{
			name: "user-agent line whose value starts with no token",
			body: "User-agent: 123bot\nDisallow: /\nUser-agent: /x\nDisallow: /\n",
			want: map[string]answer{"/x": {Allowed: true, Reason: robots.NoGroup}},
		},
		{
			name: "the star group applies",
			body: "User-agent:\nDisallow: /\n\nUser-agent: *\nDisallow: /y\n",
			want: map[string]answer{
				"/x": {Allowed: true, Group: []string{"*"}, Reason: robots.NoRuleMatched},
				"/y": {Allowed: false, Group: []string{"*"}, Reason: robots.RuleMatched, Line: 5},
			},
		},
		{
			name: "in the star group",
			body: "User-agent: *\nUser-agent:\nDisallow: /x\n",
			want: map[string]answer{
				"/x": {Allowed: false, Group: []string{"*"}, Reason: robots.RuleMatched, Line: 3},
				"/y": {Allowed: true, Group: []string{"*"}, Reason: robots.NoRuleMatched},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := robots.Parse([]byte(tt.body))
			got := make(map[string]answer)
			for path := range tt.want {
				e := f.Explain("", path)
				a := answer{Allowed: f.Allowed("", path), Group: f.Group("").Agents(), Reason: e.Reason, Line: e.Rule.Line}
				if e.Allowed != a.Allowed {
					t.Errorf("Explain(%q, %q).Allowed = %v, Allowed = %v", "", path, e.Allowed, a.Allowed)
				}
				if g := f.Group(""); g.Allowed(path) != a.Allowed {
					t.Errorf("Group(%q).Allowed(%q) = %v, File.Allowed = %v", "", path, g.Allowed(path), a.Allowed)
				}
				got[path] = a
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("agent \"\" (-want +got):\n%s", diff)
			}
		})
	}
}
