import { request, Unauthorized } from "./api.js";
import { byId, copyButton, el } from "./dom.js";

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

/** Start, stop and pull a recording of what a person does on the device (POST /recording/start|stop|pull). */
export function setUpRecording(deviceId, show, handle, serial) {
  const session = (what) => () =>
    serial(() => request("POST", `/recording/${what}`, { deviceId: deviceId() }))
      .then((result) => {
        show(result);
        const data = result.envelope?.stepResults?.[0]?.data ?? {};
        byId("recording-state").textContent = result.ok
          ? `${what === "start" ? "Recording" : "Stopped"} ${data.sessionId ?? ""}`
          : `Failed: ${result.error?.code ?? "unknown"}`;
      })
      .catch(handle);
  byId("record-start").addEventListener("click", session("start"));
  byId("record-stop").addEventListener("click", session("stop"));
  byId("record-pull").addEventListener("click", () =>
    serial(async () => {
      const response = await fetch("/recording/pull", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ deviceId: deviceId() }),
        credentials: "same-origin",
      });
      if (response.status === 401) throw new Unauthorized("the server asks for its token");
      if (!response.ok) return show(await response.json());
      const sessionId = response.headers.get("x-clawperator-session-id") ?? "recording";
      const blob = await response.blob();
      byId("recording-state").textContent =
        `Pulled ${sessionId} (${(await blob.text()).split("\n").filter(Boolean).length} events)`;
      offer(sessionId, blob);
    }).catch(handle),
  );
}
