import { defaultProfile } from "../../../android/avd/index.ts";
import { runSdkTool, writeVirtualSdk, type VirtualSdkConfigInput } from "../../../android/virtual/sdk/index.ts";
import type { Clock } from "../../../core/host/clock.ts";
import type { EmulatorAdb, ListedEmulator } from "../../../plugins/emulator/emulator-adb.ts";
import type { EmulatorContext } from "../../../plugins/emulator/emulator-context.ts";
import type { LaunchedEmulator, Launcher } from "../../../plugins/emulator/launcher.ts";
import { createProgress } from "../../../plugins/emulator/progress.ts";
import { resolveSdkTool } from "../../../plugins/emulator/sdk-tools.ts";
import type { SdkTools, ToolResult } from "../../../plugins/emulator/tool-runner.ts";

/** Time that passes only when the code under test sleeps. */
export class FakeClock implements Clock {
  time = 1_000_000;
  now = () => this.time;
  sleep = async (ms: number) => {
    this.time += ms;
  };
}

interface FakeEmulator {
  name: string;
  state: string;
  /** Clock time when both boot properties read 1; undefined = never. */
  bootedAt?: number;
  /** Whether `emu kill` makes it vanish. */
  dies: boolean;
}

/** adb and the emulator consoles, as a table of emulators that the fake launcher fills. */
export class FakeAdb implements EmulatorAdb {
  readonly emulators = new Map<string, FakeEmulator>();
  readonly killed: string[] = [];
  killFails = false;
  constructor(private readonly clock: FakeClock) {}

  add(serial: string, emulator: Partial<FakeEmulator> & { name: string }): void {
    this.emulators.set(serial, { state: "device", bootedAt: this.clock.now(), dies: true, ...emulator });
  }
  nextSerial(): string {
    for (let port = 5554; ; port += 2) if (!this.emulators.has(`emulator-${port}`)) return `emulator-${port}`;
  }
  async listEmulators(): Promise<ListedEmulator[]> {
    return [...this.emulators].map(([serial, e]) => ({ serial, state: e.state }));
  }
  async avdName(serial: string) {
    return this.emulators.get(serial)?.name;
  }
  async bootCompleted(serial: string) {
    const e = this.emulators.get(serial);
    return e?.bootedAt !== undefined && this.clock.now() >= e.bootedAt;
  }
  async kill(serial: string) {
    if (this.killFails) throw new Error("KO: console refused");
    this.killed.push(serial);
    if (this.emulators.get(serial)?.dies) this.emulators.delete(serial);
  }
}

export interface LaunchPlan {
  /** ms after launch when it registers; undefined = never. */
  registerAfterMs?: number;
  /** ms after registration when it has booted; undefined = never. */
  bootAfterMs?: number;
  /** Exit at once with this code instead. */
  exitCode?: number;
}

/** Starts "emulators" by adding them to the FakeAdb when the clock reaches their registration time. */
export class FakeLauncher implements Launcher {
  readonly launches: Array<{ path: string; args: readonly string[]; killed: boolean }> = [];
  plan: LaunchPlan = { registerAfterMs: 3_000, bootAfterMs: 5_000 };
  constructor(
    private readonly clock: FakeClock,
    private readonly adb: FakeAdb,
  ) {}

  async launch(path: string, args: readonly string[], avdName: string): Promise<LaunchedEmulator> {
    const record = { path, args, killed: false };
    this.launches.push(record);
    const plan = this.plan;
    const start = this.clock.now();
    const serial = this.adb.nextSerial();
    const original = this.adb.listEmulators.bind(this.adb);
    let registered = false;
    // Registration happens when adb is next asked after its time has come.
    this.adb.listEmulators = async () => {
      if (
        !registered &&
        !record.killed &&
        plan.exitCode === undefined &&
        plan.registerAfterMs !== undefined &&
        this.clock.now() >= start + plan.registerAfterMs
      ) {
        registered = true;
        this.adb.add(serial, {
          name: avdName,
          ...(plan.bootAfterMs === undefined
            ? { bootedAt: undefined }
            : { bootedAt: this.clock.now() + plan.bootAfterMs }),
        });
      }
      return original();
    };
    return {
      pid: 4242,
      exited: () => plan.exitCode !== undefined || record.killed,
      exitCode: () => plan.exitCode ?? null,
      kill: () => {
        record.killed = true;
      },
      log: "/tmp/fake-emulator.log",
      logTail: () => (plan.exitCode === undefined ? "" : "PANIC: Unknown AVD name"),
    };
  }
}

/** The SDK stand-in's sdkmanager/avdmanager run in this process (no Node start per call). */
export function inProcessTools(sdkRoot: string, env: NodeJS.ProcessEnv): SdkTools & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    path: (tool) => resolveSdkTool(tool, env),
    async run(tool, args, options = {}): Promise<ToolResult> {
      resolveSdkTool(tool, env);
      calls.push([tool, ...args].join(" "));
      const answers = (options.input ?? "").split("\n");
      let stdout = "";
      let stderr = "";
      const exitCode = await runSdkTool(tool, args, sdkRoot, {
        out: (t) => {
          stdout += t;
        },
        err: (t) => {
          stderr += t;
        },
        readLine: async () => answers.shift(),
        env,
      });
      return { stdout, stderr, exitCode, command: [tool, ...args].join(" ") };
    },
  };
}

export interface Harness {
  ctx: EmulatorContext;
  locks: Set<string>;
  clock: FakeClock;
  adb: FakeAdb;
  launcher: FakeLauncher;
  tools: ReturnType<typeof inProcessTools>;
  progress: string[];
  env: NodeJS.ProcessEnv;
}

/** An emulator context over a fresh SDK stand-in in `dir`, with fake time, adb and launcher. */
export function harness(dir: string, config: VirtualSdkConfigInput = {}): Harness {
  const sdkRoot = `${dir}/sdk`;
  const env = { PATH: "/usr/bin:/bin", HOME: dir, ANDROID_HOME: sdkRoot, ANDROID_AVD_HOME: `${dir}/avd` };
  // The executables only have to exist for tool resolution; the tools run in-process here.
  writeVirtualSdk(sdkRoot, { entry: "file:///unused.js", config });
  const clock = new FakeClock();
  const adb = new FakeAdb(clock);
  const launcher = new FakeLauncher(clock, adb);
  const tools = inProcessTools(sdkRoot, env);
  const progress: string[] = [];
  const locks = new Set<string>();
  const ctx: EmulatorContext = {
    avdHome: env.ANDROID_AVD_HOME,
    tools,
    adb,
    launcher,
    clock,
    progress: createProgress((line) => progress.push(line), clock, 5_000),
    profile: defaultProfile("x64"),
    pollMs: 250,
    stopTimeoutMs: 10_000,
    tryLock: (key) => {
      if (locks.has(key)) return undefined;
      locks.add(key);
      return () => void locks.delete(key);
    },
  };
  return { ctx, locks, clock, adb, launcher, tools, progress, env };
}
