import { existsSync } from "node:fs";
import { join } from "node:path";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { readJsonFile } from "../../../core/host/read-json-file.ts";
import type { SkillResult, SkillRunOutcome, SkillRunRequest } from "../../../core/services/skills.ts";
import type { SkillRecord } from "../sources/catalog.ts";
import { readAgent, resolveAgentCli } from "./agent-cli.ts";
import { chooseScript, commandFor, harnessScript } from "./choose-script.ts";
import { DEFAULT_MAX_OUTPUT_BYTES, TextWatch } from "./output-tail.ts";
import { resolveInside } from "./safe-path.ts";
import { type ScriptResult, spawnScript } from "./spawn-script.ts";
import { FrameScanner } from "./skill-frame.ts";
import { checkSkillResult } from "./skill-result.ts";
import { readContract, unprovedVerification } from "./verify-contract.ts";

export const DEFAULT_SKILL_TIMEOUT_MS = 120_000;

export interface RunContext {
  /** The child's environment before the runtime's own variables (config overrides already applied). */
  env: NodeJS.ProcessEnv;
  clawperatorBin: string;
  operatorPackage: string;
  registryPath?: string;
  /** The bytes of each stream kept for the result (config `skills.maxOutputBytes`). */
  maxOutputBytes?: number;
}

/** spec/000: `stdout` and `stderr` appear on a failure only when the child wrote to them. */
const streams = (stdout: string, stderr: string) => ({ ...(stdout ? { stdout } : {}), ...(stderr ? { stderr } : {}) });

/** What every shape adds when there is something to say: bytes dropped from a stream, processes that outlived it. */
function aftermath(result: ScriptResult) {
  const { stdout, stderr, warnings } = result;
  const truncated = {
    ...(stdout.dropped ? { stdout: stdout.dropped } : {}),
    ...(stderr.dropped ? { stderr: stderr.dropped } : {}),
  };
  return {
    ...(Object.keys(truncated).length ? { truncated } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

function fail(
  code: ConstructorParameters<typeof ClawperatorError>[0],
  message: string,
  details: Record<string, unknown>,
): never {
  throw new ClawperatorError(code, message, { details });
}

function readManifest(record: SkillRecord): Record<string, unknown> | null {
  const path = resolveInside(record.root, join(record.entry.path, "skill.json"), record.entry.id);
  if (!existsSync(path)) return null;
  const read = readJsonFile(path);
  // The position and the reason, never the text: the path may lead to any file the user can read.
  if ("problem" in read)
    return fail("SKILL_VALIDATION_FAILED", `Skill ${record.entry.id} has an unreadable skill.json (${read.problem})`, {
      skillId: record.entry.id,
      skillJsonPath: path,
    });
  const value = read.value;
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * Runs one skill's script the way spec/000 "Execution" says: script choice, the device as first argument,
 * the runtime's variables, the timeout, the SkillResult frame, --expect-contains and declared verification.
 * Every failure is a ClawperatorError whose details carry the spec's fields (skillId, exitCode, stdout, ...).
 */
export async function runSkillScript(
  record: SkillRecord,
  request: SkillRunRequest,
  ctx: RunContext,
): Promise<SkillRunOutcome> {
  const skillId = record.entry.id;
  const scripts = Array.isArray(record.entry.scripts)
    ? record.entry.scripts.filter((s): s is string => typeof s === "string")
    : [];
  if (scripts.length === 0) fail("SKILL_SCRIPT_NOT_FOUND", `Skill ${skillId} has no scripts defined`, { skillId });

  const manifest = readManifest(record);
  const agent = readAgent(manifest?.agent);
  const contract = readContract(manifest?.contract ?? record.entry.contract);
  const relative = agent ? harnessScript(scripts) : chooseScript(scripts);
  if (!relative) fail("SKILL_SCRIPT_NOT_FOUND", `Agent-driven skill ${skillId} requires scripts/run.js`, { skillId });
  const script = resolveInside(record.root, relative, skillId);
  if (!existsSync(script)) fail("SKILL_SCRIPT_NOT_FOUND", `Script not found: ${script}`, { skillId });

  const args = [...(request.args ?? [])];
  const injected: Record<string, string> = {
    CLAWPERATOR_BIN: ctx.clawperatorBin,
    CLAWPERATOR_OPERATOR_PACKAGE: ctx.operatorPackage,
    CLAWPERATOR_SKILL_ID: skillId,
    CLAWPERATOR_SKILL_INPUTS: JSON.stringify(args),
    ...(request.deviceId ? { CLAWPERATOR_DEVICE_ID: request.deviceId } : {}),
    ...(ctx.registryPath && record.fromRegistry ? { CLAWPERATOR_SKILLS_REGISTRY: ctx.registryPath } : {}),
  };
  let timeoutMs = request.timeoutMs ?? DEFAULT_SKILL_TIMEOUT_MS;
  if (agent) {
    const skillDir = resolveInside(record.root, record.entry.path, skillId);
    const program = resolveInside(record.root, record.entry.skillFile ?? join(record.entry.path, "SKILL.md"), skillId);
    if (!existsSync(program)) fail("SKILL_SCRIPT_NOT_FOUND", `Skill program not found: ${program}`, { skillId });
    const cliPath = resolveAgentCli(agent, skillId, skillDir, ctx.env);
    timeoutMs = request.timeoutMs ?? agent.timeoutMs ?? DEFAULT_SKILL_TIMEOUT_MS;
    Object.assign(injected, {
      CLAWPERATOR_SKILL_AGENT_CLI: agent.cli,
      CLAWPERATOR_SKILL_AGENT_CLI_PATH: cliPath,
      CLAWPERATOR_SKILL_AGENT_TIMEOUT_MS: String(timeoutMs),
      CLAWPERATOR_SKILL_PROGRAM: program,
    });
  }
  // Replay scripts take the device serial as their first argument; the agent harness reads it from the env.
  const scriptArgs = !agent && request.deviceId ? [request.deviceId, ...args] : args;
  const command = commandFor(script, scriptArgs);

  // The frame and --expect-contains are read as stdout streams by: the kept tail may have lost what they need.
  const frames = new FrameScanner();
  const expected = request.expectContains === undefined ? undefined : new TextWatch(request.expectContains);
  const started = performance.now();
  const result = await spawnScript(command.file, command.args, {
    env: { ...ctx.env, ...injected },
    timeoutMs,
    maxOutputBytes: ctx.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES,
    ...(request.signal ? { signal: request.signal } : {}),
    onOutput: (chunk, stream) => {
      if (stream === "stdout") {
        frames.push(chunk);
        expected?.push(chunk);
      }
      request.onOutput?.(chunk, stream);
    },
  });
  const durationMs = Math.round(performance.now() - started);
  const stdout = result.stdout.text();
  const stderr = result.stderr.text();
  const extras = aftermath(result);
  const output = { ...streams(stdout, stderr), ...extras };

  if (result.timedOut)
    fail("SKILL_EXECUTION_TIMEOUT", `Skill ${skillId} timed out after ${timeoutMs}ms`, { skillId, ...output });
  if (result.spawnError) {
    const cause = result.spawnError;
    fail("SKILL_EXECUTION_FAILED", `Skill ${skillId} ${cause.code ?? "SPAWN_FAILED"}: ${cause.message}`, {
      skillId,
      ...output,
      skillResult: null,
    });
  }
  if (result.exitCode === undefined) {
    fail("SKILL_EXECUTION_FAILED", `Skill ${skillId} was stopped by a signal`, {
      skillId,
      ...output,
      skillResult: null,
    });
  }

  const source: SkillResult["source"] = agent ? { kind: "agent", agentCli: agent.cli } : { kind: "script" };
  const found = frames.end(agent !== null && result.exitCode === 0);
  const frame =
    found.kind === "json"
      ? checkSkillResult(found.line, skillId, source)
      : found.kind === "none"
        ? { ok: true as const, skillResult: null }
        : { ok: false as const, message: found.message };
  if (!frame.ok)
    fail("SKILL_RESULT_PARSE_FAILED", frame.message, {
      skillId,
      exitCode: result.exitCode,
      ...output,
      skillResult: null,
    });
  const { skillResult } = frame;
  if (result.exitCode !== 0) {
    // The script's own words for where it stopped, when its frame has them (a generated skill's do).
    const said = (skillResult as { diagnostics?: { failure?: unknown } } | null)?.diagnostics?.failure;
    const why = typeof said === "string" && said.trim() ? `: ${said.trim()}` : "";
    fail("SKILL_EXECUTION_FAILED", `Skill ${skillId} exited with code ${result.exitCode}${why}`, {
      skillId,
      exitCode: result.exitCode,
      ...output,
      skillResult,
    });
  }
  const echo = {
    ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    ...(request.expectContains === undefined ? {} : { expectedSubstring: request.expectContains }),
  };
  if (expected && !expected.seen) {
    fail("SKILL_OUTPUT_ASSERTION_FAILED", `Skill ${skillId} output did not include expected text`, {
      skillId,
      output: stdout,
      skillResult,
      expectedSubstring: expected.needle,
      ...extras,
    });
  }
  if (contract?.verification && skillResult?.status === "failed") {
    fail(
      "SKILL_EXECUTION_FAILED",
      `Skill ${skillId} reported failed status while executing a declared verification contract`,
      { skillId, exitCode: 0, ...output, skillResult },
    );
  }
  const unproved = unprovedVerification(contract, skillResult, args);
  if (unproved !== undefined) {
    return {
      status: "indeterminate",
      code: "SKILL_VERIFICATION_INDETERMINATE",
      message: "Declared verification was not proved.",
      skillId,
      output: stdout,
      skillResult,
      exitCode: 0,
      durationMs,
      ...echo,
      reason: unproved,
      ...extras,
    };
  }
  return { status: "success", skillId, output: stdout, skillResult, exitCode: 0, durationMs, ...echo, ...extras };
}
