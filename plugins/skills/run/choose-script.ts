import { extname } from "node:path";

/** docs/skills-registry.md#skills-run: prefer a .js script, then .sh, then the first listed. */
export function chooseScript(scripts: readonly string[]): string | undefined {
  return scripts.find((s) => extname(s) === ".js") ?? scripts.find((s) => extname(s) === ".sh") ?? scripts[0];
}

/** Orchestrated skills run their scripts/run.js harness (docs/skills-registry.md#orchestrated-skills). */
export function harnessScript(scripts: readonly string[]): string | undefined {
  return scripts.find((s) => /(^|\/)scripts\/run\.js$/.test(s));
}

/** How to start a script: node for JavaScript, the file itself otherwise (its shebang decides). */
export function commandFor(script: string, args: readonly string[]): { file: string; args: string[] } {
  return /\.[cm]?js$/.test(script)
    ? { file: process.execPath, args: [script, ...args] }
    : { file: script, args: [...args] };
}
