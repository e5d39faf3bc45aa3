import { type AnyCommandDefinition, defineCliCommand } from "../../core/kernel/index.ts";
import { parseArgs, pullArgs, sessionArgs, skillsNewArgs } from "./command-args.ts";

const session = (verb: "start" | "stop") => () =>
  import("./commands/session.js").then((m) => ({ default: m.sessionCommand(verb) }));

/** Every command of the recording plugin, as data: `--help` lists them without loading their code. */
export const RECORDING_COMMANDS: AnyCommandDefinition[] = [
  defineCliCommand({
    path: ["record", "start"],
    aliases: [["recording", "start"]],
    description: "Start recording what a person does on the device (start_recording)",
    args: sessionArgs,
    load: session("start"),
  }),
  defineCliCommand({
    path: ["record", "stop"],
    aliases: [["recording", "stop"]],
    description: "Stop the recording; prints its sessionId, filePath and eventCount (stop_recording)",
    args: sessionArgs,
    load: session("stop"),
  }),
  defineCliCommand({
    path: ["record", "pull"],
    aliases: [["recording", "pull"]],
    description: "Copy a recording from the device to <out>/<sessionId>.ndjson",
    args: pullArgs,
    load: () => import("./commands/pull.js"),
  }),
  defineCliCommand({
    path: ["record", "parse"],
    aliases: [["recording", "parse"]],
    description: "Turn a recording into the reference's step log (<input>.steps.json)",
    args: parseArgs,
    load: () => import("./commands/parse.js"),
  }),
  defineCliCommand({
    path: ["skills", "new"],
    description: "Write a skill that replays a recording (--from-recording <file.ndjson|file.steps.json>)",
    args: skillsNewArgs,
    load: () => import("./commands/skills-new.js"),
  }),
];
