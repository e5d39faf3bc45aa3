import { APK_COMMAND_ACTION } from "./protocol/operator-apk-facts.ts";
import type { DeviceServices } from "./adb/index.ts";
import { createDeviceState, type DeviceState } from "./device/index.ts";
import { answerHuman, HumanInput } from "./human/index.ts";
import { createVirtualOperator, type VirtualOperator } from "./operator/index.ts";
import type { Scenario } from "./scenario/scenario-types.ts";
import { createDeviceShell } from "./shell/index.ts";
import { createScenarioUi } from "./ui/index.ts";
import { screenRotation } from "./device/rotation.ts";
import type { UiModel } from "./ui/ui-model.ts";

/** A virtual device without its network face: state, screen, shell and the operators installed on it. */
export interface VirtualDevice {
  readonly scenario: Scenario;
  readonly state: DeviceState;
  readonly ui: UiModel;
  /** What the adb wire server runs commands against, and where a person's actions arrive (the human channel). */
  readonly services: DeviceServices;
  /** Resolves when every execution an operator accepted has finished. */
  idle(): Promise<void>;
  /** Stops timers and running executions; the device answers nothing afterwards. */
  stop(): void;
}

export function createVirtualDevice(scenario: Scenario): VirtualDevice {
  const state = createDeviceState(scenario);
  const ui = createScenarioUi(scenario, {
    packages: state.packages,
    now: () => state.clock.now(),
    log: state.log,
    rotation: () => screenRotation(state.settings),
  });
  const operators = new Map<string, { operator: VirtualOperator; unregister: () => void }>();

  // An operator APK installed later (`adb install`) starts answering broadcasts; an uninstalled one stops.
  const syncOperators = () => {
    const installed = new Set(
      state.packages
        .list()
        .filter((p) => p.operator)
        .map((p) => p.packageName),
    );
    for (const [packageName, entry] of operators) {
      if (installed.has(packageName)) continue;
      entry.operator.close();
      entry.unregister();
      operators.delete(packageName);
    }
    for (const packageName of installed) {
      if (operators.has(packageName)) continue;
      const operator = createVirtualOperator({
        packageName,
        ui,
        log: state.log,
        fs: state.fs,
        pid: state.processes.pidOf(packageName),
        accessibilityEnabled: () => state.isAccessibilityServiceEnabled(packageName),
        deviceFacts: () => ({
          developerOptionsEnabled: state.settings.get("global", "development_settings_enabled") === "1",
          usbDebuggingEnabled: state.settings.get("global", "adb_enabled") === "1",
        }),
      });
      const unregister = state.receivers.register({
        packageName,
        action: APK_COMMAND_ACTION,
        onReceive: (extras) => operator.handleCommand(extras.payload ?? ""),
      });
      operators.set(packageName, { operator, unregister });
    }
  };
  syncOperators();
  const unsubscribe = state.packages.onChange(syncOperators);
  const human = new HumanInput(ui);

  return {
    scenario,
    state,
    ui,
    services: {
      ...createDeviceShell(state, ui),
      human: (request) => JSON.stringify(answerHuman(human, request)),
    },
    idle: async () => {
      await Promise.all([...operators.values()].map(({ operator }) => operator.idle()));
    },
    stop() {
      unsubscribe();
      for (const { operator, unregister } of operators.values()) {
        operator.close();
        unregister();
      }
      operators.clear();
      state.stop();
    },
  };
}
