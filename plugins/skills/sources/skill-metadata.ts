import type { SkillFrontmatter } from "./frontmatter.ts";
import { type InstallSpec, parseInstallSpec, stringList } from "./install-spec.ts";

/** The metadata namespaces, in the order their scalar fields are taken: ours, OpenClaw's, Clawdbot's (legacy). */
export const NAMESPACES = ["clawperator", "openclaw", "clawdbot"] as const;

/**
 * A skill's gates and presentation, from every namespace it carries: a requirement in any namespace applies (each
 * `os` list is a gate of its own), scalars come from the first namespace that has them.
 */
export interface SkillMetadata {
  /** Whether any namespace is present: without one a skill is un-gated. */
  present: boolean;
  always: boolean;
  emoji?: string;
  homepage?: string;
  primaryEnv?: string;
  skillKey?: string;
  /** Each namespace's `os` list; the platform must be in every one. */
  osGates: string[][];
  bins: string[];
  anyBins: string[];
  env: string[];
  config: string[];
  /** Android packages, checked on the selected device (ours, read in every namespace). */
  packages: string[];
  install: InstallSpec[];
}

/**
 * `user-invocable`, `disable-model-invocation` and the slash command's tool dispatch (docs/openclaw-skills.md#format).
 */
export interface InvocationPolicy {
  userInvocable: boolean;
  disableModelInvocation: boolean;
  commandDispatch?: { kind: "tool"; toolName: string; argMode: "raw" };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const union = (lists: string[][]) => [...new Set(lists.flat())];

export function skillMetadata(frontmatter: Pick<SkillFrontmatter, "metadata">): SkillMetadata {
  const blocks = NAMESPACES.map((ns) => frontmatter.metadata?.[ns]).filter(isRecord);
  const scalar = (key: string, keep: (v: unknown) => boolean) => blocks.map((b) => b[key]).find(keep);
  const text = (key: string) => scalar(key, (v) => typeof v === "string") as string | undefined;
  const requires = blocks.map((b) => (isRecord(b.requires) ? b.requires : {}));
  const list = (key: string) => union(requires.map((r) => stringList(r[key])));
  const skillKey = scalar("skillKey", (v) => typeof v === "string" && v !== "") as string | undefined;
  const emoji = text("emoji");
  const homepage = text("homepage");
  const primaryEnv = text("primaryEnv");
  return {
    present: blocks.length > 0,
    always: scalar("always", (v) => typeof v === "boolean") === true,
    ...(emoji !== undefined ? { emoji } : {}),
    ...(homepage !== undefined ? { homepage } : {}),
    ...(primaryEnv !== undefined ? { primaryEnv } : {}),
    ...(skillKey ? { skillKey } : {}),
    osGates: blocks.map((b) => stringList(b.os)).filter((os) => os.length > 0),
    bins: list("bins"),
    anyBins: list("anyBins"),
    env: list("env"),
    config: list("config"),
    packages: list("packages"),
    install: blocks
      .flatMap((b) => (Array.isArray(b.install) ? b.install : []))
      .flatMap((entry) => {
        const spec = parseInstallSpec(entry);
        return spec ? [spec] : [];
      }),
  };
}

const TRUE = new Set(["true", "1", "yes", "on"]);
const FALSE = new Set(["false", "0", "no", "off"]);

/** A frontmatter flag as OpenClaw reads it: true/1/yes/on, false/0/no/off, anything else the default. */
function flag(value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (v && TRUE.has(v)) return true;
  if (v && FALSE.has(v)) return false;
  return fallback;
}

export function invocationPolicy(frontmatter: Pick<SkillFrontmatter, "fields">): InvocationPolicy {
  const { fields } = frontmatter;
  const tool = fields["command-tool"]?.trim();
  const dispatch = fields["command-dispatch"]?.trim().toLowerCase() === "tool" && tool;
  const argMode = fields["command-arg-mode"]?.trim().toLowerCase();
  return {
    userInvocable: flag(fields["user-invocable"], true),
    disableModelInvocation: flag(fields["disable-model-invocation"], false),
    // `raw` is the only argument mode there is (and the default); a dispatch asking for another is not honoured.
    ...(dispatch && (argMode === undefined || argMode === "raw")
      ? { commandDispatch: { kind: "tool" as const, toolName: tool, argMode: "raw" as const } }
      : {}),
  };
}

/** The homepage OpenClaw shows: metadata's, else the frontmatter's `homepage`, `website` or `url`. */
export function homepageOf(metadata: SkillMetadata, fields: Record<string, string>): string | undefined {
  const value = metadata.homepage ?? fields.homepage ?? fields.website ?? fields.url;
  const t = value?.trim();
  return t ? t : undefined;
}

/** The emoji OpenClaw shows: metadata's, else the frontmatter's. */
export const emojiOf = (metadata: SkillMetadata, fields: Record<string, string>) =>
  metadata.emoji ?? fields.emoji ?? undefined;
