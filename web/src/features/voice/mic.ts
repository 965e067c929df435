// Microphone helpers shared by both clients. Constants from spec §9: the level is sampled every 100 ms,
// normalised by 0.15 and capped at 1.
export const LEVEL_INTERVAL_MS = 100;
const LEVEL_SCALE = 0.15;

/** Same normalisation as the voice platform uses for its levels. */
export function normaliseLevel(raw: number): number {
  return Math.min(1, Math.max(0, raw) / LEVEL_SCALE);
}

/**
 * Asks for the microphone. Resolves null when the browser has none, the page is not a secure context, or
 * the visitor (or a policy) said no; never rejects.
 */
export async function openMicrophone(): Promise<MediaStream | null> {
  try {
    return (await navigator.mediaDevices?.getUserMedia({ audio: true })) ?? null;
  } catch {
    return null;
  }
}

export function closeStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/**
 * Samples the stream's RMS level every 100 ms through an AnalyserNode and reports it normalised (0..1).
 * Returns the function that stops sampling. Without Web Audio it reports nothing.
 */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const Ctx = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return () => {};
  let ctx: AudioContext;
  try {
    ctx = new Ctx();
  } catch {
    return () => {};
  }
  const analyser = ctx.createAnalyser();
  analyser.fftSize = 1024;
  ctx.createMediaStreamSource(stream).connect(analyser);
  // Created after a click, but a permission prompt may have outlived the user activation.
  void ctx.resume().catch(() => {});
  const samples = new Float32Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += s * s;
    onLevel(normaliseLevel(Math.sqrt(sum / samples.length)));
  }, LEVEL_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    void ctx.close().catch(() => {});
  };
}
