// A fake of Vapi's REST API (https://api.vapi.ai) for the end-to-end suite: the site under test is pointed
// at it (VAPI_API_URL, with a made-up VAPI_PRIVATE_KEY), so nothing reaches the paid service. It answers what
// the site asks (an assistant's PATCH and GET, the call backfill's list, a deleted call's DELETE /call/{id}) and
// keeps every request, which tests read back over GET /requests?method=&path= (the agent-settings spec: the PATCH
// an approval sends; the calls spec: the DELETE a buyer's delete sends).
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_VAPI_PORT ?? 3127);
const requests = [];

createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const reply = (status, body) => {
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/healthz') return void res.end('ok');
    if (url.pathname === '/requests' && req.method === 'GET') {
      const method = url.searchParams.get('method');
      const path = url.searchParams.get('path');
      return reply(
        200,
        requests.filter((r) => (!method || r.method === method) && (!path || r.path === path)),
      );
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    // Only a request with the key counts, as at Vapi.
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) return reply(401, { message: 'Invalid Key' });
    requests.push({ method: req.method, path: url.pathname, query: url.search, body, at: new Date().toISOString() });
    const assistant = url.pathname.match(/^\/assistant\/([^/]+)$/);
    if (assistant && (req.method === 'GET' || req.method === 'PATCH')) {
      // An assistant with the agency's own prompt, which a settings update must keep.
      const base = {
        id: assistant[1],
        name: 'E2E assistant',
        firstMessage: 'Hello!',
        model: { provider: 'openai', model: 'gpt-4o', messages: [{ role: 'system', content: 'You are the agency prompt.' }] },
      };
      return reply(200, { ...base, ...(req.method === 'PATCH' && body && typeof body === 'object' ? body : {}) });
    }
    if (url.pathname === '/call' && req.method === 'GET') return reply(200, []);
    return reply(200, {});
  });
}).listen(port, '127.0.0.1');
