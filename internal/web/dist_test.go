package web

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

// emptyDist mirrors a checkout where the frontend has not been built.
func emptyDist() fs.FS {
	return fstest.MapFS{".gitkeep": {}}
}

// The embedded build is whatever make build left in dist/ (maybe only
// .gitkeep), so this only checks that it is rooted correctly.
func TestDistIsRootedAtDist(t *testing.T) {
	if _, err := fs.Stat(Dist(), ".gitkeep"); err != nil {
		t.Skipf("dist/.gitkeep absent (a build replaced it): %v", err)
	}
}
