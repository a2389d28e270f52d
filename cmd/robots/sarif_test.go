package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crawlkit/robots/lint"
	"github.com/google/go-cmp/cmp"
)

// TestLintSARIF checks lint -format sarif field by field on a file of two
// findings and an empty one.
func TestLintSARIF(t *testing.T) {
	body := "User-agent: *\nDisallow: /a$b\nDisallow: /x\nDisallow: /x\n"
	got := runTool(t, strings.NewReader(body), "lint", "-format", "sarif", "-ignore", "extension", "-", example)
	if got.status != exitFound || got.stderr != "" {
		t.Fatalf("lint -format sarif = %d, stderr %q; want 1, none", got.status, got.stderr)
	}
	var log sarifReport
	decodeStrict(t, got.stdout, &log)
	if log.Version != "2.1.0" || log.Schema != sarifSchema || len(log.Runs) != 1 {
		t.Fatalf("version %q, $schema %q, %d runs; want 2.1.0, %s, 1", log.Version, log.Schema, len(log.Runs), sarifSchema)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "robots lint" || run.Tool.Driver.InformationURI != "https://github.com/crawlkit/robots" {
		t.Errorf("driver = %q, %q", run.Tool.Driver.Name, run.Tool.Driver.InformationURI)
	}
	if len(run.Tool.Driver.Rules) != len(lintCodes) {
		t.Errorf("%d rules, want one a code: %d", len(run.Tool.Driver.Rules), len(lintCodes))
	}
	if diff := cmp.Diff([]sarifInvocation{{ExecutionSuccessful: true}}, run.Invocations); diff != "" {
		t.Errorf("invocations mismatch (-want +got):\n%s", diff)
	}
	at := func(line int) []sarifLocation {
		return []sarifLocation{{sarifPhysical{ArtifactLocation: sarifArtifact{"stdin"}, Region: sarifRegion{line}}}}
	}
	rule := func(code string) int {
		return slices.IndexFunc(lintCodes, func(c lint.Code) bool { return c.Name == code })
	}
	want := []sarifResult{
		{RuleID: "dollar-inside", RuleIndex: rule("dollar-inside"), Level: "warning", Locations: at(2),
			Message: sarifText{`"$" inside pattern "/a$b" matches a literal "$": only a final "$" anchors the end of the path`}},
		{RuleID: "repeated-rule", RuleIndex: rule("repeated-rule"), Level: "note", Locations: at(4),
			Message: sarifText{`"Disallow: /x" repeats line 3: it changes nothing, and can go`}},
	}
	if diff := cmp.Diff(want, run.Results); diff != "" {
		t.Errorf("results mismatch (-want +got):\n%s", diff)
	}
	for _, r := range run.Results {
		d := run.Tool.Driver.Rules[r.RuleIndex]
		if d.ID != r.RuleID || d.ShortDescription.Text == "" || d.DefaultConfiguration.Level == "" {
			t.Errorf("rule %d of result %s = %+v", r.RuleIndex, r.RuleID, d)
		}
	}

	// A source that cannot be read: the run says so, and lint exits 2.
	got = runTool(t, nil, "lint", "-format", "sarif", "../../testdata/missing.txt", example)
	log = sarifReport{}
	decodeStrict(t, got.stdout, &log)
	if got.status != exitFailure || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 || log.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Errorf("lint -format sarif of a missing file = %d, %s", got.status, got.stdout)
	}
}

// TestSourceURI checks the artifact locations of SARIF results.
func TestSourceURI(t *testing.T) {
	abs, err := filepath.Abs("my robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		s    *source
		want string
	}{
		{"standard input", &source{name: "-"}, "stdin"},
		{"a relative path", &source{name: "site/robots.txt"}, "site/robots.txt"},
		{"a space, escaped", &source{name: "my robots.txt"}, "my%20robots.txt"},
		{"a colon in the first segment", &source{name: "a:b.txt"}, "./a:b.txt"},
		{"an absolute path", &source{name: abs}, "file://" + strings.ReplaceAll(filepath.ToSlash(abs), " ", "%20")},
		{"a fetch", &source{name: "https://example.com/a", fetch: &fetchInfo{URL: "https://example.com/robots.txt"}}, "https://example.com/robots.txt"},
		{"a fetch redirected", &source{name: "https://example.com/a", fetch: &fetchInfo{URL: "https://example.com/robots.txt",
			FinalURL: "https://www.example.com/robots.txt"}}, "https://www.example.com/robots.txt"},
	}
	for _, tc := range tests {
		if got := tc.s.uri(); got != tc.want {
			t.Errorf("%s: uri() = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A schemaDef is what the SARIF 2.1.0 schema says of one of its objects:
// the properties it requires, the sets of which it requires one (anyOf),
// and the properties it allows (each object has "additionalProperties":
// false), with the definition a property's value must follow ("[]" for an
// array of them; "" for a value lint's output does not go into).
type schemaDef struct {
	required []string
	anyOf    [][]string
	props    map[string]string
}

// props makes a schemaDef's properties: names, each followed by ":" and a
// definition when lint writes objects there.
func props(names string) map[string]string {
	m := map[string]string{}
	for _, f := range strings.Fields(names) {
		name, def, _ := strings.Cut(f, ":")
		m[name] = def
	}
	return m
}

// sarif210 is what the schema of SARIF 2.1.0 (sarif-schema-2.1.0.json, the
// OASIS standard with its errata 01, at sarifSchema) says of the objects
// lint writes, read from its text: each definition's "required",
// "anyOf" and "properties".
var sarif210 = map[string]schemaDef{
	"sarifLog": {required: []string{"version", "runs"},
		props: props("$schema version runs:[]run inlineExternalProperties properties")},
	"run": {required: []string{"tool"},
		props: props("tool:tool invocations:[]invocation conversion language versionControlProvenance originalUriBaseIds " +
			"artifacts logicalLocations graphs results:[]result automationDetails runAggregates baselineGuid redactionTokens " +
			"defaultEncoding defaultSourceLanguage newlineSequences columnKind externalPropertyFileReferences " +
			"threadFlowLocations taxonomies addresses translations policies webRequests webResponses specialLocations properties")},
	"tool": {required: []string{"driver"}, props: props("driver:toolComponent extensions properties")},
	"toolComponent": {required: []string{"name"},
		props: props("guid name organization product productSuite shortDescription fullDescription fullName version " +
			"semanticVersion dottedQuadFileVersion releaseDateUtc downloadUri informationUri globalMessageStrings notifications " +
			"rules:[]reportingDescriptor taxa locations language contents isComprehensive localizedDataSemanticVersion " +
			"minimumRequiredLocalizedDataSemanticVersion associatedComponent translationMetadata supportedTaxonomies properties")},
	"reportingDescriptor": {required: []string{"id"},
		props: props("id deprecatedIds guid deprecatedGuids name deprecatedNames shortDescription:multiformatMessageString " +
			"fullDescription messageStrings defaultConfiguration:reportingConfiguration helpUri help relationships properties")},
	"multiformatMessageString": {required: []string{"text"}, props: props("text markdown properties")},
	"reportingConfiguration":   {props: props("enabled level rank parameters properties")},
	"invocation": {required: []string{"executionSuccessful"},
		props: props("commandLine arguments responseFiles startTimeUtc endTimeUtc exitCode ruleConfigurationOverrides " +
			"notificationConfigurationOverrides toolExecutionNotifications toolConfigurationNotifications exitCodeDescription " +
			"exitSignalName exitSignalNumber processStartFailureMessage executionSuccessful machine account processId " +
			"executableLocation workingDirectory environmentVariables stdin stdout stderr stdoutStderr properties")},
	"result": {required: []string{"message"},
		props: props("ruleId ruleIndex rule kind level message:message analysisTarget locations:[]location guid correlationGuid " +
			"occurrenceCount partialFingerprints fingerprints stacks codeFlows graphs graphTraversals relatedLocations " +
			"suppressions baselineState rank attachments hostedViewerUri workItemUris provenance fixes taxa webRequest " +
			"webResponse properties")},
	"message":  {anyOf: [][]string{{"text"}, {"id"}}, props: props("text markdown id arguments properties")},
	"location": {props: props("id physicalLocation:physicalLocation logicalLocations message annotations relationships properties")},
	"physicalLocation": {anyOf: [][]string{{"address"}, {"artifactLocation"}},
		props: props("address artifactLocation:artifactLocation region:region contextRegion properties")},
	"artifactLocation": {props: props("uri uriBaseId index description properties")},
	"region": {anyOf: [][]string{{"startLine"}, {"charOffset"}, {"byteOffset"}},
		props: props("startLine startColumn endLine endColumn charOffset charLength byteOffset byteLength snippet message " +
			"sourceLanguage properties")},
}

// checkSchema reports where v, an object that must follow the definition
// def, breaks what sarif210 says of it.
func checkSchema(t *testing.T, where, def string, v any) {
	t.Helper()
	d, ok := sarif210[def]
	if !ok {
		t.Fatalf("no definition %s", def)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		t.Errorf("%s: %T, want an object (%s)", where, v, def)
		return
	}
	for _, p := range d.required {
		if _, ok := obj[p]; !ok {
			t.Errorf("%s: %s lacks the required property %q", where, def, p)
		}
	}
	if len(d.anyOf) > 0 && !slices.ContainsFunc(d.anyOf, func(set []string) bool {
		return !slices.ContainsFunc(set, func(p string) bool { _, ok := obj[p]; return !ok })
	}) {
		t.Errorf("%s: %s has none of %v", where, def, d.anyOf)
	}
	for p, val := range obj {
		ref, ok := d.props[p]
		switch {
		case !ok:
			t.Errorf("%s: %s has the property %q, which the schema does not allow", where, def, p)
		case strings.HasPrefix(ref, "[]"):
			items, ok := val.([]any)
			if !ok {
				t.Errorf("%s.%s: %T, want an array", where, p, val)
			}
			for i, item := range items {
				checkSchema(t, fmt.Sprintf("%s.%s[%d]", where, p, i), ref[2:], item)
			}
		case ref != "":
			checkSchema(t, where+"."+p, ref, val)
		}
	}
}

// TestLintSARIFSchema checks lint's SARIF against what the 2.1.0 schema
// requires: the properties each object must have, none it does not allow,
// and the values the schema enumerates or bounds.
func TestLintSARIFSchema(t *testing.T) {
	body := "User-agent: *\nDisallow: /\nDisallow: /a$b\nNoindex: /x\n\xEF\xBB\xBF\n"
	got := runTool(t, strings.NewReader(body), "lint", "-format", "sarif", "-", "../../testdata/messy.txt")
	var log map[string]any
	if err := json.Unmarshal([]byte(got.stdout), &log); err != nil {
		t.Fatal(err)
	}
	checkSchema(t, "log", "sarifLog", log)

	var typed sarifReport
	decodeStrict(t, got.stdout, &typed)
	if typed.Version != "2.1.0" { // "enum": ["2.1.0"]
		t.Errorf("version %q", typed.Version)
	}
	levels := []string{"none", "note", "warning", "error"} // result.level and reportingConfiguration.level
	for _, r := range typed.Runs[0].Tool.Driver.Rules {
		if !slices.Contains(levels, r.DefaultConfiguration.Level) {
			t.Errorf("rule %s: level %q", r.ID, r.DefaultConfiguration.Level)
		}
	}
	if len(typed.Runs[0].Results) < 5 {
		t.Fatalf("%d results, want a few", len(typed.Runs[0].Results))
	}
	for _, r := range typed.Runs[0].Results {
		if !slices.Contains(levels, r.Level) || r.RuleIndex < -1 { // "minimum": -1
			t.Errorf("result %s: level %q, ruleIndex %d", r.RuleID, r.Level, r.RuleIndex)
		}
		for _, l := range r.Locations {
			if l.PhysicalLocation.Region.StartLine < 1 { // "minimum": 1
				t.Errorf("result %s: startLine %d", r.RuleID, l.PhysicalLocation.Region.StartLine)
			}
		}
	}
}
