package main

import "strconv"

// fetchInfo says what was fetched for a URL source; it is also the "fetch"
// object of the JSON output.
type fetchInfo struct {
	URL       string `json:"url"`       // the robots.txt URL asked for
	FinalURL  string `json:"final_url"` // after redirects
	Redirects int    `json:"redirects"`
	Status    int    `json:"status"` // 0 when there was no response
	Bytes     int    `json:"bytes"`  // body bytes read
	State     string `json:"state"`  // "parsed", "unavailable" or "unreachable"
	Error     string `json:"error"`  // the network error, if any
}

// text describes the fetch in one line of text output.
func (f *fetchInfo) text() string {
	s := "fetched " + safe(f.URL)
	if f.FinalURL != "" && f.FinalURL != f.URL {
		s += " -> " + safe(f.FinalURL) + " (" + plural(f.Redirects, "redirect") + ")"
	}
	switch {
	case f.Status != 0:
		s += ": HTTP " + strconv.Itoa(f.Status) + ", " + plural(f.Bytes, "byte")
	case f.Error != "":
		s += ": " + safe(f.Error)
	default:
		s += ": no response"
	}
	switch f.State {
	case "unavailable":
		s += "; robots.txt unavailable: every URL is allowed"
	case "unreachable":
		s += "; robots.txt unreachable: every URL is disallowed"
	}
	return s
}
