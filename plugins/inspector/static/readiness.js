// A skill's readiness in full, for System setup and its Configure dialog: every requirement and whether it holds (in
// words, not colour alone), configChecks as satisfied or not, and what is set for all agents, never a value.
import { el } from "./dom.js";

const mark = (ok, yes, no) =>
  el("span", { className: ok ? "check ok" : "check failed", textContent: ok ? `✓ ${yes}` : `✗ ${no}` });

/** One requirement line: its name and whether it holds, in words (not colour alone). */
const item = (name, ok, yes = "found", no = "missing") =>
  el("div", {}, [el("code", { textContent: name }), " ", mark(ok, yes, no)]);

function envItem(status, name) {
  if ((status.missing.env ?? []).includes(name)) return item(name, false, "", "not set");
  const configured = status.configured.env.includes(name) || (name === status.primaryEnv && status.configured.apiKey);
  return item(name, true, configured ? "set in skills.entries" : "set in the server's environment");
}

/** Every requirement of a skill and its state; what is set for all agents (never a value). */
export function readinessDetails(status) {
  const r = status.requirements;
  const m = status.missing;
  const groups = [];
  const group = (title, items) => {
    if (items.length) groups.push(el("dt", { textContent: title }), el("dd", {}, items));
  };
  group(
    "Programs",
    r.bins.map((b) => item(b, !m.bins.includes(b))),
  );
  if (r.anyBins.length)
    group("One of the programs", [
      el("div", {}, [r.anyBins.join(", "), " ", mark(m.anyBins.length === 0, "one is found", "none is found")]),
    ]);
  group(
    "Environment",
    r.env.map((e) => envItem(status, e)),
  );
  group(
    "Config",
    status.configChecks.map((c) => item(c.path, c.satisfied, "satisfied", "unsatisfied")),
  );
  group("OS", r.os.length ? [item(r.os.join(", "), m.os.length === 0, "this host", "not this host")] : []);
  group(
    "Apps on the device",
    (status.packages ?? []).map((p) =>
      p.installed === null
        ? el("div", {}, [el("code", { textContent: p.name }), " (no device checked)"])
        : item(p.name, p.installed, "installed", "not installed"),
    ),
  );
  const forAll = [
    el("div", {}, [mark(!status.disabled, "turned on", "turned off (skills.entries enabled: false)")]),
    ...(status.primaryEnv
      ? [el("div", {}, [`API key (${status.primaryEnv}): `, status.configured.apiKey ? "set" : "not set"])]
      : []),
    ...(status.readiness === "blocked" ? [el("div", { textContent: "bundled, not in skills.allowBundled" })] : []),
    ...(status.invalid
      ? [
          el("div", {
            textContent: `SKILL.md: ${status.invalid.reason}${status.invalid.line ? ` (line ${status.invalid.line})` : ""}`,
          }),
        ]
      : []),
  ];
  group("For all agents", forAll);
  group("Folder", [el("div", {}, [el("code", { textContent: status.baseDir })])]);
  if (!r.bins.length && !r.anyBins.length && !r.env.length && !r.config.length && !r.os.length)
    groups.unshift(el("dt", { textContent: "Requirements" }), el("dd", { textContent: "none" }));
  return el("dl", { className: "readiness" }, groups);
}
