import type { AgentPage, CallDetail, CallSummary, Contact, OwnCall } from '../api/types';

// Fixtures for the agent page and a call's detail (issue 11), as the Go API sends them.

export const ORDER_ID = 'bbbbbbbb-0000-4000-8000-000000000002';

/** 30 days ending 2026-10-24; three days with calls, the busiest 12. */
export function daily(): AgentPage['daily'] {
  const start = Date.UTC(2026, 8, 25);
  return Array.from({ length: 30 }, (_, i) => {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return { date, calls: date === '2026-10-20' ? 12 : date === '2026-10-24' ? 3 : date === '2026-10-01' ? 1 : 0 };
  });
}

export function overview(over: Partial<AgentPage['agent']> = {}, figures: Partial<AgentPage['figures']> = {}): AgentPage {
  return {
    agent: {
      orderId: ORDER_ID,
      orderNumber: 'bbbbbbbb',
      name: 'Appointment Setter',
      title: 'Books appointments by phone',
      currency: 'EUR',
      perMinuteCents: 10,
      linked: true,
      ...over,
    },
    // Figures that do not follow from the listed calls: the page must show the server's.
    period: { kind: '30d', from: '2026-09-25', to: '2026-10-24' },
    figures: {
      calls: 42,
      answered: 35,
      missed: 5,
      failed: 2,
      seconds: 7530,
      averageSeconds: 179.3,
      costCents: 1255,
      rates: [10],
      deletedCalls: 0,
      ...figures,
    },
    daily: daily(),
    fields: [],
  };
}

export function call(over: Partial<CallSummary> & { id: string }): CallSummary {
  return {
    startedAt: '2026-10-24T14:07:00Z',
    direction: 'inbound',
    number: '+31612345678',
    numberDisplay: '+31 6 12345678',
    durationSeconds: 185,
    outcome: 'answered',
    summary: 'Mevrouw Jansen booked a check-up for Tuesday at 10:00.',
    data: {},
    followUp: false,
    ...over,
  };
}

/** A call as the buyer's call page gets it: with its neighbours in the list (none unless given). */
export function ownCall(over: Partial<OwnCall> = {}): OwnCall {
  return { ...callDetail(), olderId: null, newerId: null, ...over };
}

/** A contact of the order: two calls from one number, the newest c-1. */
export function contact(over: Partial<Contact> = {}): Contact {
  return {
    key: '+31612345678',
    number: '+31612345678',
    numberDisplay: '+31 6 12345678',
    name: 'Anna de Vries',
    calls: 2,
    lastCall: { id: 'c-1', startedAt: '2026-10-24T14:07:00Z', outcome: 'answered' },
    ...over,
  };
}

export function callDetail(over: Partial<CallDetail> = {}): CallDetail {
  return {
    ...call({ id: 'c-1' }),
    endedAt: '2026-10-24T14:10:05Z',
    endedReason: 'customer-ended-call',
    successEvaluation: 'true',
    recordingConsent: 'given',
    transcript: [
      { role: 'agent', text: 'Good afternoon, Dental Care Utrecht, how can I help?', secondsFromStart: 0.4 },
      { role: 'caller', text: 'I would like to book a check-up.', secondsFromStart: 4.2 },
      { role: 'agent', text: 'Tuesday at 10:00 is free. Shall I book it?', secondsFromStart: 71 },
    ],
    recordingUrl: 'https://storage.vapi.ai/c-1-mono.wav',
    fields: [],
    ...over,
  };
}
