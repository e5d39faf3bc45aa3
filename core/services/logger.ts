import { createToken } from "../kernel/token.ts";
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  /** Progress of long work (emulator boot, installs), shown to people in pretty mode. */
  progress(message: string): void;
}

export const Logger = createToken<Logger>("Logger");

/** Writes to stderr so stdout stays one JSON document for agents. */
export function createStderrLogger(options: { verbose: boolean; progress: boolean }): Logger {
  const write = (line: string) => process.stderr.write(`${line}\n`);
  return {
    debug: (m) => options.verbose && write(`[debug] ${m}`),
    info: (m) => options.verbose && write(m),
    warn: (m) => write(`[warn] ${m}`),
    progress: (m) => options.progress && write(m),
  };
}
