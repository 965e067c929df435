// Billing's screens: the console's statements and invoices (/console/billing) and the buyer's invoices
// (/dashboard/invoices). Both are route modules the page registry (app/registry.ts) loads lazily; no
// other feature uses any of it, so this face is empty. (An order's fees are the console's, on its page.)
export {};
