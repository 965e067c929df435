// Decorative sound wave for the hero. Fixed integer heights keep server and client markup identical;
// the `.wave-bar` animation only runs when the visitor has not asked for reduced motion.
const HEIGHTS = [10, 18, 30, 22, 44, 60, 38, 72, 54, 88, 64, 40, 76, 96, 70, 48, 82, 58, 34, 66, 90, 52, 30, 46, 24, 36, 16, 26, 12, 8];

export function SoundWave() {
  return (
    <svg viewBox="0 0 300 100" aria-hidden="true" preserveAspectRatio="none">
      {HEIGHTS.map((h, i) => (
        <rect
          key={i}
          className="wave-bar"
          x={i * 10 + 2}
          y={50 - h / 2}
          width="5"
          height={h}
          rx="2.5"
          fill={i % 7 == 3 ? '#f5f1e8' : '#ff5b1f'}
          style={{ animationDelay: -((i * 137) % 1800) + 'ms' }}
        />
      ))}
    </svg>
  );
}
