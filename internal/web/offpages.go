package web

import (
	"html/template"
	"log/slog"
	"net/http"
	"strings"
)

// The one-click off pages: the links in emails that turn them off, which
// the server answers itself (no app, no scripts): a call alert's
// unsubscribe link (alerts.go) and the weekly digest's off link
// (reports.go). Their words are the dictionaries' unsubscribe section,
// which the build writes to _internal/unsubscribe.json
// (unsubscribeMessages, web/src/app/unsubscribeMessages.ts). Their page
// (pageTemplate) is the pay page's too.

// unsubscribeWords are those pages' words in one language.
type unsubscribeWords struct {
	Alerts      alertsOffWords `json:"alerts"`
	Digest      digestOffWords `json:"digest"`
	Unavailable titledWords    `json:"unavailable"` // the database down: said in both languages
	Error       titledWords    `json:"error"`       // an error: said in both languages
}

// alertsOffWords are a call alert's unsubscribe page's; every one but
// BadLink may have {agent} and {number}, which the page fills in.
type alertsOffWords struct {
	Title   string      `json:"title"`
	Ask     string      `json:"ask"`
	Button  string      `json:"button"`
	Done    string      `json:"done"`
	Again   string      `json:"again"`
	Profile string      `json:"profile"`
	BadLink titledWords `json:"badLink"` // said in both languages
}

// digestOffWords are the weekly digest's off page's: no placeholders.
type digestOffWords struct {
	Title     string      `json:"title"`
	Ask       string      `json:"ask"`
	Button    string      `json:"button"`
	DoneTitle string      `json:"doneTitle"`
	Done      string      `json:"done"`
	Profile   string      `json:"profile"`
	BadLink   titledWords `json:"badLink"`
}

type titledWords struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// alertsVars are what a call alert's unsubscribe page fills in
// (fillWords).
var alertsVars = []string{"{agent}", "{number}"}

// offVars are the placeholders a word may have, by its dotted JSON key:
// those of a call alert's page, but for its bad link, whose language (and
// agent) is not known. No other word has any.
func offVars(key string) []string {
	if strings.HasPrefix(key, "alerts.") && !strings.HasPrefix(key, "alerts.badLink.") {
		return alertsVars
	}
	return nil
}

// parseUnsubscribeMessages reads unsubscribe.json (parseWords).
func parseUnsubscribeMessages(b []byte) (map[string]unsubscribeWords, error) {
	return parseWords[unsubscribeWords](b, "unsubscribe", offVars)
}

// pageTemplate is the page of every link from an email that the server
// answers itself, without the app: the two off pages and the pay page
// (payments.go). Its button is a form posting to the page's own URL
// (Form), or a link (ButtonURL); Back is a plain link below.
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{.Heading}} · Belwise</title>
<style>
body{margin:0;padding:0 1rem;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f4ef;color:#1d1b16;line-height:1.5}
main{max-width:32rem;margin:4rem auto;padding:2rem 1.5rem;background:#fff;border-radius:1rem;border:1px solid #ddd6c8}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p,form{margin:0 0 1rem}
main>:last-child{margin-bottom:0}
button,.button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:999px;border:0;background:#1d1b16;color:#fff;cursor:pointer;min-height:44px;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #2f5fd0;outline-offset:2px}
a{color:#1d1b16;display:inline-block;min-height:24px;padding:.25rem 0}
</style>
</head>
<body>
<main>
<h1>{{.Heading}}</h1>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Form}}<form method="post"><button type="submit">{{.Button}}</button></form>
{{else if .ButtonURL}}<p><a class="button" href="{{.ButtonURL}}">{{.Button}}</a></p>
{{end}}{{if .BackURL}}<p><a href="{{.BackURL}}">{{.Back}}</a></p>
{{end}}</main>
</body>
</html>
`))

type pageView struct {
	Lang, Heading string
	Paragraphs    []string
	Button        string
	Form          bool   // the button posts the form to the page's own URL
	ButtonURL     string // else the button is this link, if any
	Back, BackURL string // a plain link below, if any
}

// profileURL is the profile page in lang, where both settings are.
func profileURL(lang string) string {
	if lang == langNL {
		return "/nl/dashboard/profile"
	}
	return "/dashboard/profile"
}

func renderPage(w http.ResponseWriter, log *slog.Logger, status int, v pageView) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err := pageTemplate.Execute(w, v); err != nil {
		log.Error("page from an email's link", "err", err)
	}
}

// offBoth answers an off page in English and Dutch, for when the link's
// language is not known: the English title, then the words in each
// language.
func offBoth(w http.ResponseWriter, log *slog.Logger, status int, words map[string]unsubscribeWords, pick func(unsubscribeWords) titledWords) {
	en, nl := pick(words[langEN]), pick(words[langNL])
	renderPage(w, log, status, pageView{Lang: langEN, Heading: en.Title, Paragraphs: []string{en.Text, nl.Title + ". " + nl.Text}})
}
