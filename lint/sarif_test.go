package lint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The SARIF log read back into the types SARIF writes it with, with
// unknown fields refused, and checked against what the SARIF 2.1.0 schema
// says of each object, property by property (the schema, not those types,
// holds the names a log may use).

// decodeStrict decodes s, one JSON document, into v, refusing fields v
// does not have.
func decodeStrict(t *testing.T, s string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %s: %v", s, err)
	}
	if dec.More() {
		t.Fatalf("more than one JSON document in %s", s)
	}
}

// sarifOf returns the SARIF log of files.
func sarifOf(t *testing.T, files ...Artifact) string {
	t.Helper()
	var buf bytes.Buffer
	if err := SARIF(&buf, files); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestSARIFFields checks a log field by field: a file of two findings and
// a file of none.
func TestSARIFFields(t *testing.T) {
	body := "User-agent: *\nDisallow: /a$b\nDisallow: /x\nDisallow: /x\n"
	found := Options{Ignore: []string{"extension"}}.Lint([]byte(body)).Findings
	var log sarifReport
	decodeStrict(t, sarifOf(t, Artifact{URI: "stdin", Findings: found}, Artifact{URI: "example.txt"}), &log)
	if log.Version != "2.1.0" || log.Schema != sarifSchema || len(log.Runs) != 1 {
		t.Fatalf("version %q, $schema %q, %d runs; want 2.1.0, %s, 1", log.Version, log.Schema, len(log.Runs), sarifSchema)
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "robots lint" || run.Tool.Driver.InformationURI != "https://github.com/crawlkit/robots" {
		t.Errorf("driver = %q, %q", run.Tool.Driver.Name, run.Tool.Driver.InformationURI)
	}
	if len(run.Tool.Driver.Rules) != len(codes) {
		t.Errorf("%d rules, want one a code: %d", len(run.Tool.Driver.Rules), len(codes))
	}
	if diff := cmp.Diff([]sarifInvocation{{ExecutionSuccessful: true}}, run.Invocations); diff != "" {
		t.Errorf("invocations mismatch (-want +got):\n%s", diff)
	}
	at := func(line int) []sarifLocation {
		return []sarifLocation{{sarifPhysical{ArtifactLocation: sarifArtifact{"stdin"}, Region: sarifRegion{line}}}}
	}
	want := []sarifResult{
		{RuleID: "dollar-inside", RuleIndex: codeIndex("dollar-inside"), Level: "warning", Locations: at(2),
			Message: sarifText{`"$" inside pattern "/a$b" matches a literal "$": only a final "$" anchors the end of the path`}},
		{RuleID: "repeated-rule", RuleIndex: codeIndex("repeated-rule"), Level: "note", Locations: at(4),
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

	// A file that could not be read: the run says so.
	log = sarifReport{}
	decodeStrict(t, sarifOf(t, Artifact{URI: "missing.txt", Err: os.ErrNotExist}, Artifact{URI: "example.txt"}), &log)
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 || log.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Errorf("SARIF of a file not read = %+v", log)
	}
}

// A schemaDef is what the SARIF 2.1.0 schema says of one of its objects:
// the properties it requires, the sets of which it requires one (anyOf),
// and the properties it allows (each object has "additionalProperties":
// false), with the definition a property's value must follow ("[]" for an
// array of them; "" for a value SARIF does not go into).
type schemaDef struct {
	required []string
	anyOf    [][]string
	props    map[string]string
}

// props makes a schemaDef's properties: names, each followed by ":" and a
// definition when SARIF writes objects there.
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
// SARIF writes, read from its text: each definition's "required",
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

// TestSARIFSchema checks a log against what the 2.1.0 schema requires:
// the properties each object must have, none it does not allow, and the
// values the schema enumerates or bounds.
func TestSARIFSchema(t *testing.T) {
	messy, err := os.ReadFile("../testdata/messy.txt")
	if err != nil {
		t.Fatal(err)
	}
	body := "User-agent: *\nDisallow: /\nDisallow: /a$b\nNoindex: /x\n\xEF\xBB\xBF\n"
	out := sarifOf(t, Artifact{URI: "stdin", Findings: Lint([]byte(body)).Findings},
		Artifact{URI: "messy.txt", Findings: Lint(messy).Findings}, Artifact{URI: "gone.txt", Err: errors.New("gone")})
	var log map[string]any
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	checkSchema(t, "log", "sarifLog", log)

	var typed sarifReport
	decodeStrict(t, out, &typed)
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
