// Package benchsite is the smallest frontend build web.New accepts, for
// benchmarks of the API: they need no pages, and so no `make build`.
package benchsite

import "testing/fstest"

// Site returns a build with one page and the files web.New requires.
func Site() fstest.MapFS {
	page := &fstest.MapFile{Data: []byte("<!doctype html><title>bench</title>")}
	return fstest.MapFS{
		"index.html":            page,
		"_internal/404.en.html": page,
		"_internal/404.nl.html": page,
		"_internal/app.en.html": page,
		"_internal/app.nl.html": page,
		"_internal/site.json":   {Data: []byte(`{"scriptHashes":[],"clientRoutes":["/dashboard"]}`)},
	}
}
