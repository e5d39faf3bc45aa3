import type { ArgsDef, CommandDef } from "citty";
import { ClawperatorError } from "../core/contracts/clawperator-error.ts";
import { nearest } from "../core/contracts/nearest.ts";
import type { CommandContribution, Kernel } from "../core/kernel/index.ts";
import { kebabArgs } from "./flag-names.ts";
import { GLOBAL_FLAGS } from "./global-flags.ts";

export interface TreeNode {
  name: string;
  path: string[];
  description: string;
  command?: CommandContribution;
  /** True when this path is only an alias of another command's path; aliases stay out of listings. */
  alias: boolean;
  children: Map<string, TreeNode>;
}

/** The command tree, built only from the kernel's command and group registries. */
export function buildTree(kernel: Kernel): TreeNode {
  const root: TreeNode = { name: "clawperator", path: [], description: "", alias: false, children: new Map() };
  const nodeAt = (path: readonly string[]) => {
    let node = root;
    for (const word of path) {
      let child = node.children.get(word);
      if (!child) {
        child = { name: word, path: [...node.path, word], description: "", alias: false, children: new Map() };
        node.children.set(word, child);
      }
      node = child;
    }
    return node;
  };
  for (const { value: group } of kernel.groups.entries()) nodeAt(group.path).description = group.description;
  for (const key of kernel.commands.keys()) {
    const command = kernel.commands.get(key)!.value;
    const node = nodeAt(key.split(" "));
    node.command = command;
    node.alias = command.path.join(" ") !== key;
    if (!node.alias || node.description === "") node.description = command.description;
  }
  return root;
}

export interface Resolved {
  node: TreeNode;
  /** argv after the command path: the command's own flags and positionals. */
  args: string[];
}

/** Follows the leading words of argv down the tree; an unknown word is a USAGE error with the nearest name. */
export function resolveCommand(root: TreeNode, argv: readonly string[]): Resolved {
  let node = root;
  let index = 0;
  while (index < argv.length && !argv[index]!.startsWith("-")) {
    const child = node.children.get(argv[index]!);
    if (!child) break;
    node = child;
    index++;
  }
  const next = argv[index];
  // A flag where a command word belongs is no global flag (those are extracted before): a typo, never help.
  if (!node.command && next?.startsWith("-")) throw unknownFlag(next.split("=")[0]!, node.path);
  if (!node.command && next !== undefined) {
    const names = [...node.children.values()].map((c) => c.name);
    const suggestion = nearest(next, names);
    const where = node.path.length ? `"${node.path.join(" ")}" has no subcommand` : "unknown command";
    throw new ClawperatorError(
      "USAGE",
      `${where} "${next}"${suggestion ? `; did you mean "${[...node.path, suggestion].join(" ")}"?` : ""}`,
      {
        hint: `Available: ${names.join(", ")}. Run \`clawperator ${node.path.join(" ")} --help\`.`.replace("  ", " "),
        details: { command: next, ...(suggestion ? { suggestion } : {}) },
      },
    );
  }
  return { node, args: argv.slice(index) };
}

function unknownFlag(flag: string, path: readonly string[]): ClawperatorError {
  const suggestion = nearest(flag, Object.keys(GLOBAL_FLAGS));
  const where = path.length ? ` before a "${path.join(" ")}" subcommand` : "";
  return new ClawperatorError(
    "USAGE",
    `unknown flag "${flag}"${where}${suggestion ? `; did you mean "${suggestion}"?` : ""}`,
    {
      hint: `Global flags: ${Object.keys(GLOBAL_FLAGS).join(", ")}. Run \`clawperator --help\`.`,
      details: { flag, ...(suggestion ? { suggestion } : {}) },
    },
  );
}

/**
 * A citty definition of a node, for parsing and usage rendering; no command implementation is loaded. Usage leaves
 * out the command's hidden flags unless `all` is set.
 */
export function toCittyDef(node: TreeNode, options: { all?: boolean } = {}): CommandDef<ArgsDef> {
  const hidden = options.all ? [] : (node.command?.hiddenArgs ?? []);
  const args = Object.entries(node.command?.args ?? {}).filter(([name]) => !hidden.includes(name));
  const subCommands = Object.fromEntries(
    [...node.children.values()].map((child) => [
      child.name,
      { meta: { name: child.name, description: child.description, hidden: child.alias } },
    ]),
  );
  return {
    meta: {
      name: node.path.length ? `clawperator ${node.path.join(" ")}` : "clawperator",
      description: node.description,
    },
    args: kebabArgs(Object.fromEntries(args)),
    ...(node.children.size ? { subCommands } : {}),
  };
}
