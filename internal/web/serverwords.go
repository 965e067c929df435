package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
)

// The words of the pages the server answers itself, without the app (the
// pay page, the one-click off pages), come from the dictionaries: the
// build writes them to a JSON file in _internal/ (pay.json,
// unsubscribe.json), and the server reads it at start.

// wordVar is a placeholder in a word, as translate() writes them.
var wordVar = regexp.MustCompile(`\{\w+\}`)

// parseWords reads such a file into T per language: English and Dutch
// both there, every word of T present and not blank (arrays too), no word
// T does not know, and no placeholder but those vars allows for the word's
// dotted JSON key, since any other would be shown as is. what names the
// file in errors.
func parseWords[T any](b []byte, what string, vars func(key string) []string) (map[string]T, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var m map[string]T
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	for _, lang := range []string{langEN, langNL} {
		words, ok := m[lang]
		if !ok {
			return nil, fmt.Errorf("no %s words for %q", what, lang)
		}
		if err := checkWords(reflect.ValueOf(words), "", vars); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", what, lang, err)
		}
	}
	return m, nil
}

// checkWords walks v's strings by their dotted JSON keys.
func checkWords(v reflect.Value, key string, vars func(key string) []string) error {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			name := v.Type().Field(i).Tag.Get("json")
			if key != "" {
				name = key + "." + name
			}
			if err := checkWords(v.Field(i), name, vars); err != nil {
				return err
			}
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			if err := checkWords(v.Index(i), key, vars); err != nil {
				return err
			}
		}
	case reflect.String:
		s := v.String()
		if strings.TrimSpace(s) == "" {
			return fmt.Errorf("%q has no words", key)
		}
		for _, p := range wordVar.FindAllString(s, -1) {
			if !slices.Contains(vars(key), p) {
				return fmt.Errorf("%q has %s, which the page does not fill in", key, p)
			}
		}
	default:
		return fmt.Errorf("%q: words are strings, not %s", key, v.Kind())
	}
	return nil
}
