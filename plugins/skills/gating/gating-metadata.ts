/** The gating fields of spec/002 / spec/004, read from `metadata.clawperator` (or `openclaw` / `clawdbot`). */
export interface GatingMetadata {
  always: boolean;
  os?: string[];
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  /** Android packages the skill operates; checked against the selected device. */
  packages: string[];
  primaryEnv?: string;
  skillKey?: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export function gatingMetadata(metadata: Record<string, unknown> | undefined): GatingMetadata {
  const meta = record(metadata?.clawperator ?? metadata?.openclaw ?? metadata?.clawdbot);
  const requires = record(meta.requires);
  const os = strings(meta.os);
  return {
    always: meta.always === true,
    ...(os.length ? { os } : {}),
    bins: strings(requires.bins),
    anyBins: strings(requires.anyBins),
    env: strings(requires.env),
    config: strings(requires.config),
    packages: strings(requires.packages),
    ...(typeof meta.primaryEnv === "string" && meta.primaryEnv ? { primaryEnv: meta.primaryEnv } : {}),
    ...(typeof meta.skillKey === "string" && meta.skillKey ? { skillKey: meta.skillKey } : {}),
  };
}
