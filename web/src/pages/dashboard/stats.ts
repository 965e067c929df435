import type { DashboardStats, Order } from '../../api/types';

/** The four stat cards, from the orders themselves (spec §2), so the cards always agree with the lists. */
export function deriveStats(orders: readonly Order[]): DashboardStats {
  let active = 0;
  let settingUp = 0;
  let totalInvestedCents = 0;
  for (const order of orders) {
    if (order.status === 'completed') active++;
    else if (order.status === 'pending') settingUp++;
    totalInvestedCents += order.amountCents;
  }
  return { active, settingUp, totalPurchases: orders.length, totalInvestedCents };
}

/** Orders whose agent is live: the "My Agents" list. */
export const activeOrders = (orders: readonly Order[]) => orders.filter((order) => order.status === 'completed');
