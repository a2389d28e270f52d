package ailist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
)

// entry is the value of a crawler in robots.json; the fields this package
// does not use ("respect", "frequency", "has_name_and_version") are left
// out.
type entry struct {
	Operator    string `json:"operator"`
	Function    string `json:"function"`
	Description string `json:"description"`
}

// Parse reads a robots.json of ai.robots.txt: one JSON object whose keys
// are the crawlers' names, in the order of the file, each with an object of
// strings. It returns an error, starting with "ailist:", when the data is
// not such an object, when a name is empty or repeated, or when a name's
// value is not an object.
func Parse(data []byte) ([]Crawler, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, errors.New("ailist: robots.json is not a JSON object")
	}
	var out []Crawler
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("ailist: reading robots.json: %w", err)
		}
		name, _ := t.(string) // a key of an object is a string
		if name == "" {
			return nil, errors.New("ailist: robots.json names a crawler with an empty name")
		}
		if seen[name] {
			return nil, fmt.Errorf("ailist: robots.json names %q twice", name)
		}
		seen[name] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("ailist: reading robots.json at %q: %w", name, err)
		}
		var e entry
		if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")) {
			return nil, fmt.Errorf("ailist: robots.json: the value of %q is not an object", name)
		}
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("ailist: robots.json at %q: %w", name, err)
		}
		out = append(out, Crawler{
			Token:       name,
			Operator:    linkText(e.Operator),
			Function:    e.Function,
			Description: e.Description,
			Purpose:     Classify(e.Function, e.Description),
		})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("ailist: reading robots.json: %w", err)
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("ailist: robots.json goes on after its object")
	}
	return out, nil
}

// mdLink is a Markdown link: [text](url).
var mdLink = regexp.MustCompile(`\[([^\]]*)\]\([^)\s]*\)`)

// linkText returns s with its Markdown links reduced to their text.
func linkText(s string) string {
	return mdLink.ReplaceAllString(s, "$1")
}
