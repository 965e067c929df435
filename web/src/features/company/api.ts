import { call } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

// The buyer's company details (README "Company details (billing)"): GET and PUT /api/company.

type Schemas = components['schemas'];
export type Company = Schemas['Company'];
export type Country = Schemas['Country'];
export type CompanyBody = Schemas['CompanyBody'];

/** The buyer's company (null before they saved any) and the countries a company can be in, NL first. */
export const getCompany = (signal?: AbortSignal) => call((api) => api.GET('/api/company', { signal }), signal);

/** Saves the details; `version` is the one read (ignored for the first save). */
export const saveCompany = (body: CompanyBody) => call((api) => api.PUT('/api/company', { body }));

/** Saves how long the company's call content is kept (409 company_missing before the details are saved). */
export const saveRetention = (callRetention: Company['callRetention']) =>
  call((api) => api.PUT('/api/company/retention', { body: { callRetention } }));
