import { describe, expect, it } from 'vitest';
import { softHyphens } from './hyphenate';

const shown = (s: string) => s.replaceAll('\u00AD', '·');

describe('softHyphens', () => {
  it('marks the joints of long Dutch compounds', () => {
    expect(shown(softHyphens('Leadkwalificeerder', 'nl'))).toBe('Lead·kwalificeerder');
    expect(shown(softHyphens('Bezichtigingsplanner', 'nl'))).toBe('Bezichtigings·planner');
    expect(shown(softHyphens('Afsprakenplanner', 'nl'))).toBe('Afspraken·planner');
    expect(shown(softHyphens('Klantenservicemedewerkers', 'nl'))).toBe('Klanten·service·medewerkers');
    expect(shown(softHyphens('Sophie, de afsprakenassistent van uw tandartspraktijk', 'nl'))).toBe(
      'Sophie, de afspraken·assistent van uw tandarts·praktijk',
    );
  });

  it('leaves short words, words without a known part, and other languages alone', () => {
    for (const text of ['Bestellijn', 'Receptie', 'Uw spraakagent', 'Agentschap', 'Onderzoeksinstituut']) {
      expect(softHyphens(text, 'nl')).toBe(text);
    }
    expect(softHyphens('Customerservicerepresentatives', 'en')).toBe('Customerservicerepresentatives');
  });
});
