// All benchmarks; paste the tables into bench/RESULTS.md.
// Run: npm run bench
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

for (const script of ["startup.mjs", "device.mjs", "skills.mjs", "doctor.mjs"]) {
  console.log(`\n## ${script}\n`);
  execFileSync(process.execPath, [resolve(import.meta.dirname, script)], { stdio: "inherit" });
}
