import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeV1 } from "../../../plugins/recording/parse/normalize-v1.ts";
import { parseRecordingFile } from "../../../plugins/recording/parse/parse-recording-file.ts";
import { readRecording } from "../../../plugins/recording/parse/recording-events.ts";
import { RecordingBuilder, snapshot } from "../../helpers/recording-fixture.ts";
import { tempDirs } from "../../helpers/temp-dirs.ts";

const makeDir = tempDirs("clawperator-stream-parse-");
const SHOP = "com.example.shop";

/** The step log built whole in memory, then JSON.stringify: what the streaming writer must equal byte for byte. */
const inMemory = (text: string) => JSON.stringify(normalizeV1(readRecording(text)), null, 2);

async function streamed(text: string): Promise<string> {
  const dir = await makeDir();
  const input = join(dir, "r.ndjson");
  writeFileSync(input, text);
  parseRecordingFile(input);
  return readFileSync(join(dir, "r.steps.json"), "utf8");
}

describe("record parse streams the file and writes what the whole-file parse wrote, byte for byte", () => {
  it("events out of seq order, blank and CRLF lines, missing snapshots, scrolls, typing and Back", async () => {
    const screen = snapshot(SHOP, [{ text: "Café 🍰", bounds: [0, 0, 100, 100], clickable: true }]);
    const builder = new RecordingBuilder("order-1")
      .window(SHOP, screen)
      .click(SHOP, { text: "Café 🍰", bounds: [0, 0, 100, 100] }, screen)
      .scroll(SHOP, 300)
      .type(SHOP, "ab")
      .click(SHOP, { text: "no snapshot", bounds: [0, 0, 10, 10] }, null)
      .window(SHOP, null);
    const [header, ...events] = builder.lines;
    const text = `${header}\r\n\n${[...events].reverse().join("\r\n")}\n\n`;
    expect(await streamed(text)).toBe(inMemory(text));
  });

  it("lines longer than a read chunk, a character split between chunks, and a recording with no steps", async () => {
    // Snapshots of over 1 MiB each, the emoji's four bytes falling across chunk boundaries somewhere.
    const big = snapshot(SHOP, [{ text: `${"é🍰".repeat(200_000)}`, bounds: [0, 0, 100, 100] }]);
    const text = new RecordingBuilder("big-1")
      .window(SHOP, big)
      .click(SHOP, { text: "x", bounds: [0, 0, 100, 100] }, big)
      .window(SHOP, `${big}🍰`)
      .text();
    expect(await streamed(text)).toBe(inMemory(text));
    const empty = new RecordingBuilder("empty-1").scroll(SHOP, 10).text();
    expect(await streamed(empty)).toBe(inMemory(empty));
  });

  it("validates as it reads: a bad line is refused with its number, and nothing is written", async () => {
    const dir = await makeDir();
    const input = join(dir, "bad.ndjson");
    writeFileSync(input, `${new RecordingBuilder("bad").lines[0]}\n{"ts":1,"seq":0,"type":"click"}\n`);
    expect(() => parseRecordingFile(input)).toThrow(expect.objectContaining({ code: "RECORDING_PARSE_FAILED" }));
    expect(() => readFileSync(join(dir, "bad.steps.json"))).toThrow();
  });
});
