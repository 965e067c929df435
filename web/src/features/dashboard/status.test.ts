import { describe, expect, it } from 'vitest';
import { order } from '../../shared/testing/orders';
import { activeOrders, statusBadge } from './status';

describe('statusBadge', () => {
  it('maps the known statuses to their tone and label', () => {
    expect(statusBadge('pending')).toEqual({ tone: 'yellow', label: 'dashboard.status.pending' });
    expect(statusBadge('completed')).toEqual({ tone: 'green', label: 'dashboard.status.completed' });
    expect(statusBadge('cancelled')).toEqual({ tone: 'red', label: 'dashboard.status.cancelled' });
    expect(statusBadge('refunded')).toEqual({ tone: 'gray', label: 'dashboard.status.refunded' });
  });

  it('shows any other status as it came, in gray', () => {
    expect(statusBadge('on_hold')).toEqual({ tone: 'gray', raw: 'on_hold' });
    // Not fooled by inherited object keys.
    expect(statusBadge('constructor')).toEqual({ tone: 'gray', raw: 'constructor' });
  });
});

describe('activeOrders', () => {
  it('keeps the completed orders, in order', () => {
    const orders = [
      order({ id: 'aaaaaaaa-1', status: 'completed' }),
      order({ id: 'bbbbbbbb-2', status: 'pending' }),
      order({ id: 'cccccccc-3', status: 'completed' }),
      order({ id: 'dddddddd-4', status: 'cancelled' }),
    ];
    expect(activeOrders(orders).map((o) => o.id)).toEqual(['aaaaaaaa-1', 'cccccccc-3']);
    expect(activeOrders([])).toEqual([]);
  });
});
