import { describe, expect, it } from 'vitest';
import { statusBadge } from './status';

describe('statusBadge', () => {
  it('maps the known statuses to their tone and label', () => {
    expect(statusBadge('pending')).toEqual({ tone: 'yellow', label: 'dashboard.status.pending' });
    expect(statusBadge('completed')).toEqual({ tone: 'green', label: 'dashboard.status.completed' });
    expect(statusBadge('cancelled')).toEqual({ tone: 'red', label: 'dashboard.status.cancelled' });
  });

  it('shows any other status as it came, in gray', () => {
    expect(statusBadge('refunded')).toEqual({ tone: 'gray', raw: 'refunded' });
    // Not fooled by inherited object keys.
    expect(statusBadge('constructor')).toEqual({ tone: 'gray', raw: 'constructor' });
  });
});
