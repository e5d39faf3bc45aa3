/**
 * Quotes one word for the device's sh so it arrives byte-for-byte: wrapped in single quotes, and each `'`
 * written as `'"'"'` (docs/protocol.md#dispatch). `$()`, backticks, `;`, emoji and newlines stay literal.
 */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

/** A command line from words, each quoted. `adb shell a b c` joins argv with spaces and adds no quoting. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(" ");
}
