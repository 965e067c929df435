import { serverPageTrouble } from './serverPage';

// One-click off pages: the links in emails that turn them off, which the Go server answers itself, without the
// app: a call alert's unsubscribe link (/alerts/unsubscribe/{token}, internal/web/alerts.go) and the weekly
// digest's off link (/api/digests/off, internal/web/reports.go). No screen loads this namespace: the build
// exports it (unsubscribeMessages, app/unsubscribeMessages.ts) into the server's _internal/unsubscribe.json. The
// server fills in {agent} (the agent's name) and {number} (its order's) in a call alert's words.
// English source strings.
const unsubscribe = {
  unsubscribe: {
    alerts: {
      title: 'Stop call alerts for {agent}?',
      ask: 'You get emails about the calls of {agent} (order #{number}). Stop them? You can turn them on again on your profile page.',
      button: 'Stop these alerts',
      done: 'Call alerts for {agent} are off.',
      again: 'You can turn them on again on your profile page.',
      profile: 'Go to your profile',
      // Said in both languages (the link, and so its language, is not known): no placeholders.
      badLink: {
        title: 'This link does not work',
        text: 'This link is not valid (any more). Sign in and choose your alerts on your profile page.',
      },
    },
    digest: {
      title: 'Stop the weekly digest?',
      ask: "You will no longer get the Monday email about your agents' week. You can turn it back on on your profile page.",
      button: 'Stop the weekly digest',
      doneTitle: 'The weekly digest is off',
      done: 'You will no longer get it. You can turn it back on on your profile page.',
      profile: 'Go to your profile',
      badLink: {
        title: 'This link is not valid',
        text: 'It may have been changed on the way. You can turn the weekly digest off on your profile page.',
      },
    },
    ...serverPageTrouble,
  },
};

export default unsubscribe;
