package main

import (
	"bytes"
	"os"
	"testing"
)

const generated = "../../../web/src/shared/content/subprocessors.ts"

// TestFileIsCurrent fails when the Go list changed and the public page's
// copy was not regenerated.
func TestFileIsCurrent(t *testing.T) {
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	want, err := typeScript()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate ./internal/dpa", generated)
	}
}
