package lint

import (
	"encoding/json"
	"fmt"
	"io"
)

// SARIF: the findings as a SARIF 2.1.0 log (OASIS Static Analysis Results
// Interchange Format), which code-scanning services read. One run; the
// rules are the codes; each finding is a result with its file as its
// artifact and its line as its region.

// An Artifact is a file linted, as a SARIF log names it: where it is, and
// its findings. The zero value is a file of no name without findings.
type Artifact struct {
	// URI is where the file is, as SARIF's artifact location: a URL, or a
	// URI reference relative to the repository, such as "robots.txt" or
	// "site/robots.txt" (a path with spaces or colons is escaped, as
	// net/url writes a URL's path).
	URI string
	// Findings are the findings on the file, in the order they are
	// written.
	Findings []Finding
	// Err is why the file could not be read, or nil. A file that could not
	// be read has no findings, and makes the run unsuccessful (its
	// invocation's executionSuccessful is false).
	Err error
}

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

// sarifLevels are the SARIF levels of the severities.
var sarifLevels = [...]string{Error: "error", Warning: "warning", Info: "note"}

// SARIF writes to w the findings on files as a SARIF 2.1.0 log, in JSON
// indented by two spaces: one run of the tool "robots lint", whose rules
// are the codes, in the order of Codes, and one result a finding, with its
// file's URI and its line. The run's invocation is successful when no
// file has an Err. It returns an error from w, wrapped, and no other.
func SARIF(w io.Writer, files []Artifact) error {
	driver := sarifDriver{Name: "robots lint", InformationURI: "https://github.com/crawlkit/robots"}
	for _, c := range codes {
		driver.Rules = append(driver.Rules, sarifRuleDescr{ID: c.Name, ShortDescription: sarifText{c.About},
			DefaultConfiguration: sarifConfig{sarifLevels[c.Severity]}})
	}
	ok := true
	run := sarifRun{Tool: sarifTool{driver}, Results: []sarifResult{}}
	for _, f := range files {
		ok = ok && f.Err == nil
		for _, x := range f.Findings {
			run.Results = append(run.Results, sarifResult{
				RuleID: x.Code, RuleIndex: codeIndex(x.Code), Level: x.Severity.sarifLevel(),
				Message: sarifText{x.Message},
				Locations: []sarifLocation{{sarifPhysical{
					ArtifactLocation: sarifArtifact{f.URI},
					Region:           sarifRegion{max(x.Line, 1)},
				}}},
			})
		}
	}
	run.Invocations = []sarifInvocation{{ok}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(sarifReport{Version: "2.1.0", Schema: sarifSchema, Runs: []sarifRun{run}}); err != nil {
		return fmt.Errorf("lint: writing SARIF: %w", err)
	}
	return nil
}

// sarifLevel returns the SARIF level of s: "error", "warning" or "note"
// (for Info, and for a value that is no Severity).
func (s Severity) sarifLevel() string {
	if s >= 0 && int(s) < len(sarifLevels) {
		return sarifLevels[s]
	}
	return "note"
}
