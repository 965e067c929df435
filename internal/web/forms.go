package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/belwise/site/internal/apierr"
	"github.com/belwise/site/internal/auth"
	"github.com/belwise/site/internal/quote"
	"github.com/belwise/site/internal/text"
	"github.com/belwise/site/internal/web/request"
)

// formPages accepts the quote form and sign-in as plain HTML form posts
// (application/x-www-form-urlencoded) at the pages' own URLs: what the
// browser sends when JavaScript is off, failed to load, or has not
// hydrated the page yet. They run the same services as the JSON API. A
// success answers 303: the quote's thank-you page, or the dashboard (or a
// safe ?next=) with the session cookie; a staff member's sign-in goes on
// to the app's code step (/auth?step=code). A failure answers the form page
// again, as a page without scripts, with the values kept (never the
// password) and what is wrong in the page's language; never a 405.
type formPages struct {
	*api
	site   *site
	quotes *quote.Service
	auth   *auth.Service
	cookie sessionCookie
	inbox  string // QUOTE_INBOX, named by the quote form's messages
}

// routes registers the posts on the site's mux, each wrapped (identity,
// no-store); a GET of the same paths still reaches the prerendered pages.
func (f *formPages) routes(mux *http.ServeMux, wrap func(http.Handler) http.Handler) {
	for _, lang := range []string{langEN, langNL} {
		mux.Handle("POST "+langPath(lang, "/quote"), wrap(f.quote(lang)))
		mux.Handle("POST "+langPath(lang, "/auth"), wrap(f.signIn(lang)))
	}
}

// langPath is path in lang: English unprefixed, Dutch under /nl.
func langPath(lang, path string) string {
	if lang == langEN {
		return path
	}
	if path == "/" {
		return "/nl"
	}
	return "/nl" + path
}

// formWords are the words of one form in one language (the build's
// _internal/forms.json, from the dictionaries): "title", a message per
// error code or "code:field", and "error" for anything else.
type formWords map[string]string

type formMessages struct {
	Quote  formWords `json:"quote"`
	SignIn formWords `json:"signIn"`
}

func parseFormMessages(b []byte) (map[string]formMessages, error) {
	var m map[string]formMessages
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for _, lang := range []string{langEN, langNL} {
		if m[lang].Quote["title"] == "" || m[lang].SignIn["title"] == "" {
			return nil, fmt.Errorf("no form messages for %q", lang)
		}
	}
	return m, nil
}

// message is what the visitor reads for err: the words for its code and
// field, its code, or the generic ones; the API's English message when
// the build has no words (tests of the static site).
func (w formWords) message(ae *apierr.Error) string {
	code := ae.Code.String()
	for _, key := range []string{code + ":" + ae.Field, code} {
		if m := w[key]; m != "" {
			return m
		}
	}
	if m := w["error"]; m != "" {
		return m
	}
	return ae.Message
}

// formStatus is the status of a form answered again: the API's status
// for the error's kind.
func formStatus(ae *apierr.Error) int {
	if s, ok := kindStatus[ae.Kind]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// readForm parses a form post of at most limit bytes. A body of another
// type leaves the form empty, which the services then report as missing
// values. Every posted value is cleaned as JSON bodies are (package text),
// but for the two the services must see as sent: the password (only ever
// hashed) and the email address (a control character makes it invalid,
// which the services say).
func readForm(w http.ResponseWriter, r *http.Request, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return errTooLarge(limit)
		}
		if readTimedOut(err) {
			return errSlowBody
		}
		return errBadBody
	}
	for name, values := range r.PostForm {
		if name == "password" || name == "email" {
			continue
		}
		for i, v := range values {
			values[i] = text.MultiLine(v)
		}
	}
	return nil
}

// quoteFields are the quote form's inputs, by name.
var quoteFields = []string{"fullName", "email", "companyName", "businessType", "phone", "language", "description", "website"}

func (f *formPages) quote(lang string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := readForm(w, r, maxQuoteBody)
		values := map[string]string{}
		for _, name := range quoteFields {
			values[name] = r.PostForm.Get(name)
		}
		if err == nil && !f.ready() {
			err = apierr.ErrUnavailable
		}
		if err == nil {
			_, err = f.quotes.Submit(r.Context(), quote.Input{
				FullName: values["fullName"], CompanyName: values["companyName"], BusinessType: values["businessType"],
				Email: values["email"], Phone: values["phone"], Description: values["description"],
				Language: values["language"], Locale: lang, Source: quote.SourceForm, Website: values["website"],
			}, request.UserID(r), request.ClientIP(r))
		}
		if err == nil {
			http.Redirect(w, r, langPath(lang, "/quote/thanks"), http.StatusSeeOther)
			return
		}
		f.answerAgain(w, r, lang, "/quote", err, values, func(words formMessages, ae *apierr.Error) string {
			return f.quoteMessage(words.Quote, ae)
		})
	}
}

func (f *formPages) quoteMessage(words formWords, ae *apierr.Error) string {
	return strings.ReplaceAll(words.say(ae), "{email}", f.inbox)
}

// say is message with a rate limit's wait filled in, in whole minutes
// ("in a minute" when there are words for it), as the app words it.
func (w formWords) say(ae *apierr.Error) string {
	msg := w.message(ae)
	if ae.Kind != apierr.RateLimited {
		return msg
	}
	minutes := max(int(math.Ceil(ae.RetryAfter.Minutes())), 1)
	if m := w["rate_limited_minute"]; minutes == 1 && m != "" {
		msg = m
	}
	return strings.ReplaceAll(msg, "{minutes}", strconv.Itoa(minutes))
}

var errSignInEmail = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodeEmailRequired, Field: "email", Message: "Email is required."}
var errSignInPassword = &apierr.Error{Kind: apierr.Invalid, Code: apierr.CodePasswordRequired, Field: "password", Message: "Password is required."}

func (f *formPages) signIn(lang string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		err := readForm(w, r, maxAccountBody)
		email, password := r.PostForm.Get("email"), r.PostForm.Get("password")
		switch {
		case err != nil:
		case strings.TrimSpace(email) == "":
			err = errSignInEmail
		case password == "":
			err = errSignInPassword
		case !f.ready():
			err = apierr.ErrUnavailable
		default:
			var sess auth.NewSession
			if _, sess, err = f.auth.SignIn(r.Context(), email, password, request.ClientIP(r)); err == nil {
				f.cookie.set(w, sess)
				to := safeNext(r.URL.Query().Get("next"))
				if sess.Step != "" {
					// A staff member: the app's code step (it needs
					// JavaScript), then next or the console.
					q := url.Values{"step": {"code"}}
					if to != "" {
						q.Set("next", to)
					}
					to = langPath(lang, "/auth") + "?" + q.Encode()
				} else if to == "" {
					to = langPath(lang, "/dashboard")
				}
				http.Redirect(w, r, to, http.StatusSeeOther)
				return
			}
		}
		// The address stays; the password is never written back.
		f.answerAgain(w, r, lang, "/auth", err, map[string]string{"email": email}, func(words formMessages, ae *apierr.Error) string {
			return words.SignIn.say(ae)
		})
	}
}

// answerAgain writes the prerendered page at path in lang with the first
// form's values filled in and a message on top, as a page without
// scripts: hydrating it would not match the prerender, and the form
// posts to the server again anyway.
func (f *formPages) answerAgain(w http.ResponseWriter, r *http.Request, lang, path string, err error, values map[string]string, say func(formMessages, *apierr.Error) string) {
	ae, ok := apierr.As(err)
	if !ok && outOfTime(r, err) {
		f.log.Warn("database unavailable", "path", r.URL.Path, "err", err)
		ae = apierr.ErrUnavailable
	} else if !ok {
		f.log.Error("form post failed", "path", r.URL.Path, "err", err)
		ae = apierr.ErrInternal
	} else if ae.Kind == apierr.Unavailable && err != apierr.ErrUnavailable {
		f.log.Warn("database unavailable", "path", r.URL.Path, "err", err)
	}
	status := formStatus(ae)
	switch status {
	case http.StatusTooManyRequests:
		w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.RetryAfter.Seconds()))))
	case http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "5")
	}
	page := f.site.pages[langPath(lang, path)]
	if page == nil {
		// A build without the page (tests of the static site): the API's answer.
		writeFailure(w, r, f.log, ae)
		return
	}
	title, msg := ae.Message, ""
	if words, ok := f.site.forms[lang]; ok {
		if path == "/quote" {
			title = words.Quote["title"]
		} else {
			title = words.SignIn["title"]
		}
		msg = say(words, ae)
	} else {
		msg = say(formMessages{}, ae)
	}
	body := fillForm(page.body, values, ae.Field, title, msg)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

var (
	inlineScript = regexp.MustCompile(`<script>[^<]*</script>\s*`)
	formOpen     = regexp.MustCompile(`<form[^>]*\smethod="post"[^>]*>`)
	inputTag     = regexp.MustCompile(`<input\s[^>]*>`)
	textareaTag  = regexp.MustCompile(`(?s)(<textarea\s[^>]*>)(.*?)(</textarea>)`)
	attrValue    = regexp.MustCompile(`\svalue="[^"]*"`)
	attrChecked  = regexp.MustCompile(`\schecked=""`)
)

// attr is the value of the attribute name in one tag, as React renders it.
func attr(tag, name string) string {
	_, rest, ok := strings.Cut(tag, " "+name+`="`)
	if !ok {
		return ""
	}
	v, _, _ := strings.Cut(rest, `"`)
	return html.UnescapeString(v)
}

// fillForm returns page with its boot script removed and, in its first
// form posting to the server, the given values filled in, the field named
// by field marked invalid and focused, and title and msg in an alert at
// the top.
func fillForm(page []byte, values map[string]string, field, title, msg string) []byte {
	page = inlineScript.ReplaceAll(page, nil)
	loc := formOpen.FindIndex(page)
	if loc == nil {
		return page
	}
	end := bytes.Index(page[loc[1]:], []byte("</form>"))
	if end < 0 {
		return page
	}
	end += loc[1]
	form := string(page[loc[1]:end])

	mark := func(tag string) string {
		if field == "" || attr(tag, "name") != field {
			return tag
		}
		tag = strings.Replace(tag, "<input", `<input aria-invalid="true" autofocus=""`, 1)
		return strings.Replace(tag, "<textarea", `<textarea aria-invalid="true" autofocus=""`, 1)
	}
	form = inputTag.ReplaceAllStringFunc(form, func(tag string) string {
		name := attr(tag, "name")
		v, ok := values[name]
		if !ok {
			return tag
		}
		switch attr(tag, "type") {
		case "password", "hidden", "submit":
			return tag
		case "radio", "checkbox":
			tag = attrChecked.ReplaceAllString(tag, "")
			if attr(tag, "value") == v {
				tag = strings.Replace(tag, "<input", `<input checked=""`, 1)
			}
			return tag
		}
		filled := ` value="` + html.EscapeString(v) + `"`
		if attrValue.MatchString(tag) {
			tag = attrValue.ReplaceAllLiteralString(tag, filled)
		} else {
			tag = strings.Replace(tag, "<input", "<input"+filled, 1)
		}
		return mark(tag)
	})
	form = textareaTag.ReplaceAllStringFunc(form, func(m string) string {
		parts := textareaTag.FindStringSubmatch(m)
		v, ok := values[attr(parts[1], "name")]
		if !ok {
			return m
		}
		// A textarea drops one line break right after its tag: keep one that was typed.
		return mark(parts[1]) + "\n" + html.EscapeString(v) + parts[3]
	})
	alert := `<div id="form-problem" role="alert" class="notice notice-error sm:col-span-2"><p><strong>` +
		html.EscapeString(title) + `</strong></p><p>` + html.EscapeString(msg) + `</p></div>`

	var out bytes.Buffer
	out.Grow(len(page) + len(alert) + 256)
	out.Write(page[:loc[1]])
	out.WriteString(alert)
	out.WriteString(form)
	out.Write(page[end:])
	return out.Bytes()
}

// safeNext is the ?next= path to go to after signing in, or "" when it is
// not a path on this site. As the app's safeNext (web/src/features/auth/next.ts):
// only a path starting with one "/", no control character or backslash,
// and the same again after each of up to five rounds of percent-decoding.
func safeNext(next string) string {
	if next == "" {
		return ""
	}
	value := next
	for depth := 0; ; depth++ {
		if !strings.HasPrefix(value, "/") || strings.HasPrefix(value, "//") || strings.ContainsFunc(value, func(c rune) bool {
			return c == '\\' || unicode.IsControl(c)
		}) {
			return ""
		}
		decoded, err := url.PathUnescape(value)
		if err != nil {
			return ""
		}
		if decoded == value {
			break
		}
		if depth == 4 {
			return ""
		}
		value = decoded
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return ""
	}
	return next
}
