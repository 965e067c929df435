// The buyer's dashboard. Its frame (Dashboard.tsx) and the screens in its <Outlet /> are route modules that
// the page registry (app/registry.ts) loads lazily, a chunk each. Other dashboard screens that live in
// their own feature (the company details, the invoices) show their loading and failure through its LoadState.
export { Loading, LoadError } from './LoadState';
