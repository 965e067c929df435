// The agency's staff console. No other feature uses any of it, so this face is empty: its frame
// (Console.tsx) and the screens in its <Outlet /> are route modules that the page registry
// (app/registry.ts) loads lazily, a chunk each.
export {};
