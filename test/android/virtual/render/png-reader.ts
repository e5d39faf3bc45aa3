import { crc32, inflateSync } from "node:zlib";

export interface DecodedPng {
  width: number;
  height: number;
  chunkTypes: string[];
  /** 0xRRGGBB at (x, y). */
  pixel(x: number, y: number): number;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** A minimal reader for 8-bit RGB, non-interlaced PNGs: checks the signature and every CRC, undoes all filters. */
export function decodePng(png: Buffer): DecodedPng {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("bad PNG signature");
  const chunkTypes: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (png.readUInt32BE(offset + 8 + length) !== crc32(png.subarray(offset + 4, offset + 8 + length)))
      throw new Error(`bad CRC in ${type}`);
    chunkTypes.push(type);
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  if (!header) throw new Error("no IHDR");
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  if (header[8] !== 8 || header[9] !== 2 || header[12] !== 0) throw new Error("not 8-bit RGB non-interlaced");
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  if (raw.length !== height * (stride + 1))
    throw new Error(`pixel data is ${raw.length} bytes, expected ${height * (stride + 1)}`);
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= 3 ? pixels[y * stride + i - 3]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= 3 && y > 0 ? pixels[(y - 1) * stride + i - 3]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`bad filter type ${filter} on row ${y}`);
      pixels[y * stride + i] = (x + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    chunkTypes,
    pixel: (x, y) => pixels.readUIntBE((y * width + x) * 3, 3),
  };
}

/** How many pixels in the rectangle [left, right) x [top, bottom) have the colour. */
export function countColor(
  png: DecodedPng,
  left: number,
  top: number,
  right: number,
  bottom: number,
  color: number,
): number {
  let n = 0;
  for (let y = top; y < bottom; y++) for (let x = left; x < right; x++) if (png.pixel(x, y) === color) n++;
  return n;
}
