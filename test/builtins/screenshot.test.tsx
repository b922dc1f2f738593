// Issue #31, item 5: screen.screenshot answers the styled screen as a PNG, through a real MCP client.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Box, Text } from 'ink';
import { describe, expect, it } from 'vitest';
import { App } from '../../examples/todo/App.js';
import { COLOUR_HINT } from '../../src/screen/colour-hint.js';
import { CELL } from '../../src/screen/screen-svg.js';
import { DEFAULT_BACKGROUND, DEFAULT_FOREGROUND } from '../../src/screen/terminal-palette.js';
import { type RenderHeadlessOptions, renderHeadless } from '../../src/testing/index.js';
import { colours, type DecodedPng, decodePng, PNG_SIGNATURE, pixel } from '../helpers/png.js';

type Headless = Awaited<ReturnType<typeof renderHeadless>>;

/** One row of cells, each in one style: plain, bold, red background, green block, inverse, a Wordle tile. */
function Swatches() {
  return (
    <Box flexDirection="column">
      <Box>
        <Text>W</Text>
        <Text bold>W</Text>
        <Text backgroundColor="red"> </Text>
        <Text color="green">█</Text>
        <Text inverse>W</Text>
        <Text bold color="white" backgroundColor="#6aaa64">
          {' C '}
        </Text>
      </Box>
      <Text>second &lt;row&gt; &amp; more</Text>
    </Box>
  );
}

async function shoot(app: Headless, name: string): Promise<CallToolResult> {
  return (await app.client.callTool({ name, arguments: {} })) as CallToolResult;
}

/** The answer's one image part, decoded (after checking its signature and mime type). */
function imageOf(result: CallToolResult): DecodedPng {
  const images = result.content.filter((c) => c.type === 'image');
  expect(images).toHaveLength(1);
  const image = images[0] as { data: string; mimeType: string };
  expect(image.mimeType).toBe('image/png');
  const bytes = Buffer.from(image.data, 'base64');
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // IHDR is the first chunk: its width and height, as any PNG reader takes them.
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return decodePng(bytes);
}

const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** The pixels of one cell that are not its background `bg`. */
function inked(png: DecodedPng, column: number, row: number, bg: string): number {
  let count = 0;
  for (const [colour, n] of colours(
    png,
    column * CELL.cellWidth,
    row * CELL.cellHeight,
    CELL.cellWidth,
    CELL.cellHeight,
  ))
    if (colour !== bg) count += n;
  return count;
}

/** The colour at the centre of a cell, and at its top-left corner (background only). */
const centre = (png: DecodedPng, column: number, row: number) =>
  pixel(png, column * CELL.cellWidth + 4, row * CELL.cellHeight + 9);
const corner = (png: DecodedPng, column: number, row: number) =>
  pixel(png, column * CELL.cellWidth, row * CELL.cellHeight);

describe('screen.screenshot', () => {
  it('the todo example: a PNG of the terminal (columns × 9 px, rows × 18 px) with its colours, and the text screen', async () => {
    const app = await renderHeadless(<App initial={[{ text: 'buy milk', done: false }]} />, {
      session: 'todo',
      screenshots: true,
    });
    try {
      const { tools } = await app.client.listTools();
      const names = tools.map((t) => t.name);
      expect(names.filter((n) => n.endsWith('screenshot'))).toEqual(['todo_screen_screenshot']);
      // Listed after the other screen tools, read-only, with no arguments.
      expect(names.indexOf('todo_screen_screenshot')).toBe(names.indexOf('todo_screen_wait_for') + 1);
      const listed = tools.find((t) => t.name === 'todo_screen_screenshot');
      expect(listed?.annotations?.readOnlyHint).toBe(true);
      expect(listed?.inputSchema).toMatchObject({ type: 'object', properties: {} });

      // Tab, Tab: the list has the focus, and its cursor row is cyan.
      await app.client.callTool({ name: 'todo_keyboard_press', arguments: { keys: ['tab', 'tab'] } });
      const result = await shoot(app, 'todo_screen_screenshot');
      expect(result.isError).toBeFalsy();
      const png = imageOf(result);
      expect([png.width, png.height]).toEqual([100 * CELL.cellWidth, 30 * CELL.cellHeight]);
      expect([png.width, png.height]).toEqual([900, 540]);

      // For a model without vision: the screen as text, the focus, the actions; the screen once.
      const text = textOf(result);
      expect(text).toContain("The image (PNG, 900 × 540 px) shows the terminal's 100 columns × 30 rows");
      expect(text).toContain('Screen:\n Todo\n');
      expect(text).toContain(' › [ ] buy milk #0');
      expect(text).toContain('Focus: "list"');
      expect(text).not.toContain('Screen after the call');

      // The row of "› [ ] buy milk" (row 3 of the text) is drawn in cyan (xterm's #00cdcd), on the
      // default background; the title row has no cyan; below the frame the terminal is empty.
      const rows = text.slice(text.indexOf('Screen:\n') + 'Screen:\n'.length).split('\n');
      const cursorRow = rows.findIndex((line) => line.includes('buy milk'));
      expect(cursorRow).toBeGreaterThan(0);
      const rowColours = (row: number) => colours(png, 0, row * CELL.cellHeight, png.width, CELL.cellHeight);
      expect(rowColours(cursorRow).has('#00cdcd')).toBe(true);
      expect(rowColours(0).has('#00cdcd')).toBe(false);
      expect(rowColours(0).has(DEFAULT_FOREGROUND)).toBe(true);
      expect([...rowColours(29).keys()]).toEqual([DEFAULT_BACKGROUND]);
    } finally {
      await app.unmount();
    }
  });

  it('paints backgrounds, text colours, bold and inverse from the cells; glyphs come from the bundled font', async () => {
    const app = await renderHeadless(<Swatches />, { screenshots: true, columns: 40, rows: 6 });
    try {
      const png = imageOf(await shoot(app, 'app_screen_screenshot'));
      expect([png.width, png.height]).toEqual([40 * CELL.cellWidth, 6 * CELL.cellHeight]);
      const bg = DEFAULT_BACKGROUND;
      // A plain W: glyph pixels on the default background (no system font is loaded: the font file is).
      expect(corner(png, 0, 0)).toBe(bg);
      expect(inked(png, 0, 0, bg)).toBeGreaterThan(10);
      expect(colours(png, 0, 0, CELL.cellWidth, CELL.cellHeight).has(DEFAULT_FOREGROUND)).toBe(true);
      // Bold: the same letter with heavier strokes.
      expect(inked(png, 1, 0, bg)).toBeGreaterThan(inked(png, 0, 0, bg) * 1.15);
      // A red background (xterm's red): the whole cell.
      expect(corner(png, 2, 0)).toBe('#cd0000');
      expect(centre(png, 2, 0)).toBe('#cd0000');
      // Green text: a full block glyph.
      expect(centre(png, 3, 0)).toBe('#00cd00');
      // Inverse: the default text colour is the background, the letter in the default background colour.
      expect(corner(png, 4, 0)).toBe(DEFAULT_FOREGROUND);
      expect(colours(png, 4 * CELL.cellWidth, 0, CELL.cellWidth, CELL.cellHeight).has(bg)).toBe(true);
      // A 24-bit background over three cells (the last one a blank at the line's end: kept, as it
      // shows), a bold letter in palette white (xterm's #e5e5e5) in the middle one.
      for (const column of [5, 6, 7]) expect(corner(png, column, 0)).toBe('#6aaa64');
      expect(colours(png, 6 * CELL.cellWidth, 0, CELL.cellWidth, CELL.cellHeight).has('#e5e5e5')).toBe(true);
      // The app's own < > & are text (escaped in the SVG), drawn like any other.
      expect(inked(png, 7, 1, bg)).toBeGreaterThan(10);
      expect(corner(png, 8, 0)).toBe(bg);
      // The picture showed the colours: the plain screen after it does not say they changed.
      const read = await app.client.callTool({ name: 'app_screen_read', arguments: {} });
      expect(textOf(read as CallToolResult)).not.toContain(COLOUR_HINT);
    } finally {
      await app.unmount();
    }
  });

  it('draws borders as lines that join across cells and rows, on whole pixels', async () => {
    const app = await renderHeadless(
      <Box borderStyle="single" borderColor="cyan" width={10}>
        <Text>in a box</Text>
      </Box>,
      { screenshots: true, columns: 20, rows: 4 },
    );
    try {
      const png = imageOf(await shoot(app, 'app_screen_screenshot'));
      // The left border: pixel column 4 is cyan from the top line's centre (row 9) to the bottom
      // line's, with no gap between rows; the top border runs from column 4 to the right corner.
      const cyan = '#00cdcd';
      for (let y = 9; y <= 2 * CELL.cellHeight + 9; y++) expect(pixel(png, 4, y)).toBe(cyan);
      for (let x = 4; x <= 9 * CELL.cellWidth + 4; x++) expect(pixel(png, x, 9)).toBe(cyan);
      expect(pixel(png, 4, 8)).toBe(DEFAULT_BACKGROUND);
    } finally {
      await app.unmount();
    }
  });

  it('answers the image with the text in one block or many, as answerBlocks says', async () => {
    for (const answerBlocks of ['one', 'many'] as const) {
      const app = await renderHeadless(<Swatches />, {
        screenshots: true,
        answerBlocks,
        columns: 40,
        rows: 6,
      });
      try {
        const result = await shoot(app, 'app_screen_screenshot');
        const kinds = result.content.map((c) => c.type);
        expect(kinds.filter((k) => k === 'image')).toHaveLength(1);
        if (answerBlocks === 'one') expect(kinds).toEqual(['text', 'image']);
        else expect(kinds.filter((k) => k === 'text').length).toBeGreaterThan(1);
        expect(textOf(result)).toContain('second <row> & more');
      } finally {
        await app.unmount();
      }
    }
  });

  for (const surface of ['stable', 'widgets'] as const)
    it(`is listed on the ${surface} surface only when turned on (and never without the built-ins)`, async () => {
      const cases: [RenderHeadlessOptions, boolean][] = [
        [{}, false],
        [{ screenshots: false }, false],
        [{ screenshots: true, builtinTools: false }, false],
        [{ screenshots: true }, true],
        [{ screenshots: {} }, true],
      ];
      for (const [options, listed] of cases) {
        const app = await renderHeadless(<Swatches />, { ...options, surface });
        try {
          const { tools } = await app.client.listTools();
          const names = tools.map((t) => t.name);
          expect(names.filter((n) => n.endsWith('screenshot'))).toEqual(
            listed ? ['app_screen_screenshot'] : [],
          );
          if (listed) {
            const result = await shoot(app, 'app_screen_screenshot');
            expect(result.isError).toBeFalsy();
            imageOf(result);
          } else {
            const result = await shoot(app, 'app_screen_screenshot');
            expect(result.isError).toBe(true);
            expect(result.content.some((c) => c.type === 'image')).toBe(false);
          }
        } finally {
          await app.unmount();
        }
      }
    });

  it('a rasterizer that cannot be loaded: an error with its code and what to install, tried again at the next call', async () => {
    let loads = 0;
    const app = await renderHeadless(<Swatches />, {
      screenshots: {
        rasterizer: () => {
          loads++;
          return Promise.reject(new Error("Cannot find package '@resvg/resvg-js'"));
        },
      },
    });
    try {
      const first = await shoot(app, 'app_screen_screenshot');
      expect(first.isError).toBe(true);
      expect(first.content.some((c) => c.type === 'image')).toBe(false);
      const text = textOf(first);
      expect(text).toContain(
        "ink-mcp: screen.screenshot cannot make a picture (rasterizer_unavailable): Cannot find package '@resvg/resvg-js'.",
      );
      expect(text).toContain('npm install @resvg/resvg-js@^2.6.2 dejavu-fonts-ttf@^2.37.3');
      expect(text).toContain('screen.read {"styles": true}');
      // Not a fault of the tool: the breaker does not open, and the next call loads again.
      const second = await shoot(app, 'app_screen_screenshot');
      expect(second.isError).toBe(true);
      expect(loads).toBe(2);
      // The other tools are unaffected.
      const read = await app.client.callTool({ name: 'app_screen_read', arguments: {} });
      expect(textOf(read as CallToolResult)).toContain('second <row> & more');
    } finally {
      await app.unmount();
    }
  });

  it('a terminal too large for a picture: an error with the code, before anything is rasterized', async () => {
    let loads = 0;
    const app = await renderHeadless(<Swatches />, {
      columns: 1000,
      rows: 1000,
      screenshots: {
        rasterizer: async () => {
          loads++;
          return async () => new Uint8Array();
        },
      },
    });
    try {
      const result = await shoot(app, 'app_screen_screenshot');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(
        'would be 9000 × 18000 px, more than the 16,777,216 pixels a screenshot may have (picture_too_large)',
      );
      expect(loads).toBe(0);
    } finally {
      await app.unmount();
    }
  });

  it('a rasterizer that fails on a picture: an error that says so, with the code', async () => {
    const app = await renderHeadless(<Swatches />, {
      screenshots: { rasterizer: async () => () => Promise.reject(new Error('out of memory')) },
    });
    try {
      const result = await shoot(app, 'app_screen_screenshot');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain(
        'ink-mcp: screen.screenshot could not draw the screen (rasterize_failed): out of memory.',
      );
    } finally {
      await app.unmount();
    }
  });
});
