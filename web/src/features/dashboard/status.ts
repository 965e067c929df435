import type { Order, OrderStatus } from '../../shared/api/types';
import type { TKey } from '../../shared/i18n/types';

export type BadgeTone = 'yellow' | 'green' | 'red' | 'gray';

// Spec §4: pending → setting up (yellow), completed → active (green), cancelled (red), refunded
// (gray); anything else is shown as it came, in gray.
const KNOWN: Record<string, { tone: BadgeTone; label: TKey }> = {
  pending: { tone: 'yellow', label: 'dashboard.status.pending' },
  completed: { tone: 'green', label: 'dashboard.status.completed' },
  cancelled: { tone: 'red', label: 'dashboard.status.cancelled' },
  refunded: { tone: 'gray', label: 'dashboard.status.refunded' },
};

/** Tone and text of an order's status badge; `label` is a dictionary key, `raw` an unknown status. */
export function statusBadge(status: OrderStatus): { tone: BadgeTone; label: TKey } | { tone: 'gray'; raw: string } {
  return Object.hasOwn(KNOWN, status) ? KNOWN[status] : { tone: 'gray', raw: status };
}

/** Orders whose agent is live: the "My Agents" list. (The counts above it are the server's stats.) */
export const activeOrders = (orders: readonly Order[]) => orders.filter((order) => order.status === 'completed');
