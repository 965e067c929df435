import { call } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';
import type { Lang } from '../../shared/paths';

// The processor agreement (issue 23): GET /api/dpa, POST /api/dpa/accept and the PDF copy.

type Schemas = components['schemas'];
export type AgreementState = Schemas['State'];
export type Standing = Schemas['Standing'];

/** The current version in `lang` and whether the buyer accepted it. */
export const getAgreement = (lang: Lang, signal?: AbortSignal) =>
  call((api) => api.GET('/api/dpa', { params: { query: { lang } }, signal }), signal);

/** Accepts `version` (409 dpa_version when a newer one came out since it was read). */
export const acceptAgreement = (version: number, lang: Lang) =>
  call((api) => api.POST('/api/dpa/accept', { params: { query: { lang } }, body: { version } }));

/** The PDF copy's address in `lang`. */
export const agreementPdf = (lang: Lang) => `/api/dpa.pdf?lang=${lang}`;
