// Parsing a large recording (`record parse`): wall time and peak RSS of the CLI process, for one build or several
// measured alternately (A, B, A, B, ...) on the same generated file. Prints the rows for bench/RESULTS.md.
// Run: npm run build && node bench/recording-parse.mjs [bin.cjs ...]   (CLAWPERATOR_BENCH_MB, default 120; RUNS, 3)
// Needs GNU time (/usr/bin/time) for the peak RSS.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync, openSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const megabytes = Number(process.env.CLAWPERATOR_BENCH_MB ?? 120);
const runs = Number(process.env.RUNS ?? 3);
const bins = process.argv.slice(2).length
  ? process.argv.slice(2).map((bin) => resolve(bin))
  : [resolve(import.meta.dirname, "../dist/cli/bin.cjs")];

/** A screen dump of about 60 KB, as a phone's Settings list gives. */
function screen(i) {
  const rows = [];
  for (let n = 0; n < 160; n++)
    rows.push(
      `<node index="${n}" text="Row ${n} of screen ${i}" resource-id="com.android.settings:id/title" ` +
        `class="android.widget.TextView" package="com.android.settings" content-desc="" checkable="false" ` +
        `checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" ` +
        `long-clickable="false" password="false" selected="false" bounds="[0,${n * 10}][1080,${n * 10 + 10}]" />`,
    );
  return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${rows.join("")}</hierarchy>`;
}

const dir = mkdtempSync(join(tmpdir(), "clawperator-bench-recording-"));
try {
  const file = join(dir, "big.ndjson");
  const fd = openSync(file, "w", 0o600);
  writeSync(
    fd,
    `${JSON.stringify({ type: "recording_header", schemaVersion: 1, sessionId: "big", startedAt: 1, operatorPackage: "com.clawperator.operator" })}\n`,
  );
  let seq = 0;
  for (let i = 0; statSync(file).size < megabytes * 1024 * 1024; i++) {
    const snapshot = screen(i);
    const lines = [
      {
        ts: seq,
        seq: seq++,
        type: "window_change",
        snapshot,
        packageName: "com.android.settings",
        className: null,
        title: null,
      },
      {
        ts: seq,
        seq: seq++,
        type: "click",
        snapshot,
        packageName: "com.android.settings",
        resourceId: "com.android.settings:id/title",
        text: `Row 3 of screen ${i}`,
        contentDesc: null,
        bounds: { left: 0, top: 30, right: 1080, bottom: 40 },
      },
      {
        ts: seq,
        seq: seq++,
        type: "scroll",
        snapshot: null,
        packageName: "com.android.settings",
        resourceId: null,
        scrollX: 0,
        scrollY: 400,
        maxScrollX: 0,
        maxScrollY: 4000,
      },
    ];
    writeSync(fd, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  }
  closeSync(fd);
  const size = statSync(file).size;
  const measure = (bin) => {
    const run = spawnSync(
      "/usr/bin/time",
      ["-f", "%e %M", process.execPath, bin, "record", "parse", "--input", file, "--out", join(dir, "out.steps.json")],
      { env: { ...process.env, HOME: dir, CLAWPERATOR_NO_DAEMON: "1" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    // The step summary goes to stderr too; GNU time's line is the last.
    const err = run.stderr.toString().trim().split("\n");
    if (run.status !== 0) throw new Error(`${bin} failed: ${err.slice(-5).join("\n")}`);
    const [seconds, kilobytes] = err.at(-1).split(" ").map(Number);
    return { seconds, mb: kilobytes / 1024 };
  };
  const results = new Map(bins.map((bin) => [bin, []]));
  for (let r = 0; r < runs; r++) for (const bin of bins) results.get(bin).push(measure(bin));
  const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  console.log(`| build | recording | wall time (median of ${runs}) | peak RSS (median) |`);
  console.log("|---|---|---|---|");
  for (const [bin, rows] of results)
    console.log(
      `| ${bin} | ${(size / 1024 / 1024).toFixed(1)} MB, ${seq} events | ${median(rows.map((r) => r.seconds)).toFixed(2)} s | ${Math.round(median(rows.map((r) => r.mb)))} MB |`,
    );
  writeFileSync(join(dir, "done"), "");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
