/** Timber's DebugTree.MAX_LOG_LENGTH, in UTF-16 units. */
export const TIMBER_MAX_LOG_LENGTH = 4_000;

/**
 * The records Timber's DebugTree writes for one message: the message itself when it is under 4,000 UTF-16 units;
 * otherwise one record per line, a line over 4,000 units cut every 4,000 units (a cut can fall inside a surrogate
 * pair, as on the device).
 */
export function timberPieces(message: string): string[] {
  if (message.length < TIMBER_MAX_LOG_LENGTH) return [message];
  const pieces: string[] = [];
  for (let i = 0, length = message.length; i < length; i++) {
    let newline = message.indexOf("\n", i);
    newline = newline !== -1 ? newline : length;
    do {
      const end = Math.min(newline, i + TIMBER_MAX_LOG_LENGTH);
      pieces.push(message.slice(i, end));
      i = end;
    } while (i < newline);
  }
  return pieces;
}
