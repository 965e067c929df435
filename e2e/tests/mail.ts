import { expect } from '@playwright/test';
import { mailSinkURL } from '../playwright.config';

export interface SinkMessage {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  contentType: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers ('' when absent). */
  listUnsubscribe: string;
  listUnsubscribePost: string;
  /** When the sink accepted it (ISO 8601). */
  receivedAt: string;
  /** The files sent with it, in order: name, MIME type, size in bytes and content in base64. */
  attachments: SinkAttachment[];
}

export interface SinkAttachment {
  filename: string;
  contentType: string;
  size: number;
  base64: string;
}

/** Messages the site has delivered over SMTP to `to` so far. */
export async function messagesTo(to: string): Promise<SinkMessage[]> {
  const res = await fetch(`${mailSinkURL}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as SinkMessage[];
}

/** Waits until `count` messages to `to` have arrived (the outbox worker sends within a second or two). */
export async function waitForMail(to: string, count = 1): Promise<SinkMessage[]> {
  let found: SinkMessage[] = [];
  await expect
    .poll(async () => (found = await messagesTo(to)).length, { timeout: 15_000, message: `email to ${to}` })
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The site-relative link with `#kind=…` in a message's text part (the URL's origin is SITE_URL). */
export function linkIn(message: SinkMessage, kind: 'verify' | 'reset' | 'invite'): string {
  const m = new RegExp(`https?://[^\\s]+#${kind}=[A-Za-z0-9_-]+`).exec(message.text);
  if (!m) throw new Error(`no ${kind} link in:\n${message.text}`);
  expect(message.html, 'the HTML part carries the same link').toContain(m[0].split('#')[1]);
  return new URL(m[0]).pathname + new URL(m[0]).hash;
}

let counter = 0;
/** A fresh address per test, so parallel tests never share an inbox or an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}
