import type { ArgsDef } from "citty";

/**
 * The recording commands' flags, as data (the reference's: docs/recording.md#record-pull,
 * docs/recording.md#record-parse).
 */
export const sessionArgs = {
  "session-id": {
    type: "string",
    description: "Session id: letters, digits, '-' and '_' (start: default record-<ms>-<hex>; stop: the active one)",
  },
} as const satisfies ArgsDef;

export const pullArgs = {
  "session-id": { type: "string", description: "Session to pull (default: the device's latest stopped session)" },
  out: { type: "string", description: "Local directory for <sessionId>.ndjson (default ./recordings/)" },
} as const satisfies ArgsDef;

export const parseArgs = {
  input: { type: "string", description: "The recording (.ndjson) to parse" },
  out: { type: "string", description: "Where to write the step log (default: <input without .ndjson>.steps.json)" },
} as const satisfies ArgsDef;

export const skillsNewArgs = {
  skill_id: { type: "positional", required: false, description: "Id of the new skill, e.g. com.example.app.do-thing" },
  "from-recording": { type: "string", description: "A recording (.ndjson) or its step log (.steps.json)" },
  out: { type: "string", description: "Skills folder to write into: <out>/skills/<id>/ (default: the working dir)" },
} as const satisfies ArgsDef;
