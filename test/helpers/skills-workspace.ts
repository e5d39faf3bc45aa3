import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type CliResult, runCli } from "./run-cli.ts";
import { tempDirs } from "./temp-dirs.ts";

/** A SKILL.md with the given frontmatter lines (written as real skills write them) and body. */
export const skillMd = (frontmatter: string, body = "body\n") => `---\n${frontmatter.trim()}\n---\n${body}`;

/**
 * A user's machine for skills tests: a HOME (with ~/.clawperator and ~/.agents/skills), a workspace folder (the
 * working directory, with ./skills and ./.agents/skills), a folder of stand-in programs first on PATH, and a JSON
 * config. `run` runs the built CLI there; every output it produced is kept for `outputs()` (secret checks).
 */
export interface SkillsWorkspace {
  home: string;
  ws: string;
  bin: string;
  config: string;
  env: Record<string, string>;
  /** Writes `<dir>/<name>/SKILL.md` (and any extra files of that folder). */
  skill(dir: string, name: string, text: string, extra?: Record<string, string>): string;
  /** A stand-in program on PATH: `script` is its shell body. */
  program(name: string, script?: string): void;
  writeConfig(value: unknown): void;
  run(
    args: readonly string[],
    options?: { input?: string; env?: Record<string, string>; config?: string },
  ): Promise<CliResult>;
  json<T = Record<string, unknown>>(args: readonly string[], options?: { input?: string }): Promise<T>;
  outputs(): string;
}

export function skillsWorkspaces(prefix = "clawperator-skills-ws-"): () => Promise<SkillsWorkspace> {
  const makeDir = tempDirs(prefix);
  return async () => {
    const home = await makeDir();
    const ws = join(home, "ws");
    const bin = join(home, "bin");
    const config = join(ws, "clawperator.config.json");
    for (const dir of [ws, bin, join(ws, "skills"), join(home, ".agents", "skills")])
      mkdirSync(dir, { recursive: true });
    const seen: string[] = [];
    const env = {
      HOME: home,
      CLAWPERATOR_HOME: join(home, ".clawperator"),
      PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
      XDG_CONFIG_HOME: join(home, ".config"),
    };
    const workspace: SkillsWorkspace = {
      home,
      ws,
      bin,
      config,
      env,
      skill(dir, name, text, extra = {}) {
        const folder = join(dir, name);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, "SKILL.md"), text);
        for (const [file, body] of Object.entries(extra)) {
          mkdirSync(dirname(join(folder, file)), { recursive: true });
          writeFileSync(join(folder, file), body);
        }
        return folder;
      },
      program(name, script = "exit 0") {
        writeFileSync(join(bin, name), `#!/bin/sh\n${script}\n`);
        chmodSync(join(bin, name), 0o755);
      },
      writeConfig(value) {
        writeFileSync(config, `${JSON.stringify(value, null, 2)}\n`);
      },
      async run(args, options = {}) {
        const result = await runCli([...args, "--config", options.config ?? config], {
          cwd: ws,
          env: { ...env, ...options.env },
          ...(options.input === undefined ? {} : { input: options.input }),
        });
        seen.push(result.stdout, result.stderr);
        return result;
      },
      async json<T>(args: readonly string[], options: { input?: string } = {}) {
        const result = await workspace.run([...args, "--json"], options);
        try {
          return JSON.parse(result.stdout) as T;
        } catch {
          throw new Error(`not JSON (exit ${result.exitCode}): ${result.stdout}\n${result.stderr}`);
        }
      },
      outputs: () => seen.join("\n"),
    };
    workspace.writeConfig({});
    return workspace;
  };
}
