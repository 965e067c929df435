// Line icons for the nine capability cards; drawn inline so the features page needs no icon library.
export type FeatureId =
  | 'coldCalling'
  | 'appointments'
  | 'customerService'
  | 'reminders'
  | 'leadQualification'
  | 'inbound'
  | 'outbound'
  | 'workflows'
  | 'dashboard';

const PATHS: Record<FeatureId, string> = {
  coldCalling:
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2zM15 3a6 6 0 0 1 6 6M15 7a2 2 0 0 1 2 2',
  appointments: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M9 15l2 2 4-4',
  customerService: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3zM20 19a3 3 0 0 1-3 2h-4',
  reminders: 'M12 21a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zM6 17V11a6 6 0 0 1 12 0v6l2 2H4z',
  leadQualification: 'M3 4h18l-7 8v6l-4 2v-8z',
  inbound: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2zM20 3l-5 5M15 4v4h4',
  outbound: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2zM15 8l5-5M16 3h4v4',
  workflows: 'M4 4h6v6H4zM14 14h6v6h-6zM7 10v4a3 3 0 0 0 3 3h4M17 14v-4a3 3 0 0 0-3-3h-4',
  dashboard: 'M4 4h7v9H4zM13 4h7v5h-7zM13 11h7v9h-7zM4 15h7v5H4z',
};

export function FeatureIcon({ id }: { id: FeatureId }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={PATHS[id]} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
