import type { components } from '../../shared/api/schema';
import { loadNamespace } from '../../shared/i18n/dictionaries';
import type { Namespace } from '../../shared/i18n/namespaces';
import type { Dictionary } from '../../shared/i18n/types';
import type { Lang } from '../../shared/paths';
import type { VoiceClient } from './types';

/** `GET /api/voice/config` as the contract has it: public values only (a Vapi public key is meant for browsers). */
type VoiceConfigBody = components['schemas']['VoiceConfigBody'];

/** A usable configuration: Vapi with both of its values, or the offline demo. */
export type VoiceConfig = (Required<VoiceConfigBody> & { mode: 'vapi' }) | { mode: 'demo' };

let cached: Promise<VoiceConfig> | undefined;

/**
 * Asks the server once per page which assistant to use. An answer that cannot be used (network error,
 * non-2xx, missing fields) means the offline demo for this call, and is asked again on the next one.
 */
export function voiceConfig(): Promise<VoiceConfig> {
  cached ??= fetch('/api/voice/config', { headers: { Accept: 'application/json' } })
    .then((res) => {
      if (!res.ok) throw new Error(`GET /api/voice/config answered ${res.status}`);
      // Read warily: the page may meet an older or newer server than its build.
      return res.json() as Promise<Partial<VoiceConfigBody>>;
    })
    .then((body): VoiceConfig => {
      if (body.mode === 'vapi' && body.publicKey && body.assistantId) {
        return { mode: 'vapi', publicKey: body.publicKey, assistantId: body.assistantId };
      }
      if (body.mode !== 'demo') throw new Error(`Unusable voice config: ${JSON.stringify(body)}`);
      return { mode: 'demo' };
    })
    .catch((err: unknown) => {
      console.warn('Voice config unavailable, using the offline demo.', err);
      cached = undefined;
      return { mode: 'demo' } as const;
    });
  return cached;
}

// `pages` holds the help center's answers, which the demo answers from too.
const DEMO_NAMESPACES: readonly Namespace[] = ['features', 'pricing', 'landing', 'pages', 'voice'];

/** The strings the demo answers from, loaded on its first call (one merged dictionary per language). */
export function loadDemoDictionary(lang: Lang): Promise<Dictionary> {
  return Promise.all(DEMO_NAMESPACES.map((ns) => loadNamespace(lang, ns))).then(([dict]) => dict);
}

let client: { key: string; value: Promise<VoiceClient> } | undefined;

/** The client for the configured mode, one per page (recreated only if the mode changes). */
export async function loadVoiceClient(): Promise<VoiceClient> {
  const config = await voiceConfig();
  const key = config.mode === 'vapi' ? `vapi:${config.publicKey}:${config.assistantId}` : 'demo';
  if (client?.key !== key) {
    const entry = {
      key,
      value:
        config.mode === 'vapi'
          ? import('./vapiClient').then((m): VoiceClient => new m.VapiClient(config))
          : import('./demoClient').then((m): VoiceClient => new m.DemoClient({ loadDictionary: loadDemoDictionary })),
    };
    client = entry;
    // A failed chunk download may succeed next time.
    entry.value.catch(() => {
      if (client === entry) client = undefined;
    });
  }
  return client.value;
}

/** Test hook: forget the cached config and client. */
export function resetVoiceConfig(): void {
  cached = undefined;
  client = undefined;
}
