package agentsettings

import (
	"strings"
	"unicode"
)

// The checks read a greeting as a speaker would: as words. The text is
// lower-cased and split into words at anything that is not a letter or a
// digit, so "AI-assistent" is the words ai and assistent, "A.I." is a and
// i, and "said" or "email" never contain the word ai. A phrase matches a
// run of whole words. A match right after a negation ("not an AI",
// "geen robot", "wordt niet opgenomen") does not count.

// aiPhrases are the words that tell a caller they are not speaking with a
// person, per language. English words are accepted in the Dutch greeting
// too (Dutch speakers say "AI" and "chatbot"), not the other way round.
var aiPhrases = map[string][]string{
	"en": {
		"ai", "a i", "artificial intelligence",
		"virtual assistant", "digital assistant", "automated assistant", "automatic assistant", "computer assistant",
		"voice assistant", "virtual agent", "digital agent", "automated agent", "virtual receptionist",
		"digital receptionist", "automated receptionist", "automated system", "computer system", "computer generated",
		"computer voice", "robot", "bot", "voicebot", "voice bot", "chatbot",
	},
	"nl": {
		"ai", "a i", "ki", "kunstmatige intelligentie", "artificiële intelligentie", "artificiele intelligentie",
		"digitale assistent", "virtuele assistent", "geautomatiseerde assistent", "automatische assistent",
		"computerassistent", "spraakassistent", "digitale medewerker", "virtuele medewerker",
		"digitale receptionist", "virtuele receptionist", "digitale telefoniste", "virtuele telefoniste",
		"computerstem", "spraakcomputer", "robot", "bot", "voicebot", "belbot", "chatbot",
		"geautomatiseerd systeem", "automatisch systeem",
	},
}

// humanDenials say outright that the speaker is not a person; they count
// even though they contain a negation.
var humanDenials = map[string][]string{
	"en": {"not a human", "not human", "not a real person", "not a person", "not a real human", "not a live person"},
	"nl": {"geen mens", "geen echt mens", "geen echt persoon", "geen echte persoon", "geen persoon", "geen echte medewerker",
		"geen medewerker van vlees en bloed"},
}

// recordWords announce a recording; the Dutch separable verbs are
// recognised with their particle later in the sentence ("wij nemen dit
// gesprek op", "we leggen het gesprek vast").
var recordWords = map[string][]string{
	"en": {"recorded", "recording", "recordings", "record", "taped", "being monitored"},
	"nl": {"opgenomen", "opname", "opnames", "opnemen", "vastgelegd", "vastleggen", "geregistreerd", "registreren",
		"recorded", "recording"},
}

var separable = map[string][]struct {
	stems    []string
	particle string
}{
	"nl": {
		{[]string{"neem", "neemt", "nemen"}, "op"},
		{[]string{"leg", "legt", "leggen"}, "vast"},
	},
}

var negations = map[string]bool{"not": true, "no": true, "never": true, "niet": true, "geen": true, "nooit": true, "isn": true, "don": true}

// words splits s into lower-case words, with sentence ends as "." tokens
// (so a separable verb's particle is looked for in its own sentence).
func words(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case r == '.' || r == '!' || r == '?' || r == ';':
			flush()
			out = append(out, ".")
		default:
			flush()
		}
	}
	flush()
	return out
}

// find returns the positions where phrase (words separated by spaces)
// starts in ws.
func find(ws []string, phrase string) []int {
	p := strings.Fields(phrase)
	var at []int
	for i := 0; i+len(p) <= len(ws); i++ {
		ok := true
		for j := range p {
			if ws[i+j] != p[j] {
				ok = false
				break
			}
		}
		if ok {
			at = append(at, i)
		}
	}
	return at
}

// negated reports whether a negation is among the (up to) three words
// before position i in the same sentence: "not an AI", "ik ben geen
// robot", "is not being recorded".
func negated(ws []string, i int) bool {
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if ws[j] == "." {
			return false
		}
		if negations[ws[j]] {
			return true
		}
	}
	return false
}

func anyPhrase(ws []string, phrases []string) bool {
	for _, p := range phrases {
		for _, i := range find(ws, p) {
			if !negated(ws, i) {
				return true
			}
		}
	}
	return false
}

// DisclosesAI reports whether a greeting in lang ("en" or "nl") tells the
// caller they are speaking with an AI.
func DisclosesAI(lang, greeting string) bool {
	ws := words(greeting)
	for _, p := range humanDenials[lang] {
		if len(find(ws, p)) > 0 {
			return true
		}
	}
	if anyPhrase(ws, aiPhrases[lang]) {
		return true
	}
	return lang == "nl" && anyPhrase(ws, aiPhrases["en"][:3])
}

// AnnouncesRecording reports whether a greeting in lang says the call is
// recorded.
func AnnouncesRecording(lang, greeting string) bool {
	ws := words(greeting)
	if anyPhrase(ws, recordWords[lang]) {
		return true
	}
	for _, sv := range separable[lang] {
		for i, w := range ws {
			if !contains(sv.stems, w) || negated(ws, i) {
				continue
			}
			for j := i + 1; j < len(ws) && ws[j] != "."; j++ {
				if ws[j] == "niet" {
					break // "we nemen het gesprek niet op"
				}
				if ws[j] == sv.particle {
					return true
				}
			}
		}
	}
	return false
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}
