// The buyer's company details (issue 22), which invoices are addressed to. Its screen
// (CompanyPage.tsx, /dashboard/company) is a route module the page registry loads lazily; the dashboard's
// overview shows its reminder while the buyer has none.
export { CompanyNotice, companyMissing } from './CompanyNotice';
