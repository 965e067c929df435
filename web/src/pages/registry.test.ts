import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, INDEXED_PATHS, PRERENDERED_PATHS } from '../entry.server';
import { screens } from './registry';

describe('page registry', () => {
  it('loads a route module (with the Component React Router renders) for every screen and sub-screen', async () => {
    for (const [id, screen] of screens()) {
      for (const { load } of [screen, ...(screen.children ?? [])]) {
        expect(typeof (await load()).Component, id).toBe('function');
      }
    }
  });

  it('registers every route module directly in pages/ (their parts live in subfolders)', async () => {
    const registered = new Set<unknown>([await import('./BackToScreen')]);
    for (const [, screen] of screens()) {
      for (const { load } of [screen, ...(screen.children ?? [])]) registered.add(await load());
    }
    const files = import.meta.glob(['./*.tsx', '!./*.test.tsx']);
    for (const [file, load] of Object.entries(files)) expect(registered.has(await load()), file).toBe(true);
  });

  it('gives the prerender, the sitemap and the Go server their lists', () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/features', '/pricing', '/quote', '/quote/thanks', '/personalized', '/contact', '/privacy', '/help', '/auth']);
    expect(INDEXED_PATHS).toEqual(['/', '/features', '/pricing', '/quote', '/personalized', '/contact', '/privacy', '/help']);
    expect(CLIENT_ROUTES).toEqual(['/dashboard', '/console']);
  });
});
