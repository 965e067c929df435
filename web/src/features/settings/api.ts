import { call } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

// The agent's settings (issue 23; README "Agent settings"): the buyer's own order's settings, versions and
// change requests, and the console's change requests, direct edits and rollbacks. Every shape is the
// contract's (schema.ts, from internal/agentsettings).

type Schemas = components['schemas'];
export type AgentSettings = Schemas['AgentSettings'];
export type Texts = Schemas['SpokenTexts'];
export type Range = AgentSettings['hours']['mon'][number];
export type SettingsView = Schemas['SettingsView'];
export type SettingsStatus = SettingsView['status'];
export type StaffView = Schemas['StaffSettingsView'];
export type Change = Schemas['SettingsChange'];
export type ConsoleChange = Schemas['ConsoleSettingsChange'];
export type Version = Schemas['SettingsVersion'];
export type SettingsPerson = Schemas['SettingsPerson'];
/** The settings with the live version read (0 while there is none): 409 version_conflict when it moved on. */
export type SettingsBody = Schemas['SettingsBody'];

const path = (id: string) => ({ path: { id } });

/** The buyer's order's settings: the live ones, their status, the change waiting and the last decision. */
export const getSettings = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/settings', { params: path(orderId), signal }), signal).then((a) => a.settings);

/** Asks for a change (202): staff approve it; a save while one waits replaces it. */
export const saveSettings = (orderId: string, body: SettingsBody) =>
  call((api) => api.PUT('/api/orders/{id}/settings', { params: path(orderId), body }));

export const getVersions = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/settings/versions', { params: path(orderId), signal }), signal).then((a) => a.versions);

/** Pending change requests first (the longest waiting on top), then the latest decided ones. */
export const listChanges = (signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/changes', { signal }), signal).then((a) => a.changes);

export const approveChange = (id: string) => call((api) => api.POST('/api/console/changes/{id}/approve', { params: path(id) }));

export const rejectChange = (id: string, note: string) =>
  call((api) => api.POST('/api/console/changes/{id}/reject', { params: path(id), body: { note } }));

export const getConsoleSettings = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders/{id}/settings', { params: path(orderId), signal }), signal).then((a) => a.settings);

export const getConsoleVersions = (orderId: string, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders/{id}/settings/versions', { params: path(orderId), signal }), signal).then((a) => a.versions);

/** Staff's direct edit: a new version at once (recordsCalls honoured). */
export const saveConsoleSettings = (orderId: string, body: SettingsBody) =>
  call((api) => api.PUT('/api/console/orders/{id}/settings', { params: path(orderId), body })).then((a) => a.settings);

/** Makes a copy of an earlier version the next version. */
export const rollbackSettings = (orderId: string, version: number) =>
  call((api) => api.POST('/api/console/orders/{id}/settings/rollback', { params: path(orderId), body: { version } })).then(
    (a) => a.settings,
  );
