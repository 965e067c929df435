import type { Order } from '../api/types';

/** A test order; `over` replaces any field. */
export function order(over: Partial<Order> & { id: string }): Order {
  return {
    number: over.id.slice(0, 8),
    status: 'completed',
    amountCents: 100_000,
    currency: 'EUR',
    createdAt: '2025-03-05T14:07:00Z',
    agent: { id: 'a-1', name: 'Reception Robin', title: 'Inbound receptionist', description: 'Answers every call.', deliveryDays: 14 },
    perMinuteCents: 15,
    assistantLinked: false,
    // 5 March 2025 plus the 14 days of delivery.
    expectedDate: '2025-03-19',
    ...over,
  };
}
