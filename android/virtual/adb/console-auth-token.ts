import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const CONSOLE_AUTH_TOKEN_FILE = ".emulator_console_auth_token";

/**
 * The emulator console's token, from `<home>/.emulator_console_auth_token`. Like the emulator, a missing
 * file is created with a fresh random token (mode 0600); an empty file means the console needs no auth.
 */
export async function loadConsoleAuthToken(home: string): Promise<string> {
  const path = join(home, CONSOLE_AUTH_TOKEN_FILE);
  try {
    return (await readFile(path, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const token = randomBytes(12).toString("base64");
  // "wx": if another process created the file meanwhile, its token wins.
  try {
    await writeFile(path, token, { mode: 0o600, flag: "wx" });
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return (await readFile(path, "utf8")).trim();
  }
}
