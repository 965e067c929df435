import { describe, expect, it } from 'vitest';
import { deriveDraft, type AgentDraft, type CapabilityId } from './draft';

const DENTAL_NL =
  'Ik heb een tandartspraktijk in Utrecht en wil dat patiënten 24/7 afspraken kunnen maken en verzetten, gekoppeld aan Google Agenda. Ook herinneringen via WhatsApp om no-shows te voorkomen.';
const SOLAR_EN =
  "We're a solar panel installer; we need an agent that cold calls leads from HubSpot, qualifies them and books a site visit in Calendly. Dutch and English.";

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** Shape rules every draft must follow, whatever the prompt. */
function expectWellFormed(draft: AgentDraft) {
  expect(draft.summary.length).toBeGreaterThan(0);
  expect(draft.summary.length).toBeLessThanOrEqual(600);
  expect(sentences(draft.summary).length).toBeGreaterThanOrEqual(1);
  expect(sentences(draft.summary).length).toBeLessThanOrEqual(4);
  expect(draft.goals.length).toBeGreaterThanOrEqual(2);
  expect(draft.goals.length).toBeLessThanOrEqual(5);
  expect(draft.callLanguages.length).toBeGreaterThan(0);
  expect(draft.greeting).not.toMatch(/\{\w+\}/);
  expect(draft.summary).not.toMatch(/\{\w+\}|\.\.|\s{2}/);
  for (const goal of draft.goals) expect(goal).not.toMatch(/\{\w+\}/);
  for (const tool of draft.tools) {
    expect(tool.name).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    expect(tool.description).not.toMatch(/\{\w+\}/);
  }
  expect(new Set(draft.tools.map((t) => t.name)).size).toBe(draft.tools.length);
  expect(draft.systemPrompt).toContain('Never invent facts');
  expect(draft.systemPrompt).toContain(draft.greeting);
}

describe('deriveDraft: realistic prompts', () => {
  it('reads a Dutch dental practice prompt on the Dutch page', () => {
    const draft = deriveDraft(DENTAL_NL, 'nl');
    expectWellFormed(draft);
    expect(draft.generic).toBe(false);
    expect(draft.businessType).toBe('tandartspraktijk');
    expect(draft.capabilities).toEqual(['appointments', 'reminders']);
    expect(draft.integrations).toEqual(['Google Calendar', 'WhatsApp']);
    expect(draft.callLanguages).toEqual(['nl']);
    expect(draft.name).toBe('Sophie, de afsprakenassistent van uw tandartspraktijk');
    expect(draft.goals).toEqual([
      'Direct in Google Agenda afspraken inplannen, verzetten en annuleren.',
      'Uw patiënten via WhatsApp herinneren aan hun afspraak, zodat er minder no-shows zijn.',
    ]);
    expect(draft.tools.map((t) => t.name)).toEqual([
      'check_availability',
      'book_appointment',
      'reschedule_appointment',
      'confirm_appointment',
      'send_whatsapp',
      'transfer_call',
    ]);
    // Exact wording, so regressions in the Dutch copy are caught.
    expect(draft.summary).toBe(
      'Uw agent voor uw tandartspraktijk plant afspraken direct in Google Agenda en herinnert uw patiënten via WhatsApp aan hun afspraak. Hij is dag en nacht bereikbaar en spreekt Nederlands met uw patiënten.',
    );
    expect(draft.systemPrompt).toContain('dental practice');
    expect(draft.systemPrompt).toContain('around the clock');
  });

  it('reads an English solar installer prompt on the English page', () => {
    const draft = deriveDraft(SOLAR_EN, 'en');
    expectWellFormed(draft);
    expect(draft.businessType).toBe('solar panel company');
    expect(draft.capabilities).toEqual(['coldCalling', 'appointments', 'leadQualification']);
    expect(draft.integrations).toEqual(['Calendly', 'HubSpot']);
    expect(draft.callLanguages).toEqual(['nl', 'en']);
    // Dutch is named first, so the agent opens in Dutch, and as an outbound caller.
    expect(draft.greeting).toBe('Hallo, met Sophie. Komt het even gelegen?');
    expect(draft.name).toBe('Sophie, the sales assistant for your solar panel company');
    expect(draft.tools.map((t) => t.name)).toContain('create_crm_lead');
    expect(draft.tools.find((t) => t.name === 'book_appointment')?.description).toContain('Calendly');
    // Exact wording, so regressions in the English copy are caught.
    expect(draft.summary).toBe(
      'The agent for your solar panel company calls the leads in HubSpot, qualifies leads and books appointments straight into Calendly. It speaks Dutch and English with your customers.',
    );
    expect(draft.systemPrompt).toContain('You place outbound phone calls');
    expect(draft.systemPrompt).toContain('start in Dutch');
  });

  it('understands a prompt that mixes Dutch and English', () => {
    const draft = deriveDraft(
      'We zijn een makelaar in Rotterdam. The agent should answer the phone, bezichtigingen inplannen in Outlook and qualify buyers. Graag in het Nederlands.',
      'en',
    );
    expectWellFormed(draft);
    expect(draft.businessType).toBe('real estate agency');
    expect(draft.capabilities).toEqual(['appointments', 'leadQualification', 'inboundReception']);
    expect(draft.integrations).toEqual(['Outlook']);
    expect(draft.callLanguages).toEqual(['nl']);
    expect(draft.summary).toMatch(/^The agent for your real estate agency answers incoming calls/);
    expect(draft.summary).toContain('Outlook');
    expect(draft.summary).toContain('It speaks Dutch');
    expect(draft.greeting).toMatch(/^Goedendag/);
  });

  it('writes a Dutch summary for an English prompt on the Dutch page', () => {
    const draft = deriveDraft(
      'We run an online store on Shopify. The agent should handle customer support and send delivery updates by WhatsApp.',
      'nl',
    );
    expectWellFormed(draft);
    expect(draft.businessType).toBe('webshop');
    expect(draft.capabilities).toEqual(['customerService', 'outboundNotifications']);
    expect(draft.integrations).toEqual(['WhatsApp', 'Shopify']);
    expect(draft.callLanguages).toEqual(['nl']);
    expect(draft.summary).toBe(
      'Uw agent voor uw webshop handelt vragen over bestellingen in Shopify af en houdt uw klanten via WhatsApp op de hoogte. Hij spreekt Nederlands met uw klanten.',
    );
    expect(draft.goals[0]).toBe('Vragen van uw klanten beantwoorden en bestellingen opzoeken in Shopify.');
    expect(draft.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['search_knowledge_base', 'lookup_order', 'send_whatsapp', 'transfer_call']),
    );
    expect(draft.tools.find((t) => t.name === 'lookup_order')?.description).toBe('De status van een bestelling opzoeken in Shopify.');
    // The system prompt stays English whatever the page language.
    expect(draft.systemPrompt).toContain('Look up the status of an order in Shopify.');
  });

  it('greets in German when German is requested first', () => {
    const draft = deriveDraft(
      'Our hotel gets many guests from Germany, so the agent must speak German and English, answer the phone and take reservations.',
      'en',
    );
    expectWellFormed(draft);
    expect(draft.callLanguages).toEqual(['de', 'en']);
    expect(draft.callLanguages).toContain('de');
    expect(draft.greeting).toMatch(/^Guten Tag, Sie sprechen mit Lena/);
    expect(draft.businessType).toBe('hotel');
    expect(draft.summary).toContain('German and English');
    expect(draft.summary).toContain('reservations');
    expect(draft.summary).toContain('guests');
  });

  it('recognises French, Spanish and Flemish with accents, in order of mention', () => {
    const draft = deriveDraft('Restaurant aan zee: reserveringen aannemen in het Français, Español en Vlaams.', 'nl');
    expect(draft.callLanguages).toEqual(['fr', 'es', 'nl']);
    expect(draft.greeting).toContain("Camille à l'appareil");
    expect(draft.summary).toContain('Frans, Spaans en Nederlands');
    expect(draft.goals[0]).toBe('Direct in uw agenda reserveringen aannemen, wijzigen en annuleren.');
  });

  it('treats "bilingual"/"tweetalig" as English and Dutch, page language first', () => {
    expect(deriveDraft('A bilingual receptionist for our garage', 'en').callLanguages).toEqual(['en', 'nl']);
    expect(deriveDraft('Een tweetalige receptie voor onze garage', 'nl').callLanguages).toEqual(['nl', 'en']);
  });

  it('does not mistake the first name Frans for French', () => {
    const draft = deriveDraft('Frans Jansen here, owner of a plumbing business. The agent should answer the phone.', 'en');
    expect(draft.callLanguages).toEqual(['en']);
    expect(draft.businessType).toBe('plumbing business');
    expect(deriveDraft('Het liefst in het Frans graag.', 'nl').callLanguages).toEqual(['fr']);
  });

  it('recognises products whatever their casing, with canonical names', () => {
    const draft = deriveDraft(
      'we use GOOGLE calendar, hubspot and whatsApp. KLANTENSERVICE and Reminders please, plus sms and Zoho.',
      'en',
    );
    expect(draft.integrations).toEqual(['Google Calendar', 'HubSpot', 'Zoho CRM', 'WhatsApp', 'SMS']);
    expect(draft.capabilities).toEqual(['appointments', 'customerService', 'reminders']);
  });

  it('turns a business type without named capabilities into suggestions', () => {
    const draft = deriveDraft('Wij hebben een dierenartspraktijk in Gent.', 'nl');
    expectWellFormed(draft);
    expect(draft.generic).toBe(false);
    expect(draft.businessType).toBe('dierenartspraktijk');
    expect(draft.capabilities).toEqual(['appointments', 'reminders', 'inboundReception']);
    expect(draft.summary).toContain('Hij koppelt met de tools die u al gebruikt.');
  });

  it('reads fault reports as calls to take, not notifications to send', () => {
    const draft = deriveDraft(
      'Wij zijn een installatiebedrijf voor warmtepompen. De agent moet de telefoon opnemen als wij op de bouw staan, storingsmeldingen aannemen en monteurs inplannen in onze agenda. Nederlands en Duits.',
      'nl',
    );
    expectWellFormed(draft);
    expect(draft.businessType).toBe('installatiebedrijf');
    expect(draft.capabilities).toEqual(['appointments', 'customerService', 'inboundReception']);
    expect(draft.callLanguages).toEqual(['nl', 'de']);
    expect(draft.summary).toContain('Hij spreekt Nederlands en Duits met uw klanten.');
  });

  it('writes payment reminders, not appointment reminders, when the prompt is about invoices', () => {
    const draft = deriveDraft('Energiebedrijf: bel klanten met betalingsherinneringen voor openstaande facturen, via sms.', 'nl');
    expect(draft.capabilities).toContain('reminders');
    expect(draft.summary).toContain('herinnert uw klanten via sms aan openstaande betalingen');
    expect(draft.goals.join(' ')).not.toContain('no-shows');
  });
});

describe('deriveDraft: automation platforms and false positives', () => {
  it('does not read "make sure" as the Make platform', () => {
    for (const prompt of [
      'Please make sure the agent answers the phone politely.',
      'Make sure the agent answers the phone politely.',
      'MAKE SURE it answers the phone.',
    ]) {
      const draft = deriveDraft(prompt, 'en');
      expect(draft.integrations).not.toContain('Make');
      expect(draft.capabilities).toEqual(['inboundReception']);
    }
  });

  it('recognises Make, Make.com, Zapier and n8n as automation', () => {
    const draft = deriveDraft('We automate everything with Make and Zapier; some flows run in n8n.', 'en');
    expect(draft.integrations).toEqual(['Zapier', 'Make', 'n8n']);
    expect(draft.capabilities).toEqual(['customWorkflows']);
    expect(deriveDraft('koppeling via make.com', 'nl').integrations).toEqual(['Make']);
    expect(deriveDraft('Make, Zapier of webhooks: maakt niet uit.', 'nl').integrations).toEqual(['Zapier', 'Make', 'Custom Webhooks']);
  });

  it('respects word boundaries', () => {
    const draft = deriveDraft('Our bookkeeping is done in Facebook groups; the notion of support matters.', 'en');
    expect(draft.capabilities).toEqual(['customerService']); // "support" only
    expect(draft.integrations).toEqual([]);
    expect(draft.businessType).toBeNull();
  });

  it('keeps capabilities in canonical order, not in order of mention', () => {
    const draft = deriveDraft('Dashboard with statistics, reminders, cold calling and then inbound calls.', 'en');
    const expected: CapabilityId[] = ['coldCalling', 'reminders', 'inboundReception', 'dashboard'];
    expect(draft.capabilities).toEqual(expected);
    // …while the summary tells the story in its own order: incoming calls first.
    expect(draft.summary).toMatch(/^Your agent answers incoming calls, calls new prospects/);
    // Neither a business name nor a type: the generic name, though the draft itself is specific.
    expect(draft.generic).toBe(false);
    expect(draft.name).toBe('Your Belwise voice agent');
  });
});

describe('deriveDraft: business names', () => {
  it('picks up a name after "for" when it looks like a company', () => {
    const draft = deriveDraft('I need an appointment assistant for Bakkerij Jansen, for cake orders.', 'en');
    expect(draft.name).toBe('Emma, the appointment assistant of Bakkerij Jansen');
    expect(draft.greeting).toBe("Hello, you're speaking with Emma from Bakkerij Jansen. How can I help you today?");
    expect(draft.summary).toMatch(/^Your agent for Bakkerij Jansen /);
  });

  it('picks up a name after "voor" and keeps its accents and particles', () => {
    const draft = deriveDraft('Een receptie voor Tandartspraktijk De Molen. Afspraken in het Nederlands.', 'en');
    expect(draft.name).toBe('Sophie, the front desk of Tandartspraktijk De Molen');
    expect(draft.greeting).toBe('Goedendag, u spreekt met Sophie van Tandartspraktijk De Molen. Waarmee kan ik u helpen?');
    expect(deriveDraft('Receptie voor Café Het Hoekje van Jansen.', 'nl').name).toBe(
      'Sophie, de digitale receptioniste van Café Het Hoekje van Jansen',
    );
  });

  it('picks up "we are"/"wij zijn" names, and leaves the legal form out of the greeting', () => {
    const draft = deriveDraft('We are Acme B.V. and we want cold calling in English.', 'en');
    expect(draft.name).toBe('Emma, the sales assistant of Acme B.V.');
    expect(draft.greeting).toBe('Hi, this is Emma from Acme. Is now a good time for a quick chat?');
    expect(deriveDraft('Wij zijn Van den Berg Installatietechniek, we willen een receptie.', 'nl').name).toBe(
      'Sophie, de digitale receptioniste van Van den Berg Installatietechniek',
    );
  });

  it('picks up a name that opens the prompt with a business-type word, or follows "called"', () => {
    const garage = deriveDraft('Garage Van Dijk: APK-afspraken, herinneringen per sms, en klanten bellen als de auto klaar is.', 'nl');
    expect(garage.businessType).toBe('autogarage');
    expect(garage.name).toBe('Sophie, de afsprakenassistent van Garage Van Dijk');
    expect(garage.capabilities).toEqual(['appointments', 'reminders']);
    expect(garage.integrations).toEqual(['SMS']);
    const salon = deriveDraft(
      "Hi! I run a small hair salon called Curl Up. Need someone to pick up the phone when I'm with a client and book people in.",
      'en',
    );
    expect(salon.name).toBe('Emma, the front desk of Curl Up');
    expect(salon.capabilities).toEqual(['appointments', 'inboundReception']);
  });

  it('stays conservative: no name when unsure', () => {
    for (const prompt of [
      'We need an agent for Sales Managers to call leads.',
      'Koppel afspraken voor Google Agenda graag.',
      'We are Dutch and need a receptionist.',
      'Een agent voor Nederlandse klanten die afspraken maakt.',
      'A receptionist for Monday Mornings please.',
      'We want an agent for Den Haag and Amsterdam to answer calls.',
      'we are bakkerij jansen and want a receptionist.',
      'Tandartspraktijk in Utrecht zoekt een receptie.',
    ]) {
      const draft = deriveDraft(prompt, 'en');
      expect(draft.greeting, prompt).not.toMatch(/ from | van /);
      expect(draft.summary, prompt).not.toMatch(/^Your agent for /);
    }
  });
});

describe('deriveDraft: generic fallback', () => {
  it.each([
    ['hello', 'en'],
    ['asdf', 'en'],
    ['', 'en'],
    ['   \n\t ', 'nl'],
    ['Hoi!', 'nl'],
  ] as const)('%j on the %s page is generic', (prompt, lang) => {
    const draft = deriveDraft(prompt, lang);
    expectWellFormed(draft);
    expect(draft.generic).toBe(true);
    expect(draft.capabilities).toEqual([]);
    expect(draft.tools).toEqual([]);
    expect(draft.integrations).toEqual([]);
    expect(draft.businessType).toBeNull();
    expect(draft.callLanguages).toEqual([lang]);
  });

  it('uses the generic text in the page language', () => {
    const en = deriveDraft('hello', 'en');
    expect(en.name).toBe('Your Belwise voice agent');
    expect(en.summary).toBe(
      'A custom voice agent tailored to your business: it answers calls, books appointments and qualifies leads, in English and Dutch, connected to the tools you already use.',
    );
    const nl = deriveDraft('hallo', 'nl');
    expect(nl.name).toBe('Uw Belwise-spraakagent');
    expect(nl.summary).toMatch(/^Een spraakagent op maat van uw bedrijf: hij beantwoordt gesprekken/);
    expect(nl.greeting).toBe('Goedendag, u spreekt met Sophie, de digitale assistent. Waarmee kan ik u helpen?');
  });
});

describe('deriveDraft: robustness', () => {
  const LONG = (
    'We are a busy physiotherapy practice with three locations. Patients call all day to book, move or cancel appointments, ' +
    'ask questions about insurance and opening hours, and we would love reminders by SMS. Reports in a dashboard would help too. '
  )
    .repeat(30)
    .slice(0, 5000);

  it('handles a 5,000-character prompt quickly and keeps the summary short', () => {
    expect(LONG.length).toBe(5000);
    deriveDraft(LONG, 'en'); // warm up the regex engine
    const runs: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      deriveDraft(LONG, i % 2 ? 'en' : 'nl');
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    expect(runs[Math.floor(runs.length / 2)]).toBeLessThan(5);

    const draft = deriveDraft(LONG, 'en');
    expectWellFormed(draft);
    expect(draft.businessType).toBe('physiotherapy practice');
    expect(draft.capabilities).toEqual(['appointments', 'customerService', 'reminders', 'dashboard']);
    expect(draft.integrations).toEqual(['SMS']);
  });

  it('keeps every text within bounds when everything is asked for', () => {
    const draft = deriveDraft(
      'Cold calling, lead qualification, appointments, reminders, customer service, reception, order status updates, workflows and a dashboard. ' +
        'Tools: Google Calendar, Outlook, Apple Calendar, Microsoft 365, Calendly, HubSpot, Salesforce, Zoho CRM, Pipedrive, Monday.com, Notion, Airtable, ' +
        'Google Sheets, WhatsApp, SMS, Gmail, Slack, Shopify, Stripe, Zapier, Make, n8n and webhooks. English, Dutch, German, French and Spanish.',
      'nl',
    );
    expectWellFormed(draft);
    expect(draft.capabilities).toHaveLength(9);
    expect(draft.integrations).toHaveLength(23);
    expect(draft.callLanguages).toEqual(['en', 'nl', 'de', 'fr', 'es']);
    expect(draft.goals).toHaveLength(5);
    expect(draft.summary).toMatch(/andere tools\.$/);
  });

  it('is deterministic', () => {
    for (const [prompt, lang] of [
      [DENTAL_NL, 'nl'],
      [SOLAR_EN, 'en'],
      ['hello', 'nl'],
    ] as const) {
      expect(deriveDraft(prompt, lang)).toEqual(deriveDraft(prompt, lang));
    }
  });
});
