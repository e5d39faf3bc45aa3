import type { ArgsDef } from "citty";

export const operatorSetupArgs = {
  apk: {
    type: "string",
    description:
      "Local path to the Operator APK file (default: download and verify the newest Operator of this CLI's line)",
    valueHint: "path",
  },
} as const satisfies ArgsDef;

export const operatorDownloadArgs = {
  version: {
    type: "string",
    description: "The release to download, e.g. 0.5.3 (default: the newest of the Operator line this CLI drives)",
    valueHint: "x.y.z",
  },
  out: {
    type: "string",
    description: "Where to write the APK: a file or a folder (default: ~/.clawperator/downloads)",
    valueHint: "path",
  },
} as const satisfies ArgsDef;

export const versionArgs = {
  "check-compat": {
    type: "boolean",
    description: "Check that the installed Operator APK is on the protocol line this CLI drives (major.minor)",
  },
} as const satisfies ArgsDef;
