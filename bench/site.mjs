// Starts the built binary (bin/site) on a port with a throwaway data directory, for the browser benches.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * bin/site (or `binary`) on 127.0.0.1:port, ready (healthz answered); stop() ends it and removes its data.
 * `launcher` is a command the binary runs under (['taskset', '-c', '1'] pins it to a processor).
 */
export async function startSite(port, binary = join(root, 'bin/site'), launcher = []) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-site-'));
  const origin = `http://127.0.0.1:${port}`;
  const [command, ...args] = [...launcher, binary];
  const server = spawn(command, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: 'inherit',
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return { origin, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('bin/site did not start');
}

/** Writes a bench's report to bench/results/<file> and prints it. */
export function report(file, lines) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results', file), lines.join('\n') + '\n');
  console.log(lines.join('\n'));
}
