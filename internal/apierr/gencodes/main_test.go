package main

import (
	"bytes"
	"os"
	"regexp"
	"testing"

	"github.com/belwise/site/internal/apierr"
)

const generated = "../../../web/src/shared/api/codes.ts"

// TestCodesFileIsCurrent fails when the Go catalogue changed and the
// frontend's list was not regenerated.
func TestCodesFileIsCurrent(t *testing.T) {
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	if want := typeScript(apierr.Codes()); !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run go generate ./internal/apierr", generated)
	}
}

var codeName = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)

func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range apierr.Codes() {
		if !codeName.MatchString(c.String()) {
			t.Errorf("code %q is not snake_case", c)
		}
		if seen[c.String()] {
			t.Errorf("code %q is declared twice", c)
		}
		seen[c.String()] = true
	}
}
