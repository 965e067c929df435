import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadVoiceClient, resetVoiceConfig, voiceConfig } from './config';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('voice config and mode selection', () => {
  const fetchMock = vi.fn<(url: string) => Promise<Response>>();
  beforeEach(() => {
    resetVoiceConfig();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks the server once and picks the Vapi client for mode vapi', async () => {
    fetchMock.mockResolvedValue(json({ mode: 'vapi', publicKey: 'pk', assistantId: 'asst' }));
    const client = await loadVoiceClient();
    expect(client.mode).toBe('vapi');
    expect(await loadVoiceClient()).toBe(client);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/voice/config');
  });

  it('picks the demo client for mode demo', async () => {
    fetchMock.mockResolvedValue(json({ mode: 'demo' }));
    expect((await loadVoiceClient()).mode).toBe('demo');
  });

  it('falls back to the demo for this call when the config cannot be used, and asks again next time', async () => {
    fetchMock.mockResolvedValueOnce(json({}, 503));
    expect(await voiceConfig()).toEqual({ mode: 'demo' });
    fetchMock.mockResolvedValueOnce(json({ mode: 'vapi', publicKey: 'pk' })); // no assistantId
    expect(await voiceConfig()).toEqual({ mode: 'demo' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await voiceConfig()).toEqual({ mode: 'demo' });
    fetchMock.mockResolvedValueOnce(json({ mode: 'vapi', publicKey: 'pk', assistantId: 'asst' }));
    expect(await voiceConfig()).toEqual({ mode: 'vapi', publicKey: 'pk', assistantId: 'asst' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(console.warn).toHaveBeenCalledTimes(3);
  });
});
