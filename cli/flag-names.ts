import type { ArgsDef } from "citty";

export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
export const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A command's table as the CLI shows and parses it: every flag named kebab-case (`bootTimeoutMs` is
 * `--boot-timeout-ms` in `--help` and in citty's messages). citty's parser still takes the camelCase spelling and
 * sets both keys, so the handler reads the names its table declares. Positionals keep theirs.
 */
export function kebabArgs(args: ArgsDef): ArgsDef {
  return Object.fromEntries(
    Object.entries(args).map(([name, def]) => [def.type === "positional" ? name : kebab(name), def]),
  );
}
