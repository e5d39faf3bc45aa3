import { createInterface } from "node:readline";

/** A stand-in tool's console: output, and the answers a prompt reads from stdin. */
export interface ToolIo {
  out(text: string): void;
  err(text: string): void;
  /** The next line of stdin; undefined once stdin has ended (the prompt's default applies). */
  readLine(): Promise<string | undefined>;
  env: NodeJS.ProcessEnv;
}

/** The process's own stdio, for the stand-in executables. */
export function processIo(): ToolIo {
  let lines: AsyncIterator<string> | undefined;
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    async readLine() {
      lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
      const next = await lines.next();
      return next.done ? undefined : next.value;
    },
    env: process.env,
  };
}

/** Values of `--name x`, `--name=x` and short forms, from an argv; flags without values are `true`. */
export function parseToolArgs(
  argv: readonly string[],
  spec: Record<string, { short?: string; value: boolean }>,
): {
  options: Record<string, string | true>;
  positionals: string[];
  unknown: string[];
} {
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("-")) {
      positionals.push(token);
      continue;
    }
    const [flag, inline] = token.split(/=(.*)/s) as [string, string | undefined];
    const name = Object.keys(spec).find(
      (key) => `--${key}` === flag || (spec[key]!.short !== undefined && `-${spec[key]!.short}` === flag),
    );
    if (name === undefined) {
      unknown.push(token);
      continue;
    }
    options[name] = spec[name]!.value ? (inline ?? argv[++i] ?? "") : true;
  }
  return { options, positionals, unknown };
}
