package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/belwise/site/internal/calls"
	"github.com/belwise/site/internal/store"
)

// Assistants are the Vapi assistant ids of the demo buyer's three live
// agents, by catalogue index: the Appointment Setter, the Order Line and
// the Lead Qualifier.
var Assistants = []struct {
	Agent        int
	AssistantID  string
	MonthlyCents int64 // the order's monthly maintenance fee
}{
	{0, "a0000000-0000-4000-8000-000000000001", 4900},
	{3, "a0000000-0000-4000-8000-000000000002", 2900},
	{2, "a0000000-0000-4000-8000-000000000003", 7900},
}

// DemoPerMinuteCents is what a minute of the demo agents' calls costs.
const DemoPerMinuteCents = 10

// demoScript is one kind of conversation an agent has, in one language.
type demoScript struct {
	summary string
	lines   []string // agent first, then alternating with the caller
}

// demoScripts holds, per catalogue index, English and Dutch conversations.
var demoScripts = map[int]map[string][]demoScript{
	0: {
		"en": {
			{"The caller booked a check-up for Tuesday at 09:30 with Dr. Jansen and asked for a text reminder the day before.",
				[]string{"Good morning, Smile Dental, this is the virtual assistant. How can I help you?", "Hi, I'd like to book a check-up.", "Of course. Is Tuesday at half past nine with Dr. Jansen convenient?", "Yes, that works.", "Done. Shall I send you a text reminder the day before?", "Yes please, thank you."}},
			{"The caller moved their cleaning from Thursday to next Monday at 14:00.",
				[]string{"Smile Dental, good afternoon. How can I help?", "I need to move my cleaning on Thursday.", "No problem. Next Monday at two o'clock is free. Shall I move it there?", "Perfect, thanks."}},
			{"The caller asked about the costs of a filling; the assistant explained the insurance coverage and offered a consultation.",
				[]string{"Smile Dental, how can I help you today?", "How much does a filling cost without extra insurance?", "It depends on the size; most fillings cost between 60 and 120 euros. Would you like to book a consultation to get a quote?", "Not yet, I'll check my insurance first."}},
		},
		"nl": {
			{"De beller heeft een controle ingepland op woensdag om 10:15 bij tandarts De Boer en krijgt een sms-herinnering.",
				[]string{"Goedemorgen, Tandartspraktijk Smile, u spreekt met de digitale assistent. Waarmee kan ik u helpen?", "Ik wil graag een controle inplannen.", "Dat kan. Past woensdag om kwart over tien bij tandarts De Boer?", "Ja, prima.", "Genoteerd. Zal ik u de dag ervoor een sms-herinnering sturen?", "Graag, dank u."}},
			{"De beller heeft de afspraak van vrijdag geannuleerd wegens ziekte en belt later terug voor een nieuwe afspraak.",
				[]string{"Tandartspraktijk Smile, goedemiddag. Waarmee kan ik u helpen?", "Ik ben ziek en moet mijn afspraak van vrijdag afzeggen.", "Beterschap. Ik heb de afspraak geannuleerd. Wilt u meteen een nieuwe afspraak maken?", "Nee, ik bel later terug."}},
			{"De beller meldde kiespijn; de assistent heeft vandaag om 16:40 een spoedafspraak ingepland.",
				[]string{"Tandartspraktijk Smile, waarmee kan ik u helpen?", "Ik heb sinds gisteren erge kiespijn.", "Vervelend. Vandaag om twintig voor vijf is er een spoedplek. Zal ik die voor u vastleggen?", "Ja, graag."}},
		},
	},
	3: {
		"en": {
			{"Pick-up order: two margherita pizzas and a tiramisu for 18:30; nut allergy noted; total €31.50.",
				[]string{"Trattoria Roma, you're speaking with the ordering assistant. Pick-up or delivery?", "Pick-up, please. Two margheritas and a tiramisu.", "Any allergies I should pass on to the kitchen?", "A nut allergy, yes.", "Noted. That's €31.50, ready at half past six."}},
			{"The caller asked about opening hours on Sunday; no order was placed.",
				[]string{"Trattoria Roma, how can I help?", "Are you open on Sunday evening?", "Yes, from five until ten. Would you like to order ahead?", "Not now, thanks."}},
		},
		"nl": {
			{"Bezorgbestelling: een pizza quattro formaggi, een lasagne en twee cola, om 19:15 op de Keizersgracht; totaal € 38,00.",
				[]string{"Trattoria Roma, u spreekt met de bestelassistent. Afhalen of bezorgen?", "Bezorgen graag. Een quattro formaggi, een lasagne en twee cola.", "Op welk adres mogen we bezorgen?", "Keizersgracht 112.", "Dank u. Dat is € 38,00, we zijn er rond kwart over zeven."}},
			{"Afhaalbestelling: drie pasta carbonara voor 17:45; glutenvrije pasta voor één gerecht; totaal € 44,50.",
				[]string{"Trattoria Roma, goedenavond. Wat mag ik voor u noteren?", "Drie keer pasta carbonara om af te halen, één glutenvrij graag.", "Dat kan. Het totaal is € 44,50 en het staat om kwart voor zes klaar.", "Top, tot straks."}},
		},
	},
	2: {
		"en": {
			{"Qualified lead: 45-person logistics company, budget approved, demo booked with Mark for Thursday 11:00.",
				[]string{"Hi, this is the assistant from Belwise Logistics Software, calling back about your request on our website. Is now a good time?", "Yes, go ahead.", "How many people would use the planning tool?", "About forty-five.", "Is there a budget for this quarter?", "Yes, it's approved.", "Great. I've booked a demo with Mark on Thursday at eleven."}},
			{"Not qualified: a student researching planning tools for a thesis; no demo booked.",
				[]string{"Hi, I'm calling back about your request for a demo. Is this a good time?", "Sure, but I'm a student writing my thesis.", "Thanks for letting me know. I'll email you our case studies instead."}},
		},
		"nl": {
			{"Gekwalificeerde lead: groothandel met 12 medewerkers, wil binnen twee maanden starten; demo ingepland met Sophie op maandag 14:00.",
				[]string{"Goedemiddag, u spreekt met de assistent van Belwise Logistics Software. U vroeg via onze website om informatie, komt het nu uit?", "Ja hoor.", "Met hoeveel mensen zou u de planningstool gebruiken?", "Met twaalf.", "En wanneer wilt u ermee starten?", "Binnen twee maanden.", "Dan plan ik een demo in met Sophie, maandag om twee uur."}},
			{"De lead wil eerst intern overleggen; terugbelafspraak over twee weken.",
				[]string{"Goedemorgen, u spreekt met de assistent van Belwise Logistics Software over uw aanvraag. Komt het gelegen?", "Kort, ik moet het eerst intern bespreken.", "Begrijpelijk. Zal ik u over twee weken terugbellen?", "Dat is goed."}},
		},
	},
}

// SeedCalls links the demo buyer's three live orders to the demo
// assistants (when an order has no assistant yet and the assistant is
// free) and gives each a few weeks of calls before now, in English and
// Dutch, some missed or failed. Calls are only added to an assistant that
// has none, so running it again adds nothing.
func SeedCalls(ctx context.Context, db *store.DB, buyerEmail string, now time.Time) error {
	u, err := db.UserByEmail(ctx, buyerEmail)
	if err != nil {
		return err
	}
	orders, err := db.OrdersByBuyer(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, da := range Assistants {
		agentID := Catalogue[da.Agent].ID
		var order *store.Order
		for i := range orders {
			o := &orders[i]
			if o.Agent.ID == agentID && o.Status == "completed" && (o.AssistantID == "" || o.AssistantID == da.AssistantID) {
				order = o
				break
			}
		}
		if order == nil {
			continue
		}
		if order.AssistantID == "" {
			claimed, err := db.AssistantLinked(ctx, da.AssistantID)
			if err != nil {
				return err
			}
			if claimed {
				continue
			}
			a, monthly, rate := da.AssistantID, da.MonthlyCents, int64(DemoPerMinuteCents)
			o, _, err := db.SetOrderLink(ctx, order.ID, store.OrderLink{AssistantID: &a, MonthlyCents: &monthly, PerMinuteCents: &rate}, order.Version, "", now)
			if err != nil {
				return err
			}
			*order = o
		}
		fields, err := db.OrderCallFields(ctx, order.ID)
		if err != nil {
			return err
		}
		if len(fields) == 0 {
			if _, err := db.SetOrderCallFields(ctx, order.ID, DemoCallFields, nil); err != nil {
				return err
			}
		}
		existing, err := db.AssistantHasCalls(ctx, da.AssistantID)
		if err != nil {
			return err
		}
		if existing {
			continue
		}
		from := now
		if order.LiveAt != nil {
			from = *order.LiveAt
		}
		for _, r := range demoCalls(da.Agent, da.AssistantID, now, from) {
			if _, err := db.RecordCall(ctx, r, now, calls.Merge); err != nil {
				return err
			}
		}
	}
	return nil
}

// DemoCallFields are the call data fields of the demo's live orders (an
// order that has none gets them): the caller's name (the convention the
// contacts read), whether a callback is wanted, the reason and an urgency
// from 1 to 5.
var DemoCallFields = []store.CallField{
	{Name: "caller_name", Type: "text", LabelEn: "Caller's name", LabelNl: "Naam beller"},
	{Name: "callback_wanted", Type: "yes_no", LabelEn: "Callback wanted", LabelNl: "Terugbellen gewenst", FollowUp: true},
	{Name: "reason", Type: "choice", LabelEn: "Reason", LabelNl: "Reden", Options: []string{"Appointment", "Question", "Order", "Complaint"},
		FollowUp: true, FollowUpOptions: []string{"Complaint"}},
	{Name: "urgency", Type: "number", LabelEn: "Urgency (1–5)", LabelNl: "Urgentie (1–5)"},
}

var demoNames = []string{"Anna de Vries", "Daan Jansen", "Sophie Bakker", "Lucas Visser", "Emma Smit", "James Carter", "Fleur Mulder", "Noah Bos"}

// demoData is an answered demo call's data (from its own generator, so
// the calls themselves stay what they were before call data existed).
func demoData(rng *rand.Rand) map[string]any {
	reasons := DemoCallFields[2].Options
	return map[string]any{"caller_name": demoNames[rng.IntN(len(demoNames))], "callback_wanted": rng.IntN(3) == 0,
		"reason": reasons[rng.IntN(len(reasons))], "urgency": float64(1 + rng.IntN(5))}
}

// demoCalls makes 4 weeks of calls for one agent, the same for the same
// agent and day.
//
// The last 28 days have several calls a day; before them, back to the
// first of the month two months ago (so the last two months' statements
// bill usage), a call or two a day, none before from (the order went live).
func demoCalls(agent int, assistant string, now, from time.Time) []store.CallReport {
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		ams = time.UTC
	}
	today := now.In(ams)
	first := time.Date(today.Year(), today.Month()-2, 1, 0, 0, 0, 0, ams)
	history := int(today.Sub(first).Hours()/24) + 1
	out := demoDays(agent, assistant, now, from, ams, 27, 0, rand.New(rand.NewPCG(uint64(agent)+1, 2026)), rand.New(rand.NewPCG(uint64(agent)+1, 2027)),
		func(rng *rand.Rand, d time.Time) int {
			if d.Weekday() == time.Sunday {
				return rng.IntN(2)
			}
			return 2 + rng.IntN(6)
		})
	older := demoDays(agent, assistant, now, from, ams, history, 28, rand.New(rand.NewPCG(uint64(agent)+1, 2028)), rand.New(rand.NewPCG(uint64(agent)+1, 2029)),
		func(rng *rand.Rand, d time.Time) int {
			if d.Weekday() == time.Sunday {
				return 0
			}
			return 1 + rng.IntN(2)
		})
	return append(older, out...)
}

// demoDays are the calls of the days from days ago down to until days ago,
// count of them on each day, none before from or after now.
func demoDays(agent int, assistant string, now, from time.Time, ams *time.Location, days, until int, rng, dataRng *rand.Rand, count func(*rand.Rand, time.Time) int) []store.CallReport {
	typ := store.CallInbound
	if agent == 2 { // the Lead Qualifier calls leads back
		typ = store.CallOutbound
	}
	var out []store.CallReport
	today := now.In(ams)
	for day := days; day >= until; day-- {
		date := time.Date(today.Year(), today.Month(), today.Day()-day, 0, 0, 0, 0, ams)
		n := count(rng, date)
		for i := range n {
			start := date.Add(time.Duration(8*3600+rng.IntN(12*3600)) * time.Second)
			if !start.Before(now) || start.Before(from) {
				continue
			}
			lang := "nl"
			if rng.IntN(10) < 4 {
				lang = "en"
			}
			// A Dutch mobile number that exists (06-1 to 06-5 followed by seven digits), so the Dutch pages
			// write it as 06 12345678, as they would a real caller's.
			n := rng.IntN(100_000_000)
			r := store.CallReport{VapiCallID: fmt.Sprintf("demo-%s-%02d-%d", assistant[len(assistant)-4:], day, i), AssistantID: assistant, Type: typ,
				CustomerNumber: fmt.Sprintf("+316%d%07d", 1+n/10_000_000%5, n%10_000_000), StartedAt: &start, Report: true, Transcript: []store.TranscriptLine{}}
			switch roll := rng.IntN(100); {
			case roll < 10:
				r.EndedReason = "customer-did-not-answer"
				if typ == store.CallInbound {
					r.EndedReason = "customer-ended-call" // hung up while it rang
				}
			case roll < 15:
				r.EndedReason = "pipeline-error-openai-llm-failed"
				r.DurationSeconds = 2 + rng.IntN(6)
				if lang == "nl" {
					r.Summary = "Het gesprek werd na enkele seconden verbroken door een storing."
				} else {
					r.Summary = "The call dropped after a few seconds because of a technical fault."
				}
			default:
				scripts := demoScripts[agent][lang]
				s := scripts[rng.IntN(len(scripts))]
				r.EndedReason = "customer-ended-call"
				if rng.IntN(3) == 0 {
					r.EndedReason = "assistant-ended-call"
				}
				r.Summary, r.SuccessEval = s.summary, "true"
				r.Data = demoData(dataRng)
				at := 0.6
				for j, text := range s.lines {
					role := "agent"
					if j%2 == 1 {
						role = "caller"
					}
					r.Transcript = append(r.Transcript, store.TranscriptLine{Role: role, Text: text, SecondsFromStart: at})
					at += 3 + float64(len(text))/14 + float64(rng.IntN(20))/10
				}
				r.DurationSeconds = int(at) + 2 + rng.IntN(25)
			}
			end := start.Add(time.Duration(r.DurationSeconds) * time.Second)
			r.EndedAt = &end
			r.Cost = float64(r.DurationSeconds) * 0.0021
			out = append(out, r)
		}
	}
	return out
}
