import { readSync } from "node:fs";

/** One line of a recording, where it lies in its source (bytes), to be read again without keeping it. */
export interface RecordingLine {
  text: string;
  offset: number;
  length: number;
}

const NEWLINE = 0x0a;
const CHUNK_BYTES = 1024 * 1024;

/** The lines of bytes held in memory (a recording pulled from a device), each decoded on its own. */
export function* linesOfBuffer(data: Buffer): Generator<RecordingLine> {
  for (let offset = 0; offset < data.length; ) {
    const end = data.indexOf(NEWLINE, offset);
    const stop = end < 0 ? data.length : end;
    yield { text: data.toString("utf8", offset, stop), offset, length: stop - offset };
    offset = stop + 1;
  }
}

/**
 * The lines of an open file, read in chunks: memory holds one chunk and the longest line, never the file. A line is
 * decoded whole, so a character split between chunks stays one character.
 */
export function* linesOfFile(fd: number): Generator<RecordingLine> {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let pending: Buffer[] = [];
  let start = 0;
  let position = 0;
  for (;;) {
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, position);
    if (read === 0) break;
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE, 0); at >= 0 && at < read; at = chunk.indexOf(NEWLINE, from)) {
      const line = Buffer.concat([...pending, chunk.subarray(from, at)]);
      pending = [];
      yield { text: line.toString("utf8"), offset: start, length: line.length };
      start = position + at + 1;
      from = at + 1;
    }
    if (from < read) pending.push(Buffer.from(chunk.subarray(from, read)));
    position += read;
  }
  if (pending.length > 0) {
    const line = Buffer.concat(pending);
    yield { text: line.toString("utf8"), offset: start, length: line.length };
  }
}

/** The line at `offset` of an open file, read again. */
export function lineAt(fd: number, line: Pick<RecordingLine, "offset" | "length">): string {
  const bytes = Buffer.allocUnsafe(line.length);
  for (let done = 0; done < line.length; ) {
    const read = readSync(fd, bytes, done, line.length - done, line.offset + done);
    if (read === 0) throw new Error("the recording changed while it was read");
    done += read;
  }
  return bytes.toString("utf8");
}
