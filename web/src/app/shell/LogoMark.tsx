// The Belwise mark (three sound-wave bars on an ink tile), drawn by the `.logo-mark` CSS class with the
// same SVG as favicon.svg, so it adds no bytes to the JS. Decorative: the brand name is the text.
export function LogoMark() {
  return <span className="logo-mark" aria-hidden="true" />;
}
