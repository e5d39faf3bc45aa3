import { HUMAN_SERVICE } from "../human/human-request.ts";
/** The service string a client names in OPEN, resolved to what the device runs. */

export type ServiceRequest =
  | { kind: "shell"; protocol: "v2" | "none"; pty: boolean; command: string }
  | { kind: "exec"; command: string }
  | { kind: "sync" }
  | { kind: "human"; request: string }
  | { kind: "unsupported"; service: string };

/**
 * `shell[,opt,opt...]:<cmd>` — options `v2` (shell protocol), `raw`/`pty`, `TERM=...`; like adbd, a command
 * runs raw unless `pty` is asked for, and an empty command means an interactive (pty) shell.
 * `exec:<cmd>` — raw bytes both ways, stderr merged into the output, no exit status.
 * `sync:` — the file transfer protocol of `adb pull` / `adb push`.
 * `clawperator-human:<json>` — a person's action on the screen (the virtual device's own; adbd has no such thing).
 */
export function parseServiceRequest(service: string): ServiceRequest {
  if (service === "sync:") return { kind: "sync" };
  if (service.startsWith(HUMAN_SERVICE)) return { kind: "human", request: service.slice(HUMAN_SERVICE.length) };
  if (service.startsWith("exec:")) return { kind: "exec", command: service.slice("exec:".length) };
  const shell = /^shell(,[^:]*)?:([\s\S]*)$/.exec(service);
  if (!shell) return { kind: "unsupported", service };
  const options = (shell[1] ?? "").split(",").filter((option) => option.length > 0);
  const command = shell[2] ?? "";
  let pty = command.length === 0;
  for (const option of options) {
    if (option === "raw") pty = false;
    if (option === "pty") pty = true;
  }
  return { kind: "shell", protocol: options.includes("v2") ? "v2" : "none", pty, command };
}
