import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { errorText } from '../util/text.js';
import { CELL } from './screen-svg.js';

/** Turns an SVG document into the bytes of a PNG image of it. */
export type RasterizeSvg = (svg: string) => Promise<Uint8Array>;

/** Loads a rasterizer; rejects (with why) when it cannot be loaded. */
export type RasterizerLoader = () => Promise<RasterizeSvg>;

/** What the `screenshots` option may say besides `true`. */
export interface ScreenshotOptions {
  /**
   * Loads what turns the screen's SVG into PNG bytes, at the first screenshot.
   * @default `@resvg/resvg-js` with DejaVu Sans Mono from `dejavu-fonts-ttf` (optional peer dependencies)
   */
  rasterizer?: RasterizerLoader;
}

/** The optional packages the default rasterizer needs, as `npm install` takes them. */
export const SCREENSHOT_PACKAGES = ['@resvg/resvg-js@^2.6.2', 'dejavu-fonts-ttf@^2.37.3'] as const;

/** A PNG, or why none could be made. */
export type PngResult =
  | { ok: true; png: Uint8Array }
  | { ok: false; code: 'rasterizer_unavailable' | 'rasterize_failed'; reason: string };

/**
 * Makes PNGs with a rasterizer loaded at the first one (so that a server that never takes a
 * screenshot never loads a native module). A load that failed is tried again at the next one: the
 * packages may have been installed meanwhile.
 */
export class PngRasterizer {
  readonly #load: RasterizerLoader;
  #ready: Promise<RasterizeSvg> | undefined;

  constructor(load: RasterizerLoader = loadResvg) {
    this.#load = load;
  }

  async png(svg: string): Promise<PngResult> {
    let rasterize: RasterizeSvg;
    try {
      this.#ready ??= this.#load();
      rasterize = await this.#ready;
    } catch (error) {
      this.#ready = undefined;
      return { ok: false, code: 'rasterizer_unavailable', reason: errorText(error) };
    }
    try {
      return { ok: true, png: await rasterize(svg) };
    } catch (error) {
      return { ok: false, code: 'rasterize_failed', reason: errorText(error) };
    }
  }
}

/** The part of `@resvg/resvg-js` used here (its own types are a dev dependency's). */
interface Resvg {
  renderAsync(
    svg: string,
    options: {
      font: {
        loadSystemFonts: boolean;
        fontFiles: string[];
        defaultFontFamily: string;
        monospaceFamily: string;
      };
      logLevel: 'off';
    },
  ): Promise<{ asPng(): Uint8Array }>;
}

/** The faces of DejaVu Sans Mono a screen uses: regular, bold, oblique, both. */
const FACES = [
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
  'DejaVuSansMono-Oblique.ttf',
  'DejaVuSansMono-BoldOblique.ttf',
];

let shared: Promise<RasterizeSvg> | undefined;

/**
 * `@resvg/resvg-js` (prebuilt native binaries; it paints on libuv's thread pool, off the app's event
 * loop; the PNG is encoded on the loop, a few ms) with DejaVu Sans Mono from `dejavu-fonts-ttf` and no system fonts: a machine with none
 * installed draws the same picture. Loaded once per process.
 */
export function loadResvg(): Promise<RasterizeSvg> {
  shared ??= load().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

async function load(): Promise<RasterizeSvg> {
  const require = createRequire(import.meta.url);
  let fontDir: string;
  try {
    fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  } catch {
    throw new Error('the package dejavu-fonts-ttf (the monospace font) is not installed');
  }
  const fontFiles = FACES.map((face) => join(fontDir, face));
  const absent = fontFiles.find((file) => !existsSync(file));
  if (absent !== undefined) throw new Error(`the font file ${absent} is missing`);
  try {
    require.resolve('@resvg/resvg-js');
  } catch {
    throw new Error('the package @resvg/resvg-js (the SVG rasterizer) is not installed');
  }
  let resvg: Resvg;
  try {
    const module = (await import('@resvg/resvg-js')) as Partial<Resvg> & { default?: Partial<Resvg> };
    const found = typeof module.renderAsync === 'function' ? module : module.default;
    if (typeof found?.renderAsync !== 'function') throw new Error('it has no renderAsync');
    resvg = found as Resvg;
  } catch (error) {
    // Installed, yet not loadable: typically no prebuilt binary for this platform was installed.
    throw new Error(`the package @resvg/resvg-js did not load (${errorText(error)})`);
  }
  const font = {
    loadSystemFonts: false,
    fontFiles,
    defaultFontFamily: CELL.fontFamily,
    monospaceFamily: CELL.fontFamily,
  };
  // No log lines from the native side: stdout is the protocol's, and a missing glyph is not news.
  return async (svg) => (await resvg.renderAsync(svg, { font, logLevel: 'off' })).asPng();
}
