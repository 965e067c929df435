package web

import (
	"embed"
	"io/fs"
)

// The frontend build (make build) writes the prerendered site into dist/.
// "all:" is required: without it embed silently drops names starting with
// "_" or ".", and the not-found pages, app shells and site.json live in
// dist/_internal/.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the embedded frontend build, rooted at the dist directory.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // only possible for an invalid literal path
	}
	return sub
}
