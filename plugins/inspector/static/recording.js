import { request, Unauthorized } from "./api.js";
import { byId, copyButton, el } from "./dom.js";
import { showSkill, showSteps, suggestedSkillId } from "./skill.js";

const say = (text) => {
  byId("recording-state").textContent = text;
};
const quote = (s) => `'${s.replaceAll("'", "'\\''")}'`;

/** Saves the pulled NDJSON in the browser's downloads and shows the CLI lines that parse it and make a skill of it. */
function offer(sessionId, blob) {
  const file = `${sessionId}.ndjson`;
  const url = URL.createObjectURL(blob);
  const parse = `clawperator record parse --input ${quote(file)}`;
  const skill = `clawperator skills new com.example.app.${sessionId.toLowerCase()} --from-recording ${quote(file)}`;
  byId("recording-files").replaceChildren(
    el("li", {}, [el("a", { href: url, download: file, textContent: `Save ${file}` })]),
    el("li", {}, [el("code", { textContent: parse }), " ", copyButton("Copy", parse)]),
    el("li", {}, [el("code", { textContent: skill }), " ", copyButton("Copy", skill)]),
  );
}

/**
 * Start, stop, pull and parse a recording of what a person does on the device, and make a skill of it
 * (POST /recording/start|stop|pull|parse, POST /skills/new): the session is the one stopped last, else the latest.
 */
export function setUpRecording(deviceId, show, handle, serial) {
  let sessionId;
  const target = () => ({ deviceId: deviceId(), ...(sessionId ? { sessionId } : {}) });
  const session = (what) => () =>
    serial(() => request("POST", `/recording/${what}`, { deviceId: deviceId() }))
      .then((result) => {
        show(result);
        const data = result.envelope?.stepResults?.[0]?.data ?? {};
        if (result.ok && what === "stop") sessionId = data.sessionId;
        if (result.ok && what === "start") {
          // A new session: what the page showed of the last one, and the id suggested for it, no longer apply.
          byId("skill-id").value = "";
          for (const id of ["recording-files", "recording-steps", "skill"]) byId(id).replaceChildren();
        }
        say(
          result.ok
            ? `${what === "start" ? "Recording" : "Stopped"} ${data.sessionId ?? ""}`
            : `Failed: ${result.error?.code ?? "unknown"}`,
        );
      })
      .catch(handle);
  byId("record-start").addEventListener("click", session("start"));
  byId("record-stop").addEventListener("click", session("stop"));
  byId("record-pull").addEventListener("click", () =>
    serial(async () => {
      const response = await fetch("/recording/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(target()),
        credentials: "same-origin",
      });
      if (response.status === 401) throw new Unauthorized("the server asks for its token");
      if (!response.ok) return show(await response.json());
      const pulled = response.headers.get("x-clawperator-session-id") ?? "recording";
      const blob = await response.blob();
      say(`Pulled ${pulled} (${(await blob.text()).split("\n").filter(Boolean).length} events)`);
      offer(pulled, blob);
    }).catch(handle),
  );
  byId("record-parse").addEventListener("click", () =>
    serial(() => request("POST", "/recording/parse", target()))
      .then((parsed) => {
        show(parsed);
        if (!parsed.ok) return say(`Failed: ${parsed.error?.code ?? "unknown"}`);
        say(`Parsed ${parsed.sessionId}: ${parsed.stepCount} steps`);
        showSteps(parsed);
        if (!byId("skill-id").value) byId("skill-id").value = suggestedSkillId(parsed.stepLog);
      })
      .catch(handle),
  );
  byId("skill-new").addEventListener("click", () => {
    if (!byId("skill-id").value) return say("Enter a skill id first (Parse recording suggests one)");
    serial(() => request("POST", "/skills/new", { ...target(), skillId: byId("skill-id").value }))
      .then((skill) => {
        show(skill);
        if (!skill.ok) return say(`Failed: ${skill.error?.code ?? "unknown"}`);
        say(`Skill ${skill.skillId} written`);
        showSkill(skill);
      })
      .catch(handle);
  });
}
