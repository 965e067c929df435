// Shared types of the personalized-agent draft. Kept free of imports so every helper can use them.

/** Page language. Same union as `Lang` in shared/paths.ts, repeated so this file stands on its own. */
export type Lang = 'en' | 'nl';

export type CapabilityId =
  | 'coldCalling'
  | 'appointments'
  | 'customerService'
  | 'reminders'
  | 'leadQualification'
  | 'inboundReception'
  | 'outboundNotifications'
  | 'customWorkflows'
  | 'dashboard';

/** Languages the agent should speak on calls. */
export type CallLanguage = 'en' | 'nl' | 'de' | 'fr' | 'es';

/** A function tool the voice platform would expose to the agent. */
export interface DraftTool {
  name: string;
  description: string;
}

export interface AgentDraft {
  /** True when nothing was recognised: the generic fallback summary is shown. */
  generic: boolean;
  /** Display name, e.g. "Sophie, the front desk of Tandartspraktijk De Molen"; generic "Your Belwise voice agent". */
  name: string;
  /** Recognised business type as a label in the page language ("dental practice" / "tandartspraktijk"). */
  businessType: string | null;
  /** In canonical order (see CAPABILITY_ORDER). */
  capabilities: CapabilityId[];
  /** In order of first mention; [page language] when none is named. */
  callLanguages: CallLanguage[];
  /** Canonical English product names, in a fixed catalogue order. */
  integrations: string[];
  /** First sentence the agent says, in callLanguages[0]. */
  greeting: string;
  /** 2–5 short goals in the page language. */
  goals: string[];
  /** Function-tool sketch: English identifiers, page-language descriptions. */
  tools: DraftTool[];
  /** 2–4 sentences in the page language, at most 600 characters. */
  summary: string;
  /** English system prompt for an LLM voice assistant. */
  systemPrompt: string;
}

/** Canonical order of the capabilities (the order of the cards on /features). */
export const CAPABILITY_ORDER: readonly CapabilityId[] = [
  'coldCalling',
  'appointments',
  'customerService',
  'reminders',
  'leadQualification',
  'inboundReception',
  'outboundNotifications',
  'customWorkflows',
  'dashboard',
];
