import type { ArgsDef } from "citty";

export const operatorSetupArgs = {
  apk: { type: "string", description: "Local path to the Operator APK file (required)", valueHint: "path" },
} as const satisfies ArgsDef;

export const versionArgs = {
  "check-compat": {
    type: "boolean",
    description: "Check that the installed Operator APK is on the protocol line this CLI drives (major.minor)",
  },
} as const satisfies ArgsDef;
