// The agent's settings (issue 23 §1–§2): the buyer's page (SettingsPage.tsx,
// /dashboard/agents/:orderId/settings) and the console's change requests (ConsoleChanges.tsx,
// /console/changes) are route modules the page registry loads lazily; the console's order page shows the
// settings with direct edit, status and versions.
export { ConsoleOrderSettings } from './ConsoleOrderSettings';
