import type { ArgsDef } from "citty";

export const doctorArgs = {
  fix: {
    type: "boolean",
    description: "After the checks, run the shell remediation steps of every failed or warning check and report each",
  },
  full: {
    type: "boolean",
    description:
      "Also install the --apk (if given), launch the Operator and run the smoke test (open Settings, snapshot)",
  },
  "check-only": {
    type: "boolean",
    description: "Always exit 0, even when critical checks fail (the report still says so)",
  },
  apk: { type: "string", description: "Operator APK for --full to install", valueHint: "path" },
} as const satisfies ArgsDef;
