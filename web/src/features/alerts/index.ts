// Call alerts (issue 21 §1): the buyer's choice per agent (profile page, agent page) and staff's default
// per order (console order page). No screen of its own.
export { getAlertSettings, type AlertSetting, type AlertMode } from './api';
export { AgentAlerts, agentAlerts, AlertSettingsSection, ConsoleAlertDefault, type AgentAlertsOutcome } from './AlertSettings';
