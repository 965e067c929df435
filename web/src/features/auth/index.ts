// Signing in and up, the second step, password reset and e-mail verification. No other feature uses
// any of it, so this face is empty: its one screen (Auth.tsx, /auth) is a route module that the page
// registry (app/registry.ts) loads lazily, a chunk of its own.
export {};
