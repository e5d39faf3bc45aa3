/** One `metadata.<ns>.install[]` entry, kept only when OpenClaw 2026.9.6 would keep it (its rules, field by field). */
export interface InstallSpec {
  kind: "brew" | "node" | "go" | "uv" | "download";
  id?: string;
  label?: string;
  bins?: string[];
  os?: string[];
  formula?: string;
  package?: string;
  module?: string;
  url?: string;
  sha256?: string;
  archive?: string;
  extract?: boolean;
  stripComponents?: number;
  targetDir?: string;
}

const KINDS = ["brew", "node", "go", "uv", "download"] as const;
const BREW_FORMULA = /^[A-Za-z0-9][A-Za-z0-9@+._/-]*$/;
const GO_MODULE = /^[A-Za-z0-9][A-Za-z0-9._~+\-/]*(?:@[A-Za-z0-9][A-Za-z0-9._~+\-/]*)?$/;
const UV_PACKAGE = /^[A-Za-z0-9][A-Za-z0-9._\-[\]=<>!~+,]*$/;
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9-._~]*\/)?[a-z0-9][a-z0-9-._~]*$/;
const SEMVER = /^v?\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const DIST_TAG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const trimmed = (v: unknown): string | undefined => {
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t === "" ? undefined : t;
};

/** A list written as an array or as one comma-separated string, trimmed, empties dropped. */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter((v) => v !== "");
  if (typeof value === "string")
    return value
      .split(",")
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

function safeFormula(v: unknown): string | undefined {
  const f = trimmed(v);
  return f && !f.startsWith("-") && !f.includes("\\") && !f.includes("..") && BREW_FORMULA.test(f) ? f : undefined;
}

/** An npm registry spec: `<name>` or `<name>@<exact version|dist-tag>`; no paths, URLs, git refs or ranges. */
function safeNpmSpec(v: unknown): string | undefined {
  const spec = trimmed(v);
  if (!spec || spec.startsWith("-") || /[\s#:]/.test(spec) || spec.includes("://")) return undefined;
  const at = spec.lastIndexOf("@");
  const name = at > 0 ? spec.slice(0, at) : spec;
  const selector = at > 0 ? spec.slice(at + 1) : undefined;
  if (!NPM_NAME.test(name)) return undefined;
  if (selector === undefined) return spec;
  if (!selector || /[\\/]/.test(selector)) return undefined;
  return SEMVER.test(selector) || DIST_TAG.test(selector) ? spec : undefined;
}

function safePackage(v: unknown, pattern: RegExp): string | undefined {
  const p = trimmed(v);
  return p && !p.startsWith("-") && !p.includes("\\") && !p.includes("://") && pattern.test(p) ? p : undefined;
}

function safeUrl(v: unknown): string | undefined {
  const u = trimmed(v);
  if (!u || /\s/.test(u)) return undefined;
  try {
    const url = new URL(u);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** An install entry, or undefined for one OpenClaw drops (an unknown kind, a missing or unsafe package). */
export function parseInstallSpec(input: unknown): InstallSpec | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const raw = input as Record<string, unknown>;
  const kindText = (typeof raw.kind === "string" ? raw.kind : typeof raw.type === "string" ? raw.type : "")
    .trim()
    .toLowerCase();
  const kind = KINDS.find((k) => k === kindText);
  if (!kind) return undefined;
  const spec: InstallSpec = { kind };
  if (typeof raw.id === "string" && raw.id) spec.id = raw.id;
  if (typeof raw.label === "string" && raw.label) spec.label = raw.label;
  const bins = stringList(raw.bins);
  if (bins.length) spec.bins = bins;
  const os = stringList(raw.os);
  if (os.length) spec.os = os;
  const formula = safeFormula(raw.formula) ?? safeFormula(raw.cask);
  if (formula) spec.formula = formula;
  const pkg =
    kind === "node" ? safeNpmSpec(raw.package) : kind === "uv" ? safePackage(raw.package, UV_PACKAGE) : undefined;
  if (pkg) spec.package = pkg;
  const module = safePackage(raw.module, GO_MODULE);
  if (module) spec.module = module;
  const url = safeUrl(raw.url);
  if (url) spec.url = url;
  if (kind === "download" && raw.sha256 !== undefined) {
    if (typeof raw.sha256 !== "string") return undefined;
    const sha256 = raw.sha256.trim().toLowerCase();
    if (!/^[a-f0-9]{64}$/.test(sha256)) return undefined;
    spec.sha256 = sha256;
  }
  if (typeof raw.archive === "string") spec.archive = raw.archive;
  if (typeof raw.extract === "boolean") spec.extract = raw.extract;
  if (typeof raw.stripComponents === "number") spec.stripComponents = raw.stripComponents;
  if (typeof raw.targetDir === "string") spec.targetDir = raw.targetDir;
  const needs = { brew: spec.formula, node: spec.package, go: spec.module, uv: spec.package, download: spec.url };
  return needs[kind] ? spec : undefined;
}

/** The id OpenClaw gives an option: its `id`, else `<kind>-<index>`. */
export const installIdOf = (spec: InstallSpec, index: number) => (spec.id ?? `${spec.kind}-${index}`).trim();
