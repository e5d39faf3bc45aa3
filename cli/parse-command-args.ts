import { stripVTControlCharacters } from "node:util";
import { parseArgs, type ArgsDef } from "citty";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { nearest } from "../core/contracts/nearest.ts";
import { camel, kebab, kebabArgs } from "./flag-names.ts";
import { GLOBAL_FLAGS } from "./global-flags.ts";

function knownFlags(argsDef: ArgsDef): { names: Set<string>; takesValue: Set<string> } {
  const names = new Set<string>();
  const takesValue = new Set<string>();
  for (const [name, def] of Object.entries(argsDef)) {
    if (def.type === "positional") continue;
    const aliases = "alias" in def && def.alias ? [def.alias].flat() : [];
    for (const n of [name, ...aliases]) {
      names.add(n).add(kebab(n)).add(camel(n));
      if (def.type === "boolean") names.add(`no-${kebab(n)}`).add(`no-${camel(n)}`);
      else takesValue.add(n).add(kebab(n)).add(camel(n));
    }
  }
  return { names, takesValue };
}

/**
 * For a passthrough command: the command's own flags (with their values) and its declared positionals, and
 * every other token in order (unknown flags, surplus arguments, everything after `--`) for the command to forward.
 */
function splitPassthrough(argsDef: ArgsDef, argv: readonly string[]): { own: string[]; rest: string[] } {
  const { names: known, takesValue } = knownFlags(argsDef);
  let positionals = Object.values(argsDef).filter((d) => d.type === "positional").length;
  const own: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (token.startsWith("-") && token !== "-" && !/^-\d/.test(token)) {
      const [name, inlineValue] = token.replace(/^--?/, "").split(/=(.*)/s) as [string, string | undefined];
      if (!known.has(name)) {
        rest.push(token);
        continue;
      }
      own.push(token);
      if (takesValue.has(name) && inlineValue === undefined && i + 1 < argv.length) own.push(argv[++i]!);
      continue;
    }
    if (positionals > 0) {
      positionals--;
      own.push(token);
    } else rest.push(token);
  }
  return { own, rest };
}

/**
 * An enum flag whose value hint is bracketed (`valueHint: "[mode]"`: `--view[=mode]`) may stand alone: it then
 * takes its first option (`--view` is `--view=incremental`). Given with `=`, or before one of its options, it is
 * parsed as any enum flag.
 */
function optionalValues(argsDef: ArgsDef, argv: readonly string[]): string[] {
  const optional = new Map<string, readonly string[]>();
  for (const [name, def] of Object.entries(argsDef)) {
    if (def.type === "enum" && def.valueHint?.startsWith("[") && def.options?.length)
      for (const n of [kebab(name), camel(name)]) optional.set(`--${n}`, def.options);
  }
  if (optional.size === 0) return [...argv];
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const options = optional.get(token);
    out.push(options && !options.includes(argv[i + 1] ?? "") ? `${token}=${options[0]}` : token);
  }
  return out;
}

/**
 * Parses a command's own flags with citty, refusing unknown flags (with the nearest valid one), surplus
 * positionals and missing required values as USAGE errors instead of silently ignoring them.
 */
export function parseCommandArgs(
  commandName: string,
  argsDef: ArgsDef,
  argv: readonly string[],
  options: { passthrough?: boolean } = {},
): Record<string, unknown> & { _: string[] } {
  if (options.passthrough) {
    const { own, rest } = splitPassthrough(argsDef, argv);
    return { ...parseCommandArgs(commandName, argsDef, own), _: rest };
  }
  const tokens = optionalValues(argsDef, argv);
  const { names: known, takesValue } = knownFlags(argsDef);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === "--") break;
    // A lone "-" means stdin, and a negative number is a value, not a flag.
    if (!token.startsWith("-") || token === "-" || /^-\d/.test(token)) continue;
    const [name, inlineValue] = token.replace(/^--?/, "").split(/=(.*)/s) as [string, string | undefined];
    if (known.has(name)) {
      // `--text -abc`: the next token is this flag's value, whatever it looks like.
      if (takesValue.has(name) && inlineValue === undefined) i++;
      continue;
    }
    const suggestion = nearest(
      name,
      [...known].filter((k) => k.length > 1 && k === kebab(k)),
    );
    const globalSuggestion = suggestion ? undefined : nearest(`--${name}`, Object.keys(GLOBAL_FLAGS));
    const hint = suggestion ? `--${suggestion}` : globalSuggestion;
    throw new ClawperatorError(
      "USAGE",
      `unknown option "${token.split("=")[0]}" for "${commandName}"${hint ? `; did you mean "${hint}"?` : ""}`,
      {
        hint: `Run \`clawperator ${commandName} --help\`.`,
        details: { option: token.split("=")[0], ...(hint ? { suggestion: hint } : {}) },
      },
    );
  }

  let parsed: Record<string, unknown> & { _: string[] };
  try {
    parsed = parseArgs([...tokens], kebabArgs(argsDef)) as Record<string, unknown> & { _: string[] };
  } catch (error) {
    // citty colours the flag and the values in its messages unless NO_COLOR, CI or TEST is set: not in JSON.
    throw new ClawperatorError("USAGE", `${commandName}: ${stripVTControlCharacters((error as Error).message)}`, {
      hint: `Run \`clawperator ${commandName} --help\`.`,
    });
  }
  const positionals = Object.values(argsDef).filter((d) => d.type === "positional").length;
  const surplus = parsed._.slice(positionals);
  if (surplus.length > 0) {
    throw new ClawperatorError("USAGE", `${commandName}: unexpected argument "${surplus[0]}"`, {
      hint: `Run \`clawperator ${commandName} --help\`.`,
      details: { argument: surplus[0] },
    });
  }
  for (const [name, def] of Object.entries(argsDef)) {
    if (def.type === "string" && typeof parsed[name] === "string" && parsed[name] === "" && def.required) {
      throw new ClawperatorError("USAGE", `${commandName}: --${kebab(name)} needs a value`);
    }
  }
  return parsed;
}
