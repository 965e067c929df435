import type { Dictionary } from '../types';
import { serverPageTrouble } from './serverPage';

// Uitschakelpagina's: de links in e-mails die ze uitzetten, die de Go-server zelf beantwoordt, zonder de app
// (internal/web/alerts.go, internal/web/reports.go).
const unsubscribe = {
  unsubscribe: {
    alerts: {
      title: 'Meldingen over gesprekken van {agent} stoppen?',
      ask: 'U krijgt e-mails over de gesprekken van {agent} (bestelling #{number}). Wilt u die stoppen? U kunt ze op uw profielpagina weer aanzetten.',
      button: 'Deze meldingen stoppen',
      done: 'Meldingen over gesprekken van {agent} staan uit.',
      again: 'U kunt ze op uw profielpagina weer aanzetten.',
      profile: 'Naar uw profiel',
      badLink: {
        title: 'Deze link werkt niet',
        text: 'Deze link is niet (meer) geldig. Log in en kies uw meldingen op uw profielpagina.',
      },
    },
    digest: {
      title: 'Weekoverzicht stopzetten?',
      ask: 'U ontvangt dan op maandag geen e-mail meer over de week van uw agenten. U kunt het op uw profielpagina weer aanzetten.',
      button: 'Weekoverzicht stopzetten',
      doneTitle: 'Het weekoverzicht staat uit',
      done: 'U ontvangt het niet meer. U kunt het op uw profielpagina weer aanzetten.',
      profile: 'Naar uw profiel',
      badLink: {
        title: 'Deze link is niet geldig',
        text: 'Mogelijk is hij onderweg veranderd. U kunt het weekoverzicht uitzetten op uw profielpagina.',
      },
    },
    ...serverPageTrouble,
  },
} satisfies Pick<Dictionary, 'unsubscribe'>;

export default unsubscribe;
