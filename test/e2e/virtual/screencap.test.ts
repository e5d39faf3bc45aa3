import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import type { RunningVirtualDevice } from "../../../android/virtual/index.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

const session = virtualSession();
let device: RunningVirtualDevice;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes per pixel of 8-bit PNGs by colour type: grey, RGB, palette, grey+alpha, RGBA. */
const BYTES_PER_PIXEL: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  const found: Array<{ type: string; data: Buffer }> = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    found.push({
      type: png.toString("latin1", offset + 4, offset + 8),
      data: png.subarray(offset + 8, offset + 8 + length),
    });
    offset += 12 + length;
  }
  return found;
}

beforeAll(async () => {
  device = await session.startDevice();
});

describe("screencap -p through adb exec-out", () => {
  it("is a PNG of the scenario's screen size whose pixel data inflates to the right length", async () => {
    const png = await session.harness.adbBytes(["-s", device.serial, "exec-out", "screencap", "-p"]);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);

    const all = chunks(png);
    expect(all[0]?.type).toBe("IHDR");
    expect(all.at(-1)?.type).toBe("IEND");
    const header = all[0]!.data;
    const width = header.readUInt32BE(0);
    const height = header.readUInt32BE(4);
    expect({ width, height }).toEqual({ width: 1080, height: 2400 });
    expect({ width, height }).toEqual({
      width: device.device.scenario.device.screen.width,
      height: device.device.scenario.device.screen.height,
    });
    expect(header[8]).toBe(8);
    expect(header[12]).toBe(0);
    const bytesPerPixel = BYTES_PER_PIXEL[header[9]!];
    expect(bytesPerPixel).toBeDefined();

    const raw = inflateSync(Buffer.concat(all.filter((c) => c.type === "IDAT").map((c) => c.data)));
    expect(raw.length).toBe(height * (1 + width * bytesPerPixel!));
  });

  it("is the same image, byte for byte, when saved to a file on the device and read back with cat", async () => {
    const streamed = await session.harness.adbBytes(["-s", device.serial, "exec-out", "screencap", "-p"]);
    const saved = await session.harness.adb(["-s", device.serial, "shell", "screencap -p /sdcard/e2e-screen.png"]);
    expect(saved.exitCode).toBe(0);
    const read = await session.harness.adbBytes(["-s", device.serial, "exec-out", "cat", "/sdcard/e2e-screen.png"]);
    expect(read.equals(streamed)).toBe(true);
  });
});
