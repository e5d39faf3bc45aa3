import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findOnPath, isExecutable, pathCandidates } from "../../../core/host/executables.ts";
import { monotonicMs } from "../../../core/host/monotonic-ms.ts";
import { processAlive } from "../../../core/host/process-alive.ts";

const dir = mkdtempSync(join(tmpdir(), "clawperator-host-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, mode: number) => {
  const path = join(dir, name);
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, mode);
  return path;
};

describe("executables on the host", () => {
  it("finds the first executable of a name on PATH, skipping empty entries and files it cannot run", () => {
    const plain = join(dir, "plain");
    const runnable = join(dir, "runnable");
    for (const d of [plain, runnable]) rmSync(d, { recursive: true, force: true });
    mkdirSync(plain);
    mkdirSync(runnable);
    writeFileSync(join(plain, "tool"), "not executable");
    const tool = join(runnable, "tool");
    writeFileSync(tool, "#!/bin/sh\n");
    chmodSync(tool, 0o755);
    const env = { PATH: `${plain}::${runnable}` };
    expect(pathCandidates("tool", env)).toEqual([join(plain, "tool"), tool]);
    expect(findOnPath("tool", env)).toBe(tool);
    expect(findOnPath("absent", env)).toBeUndefined();
    expect(findOnPath("tool", {})).toBeUndefined();
  });

  it("tells an executable file from one without the execute bit or a missing path", () => {
    expect(isExecutable(file("yes", 0o755))).toBe(true);
    expect(isExecutable(file("no", 0o644))).toBe(false);
    expect(isExecutable(join(dir, "missing"))).toBe(false);
  });
});

describe("processAlive", () => {
  it("is true for this process and false for a pid no process has", () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(2 ** 22 + 12_345)).toBe(false);
  });
});

describe("monotonicMs", () => {
  it("reads a clock in milliseconds that never goes back", () => {
    const readings = Array.from({ length: 1_000 }, () => monotonicMs());
    expect(readings.every((value, i) => Number.isFinite(value) && (i === 0 || value >= readings[i - 1]!))).toBe(true);
  });
});
