// Dictionary namespaces, one file per language each (shared/i18n/<lang>/<namespace>.ts).
// `common` (header, footer) is always loaded; each screen adds its own (its `namespace` in the page
// registry, app/registry.ts); `meta` only once the visitor navigates client-side (the first page's
// <head> is prerendered); `voice` on the first use of the voice widget; `calls` with the dashboard (its
// agent and call pages); `billing` with both (an order's fees, statements and invoices); `settings` with
// both (an agent's settings, the console's change requests). `pay` is loaded by no screen: it is the pay page
// the server answers itself (internal/web/payments.go), which the build exports (app/payMessages.ts);
// `unsubscribe` likewise, the one-click off pages of call alerts and the weekly digest (app/unsubscribeMessages.ts).
export type Namespace =
  | 'meta'
  | 'common'
  | 'landing'
  | 'features'
  | 'pricing'
  | 'pages'
  | 'account'
  | 'console'
  | 'voice'
  | 'calls'
  | 'billing'
  | 'settings'
  | 'pay'
  | 'unsubscribe';
