import type { PngRasterizer, PngResult } from '../../screen/png-rasterizer.js';
import { SCREENSHOT_PACKAGES } from '../../screen/png-rasterizer.js';
import { screenSvg } from '../../screen/screen-svg.js';
import { Screenshot } from '../../screen/screenshot.js';
import { ActionError } from '../../walker/action-error.js';
import { SCREEN_SCREENSHOT } from '../../walker/builtin-catalog.js';
import type { ActionSpec } from '../../walker/types.js';
import { spec } from './catalog-spec.js';
import type { BuiltinHost } from './host.js';

/**
 * The most pixels a screenshot has (4096 × 4096): a 100 × 30 terminal is 486,000; one of 1,000 × 1,000
 * cells (the launcher's largest) would take 650 MB to paint.
 */
const MAX_PIXELS = 4096 * 4096;

/**
 * `screen.screenshot {}`: the screen as a PNG (screen-svg.ts draws it, the rasterizer paints it), and
 * as the text `screen.read` gives, for a model that cannot see images.
 */
export function screenshotSpec(
  host: BuiltinHost,
  rasterizer: PngRasterizer,
  describe: (host: BuiltinHost) => string,
): ActionSpec {
  return {
    ...spec(SCREEN_SCREENSHOT),
    run: async () => {
      // What the app has scheduled (an effect's update) is part of "now".
      await host.settled();
      const picture = host.picture();
      if (picture === undefined)
        throw new ActionError('ink-mcp: this session has no screen to take a picture of.');
      const { svg, width, height } = screenSvg(picture.lines, picture.size);
      if (width * height > MAX_PIXELS)
        throw new ActionError(
          `ink-mcp: screen.screenshot: a picture of this terminal (${picture.size.columns} × ${picture.size.rows} cells) would be ${width} × ${height} px, more than the ${MAX_PIXELS.toLocaleString('en-US')} pixels a screenshot may have (picture_too_large). Read it with screen.read {"styles": true}.`,
        );
      const made = await rasterizer.png(svg);
      if (!made.ok) throw new ActionError(problem(made));
      const { columns, rows } = picture.size;
      const lead = `The image (PNG, ${width} × ${height} px) shows the terminal's ${columns} columns × ${rows} rows as a person sees them; the same screen as text:`;
      return new Screenshot(`${lead}\n\n${describe(host)}`, made.png, width, height);
    },
  };
}

/** A screenshot that could not be made, worded for the model (and the person reading its log). */
function problem(made: Extract<PngResult, { ok: false }>): string {
  if (made.code === 'rasterizer_unavailable')
    return (
      `ink-mcp: screen.screenshot cannot make a picture (${made.code}): ${made.reason}. ` +
      `Screenshots need optional packages installed next to ink-mcp: npm install ${SCREENSHOT_PACKAGES.join(' ')}. ` +
      'Tell the user; meanwhile screen.read {"styles": true} shows the colours as text.'
    );
  return (
    `ink-mcp: screen.screenshot could not draw the screen (${made.code}): ${made.reason}. ` +
    'screen.read {"styles": true} shows it, with its colours, as text.'
  );
}
