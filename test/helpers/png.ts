import { inflateSync } from 'node:zlib';

/** The 8 bytes every PNG starts with. */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row by row. */
  rgba: Uint8Array;
}

/**
 * Decodes an 8-bit RGB or RGBA PNG (what resvg writes): the chunks, IHDR, the inflated IDAT data,
 * the scanline filters undone. Enough to check a screenshot's size and pixels, no more (no palette,
 * no interlace, no 16-bit).
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const png = Buffer.from(bytes);
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: no signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      if (depth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6))
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[y * stride + x - channels] as number) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] as number) : 0;
      const upLeft = y > 0 && x >= channels ? (pixels[(y - 1) * stride + x - channels] as number) : 0;
      const value = line[x] as number;
      const predicted =
        filter === 0
          ? 0
          : filter === 1
            ? left
            : filter === 2
              ? up
              : filter === 3
                ? (left + up) >> 1
                : paeth(left, up, upLeft);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: pixels };
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba.set(pixels.subarray(i * 3, i * 3 + 3), i * 4);
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The colour at (x, y) as `#rrggbb`. */
export function pixel(png: DecodedPng, x: number, y: number): string {
  const i = (y * png.width + x) * 4;
  return `#${[0, 1, 2].map((c) => (png.rgba[i + c] as number).toString(16).padStart(2, '0')).join('')}`;
}

/** The colours of a rectangle of pixels, each with how many pixels have it. */
export function colours(
  png: DecodedPng,
  x0: number,
  y0: number,
  width: number,
  height: number,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (let y = y0; y < y0 + height; y++)
    for (let x = x0; x < x0 + width; x++) {
      const c = pixel(png, x, y);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  return counts;
}
