import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readStreamBounded } from "../../../core/host/read-bounded.ts";
import { defineCommandHandler } from "../../../core/kernel/define-command.ts";
import { configureArgs } from "../command-args.ts";
import { listFlag, localSkills } from "./local-skills.ts";

const MAX_STDIN_BYTES = 65_536;

async function stdinText(): Promise<string> {
  const read = await readStreamBounded(process.stdin, MAX_STDIN_BYTES);
  if (!("bytes" in read)) throw new ClawperatorError("USAGE", `stdin is over ${MAX_STDIN_BYTES} bytes`);
  return read.bytes.toString("utf8");
}

/**
 * OpenClaw's `skills.update`: `skills.entries.<key>` in the JSON config (`enabled`, `apiKey`, `env`), written
 * atomically. Secret values come from stdin, never from the command line (where `ps` and shell history see them).
 */
const handler = defineCommandHandler(configureArgs, {
  async run(args, ctx) {
    const a = args;
    const skillKey = a.skill_key;
    if (!skillKey)
      throw new ClawperatorError(
        "USAGE",
        "skills configure <skillKey> [--enabled true|false] [--api-key-stdin | --clear-api-key] [--env-stdin] [--unset-env A,B] [--if-hash <hash>]",
      );
    if (a["api-key-stdin"] && a["env-stdin"])
      throw new ClawperatorError("USAGE", "--api-key-stdin and --env-stdin both read stdin: use one per call");
    if (a.enabled !== undefined && a.enabled !== "true" && a.enabled !== "false")
      throw new ClawperatorError("USAGE", "--enabled takes true or false");
    let apiKey: string | undefined;
    if (a["clear-api-key"]) apiKey = "";
    if (a["api-key-stdin"]) {
      apiKey = (await stdinText()).trim();
      if (!apiKey)
        throw new ClawperatorError("USAGE", "--api-key-stdin read no key (use --clear-api-key to remove it)");
    }
    const env: Record<string, string> = {};
    if (a["env-stdin"]) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await stdinText());
      } catch (error) {
        throw new ClawperatorError("USAGE", `--env-stdin: stdin is not JSON (${(error as Error).message})`);
      }
      if (
        typeof parsed !== "object" ||
        parsed === null ||
        Array.isArray(parsed) ||
        Object.values(parsed).some((v) => typeof v !== "string")
      )
        throw new ClawperatorError("USAGE", '--env-stdin: stdin must be a JSON object of strings ({"NAME": "value"})');
      Object.assign(env, parsed);
    }
    for (const name of listFlag(a["unset-env"])) env[name] = "";
    if (a.enabled === undefined && apiKey === undefined && Object.keys(env).length === 0)
      throw new ClawperatorError(
        "USAGE",
        "skills configure: nothing to change (--enabled, --api-key-stdin, --env-stdin, ...)",
      );
    return (await localSkills(ctx)).updateEntry({
      skillKey,
      ...(a.enabled !== undefined ? { enabled: a.enabled === "true" } : {}),
      ...(apiKey !== undefined ? { apiKey } : {}),
      ...(Object.keys(env).length ? { env } : {}),
      ...(a["if-hash"] ? { ifHash: a["if-hash"] } : {}),
    });
  },
  pretty(result) {
    const r = result;
    const e = r.entry!;
    return (
      `skills.entries.${r.skillKey} written to ${r.path} (mode ${r.mode})\n` +
      `  enabled: ${e.enabled ?? "(unset)"}, apiKey: ${e.apiKey ? "set" : "unset"}, env: ${e.env.join(", ") || "(none)"}`
    );
  },
});

export default handler;
