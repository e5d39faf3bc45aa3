// How a skill's status (GET /skills/status) reads to a person. Every string from a SKILL.md reaches the page through
// el() as text; a homepage becomes a link only when it is an http(s) URL.
import { el } from "./dom.js";

const OS_NAMES = { darwin: "macOS", linux: "Linux", win32: "Windows" };
const osName = (os) => OS_NAMES[os] ?? os;

/** Each missing requirement as a short phrase: "program jq", "env FOO_KEY", "config browser.enabled". */
function missingItems(status) {
  const m = status.missing ?? {};
  return [
    ...(m.bins ?? []).map((b) => `program ${b}`),
    ...((m.anyBins ?? []).length ? [`one of the programs ${m.anyBins.join(", ")}`] : []),
    ...(m.env ?? []).map((e) => `env ${e}`),
    ...(m.config ?? []).map((c) => `config ${c}`),
    ...(m.packages ?? []).map((p) => `app ${p} on the device`),
  ];
}

/**
 * The one chip of a skill: Ready, Setup required (missing requirements or turned off for every agent: it says
 * which) or Not supported (another OS, a bundled skill outside skills.allowBundled, a SKILL.md that cannot be read).
 */
export function chipOf(status) {
  switch (status.readiness) {
    case "ready":
      return { kind: "ready", label: "Ready" };
    case "disabled":
      return { kind: "setup", label: "Setup required", why: "turned off for all agents" };
    case "needs-setup":
      return { kind: "setup", label: "Setup required", why: missingItems(status).join(", ") || "requirements" };
    case "unsupported":
      return {
        kind: "unsupported",
        label: "Not supported",
        why: `${(status.requirements?.os ?? []).map(osName).join(" or ") || "another OS"} only`,
      };
    case "blocked":
      return { kind: "unsupported", label: "Not supported", why: "bundled, not in skills.allowBundled" };
    default:
      return { kind: "unsupported", label: "Not supported", why: "its SKILL.md cannot be read" };
  }
}

/** The chip as an element: "Ready", or "Setup required: env FOO". */
export function chip(status) {
  const { kind, label, why } = chipOf(status);
  return el("span", { className: `chip chip-${kind}`, textContent: why ? `${label}: ${why}` : label });
}

/** Whether the setup tab can fix it: a missing requirement, or the skill turned off for every agent. */
export const fixable = (status) => status.readiness === "needs-setup" || status.readiness === "disabled";

const SOURCE_NAMES = {
  extra: "extra folder",
  bundled: "bundled",
  managed: "managed (~/.clawperator/skills)",
  personal: "personal (~/.agents/skills)",
  project: "project (.agents/skills)",
  workspace: "workspace (./skills)",
};

/** The source tier in words (the skills registry when the registry file lists it). */
const sourceText = (status) =>
  status.origin?.sourceId === "registry"
    ? `${status.source}, from the skills registry`
    : (SOURCE_NAMES[status.source] ?? status.source);

/** A link to the skill's homepage when it is an http(s) URL; any other value as plain text. */
function homepage(status) {
  if (!status.homepage) return null;
  let url;
  try {
    url = new URL(status.homepage);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== "http:" && url?.protocol !== "https:")
    return el("span", { className: "homepage", textContent: `homepage: ${status.homepage}` });
  return el("a", {
    className: "homepage",
    href: url.href,
    target: "_blank",
    rel: "noopener noreferrer",
    textContent: url.host,
    title: url.href,
  });
}

/** Emoji, name and description, the same in both tabs. */
export function skillHeading(status, level = "h3") {
  return [
    el("span", { className: "skill-emoji", "aria-hidden": "true", textContent: status.emoji ?? "" }),
    el("div", { className: "skill-text" }, [
      el(level, { className: "skill-name", textContent: status.name }),
      el("p", { className: "skill-desc", textContent: status.description }),
      el("p", { className: "skill-meta" }, [sourceText(status), status.homepage ? " · " : null, homepage(status)]),
    ]),
  ];
}

/** When a change reaches an agent (agents snapshot their skills per session), in both tabs' words. */
export function appliesText(report) {
  const base = "Changes reach an agent from its next session: agents keep a snapshot of their skills per session.";
  return report.watching
    ? `${base} Hosts that watch the skills apply them at once; this server does.`
    : `${base} This server does not watch the skills (skills.load.watch is off): it reads them again on each request.`;
}
