import { serverPageTrouble } from './serverPage';

// Pay page: an invoice's pay link (/pay/{invoiceId}?s=…), which the Go server answers itself, without the
// app (internal/web/payments.go). No screen loads this namespace: the build exports it (payMessages,
// app/payMessages.ts) into the server's _internal/pay.json. The server fills in {number} (the invoice's),
// {amount} (what is open of it), {iban} and {name} (the seller's account) and {date} (when it was paid).
// English source strings.
const pay = {
  pay: {
    paid: {
      title: 'Invoice {number} is paid',
      text: 'Thank you: we received {amount}.',
      on: 'Paid on {date}.',
    },
    processing: {
      title: 'Your payment is being processed',
      text: 'Your bank is still processing the payment of invoice {number} ({amount}). Once it is done, the invoice shows as paid; there is no need to pay again.',
    },
    notCompleted: {
      title: 'The payment was not completed',
      text: 'Invoice {number} ({amount}) is still open. You can try again, or pay it by bank transfer.',
    },
    // Mollie cannot be reached: the page gives the bank transfer details instead.
    mollieDown: {
      title: 'Online payment is not available right now',
      text: 'Please try again in a few minutes, or pay invoice {number} ({amount}) by bank transfer.',
    },
    credited: {
      title: 'Nothing left to pay',
      text: 'Invoice {number} has been credited in full: nothing is left to pay.',
    },
    button: 'Pay with iDEAL',
    transfer: 'Bank transfer: {amount} to {iban} in the name of {name}, with reference {number}.',
    invoices: 'Your invoices',
    // Said in both languages (the invoice, and so its language, is not known): no placeholders.
    badLink: {
      title: 'This link does not work',
      text: 'This payment link is not valid. Sign in to see your invoices.',
    },
    ...serverPageTrouble,
    // The paid date, as "28 November 2026".
    months: {
      january: 'January',
      february: 'February',
      march: 'March',
      april: 'April',
      may: 'May',
      june: 'June',
      july: 'July',
      august: 'August',
      september: 'September',
      october: 'October',
      november: 'November',
      december: 'December',
    },
  },
};

export default pay;
