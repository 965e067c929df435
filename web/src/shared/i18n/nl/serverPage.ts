import type { serverPageTrouble as en } from '../en/serverPage';

// Wat elke pagina die de Go-server zelf beantwoordt zegt als de database niet bereikbaar is of er iets misgaat
// (de betaalpagina, pay.ts; de uitschakelpagina's, unsubscribe.ts).
export const serverPageTrouble = {
  unavailable: {
    title: 'Tijdelijk niet beschikbaar',
    text: 'Probeer het over een minuut opnieuw.',
  },
  error: {
    title: 'Er ging iets mis',
    text: 'Probeer het over een minuut opnieuw.',
  },
} satisfies typeof en;
