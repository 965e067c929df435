// The monthly report's months (YYYY-MM) and the busiest-hours table's shades.

/** The month before (-1) or after (+1) YYYY-MM. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The month now is in, YYYY-MM, in the browser's zone. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** A cell's shade, 0 (no calls) to 4 (the busiest hour): the table's numbers say the same in words. */
export function level(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return Math.max(1, Math.ceil((count / max) * 4));
}
