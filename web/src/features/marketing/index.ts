// The marketing pages (landing, features, pricing, the quote form, contact, privacy, help). Their
// screens are route modules that the page registry (app/registry.ts) loads lazily, a chunk each;
// what other features use of them is below.

/** The quote form's field limits (the personalized page's prompt shares the description's). */
export { QUOTE_LIMITS } from './quote/limits';
