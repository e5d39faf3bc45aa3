import type { ArgsDef } from "citty";

export const nameArg = {
  name: { type: "positional", required: true, description: "AVD name (e.g. clawperator-pixel)" },
} as const satisfies ArgsDef;

const timeoutArgs = {
  registrationTimeoutMs: {
    type: "string",
    description: "How long the emulator may take to register with adb (default 120000)",
  },
  bootTimeoutMs: { type: "string", description: "How long Android may take to boot once registered (default 300000)" },
} as const satisfies ArgsDef;

export const startArgs = { ...nameArg, ...timeoutArgs } as const satisfies ArgsDef;
export const provisionArgs = timeoutArgs;

export const createArgs = {
  name: { type: "string", description: "AVD name (default clawperator-pixel)" },
  apiLevel: { type: "string", description: "Android API level (default 35)" },
  deviceProfile: { type: "string", description: "Hardware profile (default pixel_7)" },
  abi: { type: "string", description: "System image ABI (default: the host's, arm64-v8a or x86_64)" },
  playStore: {
    type: "boolean",
    description: "Google Play system image (default true; --no-play-store for Google APIs)",
  },
} as const satisfies ArgsDef;
