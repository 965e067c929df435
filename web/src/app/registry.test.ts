import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../shared/pages';
import { CLIENT_ROUTES, INDEXED_PATHS, PRERENDERED_PATHS } from './entry.server';
import { SCREENS, screens } from './registry';

describe('page registry', () => {
  it('loads a route module (with the Component React Router renders) for every screen and sub-screen', async () => {
    for (const [id, screen] of screens()) {
      for (const { load } of [screen, ...(screen.children ?? [])]) {
        expect(typeof (await load()).Component, id).toBe('function');
      }
    }
  });

  it('registers every route module (a module exporting a Component) of the features and the app', async () => {
    const registered = new Set<unknown>([await import('./BackToScreen')]);
    for (const [, screen] of screens()) {
      for (const { load } of [screen, ...(screen.children ?? [])]) registered.add(await load());
    }
    const files = import.meta.glob<Record<string, unknown>>(['./*.tsx', '../features/**/*.tsx', '!./entry.*.tsx', '!**/*.test.tsx']);
    const routeModules = [];
    for (const [file, load] of Object.entries(files)) {
      const mod = await load();
      if (!('Component' in mod)) continue;
      routeModules.push(file);
      expect(registered.has(mod), file).toBe(true);
    }
    expect(routeModules.length).toBe(registered.size);
  });

  it('gives every screen the path that shared/pages.ts, which the features link with, has for it', () => {
    expect(Object.keys(SCREENS)).toEqual(Object.keys(PAGE_PATHS));
    for (const [id, screen] of screens()) expect(screen.path, id).toBe(PAGE_PATHS[id]);
  });

  it('gives the prerender, the sitemap and the Go server their lists', () => {
    expect(PRERENDERED_PATHS).toEqual([
      '/',
      '/features',
      '/pricing',
      '/quote',
      '/quote/thanks',
      '/personalized',
      '/contact',
      '/privacy',
      '/subprocessors',
      '/help',
      '/auth',
    ]);
    expect(INDEXED_PATHS).toEqual([
      '/',
      '/features',
      '/pricing',
      '/quote',
      '/personalized',
      '/contact',
      '/privacy',
      '/subprocessors',
      '/help',
    ]);
    expect(CLIENT_ROUTES).toEqual(['/dashboard', '/console']);
  });
});
