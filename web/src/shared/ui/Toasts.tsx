import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

// sonner's rich colours put mid-red and mid-green text on pale tints (under 4.5:1); these darker text
// colours keep its look and pass WCAG AA (about 8:1).
const COLORS = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fca5a5',
  '--error-text': '#991b1b',
  '--success-bg': '#f0fdf4',
  '--success-border': '#86efac',
  '--success-text': '#166534',
} as CSSProperties;

/** sonner's toast outlet (lazy chunk). Top centre: on a phone it covers the header, not the form. */
export default function Toasts({ label }: { label: string }) {
  return <Toaster position="top-center" richColors duration={6000} style={COLORS} containerAriaLabel={label} />;
}
