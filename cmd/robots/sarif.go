package main

import (
	"net/url"
	"path/filepath"
	"strings"
)

// lint -format sarif: the findings as a SARIF 2.1.0 log (OASIS Static
// Analysis Results Interchange Format), which code-scanning services read.
// One run; the rules are lint's codes; each finding is a result with the
// source as its artifact and its line as its region.

// sarifSchema is the URI of the SARIF 2.1.0 schema, as the standard's
// final text names it.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

type sarifReport struct {
	Version string     `json:"version"`
	Schema  string     `json:"$schema"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string           `json:"name"`
	InformationURI string           `json:"informationUri"`
	Rules          []sarifRuleDescr `json:"rules"`
}

type sarifRuleDescr struct {
	ID                   string      `json:"id"`
	ShortDescription     sarifText   `json:"shortDescription"`
	DefaultConfiguration sarifConfig `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool `json:"executionSuccessful"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

// sarifLevels are the SARIF levels of lint's severities.
var sarifLevels = map[string]string{sevError: "error", sevWarning: "warning", sevInfo: "note"}

// sarifLog returns lint's report as a SARIF log; failed says whether a
// source could not be read.
func sarifLog(rep lintReport, failed bool) sarifReport {
	driver := sarifDriver{Name: "robots lint", InformationURI: "https://github.com/crawlkit/robots"}
	index := map[string]int{}
	for i, c := range lintCodes {
		index[c.code] = i
		driver.Rules = append(driver.Rules, sarifRuleDescr{ID: c.code, ShortDescription: sarifText{c.about},
			DefaultConfiguration: sarifConfig{sarifLevels[c.severity]}})
	}
	run := sarifRun{Tool: sarifTool{driver}, Invocations: []sarifInvocation{{!failed}}, Results: []sarifResult{}}
	rest := rep.Findings
	for _, s := range rep.Sources {
		for _, f := range rest[:s.found] {
			run.Results = append(run.Results, sarifResult{
				RuleID: f.Code, RuleIndex: index[f.Code], Level: sarifLevels[f.Severity],
				Message: sarifText{f.Message},
				Locations: []sarifLocation{{sarifPhysical{
					ArtifactLocation: sarifArtifact{s.uri},
					Region:           sarifRegion{max(f.Line, 1)},
				}}},
			})
		}
		rest = rest[s.found:]
	}
	return sarifReport{Version: "2.1.0", Schema: sarifSchema, Runs: []sarifRun{run}}
}

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
