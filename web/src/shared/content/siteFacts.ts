// Facts only the running server knows (its configuration): the agency's company details (COMPANY_*),
// the address the privacy page sends requests to, and how long call transcripts are kept (CALL_RETENTION_DAYS). The prerender writes a placeholder for
// each into every page's <meta name="…"> and wherever a page shows it; the Go server fills them in at
// start (internal/web/site.go), and drops a company detail's whole entry (<div data-company="…">) when
// it is not configured, and the whole section (<section data-company-details>) when none is. In the browser the app reads the same values back from the <meta>s, so the
// hydrated page and client-side navigation show exactly what the server wrote.

export const COMPANY_FIELDS = ['name', 'address', 'phone', 'email', 'kvk', 'vat'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** `contact-email` is where a visitor's request reaches the agency: COMPANY_EMAIL, else QUOTE_INBOX. */
export type Fact = `company-${CompanyField}` | 'call-retention-days' | 'contact-email';
export const FACTS: readonly Fact[] = [...COMPANY_FIELDS.map((f) => `company-${f}` as const), 'call-retention-days', 'contact-email'];

/** What the prerender writes for a fact; the server replaces it. */
export const factPlaceholder = (fact: Fact) => `${fact}.placeholder.invalid`;

/** A fact's value: the placeholder in the prerender, the server's value in the browser ('' when unset). */
export function siteFact(fact: Fact): string {
  if (import.meta.env.SSR) return factPlaceholder(fact);
  return document.querySelector<HTMLMetaElement>(`meta[name="${fact}"]`)?.content ?? '';
}

/** A phone number as a tel: link target (digits and a leading +, no "(0)"); the server computes the same. */
export const telHref = (phone: string) => `tel:${phone.replaceAll('(0)', '').replace(/[^\d+]/g, '')}`;
