#!/usr/bin/env node
// Entry point. `--version` alone is answered before anything else loads, so it costs about a bare node start.
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === "--version") {
  const { packageVersion } = await import("./package-version.ts");
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { main } = await import("./main.ts");
  process.exitCode = await main(argv);
}
