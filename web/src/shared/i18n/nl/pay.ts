import type { Dictionary } from '../types';
import { serverPageTrouble } from './serverPage';

// Betaalpagina: de betaallink van een factuur (/pay/{invoiceId}?s=…), die de Go-server zelf beantwoordt,
// zonder de app (internal/web/payments.go).
const pay = {
  pay: {
    paid: {
      title: 'Factuur {number} is betaald',
      text: 'Dank u wel: we hebben {amount} ontvangen.',
      on: 'Betaald op {date}.',
    },
    processing: {
      title: 'Uw betaling wordt verwerkt',
      text: 'Uw bank verwerkt de betaling van factuur {number} ({amount}) nog. Zodra die klaar is, staat de factuur als betaald; u hoeft niet opnieuw te betalen.',
    },
    notCompleted: {
      title: 'De betaling is niet afgerond',
      text: 'Factuur {number} ({amount}) staat nog open. U kunt het opnieuw proberen of de factuur per bankoverschrijving betalen.',
    },
    mollieDown: {
      title: 'Online betalen kan nu even niet',
      text: 'Probeer het over een paar minuten opnieuw, of betaal factuur {number} ({amount}) per bankoverschrijving.',
    },
    credited: {
      title: 'Niets meer te betalen',
      text: 'Factuur {number} is volledig gecrediteerd: er staat niets meer open.',
    },
    button: 'Betalen met iDEAL',
    transfer: 'Bankoverschrijving: {amount} naar {iban} ten name van {name}, onder vermelding van {number}.',
    invoices: 'Uw facturen',
    badLink: {
      title: 'Deze link werkt niet',
      text: 'Deze betaallink is niet geldig. Log in om uw facturen te zien.',
    },
    ...serverPageTrouble,
    months: {
      january: 'januari',
      february: 'februari',
      march: 'maart',
      april: 'april',
      may: 'mei',
      june: 'juni',
      july: 'juli',
      august: 'augustus',
      september: 'september',
      october: 'oktober',
      november: 'november',
      december: 'december',
    },
  },
} satisfies Pick<Dictionary, 'pay'>;

export default pay;
