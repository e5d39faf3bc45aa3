import type { ArgsDef } from "citty";

export const startArgs = {
  scenario: { type: "string", description: "Built-in scenario (default, fresh) or a scenario file (JSON/YAML)", default: "default" },
  port: { type: "string", description: "adb port to listen on (default: a free one; 5555-5585 with --emulator)" },
  emulator: { type: "boolean", description: "Appear as emulator-<port-1>, with an emulator console" },
  detach: { type: "boolean", description: "Run in the background and return once the device is ready" },
  unauthorized: { type: "boolean", description: "Refuse adb authorization (adb lists it as unauthorized)" },
} as const satisfies ArgsDef;

export const stopArgs = {
  serial: { type: "positional", required: false, description: "Serial printed by virtual start (same as --device-id)" },
  all: { type: "boolean", description: "Stop every running virtual device" },
} as const satisfies ArgsDef;
