/** Android's logger keeps one log record under ~4 KB; a longer message has to be written as several records. */
export const LOG_RECORD_MAX_BYTES = 4_000;

const utf8Width = (codePoint: number): number => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * Splits `text` into pieces of at most `maxBytes` UTF-8 bytes, only between code points, so no piece ends inside a
 * surrogate pair or a multi-byte character. Joining the pieces gives `text` back.
 */
export function utf8Chunks(text: string, maxBytes = LOG_RECORD_MAX_BYTES): string[] {
  // Three bytes per UTF-16 unit is the worst case, so short strings need no measuring.
  if (text.length * 3 <= maxBytes || Buffer.byteLength(text) <= maxBytes) return [text];
  const chunks: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; ) {
    const codePoint = text.codePointAt(i)!;
    const width = utf8Width(codePoint);
    if (bytes + width > maxBytes) {
      chunks.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += codePoint > 0xffff ? 2 : 1;
  }
  chunks.push(text.slice(start));
  return chunks;
}
