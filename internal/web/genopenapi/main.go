// Command genopenapi writes the API's OpenAPI document (web.OpenAPI), which
// the app's types and client are generated from. Run it through
// `go generate ./internal/web` (or `make api`).
package main

import (
	"flag"
	"log"
	"os"

	"github.com/belwise/site/internal/web"
)

func main() {
	out := flag.String("o", "", "the file to write")
	flag.Parse()
	doc, err := web.OpenAPI()
	if err != nil {
		log.Fatal(err)
	}
	if *out == "" {
		os.Stdout.Write(doc)
		return
	}
	if err := os.WriteFile(*out, doc, 0o644); err != nil {
		log.Fatal(err)
	}
}
