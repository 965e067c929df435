import { ApiError, type FieldProblem } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

// TODO(api): replaced by the contract's types (schema.ts) once settings-api's routes are merged.

type Schemas = components['schemas'];
export type Person = Schemas['Person'];

export interface Range {
  from: string;
  to: string;
}
export interface AgentSettings {
  greeting: { en: string; nl: string };
  hours: { mon: Range[]; tue: Range[]; wed: Range[]; thu: Range[]; fri: Range[]; sat: Range[]; sun: Range[] };
  closedDays: string[];
  afterHoursMessage: string;
  transferNumber: string;
  qa: { question: string; answer: string }[];
  voicemailMessage: string;
}
export type SettingsStatus = 'live' | 'pending' | 'sending' | 'failed';
export interface SettingsAnswer {
  settings: AgentSettings;
  status: SettingsStatus;
  reason?: string;
  version: number;
  transferNumberDisplay?: string;
}
export interface Version {
  version: number;
  at: string;
  by: Person | null;
  changed: string[];
  settings: AgentSettings;
}
export interface ChangeRequest {
  id: string;
  orderId: string;
  orderNumber: string;
  agentName: string;
  buyer: Person | null;
  createdAt: string;
  settings: AgentSettings;
  live: AgentSettings | null;
}

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

export const getSettings = (orderId: string, signal?: AbortSignal) =>
  req<SettingsAnswer>('GET', `/api/orders/${o(orderId)}/settings`, undefined, signal);
export const saveSettings = (orderId: string, body: AgentSettings & { version: number }) =>
  req<{ change: ChangeRequest }>('PUT', `/api/orders/${o(orderId)}/settings`, body);
export const getVersions = (orderId: string, signal?: AbortSignal) =>
  req<{ items: Version[] }>('GET', `/api/orders/${o(orderId)}/settings/versions`, undefined, signal);
export const listChanges = (signal?: AbortSignal) => req<{ items: ChangeRequest[] }>('GET', '/api/console/changes', undefined, signal);
export const approveChange = (id: string, note: string) => req<unknown>('POST', `/api/console/changes/${o(id)}/approve`, { note });
export const rejectChange = (id: string, note: string) => req<unknown>('POST', `/api/console/changes/${o(id)}/reject`, { note });
export const getConsoleSettings = (orderId: string, signal?: AbortSignal) =>
  req<SettingsAnswer & { versions: Version[] }>('GET', `/api/console/orders/${o(orderId)}/settings`, undefined, signal);
export const saveConsoleSettings = (orderId: string, body: AgentSettings & { version: number }) =>
  req<SettingsAnswer>('PUT', `/api/console/orders/${o(orderId)}/settings`, body);
export const rollbackSettings = (orderId: string, version: number) =>
  req<SettingsAnswer>('POST', `/api/console/orders/${o(orderId)}/settings/rollback`, { version });
