import { defineHandler } from "h3";

/** GET /health: answers while the process serves; needs no token, so probes need no secret. */
export default defineHandler(() => ({ ok: true, status: "ok", uptimeMs: Math.round(process.uptime() * 1000) }));
