// The processor agreement (issue 23). Its screen (AgreementPage.tsx, /dashboard/agreement) is a route module
// the page registry loads lazily; the dashboard's overview shows its notice while the buyer has not accepted
// the current version; the console's order page shows the buyer's standing.
export { AgreementNotice, agreementDue, type AgreementDue } from './AgreementNotice';
export { AgreementStanding } from './AgreementStanding';
