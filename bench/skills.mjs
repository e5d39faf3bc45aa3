// Skills: keyword search and list over a generated 10,000-skill registry, and what `skills run` adds to a script.
// Run: npm run build && node bench/skills.mjs   (prints a markdown table for bench/RESULTS.md)
// COMPARE_BIN=<another build's dist/cli/bin.cjs> adds its `skills run` rows, interleaved in the same rounds (A/B).
// Targets (issue "Skills"): search < 300 ms and list < 250 ms for the whole CLI process; run adds < 50 ms.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const runs = Number(process.env.RUNS ?? 21);
const root = resolve(import.meta.dirname, "..");
const bin = join(root, "dist/cli/bin.cjs");
const compareBin = process.env.COMPARE_BIN ? resolve(process.env.COMPARE_BIN) : undefined;
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
writeFileSync(
  join(dir, "big", "skills", "skills-registry.json"),
  JSON.stringify({ skills: Array.from({ length: 10_000 }, (_, i) => skill(i)) }),
);

// One small skill whose script prints a SkillResult frame, as real skills do.
const small = {
  ...skill(0),
  id: "com.bench.app.hello",
  path: "skills/com.bench.app.hello",
  skillFile: "skills/com.bench.app.hello/SKILL.md",
  scripts: ["skills/com.bench.app.hello/scripts/run.js"],
};
mkdirSync(join(dir, "small", small.path, "scripts"), { recursive: true });
writeFileSync(join(dir, "small", small.skillFile), "---\nname: com.bench.app.hello\ndescription: Hello\n---\n");
writeFileSync(join(dir, "small", small.path, "skill.json"), JSON.stringify(small));
const script = join(dir, "small", small.scripts[0]);
writeFileSync(
  script,
  `console.log("hello");\nconsole.log("[Clawperator-Skill-Result]");\n` +
    `console.log(JSON.stringify({contractVersion:"1.0.0",skillId:"com.bench.app.hello",status:"success",checkpoints:[]}));\n`,
);
// The same script in a skill with a recipe artifact, which the validation gate compiles and checks (dry run).
const recipe = {
  ...small,
  id: "com.bench.app.recipe",
  path: "skills/com.bench.app.recipe",
  skillFile: "skills/com.bench.app.recipe/SKILL.md",
  scripts: ["skills/com.bench.app.recipe/scripts/run.js"],
  artifacts: ["skills/com.bench.app.recipe/artifacts/open.recipe.json"],
};
mkdirSync(join(dir, "small", recipe.path, "scripts"), { recursive: true });
mkdirSync(join(dir, "small", recipe.path, "artifacts"), { recursive: true });
writeFileSync(join(dir, "small", recipe.skillFile), "---\nname: com.bench.app.recipe\ndescription: Recipe\n---\n");
writeFileSync(join(dir, "small", recipe.path, "skill.json"), JSON.stringify(recipe));
writeFileSync(
  join(dir, "small", recipe.scripts[0]),
  readFileSync(script, "utf8").replace("com.bench.app.hello", "com.bench.app.recipe"),
);
const recipeActions = [
  { id: "open", type: "open_app", params: { applicationId: "com.bench.app" } },
  { id: "find", type: "click", params: { matcher: { textEquals: "{{THING}}" } } },
];
writeFileSync(
  join(dir, "small", recipe.artifacts[0]),
  JSON.stringify({
    commandId: "{{COMMAND_ID}}",
    taskId: "{{TASK_ID}}",
    source: "skill",
    timeoutMs: 30000,
    actions: recipeActions,
  }),
);
writeFileSync(join(dir, "small", "skills", "skills-registry.json"), JSON.stringify({ skills: [small, recipe] }));

// The floor of any wrapper written in Node: a bare node process that spawns the script and waits for it.
const floor = join(dir, "spawn-floor.mjs");
writeFileSync(
  floor,
  `import { spawn } from "node:child_process";\n` +
    `const c = spawn(process.execPath, [${JSON.stringify(script)}], { stdio: ["ignore", "pipe", "pipe"] });\n` +
    `c.stdout.resume();\nc.stderr.resume();\nawait new Promise((r) => c.on("close", r));\n`,
);

const bigEnv = { ...process.env, CLAWPERATOR_SKILLS_REGISTRY: join(dir, "big", "skills", "skills-registry.json") };
const smallEnv = { ...process.env, CLAWPERATOR_SKILLS_REGISTRY: join(dir, "small", "skills", "skills-registry.json") };
const commands = {
  node: [process.execPath, ["-e", "0"], process.env],
  search: [bin, ["skills", "search", "--keyword", "thermostat", "--json"], bigEnv],
  list: [bin, ["skills", "list", "--json"], bigEnv],
  direct: [process.execPath, [script], smallEnv],
  floor: [process.execPath, [floor], smallEnv],
  run: [bin, ["skills", "run", "com.bench.app.hello", "--json"], smallEnv],
  runSkip: [bin, ["skills", "run", "com.bench.app.hello", "--skip-validate", "--json"], smallEnv],
  runRecipe: [bin, ["skills", "run", "com.bench.app.recipe", "--json"], smallEnv],
  ...(compareBin
    ? {
        compareRun: [compareBin, ["skills", "run", "com.bench.app.hello", "--json"], smallEnv],
        compareRecipe: [compareBin, ["skills", "run", "com.bench.app.recipe", "--json"], smallEnv],
      }
    : {}),
};

// Interleaved rounds: every command once per round, so the machine's drift hits all of them alike. Wall time,
// and CPU time (user + sys of the process and its children, from GNU time) which a loaded machine disturbs less.
const cpuTool = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const cpuFile = join(dir, "cpu.txt");
const times = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
const cpu = Object.fromEntries(Object.keys(commands).map((k) => [k, []]));
for (const [file, args, env] of Object.values(commands)) execFileSync(file, args, { stdio: "ignore", env, cwd: dir });
for (let i = 0; i < runs; i++) {
  for (const [name, [file, args, env]] of Object.entries(commands)) {
    const start = process.hrtime.bigint();
    if (cpuTool)
      execFileSync(cpuTool, ["-f", "%U %S", "-o", cpuFile, file, ...args], { stdio: "ignore", env, cwd: dir });
    else execFileSync(file, args, { stdio: "ignore", env, cwd: dir });
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    if (cpuTool)
      cpu[name].push(
        readFileSync(cpuFile, "utf8")
          .trim()
          .split(/\s+/)
          .slice(-2)
          .reduce((a, b) => a + Number(b) * 1000, 0),
      );
  }
}
rmSync(dir, { recursive: true });
const mid = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const median = (name) => mid(times[name]);
const cpuMs = (name) => (cpuTool ? mid(cpu[name]).toFixed(0) : "n/a");

console.log(`| measurement | wall, median of ${runs} (ms) | CPU user+sys, median (ms) | target (wall) |`);
console.log("|---|---:|---:|---|");
const row = (label, name, target = "") =>
  console.log(`| ${label} | ${median(name).toFixed(1)} | ${cpuMs(name)} | ${target} |`);
row("`node -e 0`", "node");
row("`skills search --keyword thermostat`, 10,000 skills (104 found)", "search", "< 300");
row("`skills list`, 10,000 skills", "list", "< 250");
row("the skill script run directly (`node run.js`)", "direct");
row("floor: a bare `node` process that spawns the script", "floor");
row("`skills run` of the same script (validation gate on)", "run");
row("`skills run --skip-validate`", "runSkip");
row("`skills run` of the script in a skill with a recipe artifact (gate compiles it)", "runRecipe");
if (compareBin) {
  row("`skills run`, the COMPARE_BIN build", "compareRun");
  row("`skills run` with a recipe artifact, the COMPARE_BIN build", "compareRecipe");
}
const added = () => (cpuTool ? (mid(cpu.run) - mid(cpu.direct)).toFixed(0) : "n/a");
console.log(
  `| what \`skills run\` adds (run − direct) | ${(median("run") - median("direct")).toFixed(1)} | ${added()} | < 50 |`,
);
const overFloor = cpuTool ? (mid(cpu.run) - mid(cpu.floor)).toFixed(0) : "n/a";
console.log(
  `| what \`skills run\` adds over the floor (run − floor) | ${(median("run") - median("floor")).toFixed(1)} ` +
    `| ${overFloor} | |`,
);
