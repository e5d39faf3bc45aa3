// Skills: keyword search and list over a generated 10,000-skill registry, and what `skills run` adds to a script.
// Run: npm run build && node bench/skills.mjs   (prints a markdown table for bench/RESULTS.md)
// Targets (issue "Skills"): search < 300 ms and list < 250 ms for the whole CLI process; run adds < 50 ms.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const runs = Number(process.env.RUNS ?? 21);
const root = resolve(import.meta.dirname, "..");
const bin = join(root, "dist/cli/bin.js");
const dir = mkdtempSync(join(tmpdir(), "clawperator-bench-skills-"));
process.env.CLAWPERATOR_HOME = join(dir, ".clawperator");

const skill = (i) => ({
  id: `com.vendor${i}.app.do-thing-${i}`,
  applicationId: `com.vendor${i}.app`,
  intent: `do-thing-${i}`,
  summary: `Do thing number ${i}${i % 97 ? "" : " thermostat"}`,
  path: `skills/com.vendor${i}.app.do-thing-${i}`,
  skillFile: `skills/com.vendor${i}.app.do-thing-${i}/SKILL.md`,
  scripts: [`skills/com.vendor${i}.app.do-thing-${i}/scripts/run.js`],
  artifacts: [],
});
mkdirSync(join(dir, "big", "skills"), { recursive: true });
writeFileSync(join(dir, "big", "skills", "skills-registry.json"), JSON.stringify({ skills: Array.from({ length: 10_000 }, (_, i) => skill(i)) }));

// One small skill whose script prints a SkillResult frame, as real skills do.
const small = { ...skill(0), id: "com.bench.app.hello", path: "skills/com.bench.app.hello", skillFile: "skills/com.bench.app.hello/SKILL.md", scripts: ["skills/com.bench.app.hello/scripts/run.js"] };
mkdirSync(join(dir, "small", small.path, "scripts"), { recursive: true });
writeFileSync(join(dir, "small", small.skillFile), "---\nname: com.bench.app.hello\ndescription: Hello\n---\n");
writeFileSync(join(dir, "small", small.path, "skill.json"), JSON.stringify(small));
const script = join(dir, "small", small.scripts[0]);
writeFileSync(script, `console.log("hello");\nconsole.log("[Clawperator-Skill-Result]");\nconsole.log(JSON.stringify({contractVersion:"1.0.0",skillId:"com.bench.app.hello",status:"success",checkpoints:[]}));\n`);
writeFileSync(join(dir, "small", "skills", "skills-registry.json"), JSON.stringify({ skills: [small] }));

const bigEnv = { ...process.env, CLAWPERATOR_SKILLS_REGISTRY: join(dir, "big", "skills", "skills-registry.json") };
const smallEnv = { ...process.env, CLAWPERATOR_SKILLS_REGISTRY: join(dir, "small", "skills", "skills-registry.json") };
const commands = {
  node: [process.execPath, ["-e", "0"], process.env],
  search: [bin, ["skills", "search", "--keyword", "thermostat", "--json"], bigEnv],
  list: [bin, ["skills", "list", "--json"], bigEnv],
  direct: [process.execPath, [script], smallEnv],
  run: [bin, ["skills", "run", "com.bench.app.hello", "--json"], smallEnv],
  runSkip: [bin, ["skills", "run", "com.bench.app.hello", "--skip-validate", "--json"], smallEnv],
};

// Interleaved rounds: every command once per round, so the machine's drift hits all of them alike.
const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
for (const [file, args, env] of Object.values(commands)) execFileSync(file, args, { stdio: "ignore", env, cwd: dir });
for (let i = 0; i < runs; i++) {
  for (const [name, [file, args, env]] of Object.entries(commands)) {
    const start = process.hrtime.bigint();
    execFileSync(file, args, { stdio: "ignore", env, cwd: dir });
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
rmSync(dir, { recursive: true });
const median = (name) => {
  const sorted = [...times[name]].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

console.log(`| measurement | median of ${runs} (ms) | target |`);
console.log("|---|---:|---|");
console.log(`| \`node -e 0\` | ${median("node").toFixed(1)} | |`);
console.log(`| \`skills search --keyword thermostat\`, 10,000 skills (104 found) | ${median("search").toFixed(1)} | < 300 |`);
console.log(`| \`skills list\`, 10,000 skills | ${median("list").toFixed(1)} | < 250 |`);
console.log(`| the skill script run directly (\`node run.js\`) | ${median("direct").toFixed(1)} | |`);
console.log(`| \`skills run\` of the same script (validation gate on) | ${median("run").toFixed(1)} | |`);
console.log(`| \`skills run --skip-validate\` | ${median("runSkip").toFixed(1)} | |`);
console.log(`| what \`skills run\` adds (run − direct) | ${(median("run") - median("direct")).toFixed(1)} | < 50 |`);
