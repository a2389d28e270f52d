// Package crawl is the crawler's side of robots.txt: it fetches, caches and
// shares the robots.txt file of each origin, as RFC 9309 sections 2.3 and
// 2.4 say, and answers from the files that package
// github.com/crawlkit/robots parses.
//
// A crawler makes one call per URL to a [Checker]:
//
//	checker := &crawl.Checker{UserAgent: "MyBot/1.0 (+https://example.com/bot)"}
//	ok, err := checker.Allowed(ctx, "MyBot", "https://example.com/page")
//
// The Checker promises:
//
//   - one fetch per origin at a time: calls that miss while it is under way
//     wait for it, and each answer comes from memory until the file
//     expires (24 hours, or a Cache-Control max-age down to 15 minutes);
//   - the status rules of RFC 9309 section 2.3.1: a 2xx body is parsed; a
//     4xx (but 429) or more than five redirects allows everything; a 5xx,
//     a 429, a status outside 100-599, a network error, a fetch longer
//     than FetchTimeout or a 2xx body that cannot be read to the limit
//     disallows everything, while the last good copy, if any, keeps being
//     used; after 30 days unreachable with no good copy, everything is
//     allowed; the status and what was read decide, never the rest of a
//     body;
//   - bounded costs on untrusted input: at most the parse limit plus one
//     byte of a 2xx body is read, after decoding gzip or deflate, and
//     nothing of other bodies; memory holds at most
//     CacheEntries files and CacheBytes of their estimated size
//     ([robots.File.Size]); a fetch lasts at most FetchTimeout;
//   - the caller's context bounds each call, which returns its error, never
//     a guess; a bad agent ([robots.ErrBadAgent]) or URL
//     ([robots.ErrBadURL]) is an error, an unreachable site is an answer;
//   - a [Store] that fails, hangs or panics never fails a call, and what it
//     returns is not trusted: a stored entry is used only if it was fetched
//     less than 24 hours ago, and not in the future;
//   - no error or explanation shows the password of a URL.
//
// A [Transport] makes an http.Client refuse what robots.txt disallows, with
// a [*DisallowedError]. A [Store] shares each origin's [Entry] across a
// fleet of crawlers; a [Leaser] also lets one crawler fetch for all, with
// leases that lapse within seconds when their holder dies.
// [Checker.Close] waits for the Store writes in flight before a process
// exits.
// [Checker.Entry] gives tools the bytes a Checker fetched.
//
// A Checker also paces a crawler: [Checker.Wait] returns when an origin's
// next request may start, by the agent's Crawl-delay (one second at least
// and 30 at most by default, see [Pacing]), and [Checker.Report] lets a
// 429 or 503 push the origin back, by its Retry-After or a growing
// back-off; a Transport does both for every request. A [Pacer] holds the
// schedule for a whole fleet.
//
// A crawler that fetches robots.txt its own way needs none of this package:
// [robots.FromStatus] and [robots.Options.FromAccess] turn what it fetched
// into a File.
package crawl
