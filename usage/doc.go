// Package usage answers what a crawler may do with a page it fetched: use
// it for search, as input to an AI model (ai-input), or to train one
// (ai-train). Each of the three gets one answer, allowed, disallowed or
// unstated, from every statement a site makes about it, with the
// statements that decided it:
//
//	a := usage.For("GPTBot", usage.Input{
//		URL:    "https://example.com/post", // what robots.txt and tdmrep.json match
//		Robots: file,                       // the origin's robots.txt, a *robots.File
//		Header: resp.Header,                // Content-Usage, Content-Signal, tdm-*
//		Page:   directives,                 // page.FromResponse(resp): META tags, X-Robots-Tag
//		TDMRep: tdm,                        // the origin's /.well-known/tdmrep.json
//	})
//	if a.AITrain.State != usage.Allowed {
//		log.Printf("not training on it: %s %v", a.AITrain.State, a.AITrain.By)
//	}
//
// The names of the uses are those of Cloudflare's Content Signals Policy
// (search, ai-input, ai-train), the one vocabulary that has all three.
//
// Experimental: the package reads Content-Usage and Content-Signal, which
// follow drafts that still change, as [robots.Preferences] does. A minor
// release may change it (its fields, the labels it knows, how statements
// combine), never a patch release, and its notes say how (RELEASING.md).
//
// The package reads what the caller already has and does no I/O;
// [github.com/crawlkit/robots/crawl.Checker.Usage] fetches what is missing (robots.txt, tdmrep.json).
// It is a package of its own, above package robots, which reads
// robots.txt, and package page, which reads META tags and X-Robots-Tag,
// since it combines their answers with those of header fields and of
// TDMRep, and below package crawl, which fetches, so that a crawler with
// its own fetching, and the tool, use it without a Checker. The root
// package cannot hold it: nothing imports upward, and it would need page.
// Package page could, but it reads the rules of one page, while robots.txt
// and tdmrep.json are the origin's, and the answer joins four vocabularies
// that page has no other use for.
//
// # Where statements come from
//
//   - robots.txt: the Content-Signal and Content-Usage lines of the
//     crawler's group that apply to the URL's path, as
//     [robots.File.Preferences] finds them. Each line is one statement. An
//     Allow line only makes a URL fetchable: it states no use. A URL that
//     robots.txt disallows for the crawler is not fetchable, and its uses
//     are unstated, whatever any other source says: "no preferences are
//     implied for resources that are disallowed"
//     (draft-ietf-aipref-attach-05 section 3.1). Answer.Fetchable is then
//     false, and each use's By names the rule that disallows it.
//   - Header fields. Content-Usage (draft-ietf-aipref-attach-05 section 2)
//     is a Structured Field Dictionary (RFC 9651 section 3.2): its field
//     lines are joined into one, and a key's last value counts
//     (draft-ietf-aipref-vocab-07 section 6.5.1); a field that does not
//     parse states nothing. Content-Signal, which some sites and CDNs send
//     as a header, is read as the robots.txt line is, each field line one
//     statement. tdm-reservation and tdm-policy are TDMRep's (below).
//   - The page's robots rules, META tags and X-Robots-Tag, as package page
//     reads them for the crawler (its own tags and header prefixes, and
//     those for every crawler): noai disallows ai-input and ai-train for
//     the page and for its images, noimageai for its images only
//     (Decision.Images); noindex and none disallow search, index and all
//     allow it.
//   - TDMRep (W3C TDM Reservation Protocol community group final report,
//     2024): the tdm-reservation and tdm-policy header fields and META
//     tags, and the origin's /.well-known/tdmrep.json ([ParseTDMRep]).
//     They give one answer by the report's own processing priority
//     (section "Processing priority"): META tags over header fields over
//     tdmrep.json, a level without a value leaving the one before it.
//     In tdmrep.json, the first entry in file order whose location matches
//     the URL is used ("The most specific match is the first in
//     sequence"), locations matched as robots.txt patterns
//     ([robots.PatternMatches]). Reservation 1 disallows ai-train, and the
//     URL of its tdm-policy, if any, is given in Decision.Policy, never
//     fetched; reservation 0 allows ai-train. Values other than 0 and 1
//     are protocol errors: unset, with a diagnostic.
//
// # How statements combine
//
// Restrictively, as draft-ietf-aipref-vocab-07 section 5.1 combines
// statements: one statement that disallows a use makes it disallowed;
// allowed needs a statement that allows it and none that disallows it;
// else it is unstated. Decision.By lists the statements that disallow a
// disallowed use, or those that allow an allowed one.
//
// # Labels
//
// Content-Usage labels changed with each revision of the vocabulary. The
// table says onto which use each label it knows maps, and in which
// revisions it is defined (checked 2026-11-27 against the revisions -02 of
// July 2025 to -07 of August 2026, from their sources in
// github.com/ietf-wg-aipref/drafts):
//
//	label        defined in                  search    ai-input  ai-train
//	train-ai     vocab-02 to -07 (-07 4.1)   -         -         names it
//	search       vocab-02 to -07 (-07 4.2)   names it  -         -
//	train-genai  vocab-02, -03               -         -         names part of it: only n counts
//	ai-use       vocab-02                    -         names it  -
//	ai-output    vocab-04                    broader   names it  -
//	bots         vocab-03, -04               broader   broader   broader
//	all          vocab-02                    broader   broader   broader
//
// Content-Signal keys (Cloudflare's Content Signals Policy, published 24
// September 2025, contentsignals.org): search, ai-input and ai-train name
// the uses of the same names; their values are yes and no, read in any
// ASCII case.
//
// Within one statement, a label that names a use decides it; without one,
// the nearest broader label that is present does, as the revisions that
// had categories within categories (-02 to -04) said in their section
// "Applying Statements of Preference": in vocab-04, search was part of AI
// Output, and both were part of Automated Processing (bots). vocab-05 and
// later have no broader categories. A "y" for Generative AI Training
// (train-genai) allows only part of ai-train, so it is not read as a yes
// for all of it; its "n" disallows ai-train. The values are the Tokens y
// and n (draft-ietf-aipref-vocab-07 section 6.2); any other value, and any
// label or key not in the tables, states nothing and is listed in
// Answer.Unknown as written, as are robots rules package page does not
// know. Labels of -00 and -01 (tdm, ai, genai, inference) are not read.
//
// # Bounds
//
// For reads header fields, META tags and tdmrep.json entries that a site
// controls. It never panics on them, and its memory is bounded by the
// size of the input it is given (a joined copy of the Content-Usage field
// lines, and what package page allocates) plus the Answer: each of its
// lists holds at most MaxListed entries, and each text at most MaxText
// bytes. [ParseTDMRep] reads at most MaxTDMRepBytes.
package usage
