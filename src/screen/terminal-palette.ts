import type { Colour } from './sgr.js';

/**
 * The colours a screenshot paints with. Ink (through chalk) names the 16 palette colours and leaves
 * their look to the terminal; a picture must pick one: xterm's defaults, the palette most terminal
 * themes start from. The default text and background (no SGR colour) are a dark theme's, apart from
 * the palette's black and white, so that `color="black"` text stays visible as it does in most
 * terminals.
 */
export const DEFAULT_FOREGROUND = '#e5e5e5';
export const DEFAULT_BACKGROUND = '#1e1e1e';

const PALETTE_HEX: Readonly<Record<string, string>> = {
  black: '#000000',
  red: '#cd0000',
  green: '#00cd00',
  yellow: '#cdcd00',
  blue: '#0000ee',
  magenta: '#cd00cd',
  cyan: '#00cdcd',
  white: '#e5e5e5',
  gray: '#7f7f7f',
  redBright: '#ff0000',
  greenBright: '#00ff00',
  yellowBright: '#ffff00',
  blueBright: '#5c5cff',
  magentaBright: '#ff00ff',
  cyanBright: '#00ffff',
  whiteBright: '#ffffff',
};

/** `#rrggbb` for a colour of the styled screen (a palette name or a code), or undefined if unknown. */
export function colourHex(colour: Colour | undefined): string | undefined {
  if (colour === undefined) return undefined;
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour.toLowerCase();
  return Object.hasOwn(PALETTE_HEX, colour) ? PALETTE_HEX[colour] : undefined;
}

/** Halfway from `colour` to `toward` (how a dim style shows: text faded into its background). */
export function blend(colour: string, toward: string): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const mixed = [0, 1, 2].map((i) => Math.round((channel(colour, i) + channel(toward, i)) / 2));
  return `#${mixed.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
