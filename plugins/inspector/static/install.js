// Installing a skill's dependency from the Configure dialog: every option the server offers for this host (the
// preferred one first) with what it runs shown before it runs; the installer's lines as they come
// (clawperator:skills-install-progress), its output and result when it ends, and the skill checked again.
import { Unauthorized } from "./api.js";
import { el, focusKey, redraw } from "./dom.js";
import { onEvent } from "./live.js";
import { chipOf } from "./skill-text.js";
import * as model from "./skills-model.js";

/** The last install of each skill this page ran: kept while the page is open, so the dialog can be reopened. */
const runs = new Map();

/** What an option runs, as a person reads it before choosing it. */
function plan(option) {
  const what = option.runs;
  if (!what) return [el("p", { className: "failed", textContent: "The server will not run this option." })];
  if (what.url)
    return [
      el("p", { textContent: "Downloads" }),
      el("pre", { className: "command", textContent: what.url }),
      el("p", {
        textContent: `${what.sha256 ? `checks sha256 ${what.sha256}, ` : "no checksum given, "}extracts into ${what.targetDir}`,
      }),
    ];
  return [
    el("pre", {
      className: "command",
      textContent: [
        ...Object.entries(what.env ?? {}).map(([k, v]) => `${k}=${v} \\`),
        `$ ${what.command.join(" ")}`,
      ].join("\n"),
    }),
  ];
}

/** A message as a sentence: the server's end without a full stop. */
const sentence = (text) => (/[.!?…]$/.test(text) ? text : `${text}.`);

const outputOf = (run) => {
  const text = [run.command ? `$ ${run.command.join(" ")}` : null, run.stdout, run.stderr].filter(Boolean).join("\n");
  return text || run.lines.join("\n");
};

function recheck(name) {
  const now = model.current()?.skills.find((s) => s.name === name);
  if (!now) return "";
  const { label, why } = chipOf(now);
  return `Checked again: ${why ? `${label}: ${why}` : label}.`;
}

export function installSection(status, say, handleError) {
  const name = status.name;
  const options = el("ol", { className: "install-options" });
  const output = el("pre", { className: "output", "aria-label": "Installer output", "aria-live": "polite" });
  const result = el("p", { className: "message", role: "status" });
  let current = status;

  const show = () => {
    const run = runs.get(name);
    output.hidden = !run;
    if (!run) return;
    output.textContent = run.done ? outputOf(run) : run.lines.join("\n");
    output.scrollTop = output.scrollHeight;
    result.className = `message ${run.done && !run.ok ? "failed" : ""}`;
    result.textContent = run.done
      ? [run.ok ? run.message : `Failed: ${run.message}`, ...(run.warnings ?? []), run.checked ?? ""]
          .filter(Boolean)
          .map(sentence)
          .join(" ")
      : `Running ${run.label}…`;
  };

  async function install(option) {
    const run = { installId: option.id, label: option.label, lines: [], done: false };
    runs.set(name, run);
    const stop = onEvent("clawperator:skills-install-progress", (payload) => {
      if (run.done || payload.name !== name || payload.installId !== option.id) return;
      run.lines.push(payload.line);
      show();
    });
    draw();
    show();
    try {
      const answer = await model.call("POST", `/skills/${encodeURIComponent(name)}/install-deps`, {
        installId: option.id,
      });
      Object.assign(run, answer);
    } catch (error) {
      if (error instanceof Unauthorized) handleError(error);
      const details = error.details ?? {};
      Object.assign(run, {
        ok: false,
        message: error.message,
        command: details.command,
        stdout: details.stdout,
        stderr: details.stderr,
      });
    } finally {
      run.done = true;
      stop();
    }
    await model.reload().catch(() => {});
    run.checked = recheck(name);
    draw();
    show();
  }

  function draw() {
    const running = runs.get(name)?.done === false;
    const list = current.installOptions;
    redraw(options, () =>
      options.replaceChildren(
        ...list.map((option, index) =>
          el("li", { className: "install-option" }, [
            el("p", {}, [
              el("strong", { textContent: option.label }),
              index === 0 && list.length > 1 ? " (preferred)" : "",
              option.bins.length ? ` · gives ${option.bins.join(", ")}` : "",
            ]),
            ...plan(option),
            focusKey(
              el("button", {
                type: "button",
                textContent: "Install",
                "aria-label": `Install: ${option.label}`,
                disabled: running || !option.runs,
                onclick: () => {
                  say("");
                  install(option).catch(handleError);
                },
              }),
              `install:${option.id}`,
            ),
          ]),
        ),
      ),
    );
  }

  const none = el("p", { className: "note" });
  // The server's word on where the recipe comes from, with the file to read.
  const trust = el("p", { className: "note" });
  return {
    title: "Install a dependency",
    node: el("div", { className: "part" }, [
      el("p", {
        className: "note",
        textContent:
          "Runs on the machine serving this page, for every agent (programs go where the package manager puts them, downloads under ~/.clawperator/tools). Read the command before you run it.",
      }),
      trust,
      none,
      options,
      output,
      result,
    ]),
    update(now) {
      current = now;
      const programs = [...now.missing.bins, ...now.missing.anyBins];
      none.textContent = programs.length
        ? `It offers no install for this host: install ${programs.join(", ")} yourself (on the server's PATH); this dialog checks again as the skills change.`
        : "Nothing to install: no program it needs is missing.";
      none.hidden = now.installOptions.length > 0;
      trust.hidden = !now.installWarning;
      trust.textContent = now.installWarning ? `${sentence(now.installWarning)} Its recipe is in ${now.filePath}.` : "";
      draw();
      show();
    },
  };
}
