import { ApiError, type FieldProblem } from '../../shared/api/client';

// TODO(api): replaced by the contract's types (schema.ts) once settings-api's routes are merged; the shapes
// are those of internal/agentsettings.

export interface Texts {
  en: string;
  nl: string;
}
export interface Range {
  from: string;
  to: string;
}
export interface AgentSettings {
  greeting: Texts;
  hours: { mon: Range[]; tue: Range[]; wed: Range[]; thu: Range[]; fri: Range[]; sat: Range[]; sun: Range[] };
  closedDays: string[];
  timeZone: string;
  afterHours: Texts;
  transferNumber: string;
  qa: { question: string; answer: string }[];
  voicemail: Texts;
  recordsCalls: boolean;
}
export type SettingsStatus = 'live' | 'pending' | 'sending' | 'failed';
export interface SettingsPerson {
  name: string;
  email?: string;
  staff: boolean;
}
export interface Change {
  id: string;
  orderId: string;
  status: 'pending' | 'approved' | 'rejected';
  settings: AgentSettings;
  baseVersion: number;
  changed: string[] | null;
  requestedBy: SettingsPerson | null;
  requestedAt: string;
  decidedBy: SettingsPerson | null;
  decidedAt: string | null;
  note: string;
  version?: number;
}
export interface SettingsView {
  orderId: string;
  settings: AgentSettings;
  version: number;
  status: SettingsStatus;
  delivery: { status: 'live' | 'sending' | 'failed'; attempts: number; pushedVersion: number; updatedAt: string | null; reason?: string };
  pending: Change | null;
  lastDecision: Change | null;
  transferNumberNational: string;
  updatedAt: string;
}
export type StaffView = SettingsView & { assistantId: string; buyer: SettingsPerson };
export interface Version {
  number: number;
  source: 'approved' | 'staff' | 'rollback' | 'seed';
  rolledBackTo?: number;
  changed: string[] | null;
  author: SettingsPerson | null;
  createdAt: string;
  settings: AgentSettings;
}
export type ConsoleChange = Change & {
  buyer: SettingsPerson;
  agentName: Texts;
  live: AgentSettings | null;
  liveVersion: number;
  stale: boolean;
};
export type SettingsBody = AgentSettings & { version: number };

async function req<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    method,
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = res.status === 204 ? undefined : await res.json().catch(() => undefined);
  if (!res.ok) {
    const e = data?.error ?? {};
    throw new ApiError(res.status, e.code ?? 'unknown', e.message ?? '', undefined, e.field, e.errors as FieldProblem[] | undefined);
  }
  return data as T;
}

const o = (id: string) => encodeURIComponent(id);

/** The buyer's order's settings: the live ones, their status, the change waiting and the last decision. */
export const getSettings = (orderId: string, signal?: AbortSignal) =>
  req<{ settings: SettingsView }>('GET', `/api/orders/${o(orderId)}/settings`, undefined, signal).then((a) => a.settings);
/** Asks for a change (202): staff approve it; a save while one waits replaces it. */
export const saveSettings = (orderId: string, body: SettingsBody) =>
  req<{ change: Change }>('PUT', `/api/orders/${o(orderId)}/settings`, body);
export const getVersions = (orderId: string, signal?: AbortSignal) =>
  req<{ versions: Version[] }>('GET', `/api/orders/${o(orderId)}/settings/versions`, undefined, signal).then((a) => a.versions);
export const listChanges = (signal?: AbortSignal) =>
  req<{ changes: ConsoleChange[] }>('GET', '/api/console/changes', undefined, signal).then((a) => a.changes);
export const approveChange = (id: string) => req<{ change: Change }>('POST', `/api/console/changes/${o(id)}/approve`);
export const rejectChange = (id: string, note: string) => req<{ change: Change }>('POST', `/api/console/changes/${o(id)}/reject`, { note });
export const getConsoleSettings = (orderId: string, signal?: AbortSignal) =>
  req<{ settings: StaffView }>('GET', `/api/console/orders/${o(orderId)}/settings`, undefined, signal).then((a) => a.settings);
export const getConsoleVersions = (orderId: string, signal?: AbortSignal) =>
  req<{ versions: Version[] }>('GET', `/api/console/orders/${o(orderId)}/settings/versions`, undefined, signal).then((a) => a.versions);
export const saveConsoleSettings = (orderId: string, body: SettingsBody) =>
  req<{ settings: StaffView }>('PUT', `/api/console/orders/${o(orderId)}/settings`, body).then((a) => a.settings);
export const rollbackSettings = (orderId: string, version: number) =>
  req<{ settings: StaffView }>('POST', `/api/console/orders/${o(orderId)}/settings/rollback`, { version }).then((a) => a.settings);
