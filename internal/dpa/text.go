package dpa

//go:generate go run ./gendpa -o ../../web/src/shared/content/subprocessors.ts

// The agreement's text, in English and Dutch, written from what the code
// does (internal/calls, internal/calldata, internal/auth, internal/store,
// internal/mail). A change of substance — what is processed, a
// sub-processor, a term — is a new Version with a new Effective date:
// buyers are then asked to accept it again. "{days}" is the default call
// retention (CALL_RETENTION_DAYS), "{agency}" the agency's name (COMPANY_NAME).

// Version is the current version of the processor agreement.
const Version = 1

// Effective is the day the current version takes effect (YYYY-MM-DD).
const Effective = "2026-11-28"

// L is a text in both languages.
type L struct{ En, Nl string }

// In is the text in lang ("nl" or anything else for English).
func (l L) In(lang string) string {
	if lang == "nl" {
		return l.Nl
	}
	return l.En
}

// SubProcessor is a party the agency engages to process the buyer's
// personal data.
type SubProcessor struct {
	Name      string
	Role      L // what it does for the agency
	Location  L // where it processes the data
	Safeguard L // the transfer safeguard (GDPR chapter V), or why none is needed
}

// SubProcessors are the agency's sub-processors, the one list the
// agreement, its PDF and the public /subprocessors page show. Vapi's
// voice pipeline providers are those Vapi names as its default transcriber,
// model and voice providers (docs.vapi.ai/quickstart, security-and-privacy/
// data-flow). Hosting and email are the providers the agency runs on;
// changing any entry is a new Version, announced beforehand (section
// "subprocessors").
var SubProcessors = []SubProcessor{
	{
		Name:      "Vapi, Inc.",
		Role:      L{"Runs the voice agents: answers and places the calls, and stores call recordings, transcripts and call logs.", "Voert de spraakassistenten uit: neemt gesprekken aan en zet ze op, en bewaart opnames, transcripties en gesprekslogs."},
		Location:  L{"United States", "Verenigde Staten"},
		Safeguard: L{"EU Standard Contractual Clauses (module 3) in Vapi's data processing agreement", "EU-modelcontractbepalingen (module 3) in de verwerkersovereenkomst van Vapi"},
	},
	{
		Name:      "Deepgram, Inc.",
		Role:      L{"Speech-to-text: turns what the caller says into text during the call (through Vapi).", "Spraak-naar-tekst: zet tijdens het gesprek om wat de beller zegt in tekst (via Vapi)."},
		Location:  L{"United States", "Verenigde Staten"},
		Safeguard: L{"EU Standard Contractual Clauses, through Vapi", "EU-modelcontractbepalingen, via Vapi"},
	},
	{
		Name:      "OpenAI, L.L.C.",
		Role:      L{"Language model: writes the agent's answers and the call summary (through Vapi).", "Taalmodel: formuleert de antwoorden van de assistent en de samenvatting van het gesprek (via Vapi)."},
		Location:  L{"United States", "Verenigde Staten"},
		Safeguard: L{"EU–US Data Privacy Framework and EU Standard Contractual Clauses, through Vapi", "EU-VS Data Privacy Framework en EU-modelcontractbepalingen, via Vapi"},
	},
	{
		Name:      "ElevenLabs, Inc.",
		Role:      L{"Text-to-speech: speaks the agent's answers (through Vapi).", "Tekst-naar-spraak: spreekt de antwoorden van de assistent uit (via Vapi)."},
		Location:  L{"United States", "Verenigde Staten"},
		Safeguard: L{"EU Standard Contractual Clauses, through Vapi", "EU-modelcontractbepalingen, via Vapi"},
	},
	{
		Name:      "Twilio Inc.",
		Role:      L{"Telephony: connects the phone numbers to the voice agents (through Vapi).", "Telefonie: verbindt de telefoonnummers met de spraakassistenten (via Vapi)."},
		Location:  L{"United States and Ireland", "Verenigde Staten en Ierland"},
		Safeguard: L{"EU–US Data Privacy Framework and Binding Corporate Rules", "EU-VS Data Privacy Framework en bindende bedrijfsvoorschriften"},
	},
	{
		Name:      "Hetzner Online GmbH",
		Role:      L{"Hosting: the servers and the database of the portal (accounts, call data, invoices, backups).", "Hosting: de servers en de database van het portaal (accounts, gespreksgegevens, facturen, back-ups)."},
		Location:  L{"Germany (EU)", "Duitsland (EU)"},
		Safeguard: L{"None needed: the data stays in the EU", "Niet nodig: de gegevens blijven in de EU"},
	},
	{
		Name:      "Brevo SAS",
		Role:      L{"Email delivery (SMTP): sign-in links, call alerts, reports and invoices.", "Verzending van e-mail (SMTP): aanmeldlinks, gespreksmeldingen, rapporten en facturen."},
		Location:  L{"France (EU)", "Frankrijk (EU)"},
		Safeguard: L{"None needed: the data stays in the EU", "Niet nodig: de gegevens blijven in de EU"},
	},
}

// Section is one numbered article of the agreement.
type Section struct {
	ID         string
	Title      L
	Paragraphs []L
}

// sections is the agreement's text; the sub-processors (section
// "subprocessors") are listed after its paragraphs from SubProcessors.
var sections = []Section{
	{ID: "parties", Title: L{"Parties and roles", "Partijen en rollen"}, Paragraphs: []L{
		{"This processor agreement is between you, the business that uses {agency}'s voice agents (the controller), and {agency} (the processor). It forms part of the agreement under which {agency} delivers your voice agents and the customer portal, and meets article 28 of the General Data Protection Regulation (GDPR).",
			"Deze verwerkersovereenkomst is gesloten tussen u, de onderneming die de spraakassistenten van {agency} gebruikt (de verwerkingsverantwoordelijke), en {agency} (de verwerker). Zij maakt deel uit van de overeenkomst waaronder {agency} uw spraakassistenten en het klantportaal levert, en voldoet aan artikel 28 van de Algemene verordening gegevensbescherming (AVG)."},
		{"You decide why and how your callers' personal data is processed. {agency} processes it only on your documented instructions, which are this agreement and the settings you choose in the portal, unless EU or Dutch law requires otherwise; {agency} then tells you first, unless that law forbids it.",
			"U bepaalt waarvoor en hoe de persoonsgegevens van uw bellers worden verwerkt. {agency} verwerkt ze uitsluitend volgens uw schriftelijke instructies, te weten deze overeenkomst en de instellingen die u in het portaal kiest, tenzij het Unierecht of Nederlands recht anders voorschrijft; in dat geval licht {agency} u vooraf in, tenzij die wet dat verbiedt."},
	}},
	{ID: "data", Title: L{"What is processed", "Welke gegevens worden verwerkt"}, Paragraphs: []L{
		{"Of your callers: their phone number (as the caller ID shows it), the transcript of the call, its summary and outcome, the link to its recording when your agent records calls, the call data fields your agent extracts (for example a name, a callback number, a reason or an appointment), and the call's start, end, duration and reason for ending.",
			"Van uw bellers: hun telefoonnummer (zoals de nummerweergave het toont), de transcriptie van het gesprek, de samenvatting en de uitkomst, de link naar de opname als uw assistent gesprekken opneemt, de gespreksgegevens die uw assistent vastlegt (bijvoorbeeld een naam, een terugbelnummer, een reden of een afspraak) en het begin, het einde, de duur en de reden van beëindiging van het gesprek."},
		{"Of your own account: the name, email address and language of your users, their sign-in sessions (with the device and approximate time of use), your company details for invoices, your webhooks and alert settings, and the usage of your agents (calls and minutes per month) for billing.",
			"Van uw eigen account: de naam, het e-mailadres en de taal van uw gebruikers, hun aanmeldsessies (met apparaat en tijdstip van gebruik), uw bedrijfsgegevens voor facturen, uw webhooks en meldingsinstellingen, en het gebruik van uw assistenten (gesprekken en minuten per maand) voor de facturering."},
		{"Callers may mention anything during a call. Do not instruct your agent to ask for special categories of personal data (such as health data) or for citizen service numbers (BSN) unless you have a lawful basis for it and have agreed it with {agency} in writing.",
			"Bellers kunnen tijdens een gesprek van alles noemen. Laat uw assistent niet vragen naar bijzondere persoonsgegevens (zoals gezondheidsgegevens) of naar burgerservicenummers (BSN), tenzij u daarvoor een wettelijke grondslag hebt en dit schriftelijk met {agency} hebt afgesproken."},
	}},
	{ID: "purposes", Title: L{"Purposes", "Doeleinden"}, Paragraphs: []L{
		{"{agency} processes the data only to answer and handle calls with your voice agents, to show you the calls, transcripts, summaries and call data in the portal and in exports, to send the alerts, reports and webhook messages you switched on, to bill the usage, and to keep the service secure and working. {agency} does not use your callers' data for its own purposes, does not sell it, and does not use it to train models.",
			"{agency} verwerkt de gegevens uitsluitend om met uw spraakassistenten gesprekken aan te nemen en af te handelen, om u de gesprekken, transcripties, samenvattingen en gespreksgegevens te tonen in het portaal en in exports, om de meldingen, rapporten en webhookberichten te versturen die u hebt ingeschakeld, om het gebruik te factureren en om de dienst veilig en werkend te houden. {agency} gebruikt de gegevens van uw bellers niet voor eigen doeleinden, verkoopt ze niet en gebruikt ze niet om modellen te trainen."},
	}},
	{ID: "retention", Title: L{"Retention and deletion", "Bewaartermijn en verwijdering"}, Paragraphs: []L{
		{"Transcripts, summaries, recording links and call data are erased {days} days after the call, unless you chose another retention term for your company in the portal (a shorter or longer term, or no recordings at all). What remains of an erased call is its time, duration and outcome, without content, as long as it is needed for billing.",
			"Transcripties, samenvattingen, opnamelinks en gespreksgegevens worden {days} dagen na het gesprek gewist, tenzij u in het portaal een andere bewaartermijn voor uw bedrijf hebt gekozen (korter of langer, of helemaal geen opnames). Van een gewist gesprek blijven alleen tijdstip, duur en uitkomst bewaard, zonder inhoud, zolang dat voor de facturering nodig is."},
		{"You can delete a call yourself at any time; its content is then erased at once. Invoices are kept for seven years, as Dutch tax law requires; they hold no caller data.",
			"U kunt een gesprek op elk moment zelf verwijderen; de inhoud wordt dan direct gewist. Facturen worden zeven jaar bewaard, zoals de Nederlandse belastingwetgeving voorschrijft; zij bevatten geen gegevens van bellers."},
		{"When the agreement ends, {agency} deletes your callers' personal data within 30 days, or returns it to you first if you ask for that before the end, and has its sub-processors delete their copies, unless the law requires {agency} to keep it.",
			"Na afloop van de overeenkomst verwijdert {agency} de persoonsgegevens van uw bellers binnen 30 dagen, of geeft ze eerst aan u terug als u daar vóór het einde om vraagt, en laat {agency} de subverwerkers hun kopieën verwijderen, tenzij de wet {agency} verplicht ze te bewaren."},
	}},
	{ID: "security", Title: L{"Security measures", "Beveiligingsmaatregelen"}, Paragraphs: []L{
		{"{agency} takes appropriate technical and organisational measures, among which: all traffic to the portal is encrypted (TLS, with HSTS); passwords are stored only as argon2id hashes; sign-in links, invitation links and session tokens are stored only as hashes and expire; staff sign in with a second step (a time-based code); every change staff make to orders, agents and invoices is kept in an audit log with who and when; buyers see only their own company's data; the webhook endpoints Vapi calls check a shared secret; and the number of attempts at sign-in and forms is limited.",
			"{agency} treft passende technische en organisatorische maatregelen, waaronder: al het verkeer met het portaal is versleuteld (TLS, met HSTS); wachtwoorden worden alleen als argon2id-hash opgeslagen; aanmeldlinks, uitnodigingslinks en sessietokens worden alleen als hash opgeslagen en verlopen; medewerkers melden zich aan met een tweede stap (een tijdgebonden code); elke wijziging die medewerkers aanbrengen in bestellingen, assistenten en facturen wordt met wie en wanneer vastgelegd in een auditlog; klanten zien alleen de gegevens van hun eigen bedrijf; de webhookadressen die Vapi aanroept controleren een gedeeld geheim; en het aantal pogingen bij aanmelden en formulieren is begrensd."},
		{"Everyone at {agency} who has access to the data is bound to confidentiality.",
			"Iedereen bij {agency} die toegang heeft tot de gegevens, is tot geheimhouding verplicht."},
	}},
	{ID: "breach", Title: L{"Personal data breaches", "Datalekken"}, Paragraphs: []L{
		{"{agency} tells you without undue delay, and at the latest within 48 hours after discovering it, of any breach of security that affects your personal data, with what is known of its nature, the data and people concerned, its likely consequences and the measures taken. {agency} helps you report it to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens) and to the people concerned where you must.",
			"{agency} meldt u elke inbreuk op de beveiliging die uw persoonsgegevens raakt zonder onredelijke vertraging en uiterlijk binnen 48 uur nadat {agency} die heeft ontdekt, met wat bekend is over de aard, de betrokken gegevens en personen, de waarschijnlijke gevolgen en de genomen maatregelen. {agency} helpt u bij de melding aan de Autoriteit Persoonsgegevens en aan de betrokkenen als u daartoe verplicht bent."},
	}},
	{ID: "rights", Title: L{"Requests from callers", "Verzoeken van bellers"}, Paragraphs: []L{
		{"When a caller asks you for access to, correction or erasure of their data, {agency} helps you answer within the legal term: in the portal you can find a caller's calls by number, export them and delete them. A request that reaches {agency} directly is passed on to you.",
			"Als een beller u om inzage, correctie of verwijdering van zijn gegevens vraagt, helpt {agency} u binnen de wettelijke termijn te antwoorden: in het portaal vindt u de gesprekken van een beller op nummer, en kunt u ze exporteren en verwijderen. Een verzoek dat {agency} rechtstreeks bereikt, wordt aan u doorgestuurd."},
	}},
	{ID: "subprocessors", Title: L{"Sub-processors", "Subverwerkers"}, Paragraphs: []L{
		{"You give {agency} general permission to engage the sub-processors listed below. {agency} binds each of them to the same data protection obligations as this agreement and remains responsible to you for them. Where data leaves the European Economic Area, the safeguard named applies.",
			"U geeft {agency} algemene toestemming om de hieronder genoemde subverwerkers in te schakelen. {agency} legt elk van hen dezelfde verplichtingen op als in deze overeenkomst en blijft jegens u verantwoordelijk voor hen. Waar gegevens de Europese Economische Ruimte verlaten, geldt de genoemde waarborg."},
		{"{agency} announces a new or replaced sub-processor at least 30 days beforehand, by email and as a new version of this agreement in the portal. You may object on reasonable grounds within that period; if no solution is found, you may end the service for the agents concerned.",
			"{agency} kondigt een nieuwe of vervangende subverwerker ten minste 30 dagen van tevoren aan, per e-mail en als nieuwe versie van deze overeenkomst in het portaal. U kunt binnen die termijn op redelijke gronden bezwaar maken; als er geen oplossing wordt gevonden, kunt u de dienst voor de betrokken assistenten beëindigen."},
	}},
	{ID: "audits", Title: L{"Information and audits", "Informatie en audits"}, Paragraphs: []L{
		{"{agency} gives you the information you need to show that this agreement is met, and allows an audit by you or an independent auditor you appoint, once a year and with at least 14 days' notice, at your cost, unless a breach gives cause for one sooner. {agency} helps you with a data protection impact assessment where one is required.",
			"{agency} verstrekt u de informatie die nodig is om aan te tonen dat deze overeenkomst wordt nageleefd, en staat een audit toe door u of door een onafhankelijke auditor die u aanwijst, eenmaal per jaar en met een aankondiging van ten minste 14 dagen, op uw kosten, tenzij een datalek aanleiding geeft tot een eerdere audit. {agency} helpt u bij een gegevensbeschermingseffectbeoordeling (DPIA) als die vereist is."},
	}},
	{ID: "duties", Title: L{"Your duties", "Uw verplichtingen"}, Paragraphs: []L{
		{"You make sure there is a lawful basis for the calls your agents handle, that callers are told they are speaking with an AI assistant and, when calls are recorded, that the call is recorded and why, and that the retention term you choose is no longer than you need.",
			"U zorgt ervoor dat er een grondslag is voor de gesprekken die uw assistenten voeren, dat bellers horen dat zij met een AI-assistent spreken en, als gesprekken worden opgenomen, dat het gesprek wordt opgenomen en waarom, en dat de bewaartermijn die u kiest niet langer is dan u nodig hebt."},
	}},
	{ID: "term", Title: L{"Term and changes", "Duur en wijzigingen"}, Paragraphs: []L{
		{"This agreement runs as long as {agency} processes personal data for you. A new version is shown in the portal and asks for your acceptance again; agents that are live keep running meanwhile. Dutch law applies.",
			"Deze overeenkomst loopt zolang {agency} persoonsgegevens voor u verwerkt. Een nieuwe versie verschijnt in het portaal en vraagt opnieuw om uw akkoord; assistenten die live zijn, blijven intussen werken. Op deze overeenkomst is Nederlands recht van toepassing."},
	}},
}
