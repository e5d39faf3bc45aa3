import type { DeviceProfile, Scenario } from "../scenario/scenario-types.ts";
import { isAccessibilityServiceEnabled } from "./accessibility.ts";
import { systemClock, type Clock } from "../../../core/host/clock.ts";
import { derivedProperties } from "./device-properties.ts";
import { LogBuffer } from "./log-buffer.ts";
import { PackageRegistry } from "./packages.ts";
import { ProcessTable, SYSTEM_SERVER_PID } from "./processes.ts";
import { DeviceProperties } from "./properties.ts";
import { ReceiverRegistry } from "./receivers.ts";
import { SettingsStore, type SettingsNamespace } from "./settings-store.ts";
import { VirtualFileSystem } from "./virtual-fs.ts";

/** Everything a virtual device remembers, shared by its shell, its UI and its operator. */
export interface DeviceState {
  readonly profile: DeviceProfile;
  readonly properties: DeviceProperties;
  readonly settings: SettingsStore;
  readonly packages: PackageRegistry;
  readonly processes: ProcessTable;
  readonly log: LogBuffer;
  readonly fs: VirtualFileSystem;
  readonly receivers: ReceiverRegistry;
  readonly clock: Pick<Clock, "now">;
  /** Whether Android would bind that operator package's accessibility service now. */
  isAccessibilityServiceEnabled(packageName: string): boolean;
  /** Resolves when sys.boot_completed turns 1 (never, for a scenario that does not boot). */
  whenBootCompleted(): Promise<void>;
  /** Cancels the pending boot; the state stays readable. */
  stop(): void;
}

export interface DeviceStateOptions {
  clock?: Pick<Clock, "now">;
}

/**
 * A device that has just been switched on for shell users: adb and developer options on, unless the scenario says
 * otherwise. No rotation setting is seeded: until a scenario or `settings put` chooses one, each screen shows in
 * the rotation it was dumped in (a landscape dump stays landscape), as the phone that made it did.
 */
const DEFAULT_SETTINGS: Partial<Record<SettingsNamespace, Record<string, string>>> = {
  global: { adb_enabled: "1", development_settings_enabled: "1" },
};

const BOOT_PROPERTIES = ["sys.boot_completed", "dev.bootcomplete"];

export function createDeviceState(scenario: Scenario, options: DeviceStateOptions = {}): DeviceState {
  const profile = scenario.device;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const properties = new DeviceProperties({ ...derivedProperties(profile), ...profile.props });
  const settings = new SettingsStore({
    system: { ...profile.settings.system },
    secure: { ...profile.settings.secure },
    global: { ...DEFAULT_SETTINGS.global, ...profile.settings.global },
  });
  const packages = new PackageRegistry(now);
  for (const app of scenario.apps) {
    packages.install({
      packageName: app.package,
      label: app.label,
      versionName: app.versionName,
      versionCode: app.versionCode,
      system: app.system,
      operator: app.operator,
      ...(app.launchScreen === undefined ? {} : { launchScreen: app.launchScreen }),
      granted: app.permissions,
    });
  }

  let markBooted!: () => void;
  const booted = new Promise<void>((resolve) => (markBooted = resolve));
  const completeBoot = () => {
    for (const key of BOOT_PROPERTIES) properties.set(key, "1");
    markBooted();
  };
  let bootTimer: NodeJS.Timeout | undefined;
  const { completeAfterMs } = profile.boot;
  if (completeAfterMs === 0) completeBoot();
  else if (completeAfterMs !== "never") bootTimer = setTimeout(completeBoot, completeAfterMs);

  return {
    profile,
    properties,
    settings,
    packages,
    processes: new ProcessTable(),
    log: new LogBuffer({ now, defaultPid: SYSTEM_SERVER_PID }),
    fs: new VirtualFileSystem(now),
    receivers: new ReceiverRegistry(),
    clock,
    isAccessibilityServiceEnabled: (packageName) => isAccessibilityServiceEnabled(settings, packageName),
    whenBootCompleted: () => booted,
    stop() {
      clearTimeout(bootTimer);
      bootTimer = undefined;
    },
  };
}
