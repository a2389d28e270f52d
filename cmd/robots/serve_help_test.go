package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/crawlkit/robots"
)

// TestServeHelpLimits checks that the limits 'robots help serve' states
// are those the server enforces.
func TestServeHelpLimits(t *testing.T) {
	tests := []struct {
		name string
		text string // as the help writes it
	}{
		{"request body", "(" + strconv.FormatInt(maxCheckRequest(robots.DefaultMaxBytes), 10) + " bytes by default)"},
		{"live fetches", "at most " + strconv.Itoa(maxFetches) + " at a time"},
		{"agents", "at most " + strconv.Itoa(maxAgents) + " agents"},
		{"URLs", strconv.Itoa(maxURLs) + " URLs of at most " + strconv.Itoa(maxURLBytes) + " bytes"},
		{"pairs", strconv.Itoa(maxPairs) + " pairs"},
		{"answer", "at most " + strconv.Itoa(maxAnswer>>20) + " MiB of text"},
		{"parse limit", "default and least " + strconv.Itoa(robots.DefaultMaxBytes) + "; at most " + strconv.Itoa(robots.MaxBytesCap)},
	}
	help := strings.Join(strings.Fields(serveHelp), " ") // lines joined
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(help, tc.text) {
				t.Errorf("the help does not say %q", tc.text)
			}
		})
	}
}
