// A small MIME reader for the test mail sink: enough for the site's own messages (multipart/alternative
// with text and HTML parts, quoted-printable or base64, UTF-8; multipart/mixed with attachments, such as
// an invoice's PDF and UBL XML). The registry here lacks mailparser's deps.

/** Splits a raw message (or part) into lower-cased, unfolded headers and the body. */
function splitPart(raw) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header, name) {
  const m = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return m ? m[1] : undefined;
}

function decodeBody(body, encoding) {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const text = body.replace(/=\r?\n/g, '');
      const bytes = [];
      for (let i = 0; i < text.length; i++) {
        const hex = text.slice(i + 1, i + 3);
        if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(parseInt(hex, 16));
          i += 2;
        } else {
          bytes.push(...Buffer.from(text[i], 'utf8'));
        }
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header. */
export function decodeHeader(value = '') {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_, _charset, kind, text) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Collects every leaf part as { type, text, headers, body } (body: the part as it came, still encoded). */
function leaves(raw, out = []) {
  const { headers, body } = splitPart(raw);
  const type = (headers['content-type'] ?? 'text/plain').split(';')[0].toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary');
    for (const piece of body.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      leaves(piece.replace(/^\r?\n/, ''), out);
    }
  } else {
    out.push({ type, text: decodeBody(body, headers['content-transfer-encoding']), headers, body });
  }
  return out;
}

/** A part's file name (Content-Disposition filename, else Content-Type name), RFC 2047 decoded; '' when none. */
function fileName(headers) {
  return decodeHeader(param(headers['content-disposition'], 'filename') ?? param(headers['content-type'], 'name') ?? '');
}

/** A part sent as a file: its name, type, size in bytes and content (base64). */
function attachment(part) {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  const data =
    encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeBody(part.body, encoding), 'utf8');
  return { filename: fileName(part.headers), contentType: part.type, size: data.length, base64: data.toString('base64') };
}

const isAttachment = (part) => /^attachment/i.test(part.headers['content-disposition'] ?? '') || fileName(part.headers) !== '';

export function parseMessage(raw) {
  const { headers } = splitPart(raw);
  const all = leaves(raw);
  const parts = all.filter((p) => !isAttachment(p));
  return {
    from: decodeHeader(headers.from),
    to: decodeHeader(headers.to),
    subject: decodeHeader(headers.subject),
    contentType: (headers['content-type'] ?? '').split(';')[0].toLowerCase(),
    // RFC 2369 / RFC 8058: the one-click unsubscribe link of a list-like email (call alerts).
    listUnsubscribe: headers['list-unsubscribe'] ?? '',
    listUnsubscribePost: headers['list-unsubscribe-post'] ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.text ?? '',
    html: parts.find((p) => p.type === 'text/html')?.text ?? '',
    // Files sent with the message (an invoice's PDF and XML), in order.
    attachments: all.filter(isAttachment).map(attachment),
  };
}
