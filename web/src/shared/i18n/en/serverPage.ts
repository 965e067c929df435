// What every page the Go server answers itself says when the database is down or something fails (the pay
// page, pay.ts; the one-click off pages, unsubscribe.ts): said in both languages, so no placeholders.
// English source strings.
export const serverPageTrouble = {
  unavailable: {
    title: 'Service unavailable',
    text: 'Please try again in a minute.',
  },
  error: {
    title: 'Something went wrong',
    text: 'Please try again in a minute.',
  },
};
