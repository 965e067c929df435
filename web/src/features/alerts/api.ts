import { call } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import type { Lang } from '../../shared/paths';

// The call alerts' API (README "Call alerts"): the buyer's choice per agent (order), staff's default per order.

export type AlertSetting = components['schemas']['AlertSetting'];
export type AlertMode = AlertSetting['effective'];
/** The modes, in the order a select offers them. */
export const ALERT_MODES: AlertMode[] = ['all', 'followup', 'none'];

/** The alert setting of each of the buyer's agents, newest first. */
export const getAlertSettings = (lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/account/alerts', { params: { query: { lang } }, signal }), signal);

/** One of the buyer's agents' setting. */
export const getAlertSetting = (orderId: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/orders/{id}/alerts', { params: { path: { id: orderId }, query: { lang } }, signal }), signal);

/** Sets which calls of the agent the buyer is emailed about. */
export const setAlertMode = (orderId: string, mode: AlertMode, lang: Lang) =>
  call((api) => api.PUT('/api/orders/{id}/alerts', { params: { path: { id: orderId }, query: { lang } }, body: { mode } }));

/** Staff: the order's setting. */
export const getConsoleAlertSetting = (orderId: string, lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/console/orders/{id}/alerts', { params: { path: { id: orderId }, query: { lang } }, signal }), signal);

/** Staff: the order's default, in force while its buyer has made no choice. */
export const setAlertDefault = (orderId: string, mode: AlertMode, lang: Lang) =>
  call((api) =>
    api.PUT('/api/console/orders/{id}/alerts', { params: { path: { id: orderId }, query: { lang } }, body: { default: mode } }),
  );
