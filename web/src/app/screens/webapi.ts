// The few Web APIs the signed-in screens' server render needs (entry.screens.tsx), for the Go server's
// JavaScript engine (goja), which has the language but no browser or Node APIs. URL and URLSearchParams
// come from the Go side (goja_nodejs/url); these are small, synchronous stand-ins that do what React
// Router's static handler, openapi-fetch and React's server renderer ask of them, and no more. Nothing
// here leaves the process: fetch itself is not there, so a request the page did not carry the answer of
// fails, and the screen renders its loading line for it.

type Init = { method?: string; headers?: HeadersInit | Headers; body?: unknown; signal?: AbortSignal | null };

class HeadersLite {
  private map = new Map<string, string>();
  constructor(init?: HeadersInit | HeadersLite) {
    if (!init) return;
    if (init instanceof HeadersLite) init.forEach((v, k) => this.set(k, v));
    else if (Array.isArray(init)) for (const [k, v] of init) this.set(k, v);
    else for (const [k, v] of Object.entries(init)) this.set(k, v);
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), String(value));
  }
  append(name: string, value: string): void {
    const had = this.get(name);
    this.set(name, had === null ? value : `${had}, ${value}`);
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  forEach(fn: (value: string, name: string) => void): void {
    this.map.forEach((v, k) => fn(v, k));
  }
  entries(): IterableIterator<[string, string]> {
    return this.map.entries();
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

class AbortSignalLite {
  aborted = false;
  reason: unknown = undefined;
  addEventListener(): void {}
  removeEventListener(): void {}
  throwIfAborted(): void {}
}

class AbortControllerLite {
  signal = new AbortSignalLite();
  abort(reason?: unknown): void {
    this.signal.aborted = true;
    this.signal.reason = reason;
  }
}

class RequestLite {
  url: string;
  method: string;
  headers: HeadersLite;
  signal: AbortSignalLite;
  body: unknown;
  constructor(input: string | RequestLite | URL, init: Init = {}) {
    const from = input instanceof RequestLite ? input : undefined;
    this.url = from ? from.url : String(input);
    this.method = (init.method ?? from?.method ?? 'GET').toUpperCase();
    this.headers = new HeadersLite((init.headers as HeadersInit | undefined) ?? from?.headers);
    this.signal = (init.signal as unknown as AbortSignalLite | undefined) ?? from?.signal ?? new AbortSignalLite();
    this.body = init.body ?? null;
  }
  clone(): RequestLite {
    return new RequestLite(this);
  }
}

class ResponseLite {
  status: number;
  ok: boolean;
  headers: HeadersLite;
  body: string | null;
  constructor(body?: string | null, init: { status?: number; headers?: HeadersInit } = {}) {
    this.body = body ?? null;
    this.status = init.status ?? 200;
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new HeadersLite(init.headers);
  }
  text(): Promise<string> {
    return Promise.resolve(this.body ?? '');
  }
  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }
  clone(): ResponseLite {
    const copy = new ResponseLite(this.body, { status: this.status });
    copy.headers = new HeadersLite(this.headers);
    return copy;
  }
}

/** UTF-8 only, which is all React's server renderer encodes. */
class TextEncoderLite {
  encoding = 'utf-8';
  encode(text = ''): Uint8Array {
    const bytes: number[] = [];
    for (const ch of text) {
      const c = ch.codePointAt(0)!;
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(bytes);
  }
}

const g = globalThis as Record<string, unknown>;
const missing = (name: string, value: unknown) => {
  if (g[name] === undefined) g[name] = value;
};
missing('Headers', HeadersLite);
missing('Request', RequestLite);
missing('Response', ResponseLite);
missing('AbortController', AbortControllerLite);
missing('AbortSignal', AbortSignalLite);
missing('TextEncoder', TextEncoderLite);
// React's server renderer posts its streaming work on a channel at load; renderToString never streams.
missing(
  'MessageChannel',
  class {
    port1 = { onmessage: null };
    port2 = { postMessage(): void {} };
  },
);
missing('performance', { now: () => Date.now() });
missing('queueMicrotask', (fn: () => void) => void Promise.resolve().then(fn));
// Nothing waits for a timer in a render: the engine runs the promise jobs only, and a timer never fires.
missing('setTimeout', () => 0);
missing('clearTimeout', () => {});
