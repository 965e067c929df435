// An agent's calls, as the buyer's dashboard and the staff console both show them: the API, the list
// with its chart and month figures, the parts of a call's page and the words for a call's fields.
// No screen of its own: the dashboard and the console each route to theirs.
export {
  browserTimeZone,
  deleteCall,
  eraseContact,
  exportContact,
  getAgentPage,
  getCall,
  getCalls,
  getContact,
  getContacts,
  getReport,
} from './api';
export { CallList, CallRow } from './CallList';
export { CallDataFacts, type CallDataField } from './CallData';
export { CallFilterForm, PeriodPicker, useCallFilters } from './CallFilters';
export { filtersOf, filtersQuery, type CallFilters } from './filters';
export {
  CallBackLink,
  CallColumns,
  CallHeader,
  CallNotFound,
  CallNumber,
  CallSection,
  CallSummary,
  CallTranscript,
  EndedFact,
} from './CallPage';
export { DailyChart } from './DailyChart';
export { MonthStats } from './MonthStats';
export { OutcomeBadge } from './OutcomeBadge';
export { consentText, directionText, durationText, endedReasonKey, periodText, successText } from './words';
