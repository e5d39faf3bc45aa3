import type { ArgsDef } from "citty";

export const operatorSetupArgs = {
  apk: { type: "string", description: "Local path to the Operator APK file (required)", valueHint: "path" },
} as const satisfies ArgsDef;

export const versionArgs = {
  "check-compat": {
    type: "boolean",
    description: "Compare the CLI version with the installed Operator APK (major.minor must match)",
  },
} as const satisfies ArgsDef;
