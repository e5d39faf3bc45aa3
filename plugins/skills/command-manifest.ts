import { type CommandContribution, defineCommand } from "../../core/kernel/index.ts";
import {
  compileArgs,
  forAppArgs,
  repoArgs,
  runArgs,
  searchArgs,
  skillIdArg,
  syncArgs,
  validateArgs,
} from "./command-args.ts";

const repo = (action: "install" | "update" | "sync") => () =>
  import("./commands/repo.js").then((m) => ({ default: m.repoCommand(action) }));

/** Every command of the skills plugin, as data: `--help` lists them without loading their code. */
export const SKILLS_COMMANDS: CommandContribution[] = [
  defineCommand({
    path: ["skills", "list"],
    description: "List the skills (registry and skill folders) with their count",
    load: () => import("./commands/list.js"),
  }),
  defineCommand({
    path: ["skills", "for-app"],
    description: "Skills for an Android application id (= search --app)",
    args: forAppArgs,
    load: () => import("./commands/for-app.js"),
  }),
  defineCommand({
    path: ["skills", "search"],
    description: "Search skills by --app, --intent or --keyword",
    args: searchArgs,
    load: () => import("./commands/search.js"),
  }),
  defineCommand({
    path: ["skills", "get"],
    description: "Show one skill's registry entry",
    args: skillIdArg,
    load: () => import("./commands/get.js"),
  }),
  defineCommand({
    path: ["skills", "validate"],
    description: "Check a skill's files, skill.json and (--dry-run) artifact payloads",
    args: validateArgs,
    load: () => import("./commands/validate.js"),
  }),
  defineCommand({
    path: ["skills", "status"],
    description: "Eligibility of every skill: requirements met, or why it is blocked",
    load: () => import("./commands/status.js"),
  }),
  defineCommand({
    path: ["skills", "compile-artifact"],
    description: "Compile a skill's recipe artifact into an execution ({{VAR}} placeholders from --vars)",
    args: compileArgs,
    load: () => import("./commands/compile-artifact.js"),
  }),
  defineCommand({
    path: ["skills", "run"],
    description: "Run a skill's script (arguments after the id are passed to it; use -- for literal ones)",
    args: runArgs,
    passthrough: true,
    load: () => import("./commands/run.js"),
  }),
  defineCommand({
    path: ["skills", "install"],
    description: "Clone the skills repository to ~/.clawperator/skills",
    args: repoArgs,
    load: repo("install"),
  }),
  defineCommand({
    path: ["skills", "update"],
    description: "Fetch the latest skills (optionally pinned with --ref)",
    args: repoArgs,
    load: repo("update"),
  }),
  defineCommand({
    path: ["skills", "sync"],
    description: "Pin the skills clone to a git ref (--ref required)",
    args: syncArgs,
    load: repo("sync"),
  }),
];
