// The buyer's dashboard. Its frame (Dashboard.tsx) and the screens in its <Outlet /> are route modules
// that the page registry (app/registry.ts) loads lazily, a chunk each. Other signed-in screens show
// their loading line and failure the way the dashboard's do.
export { Loading, LoadError } from './LoadState';
