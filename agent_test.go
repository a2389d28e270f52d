package robots_test

import (
	"testing"

	"github.com/crawlkit/robots"
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
