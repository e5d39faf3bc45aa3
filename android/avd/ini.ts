/**
 * The `key=value` files the SDK tools write for AVDs (`<name>.ini`, `config.ini`); comments and blank lines are
 * skipped.
 */
export function parseIni(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    values[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return values;
}

/** Serializes as avdmanager does: one `key=value` per line, in the given order. */
export function serializeIni(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key}=${value}\n`)
    .join("");
}
