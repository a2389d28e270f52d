package robots

// The one snapshot type of the tests: everything the public API says about
// a File. It lives in package robots so that the internal tests and the
// tests of package robots_test (which see it as robots.Snapshot, in test
// builds only) compare Files the same way.

import "time"

// A Snapshot is everything the public API says about a File, for the agents
// and URLs asked.
type Snapshot struct {
	Sitemaps    []string
	Records     []Record
	Diagnostics []Diagnostic
	Groups      []GroupSnapshot // one per agent asked, in the order asked
}

// A GroupSnapshot is everything the public API says about the group one
// agent gets.
type GroupSnapshot struct {
	Agent    string // the agent asked
	Nil      bool   // whether File.Group returned nil
	Agents   []string
	Rules    []Rule
	Delay    time.Duration
	HasDelay bool
	Answers  []Explanation // File.Explain(Agent, url) for each url asked

	PreferenceLines []PreferenceLine
	Preferences     []Preferences // File.Preferences(Agent, url) for each url asked
}

// SnapshotOf returns what file says about each of agents and, for each
// agent, about each of urls.
func SnapshotOf(file *File, agents, urls []string) Snapshot {
	s := Snapshot{Sitemaps: file.Sitemaps(), Records: file.Records(), Diagnostics: file.Diagnostics()}
	for _, agent := range agents {
		g := file.Group(agent)
		gs := GroupSnapshot{Agent: agent, Nil: g == nil, Agents: g.Agents(), Rules: g.Rules()}
		gs.Delay, gs.HasDelay = g.CrawlDelay()
		gs.PreferenceLines = file.PreferenceLines(agent)
		for _, url := range urls {
			gs.Answers = append(gs.Answers, file.Explain(agent, url))
			gs.Preferences = append(gs.Preferences, file.Preferences(agent, url))
		}
		s.Groups = append(s.Groups, gs)
	}
	return s
}
