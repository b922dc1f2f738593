import type { Colour } from './sgr.js';

/**
 * A colour as the styled screen names it: a palette name as it is (`green`, `redBright`), a
 * `#rrggbb` one with an approximate name first, `green(#6aaa64)`. A model reads the name; the code
 * keeps two greens apart. Names go by hue, not by the nearest palette entry: Wordle's green
 * `#6aaa64` is nearer the palette's gray than its green, yet anyone calls it green.
 */
export function colourName(colour: Colour): string {
  const rgb = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!rgb) return colour;
  const [r, g, b] = rgb.slice(1).map((h) => Number.parseInt(h, 16) / 255) as [number, number, number];
  return `${approximateName(r, g, b)}(${colour.toLowerCase()})`;
}

/** One word for a colour given as red, green and blue in 0–1: a hue with `dark`/`light`, or a gray. */
export function approximateName(r: number, g: number, b: number): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  const lightness = (max + min) / 2;
  // Little chroma: a gray, whatever its hue.
  if (chroma < 0.12) {
    if (lightness < 0.15) return 'black';
    if (lightness < 0.35) return 'darkgray';
    if (lightness < 0.7) return 'gray';
    if (lightness < 0.9) return 'lightgray';
    return 'white';
  }
  const hue = hueOf(r, g, b, max, chroma);
  const name = hueName(hue);
  if ((name === 'orange' || name === 'yellow') && lightness < 0.3) return 'brown';
  if (lightness < 0.25) return `dark${name}`;
  if (lightness > 0.8) return `light${name}`;
  return name;
}

function hueOf(r: number, g: number, b: number, max: number, chroma: number): number {
  let h: number;
  if (max === r) h = ((g - b) / chroma) % 6;
  else if (max === g) h = (b - r) / chroma + 2;
  else h = (r - g) / chroma + 4;
  return (h * 60 + 360) % 360;
}

/** Hue bands, in degrees, as people name them (not equal widths: green and blue are wide). */
function hueName(hue: number): string {
  if (hue < 15 || hue >= 345) return 'red';
  if (hue < 40) return 'orange';
  if (hue < 70) return 'yellow';
  if (hue < 160) return 'green';
  if (hue < 200) return 'cyan';
  if (hue < 255) return 'blue';
  if (hue < 290) return 'purple';
  if (hue < 330) return 'magenta';
  return 'pink';
}
