package main

import (
	"net/url"
	"path/filepath"
	"strings"
)

// lint -format sarif: the findings as a SARIF 2.1.0 log, which lint.SARIF
// writes; each source is an artifact, named by its URI.

// uri returns the source as a SARIF artifact location: the robots.txt URL
// of a fetched source, a file path as a URI reference (relative, or a
// file: URI when absolute), and "stdin" for standard input.
func (s *source) uri() string {
	switch {
	case s.fetch != nil && s.fetch.FinalURL != "":
		return s.fetch.FinalURL
	case s.fetch != nil:
		return s.fetch.URL
	case s.name == "-":
		return "stdin"
	}
	p := filepath.ToSlash(s.name)
	if filepath.IsAbs(s.name) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows drive letter
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}
