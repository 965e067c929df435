package web

import (
	"encoding/json"
	"io/fs"
	"os"
	"reflect"
	"testing"
)

// The build's word files for the pages the server answers itself, when
// there is a build, are the words these tests use (testdata), and they
// parse.
func TestBuiltServerWordsAreTheTestWords(t *testing.T) {
	for name, parse := range map[string]func([]byte) error{
		"pay.json":         func(b []byte) error { _, err := parsePayMessages(b); return err },
		"unsubscribe.json": func(b []byte) error { _, err := parseUnsubscribeMessages(b); return err },
	} {
		t.Run(name, func(t *testing.T) {
			built, err := fs.ReadFile(Dist(), "_internal/"+name)
			if err != nil {
				t.Skipf("no frontend build: %v", err)
			}
			if err := parse(built); err != nil {
				t.Fatal(err)
			}
			test, err := os.ReadFile("testdata/" + name)
			if err != nil {
				t.Fatal(err)
			}
			var a, b any
			if err := json.Unmarshal(built, &a); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(test, &b); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("internal/web/testdata/%s differs from the build's _internal/%s: copy the build's", name, name)
			}
		})
	}
}
