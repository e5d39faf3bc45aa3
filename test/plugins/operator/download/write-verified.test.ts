import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FileSink } from "../../../../plugins/operator/download/write-verified.ts";
import { writeVerified } from "../../../../plugins/operator/download/write-verified.ts";
import { caught } from "../../../helpers/caught.ts";
import { tempDirs } from "../../../helpers/temp-dirs.ts";

const makeDir = tempDirs();
const source = new URL("https://downloads.example.com/operator/v0.5.3/operator-v0.5.3.apk");
const bytes = Buffer.from("PK\u0003\u0004 an apk, in three chunks");
const hex = createHash("sha256").update(bytes).digest("hex");

async function* chunks(): AsyncIterable<Uint8Array> {
  yield bytes.subarray(0, 5);
  yield bytes.subarray(5, 12);
  yield bytes.subarray(12);
}

/** A disk that fills up after the first chunk. */
const fullDisk = async (): Promise<FileSink> => {
  let writes = 0;
  return {
    write: async () => {
      if (++writes > 1) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    },
    sync: async () => {},
    close: async () => {},
  };
};

describe("writeVerified", () => {
  it("writes the verified bytes under the target name only, with the mode asked for", async () => {
    const dir = await makeDir();
    const target = join(dir, "operator-v0.5.3.apk");
    const seen: number[] = [];
    const result = await writeVerified({
      chunks: chunks(),
      target,
      expected: hex,
      expectedBytes: bytes.length,
      mode: 0o600,
      source,
      onBytes: (n) => seen.push(n),
    });
    expect(result).toEqual({ bytes: bytes.length });
    expect(await readFile(target)).toEqual(bytes);
    expect(await readdir(dir)).toEqual(["operator-v0.5.3.apk"]);
    expect(seen).toEqual([5, 12, bytes.length]);
  });

  it("a full disk is OPERATOR_DOWNLOAD_WRITE_FAILED saying so; nothing is left", async () => {
    const dir = await makeDir();
    const error = await caught(() =>
      writeVerified({
        chunks: chunks(),
        target: join(dir, "op.apk"),
        expected: hex,
        mode: 0o600,
        source,
        openSink: fullDisk,
      }),
    );
    expect(error).toMatchObject({ code: "OPERATOR_DOWNLOAD_WRITE_FAILED", details: { cause: "ENOSPC" } });
    expect(error.message).toContain("the disk is full");
    expect(await readdir(dir)).toEqual([]);
  });

  it("fewer bytes than announced is a cut-off download, before any hash is compared", async () => {
    const dir = await makeDir();
    const error = await caught(() =>
      writeVerified({
        chunks: chunks(),
        target: join(dir, "op.apk"),
        expected: hex,
        expectedBytes: bytes.length + 10,
        mode: 0o600,
        source,
      }),
    );
    expect(error).toMatchObject({
      code: "OPERATOR_DOWNLOAD_FAILED",
      details: { reason: "truncated", bytes: bytes.length },
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it("a wrong hash keeps the file that was there before, untouched", async () => {
    const dir = await makeDir({ "op.apk": "the previous download" });
    const error = await caught(() =>
      writeVerified({ chunks: chunks(), target: join(dir, "op.apk"), expected: "a".repeat(64), mode: 0o600, source }),
    );
    expect(error).toMatchObject({ code: "OPERATOR_CHECKSUM_MISMATCH", details: { actualSha256: hex } });
    expect(await readFile(join(dir, "op.apk"), "utf8")).toBe("the previous download");
    expect(await readdir(dir)).toEqual(["op.apk"]);
  });
});
