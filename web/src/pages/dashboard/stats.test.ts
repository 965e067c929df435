import { describe, expect, it } from 'vitest';
import { order } from '../../testing/orders';
import { activeOrders, deriveStats } from './stats';

describe('deriveStats', () => {
  it('counts by status and sums every order', () => {
    const orders = [
      order({ id: 'aaaaaaaa-1', status: 'completed', amountCents: 249_900 }),
      order({ id: 'bbbbbbbb-2', status: 'pending', amountCents: 100_050 }),
      order({ id: 'cccccccc-3', status: 'completed', amountCents: 50 }),
      order({ id: 'dddddddd-4', status: 'cancelled', amountCents: 1_000 }),
      order({ id: 'eeeeeeee-5', status: 'on_hold', amountCents: 0 }),
    ];
    expect(deriveStats(orders)).toEqual({ active: 2, settingUp: 1, totalPurchases: 5, totalInvestedCents: 351_000 });
    expect(activeOrders(orders).map((o) => o.id)).toEqual(['aaaaaaaa-1', 'cccccccc-3']);
  });

  it('is all zeros without orders', () => {
    expect(deriveStats([])).toEqual({ active: 0, settingUp: 0, totalPurchases: 0, totalInvestedCents: 0 });
  });
});
