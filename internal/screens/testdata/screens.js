// A stand-in for the build's screens.js (web/src/app/entry.screens.tsx): the same global, the same
// input, and a render for each way a real one can end.
var renders = 0; // how many renders this engine has run: always 1 in a fresh one
globalThis.renderScreen = async function (arg) {
  renders++;
  var data = JSON.parse(arg.data);
  switch (arg.url) {
    case '/slow':
      for (;;) {}
    case '/reject':
      throw new Error('the screen failed');
    case '/pending':
      return new Promise(function () {});
    case '/console':
      console.error('a warning from the script');
      break;
  }
  await Promise.resolve(); // a job, as the router's loaders make
  var p = arg.zoneParts(Date.UTC(2026, 2, 29, 1, 30)); // half an hour after Amsterdam went to summer time
  var url = new URL('http://screen.invalid' + arg.url);
  return '<p>' + url.pathname + ' ' + data.name + ' ' + renders + ' ' + arg.timeZone + ' ' +
    p.year + '-' + (p.month + 1) + '-' + p.day + ' ' + p.hour + ':' + p.minute + ' ' + p.weekday + '</p>';
};
