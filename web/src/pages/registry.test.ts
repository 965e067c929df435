import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, INDEXED_PATHS, PRERENDERED_PATHS } from '../entry.server';
import { SCREEN_MODULES } from '../routes';
import { screens } from './registry';

describe('page registry', () => {
  it('names only route modules that exist, and every route module is named', () => {
    const named = screens().flatMap(([, s]) => [s.module, ...(s.children ?? []).map((sub) => sub.module)]);
    // BackToScreen is routes.tsx's own: the catch-all below a client-only screen.
    const files = Object.keys(SCREEN_MODULES).map((key) => key.replace(/^\.\/(.+)\.tsx$/, '$1'));
    expect(files.sort()).toEqual([...named, 'BackToScreen'].sort());
  });

  it('route modules export the Component React Router renders', async () => {
    for (const [key, load] of Object.entries(SCREEN_MODULES)) {
      expect(typeof (await load()).Component, key).toBe('function');
    }
  });

  it('gives the prerender, the sitemap and the Go server their lists', () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/features', '/pricing', '/quote', '/personalized', '/auth']);
    expect(INDEXED_PATHS).toEqual(['/', '/features', '/pricing', '/quote', '/personalized']);
    expect(CLIENT_ROUTES).toEqual(['/dashboard']);
  });
});
