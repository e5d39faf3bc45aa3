import { crc32, deflateSync } from "node:zlib";
import type { Raster } from "./raster.ts";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOR_TYPE_RGB = 2;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(data, crc32(type)), 8 + data.length);
  return out;
}

/** An 8-bit RGB PNG of the raster. */
export function encodePng(raster: Raster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(COLOR_TYPE_RGB, 9);
  // The fastest level: screens are flat colour, which level 1 already shrinks well and quickly.
  const pixels = deflateSync(raster.data, { level: 1 });
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}
