package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strings"
)

// cssRules is the whole stylesheet as the prerender step lists it
// (_internal/screen-css.json, web/scripts/prerender.mjs), for a drawn
// screen to carry only the rules its markup uses: a third of the
// stylesheet's size, which a slow phone parses and matches before the
// screen's first paint. The boot script adds the whole stylesheet as it
// starts the app, which renders nothing before it has loaded
// (entry.client.tsx), as on a prerendered page.
//
// The list is the stylesheet in order: a rule, with each of its selectors
// and the classes that selector needs; the start or end of a group (@media,
// @supports, @layer…) that holds rules; or anything else as it is (@property,
// @keyframes, @layer's order), always kept. Which classes a selector needs
// is decided once, at build time, by the same test the prerendered pages'
// inline rules use.
type cssRules []cssNode

type cssNode struct {
	Open      string        `json:"open,omitempty"`
	Close     bool          `json:"close,omitempty"`
	Raw       string        `json:"raw,omitempty"`
	Selectors []cssSelector `json:"selectors,omitempty"`
	Body      string        `json:"body,omitempty"`
}

type cssSelector struct {
	Text    string   `json:"text"`
	Classes []string `json:"classes"`
}

// readCSSRules reads the list and checks it holds together: groups closed
// in order, nothing that could end a <style> element (checked as the JSON
// decodes it: "\u003c/style" is "</style" too).
func readCSSRules(b []byte) (cssRules, error) {
	var rules cssRules
	if err := json.Unmarshal(b, &rules); err != nil {
		return nil, err
	}
	depth := 0
	for i, n := range rules {
		texts := []string{n.Open, n.Raw, n.Body}
		for _, sel := range n.Selectors {
			texts = append(texts, sel.Text)
		}
		for _, t := range texts {
			if strings.Contains(strings.ToLower(t), "</style") {
				return nil, fmt.Errorf("rule %d could end the <style> element", i)
			}
		}
		switch {
		case n.Open != "":
			depth++
		case n.Close:
			if depth--; depth < 0 {
				return nil, fmt.Errorf("rule %d closes a group never opened", i)
			}
		case n.Raw == "" && len(n.Selectors) == 0:
			return nil, fmt.Errorf("rule %d is empty", i)
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("%d groups left open", depth)
	}
	return rules, nil
}

// classesIn is every class named in page's markup, in class attributes as
// React writes them (class="…", entities escaped).
func classesIn(page []byte) map[string]bool {
	classes := map[string]bool{}
	attr := []byte(` class="`)
	for {
		i := bytes.Index(page, attr)
		if i < 0 {
			return classes
		}
		page = page[i+len(attr):]
		end := bytes.IndexByte(page, '"')
		if end < 0 {
			return classes
		}
		value := string(page[:end])
		if strings.IndexByte(value, '&') >= 0 {
			value = html.UnescapeString(value)
		}
		for _, c := range strings.Fields(value) {
			classes[c] = true
		}
		page = page[end:]
	}
}

// For is the stylesheet with only the rules page's markup uses: a rule
// stays with those of its selectors whose classes are all in the page; a
// group stays when a rule in it does.
func (rules cssRules) For(page []byte) []byte {
	classes := classesIn(page)
	var out bytes.Buffer
	// The groups opened but not yet written: one is written with its first
	// rule kept, and closed only then.
	var pending []string
	written := 0 // of the open groups, how many are written
	for _, n := range rules {
		switch {
		case n.Open != "":
			pending = append(pending, n.Open)
		case n.Close:
			if len(pending) > written {
				pending = pending[:len(pending)-1]
				continue
			}
			pending = pending[:len(pending)-1]
			written--
			out.WriteByte('}')
		default:
			text := n.Raw
			if text == "" {
				var kept []string
				for _, s := range n.Selectors {
					if all(s.Classes, classes) {
						kept = append(kept, s.Text)
					}
				}
				if len(kept) == 0 {
					continue
				}
				text = strings.Join(kept, ",") + "{" + n.Body + "}"
			}
			for ; written < len(pending); written++ {
				out.WriteString(pending[written])
			}
			out.WriteString(text)
		}
	}
	return out.Bytes()
}

func all(names []string, in map[string]bool) bool {
	for _, n := range names {
		if !in[n] {
			return false
		}
	}
	return true
}
