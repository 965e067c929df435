package auth

import (
	"fmt"

	"github.com/belwise/site/internal/mail"
	"github.com/belwise/site/internal/text"
)

// The account emails' words, in English and Dutch. Keeping both languages
// in one struct type makes them easy to compare side by side, and a test
// checks that none is left empty.
type emailText struct {
	Footer  string
	Hours   [2]string // singular, plural; %d is the number
	Minutes [2]string

	VerifySubject   string
	VerifyPreheader string
	VerifyHeading   string
	VerifyIntro     string
	VerifyButton    string
	VerifyValid     string // %s is Hours
	VerifyIgnore    string

	ResetSubject   string
	ResetPreheader string
	ResetHeading   string
	ResetIntro     string
	ResetButton    string
	ResetValid     string // %s is Minutes
	ResetIgnore    string

	ExistsSubject     string
	ExistsPreheader   string
	ExistsHeading     string
	ExistsIntro       string
	ExistsSignInIntro string
	ExistsSignIn      string
	ExistsResetIntro  string
	ExistsReset       string
	ExistsIgnore      string

	Days              [2]string
	InviteSubject     string
	InvitePreheader   string
	InviteHeading     string
	InviteIntro       string
	InviteActionIntro string
	InviteButton      string
	InviteValid       string // %s is Days
	InviteIgnore      string
	InviteFooter      string // the invitation addresses a business customer (Dutch: "u")
}

var emailTexts = map[string]emailText{
	"en": {
		Footer:  "Belwise · Custom AI voice agents for your business. This is an automated message about your account.",
		Hours:   [2]string{"%d hour", "%d hours"},
		Minutes: [2]string{"%d minute", "%d minutes"},

		VerifySubject:   "Confirm your email address for Belwise",
		VerifyPreheader: "One click and your Belwise account is ready.",
		VerifyHeading:   "Confirm your email address",
		VerifyIntro:     "Thanks for signing up with Belwise! Please confirm your email address so we know it’s really yours.",
		VerifyButton:    "Confirm email address",
		VerifyValid:     "This link is valid for %s.",
		VerifyIgnore:    "Didn’t sign up? Then you can safely ignore this email.",

		ResetSubject:   "Reset your Belwise password",
		ResetPreheader: "Choose a new password for your Belwise account.",
		ResetHeading:   "Reset your password",
		ResetIntro:     "We received a request to reset the password for your Belwise account. Use the button below to choose a new one.",
		ResetButton:    "Choose a new password",
		ResetValid:     "For your security, this link is valid for %s and works only once.",
		ResetIgnore:    "Didn’t request this? Then you can ignore this email. Your password stays the same.",

		ExistsSubject:     "You already have a Belwise account",
		ExistsPreheader:   "No need to sign up again: just sign in.",
		ExistsHeading:     "You already have an account",
		ExistsIntro:       "Someone, hopefully you, just tried to sign up for Belwise with this email address. There is already an account for it, so there’s no need to sign up again.",
		ExistsSignInIntro: "You can sign in right away:",
		ExistsSignIn:      "Sign in to Belwise",
		ExistsResetIntro:  "Forgot your password? Choose a new one here:",
		ExistsReset:       "Reset password",
		ExistsIgnore:      "Wasn’t this you? Then you can ignore this email. Your account is safe and nothing has changed.",

		Days:              [2]string{"%d day", "%d days"},
		InviteSubject:     "Your Belwise account is ready: choose a password",
		InvitePreheader:   "Choose a password to follow your order on your dashboard.",
		InviteHeading:     "Welcome to Belwise",
		InviteIntro:       "Thank you for your order. We’ve made a Belwise account for you with this email address: on its dashboard you can follow your order and see your agent once it’s live.",
		InviteActionIntro: "Choose a password to sign in:",
		InviteButton:      "Choose a password",
		InviteValid:       "This link is valid for %s and works only once. After that, use “Forgot password” on the sign-in page.",
		InviteIgnore:      "Not expecting this? Then you can ignore this email.",
		InviteFooter:      "Belwise · Custom AI voice agents for your business. This is an automated message about your account.",
	},
	"nl": {
		Footer:  "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over uw account.",
		Hours:   [2]string{"%d uur", "%d uur"},
		Minutes: [2]string{"%d minuut", "%d minuten"},

		VerifySubject:   "Bevestig uw e-mailadres voor Belwise",
		VerifyPreheader: "Nog één klik en uw Belwise-account is klaar.",
		VerifyHeading:   "Bevestig uw e-mailadres",
		VerifyIntro:     "Bedankt voor uw aanmelding bij Belwise. Bevestig uw e-mailadres, dan weten we zeker dat het echt van u is.",
		VerifyButton:    "E-mailadres bevestigen",
		VerifyValid:     "Deze link is %s geldig.",
		VerifyIgnore:    "Hebt u zich niet aangemeld? Dan kunt u deze e-mail negeren.",

		ResetSubject:   "Wachtwoord opnieuw instellen voor Belwise",
		ResetPreheader: "Kies een nieuw wachtwoord voor uw Belwise-account.",
		ResetHeading:   "Wachtwoord opnieuw instellen",
		ResetIntro:     "We hebben een verzoek gekregen om het wachtwoord van uw Belwise-account opnieuw in te stellen. Via de knop hieronder kiest u een nieuw wachtwoord.",
		ResetButton:    "Nieuw wachtwoord kiezen",
		ResetValid:     "Voor uw veiligheid is deze link %s geldig en werkt hij maar één keer.",
		ResetIgnore:    "Hebt u dit niet aangevraagd? Dan kunt u deze e-mail negeren. Uw wachtwoord blijft gewoon hetzelfde.",

		ExistsSubject:     "U hebt al een Belwise-account",
		ExistsPreheader:   "Opnieuw aanmelden is niet nodig: u kunt gewoon inloggen.",
		ExistsHeading:     "U hebt al een account",
		ExistsIntro:       "Iemand, hopelijk u, probeerde zich net bij Belwise aan te melden met dit e-mailadres. Er bestaat al een account voor dit adres, dus opnieuw aanmelden is niet nodig.",
		ExistsSignInIntro: "U kunt meteen inloggen:",
		ExistsSignIn:      "Inloggen bij Belwise",
		ExistsResetIntro:  "Wachtwoord vergeten? Hier kiest u een nieuw wachtwoord:",
		ExistsReset:       "Wachtwoord opnieuw instellen",
		ExistsIgnore:      "Was u dit niet? Dan kunt u deze e-mail negeren. Uw account is veilig en er is niets veranderd.",

		Days:              [2]string{"%d dag", "%d dagen"},
		InviteSubject:     "Uw Belwise-account staat klaar: kies een wachtwoord",
		InvitePreheader:   "Kies een wachtwoord en volg uw bestelling in uw dashboard.",
		InviteHeading:     "Welkom bij Belwise",
		InviteIntro:       "Bedankt voor uw bestelling. We hebben met dit e-mailadres een Belwise-account voor u aangemaakt: in het dashboard volgt u uw bestelling en ziet u uw agent zodra die live is.",
		InviteActionIntro: "Kies een wachtwoord om in te loggen:",
		InviteButton:      "Wachtwoord kiezen",
		InviteValid:       "Deze link is %s geldig en werkt maar één keer. Daarna gebruikt u ‘Wachtwoord vergeten’ op de inlogpagina.",
		InviteIgnore:      "Had u dit niet verwacht? Dan kunt u deze e-mail negeren.",
		InviteFooter:      "Belwise · Spraakagenten op maat voor uw bedrijf. Dit is een automatisch bericht over uw account.",
	},
}

// textFor returns the email language for locale and its words.
func textFor(locale string) (string, emailText) {
	lang := text.Lang(locale)
	return lang, emailTexts[lang]
}

// verifyData fills verifyEmail.
type verifyData struct {
	Name       string // may be empty
	Link       string
	ValidHours int // 0 leaves out the validity sentence
}

// resetData fills resetEmail.
type resetData struct {
	Name         string // may be empty
	Link         string
	ValidMinutes int // 0 leaves out the validity sentence
}

// accountExistsData fills accountExistsEmail.
type accountExistsData struct {
	Name       string // may be empty
	SignInLink string
	ResetLink  string
}

// verifyEmail asks a new user to confirm their address.
func verifyEmail(locale string, d verifyData) mail.Message {
	lang, c := textFor(locale)
	e := mail.Email{
		Lang: lang, Subject: c.VerifySubject, Preheader: c.VerifyPreheader, Heading: c.VerifyHeading,
		Greeting:   mail.Greeting(lang, d.Name),
		Paragraphs: []string{c.VerifyIntro},
		Actions:    []mail.Action{{Label: c.VerifyButton, URL: d.Link, Primary: true}},
		Footer:     c.Footer,
	}
	if d.ValidHours > 0 {
		e.Notes = append(e.Notes, fmt.Sprintf(c.VerifyValid, plural(c.Hours, d.ValidHours)))
	}
	e.Notes = append(e.Notes, c.VerifyIgnore)
	return e.Render()
}

// resetEmail sends a password-reset link.
func resetEmail(locale string, d resetData) mail.Message {
	lang, c := textFor(locale)
	e := mail.Email{
		Lang: lang, Subject: c.ResetSubject, Preheader: c.ResetPreheader, Heading: c.ResetHeading,
		Greeting:   mail.Greeting(lang, d.Name),
		Paragraphs: []string{c.ResetIntro},
		Actions:    []mail.Action{{Label: c.ResetButton, URL: d.Link, Primary: true}},
		Footer:     c.Footer,
	}
	if d.ValidMinutes > 0 {
		e.Notes = append(e.Notes, fmt.Sprintf(c.ResetValid, plural(c.Minutes, d.ValidMinutes)))
	}
	e.Notes = append(e.Notes, c.ResetIgnore)
	return e.Render()
}

// accountExistsEmail answers a sign-up attempt with an address that
// already has an account, without revealing that on the sign-up page
// itself.
func accountExistsEmail(locale string, d accountExistsData) mail.Message {
	lang, c := textFor(locale)
	return mail.Email{
		Lang: lang, Subject: c.ExistsSubject, Preheader: c.ExistsPreheader, Heading: c.ExistsHeading,
		Greeting:   mail.Greeting(lang, d.Name),
		Paragraphs: []string{c.ExistsIntro},
		Actions: []mail.Action{
			{Intro: c.ExistsSignInIntro, Label: c.ExistsSignIn, URL: d.SignInLink, Primary: true},
			{Intro: c.ExistsResetIntro, Label: c.ExistsReset, URL: d.ResetLink},
		},
		Notes:  []string{c.ExistsIgnore},
		Footer: c.Footer,
	}.Render()
}

func plural(forms [2]string, n int) string {
	if n == 1 {
		return fmt.Sprintf(forms[0], n)
	}
	return fmt.Sprintf(forms[1], n)
}
