/**
 * Small PNG images for the demo data, made in code (no binary files in the repository): a mowed lawn's
 * stripes, each visit's photo a little different. RGB, 8 bits, no interlace; zlib from node.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** A PNG of `width`×`height` whose pixel (x, y) is `color(x, y)` = [r, g, b]. */
export const png = (width: number, height: number, color: (x: number, y: number) => readonly [number, number, number]): Buffer => {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = color(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
};

/** A freshly mowed lawn: diagonal stripes in two greens (varied by `variant`) under a strip of sky or path. */
export const lawnPng = (variant: number): Buffer => {
  const width = 96;
  const height = 64;
  const stripe = 10 + (variant % 4) * 3;
  const top = variant % 2 === 0 ? ([176, 214, 240] as const) : ([200, 190, 170] as const);
  return png(width, height, (x, y) => {
    if (y < 12) return top;
    const light = Math.floor((x + (variant % 3) * y) / stripe) % 2 === 0;
    const shade = (variant * 7) % 20;
    return light ? [88 + shade, 170 + shade, 72] : [52 + shade, 128 + shade, 48];
  });
};
