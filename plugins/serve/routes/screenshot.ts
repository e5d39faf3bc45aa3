import { readFile, rm } from "node:fs/promises";
import { defineHandler } from "h3";
import type { RunExecutionResult } from "../../../core/execution/runner.ts";
import { JsonObject, readJsonBody } from "../../../core/http/index.ts";
import { prefersPng } from "../http/accept.ts";
import { flagOf, pathOf, targetOf } from "../http/body-fields.ts";
import { observeExecution } from "../http/observe-execution.ts";
import { runForRoute } from "../http/run-route.ts";

const png = (bytes: Uint8Array) =>
  new Response(new Uint8Array(bytes), { headers: { "content-type": "image/png", "cache-control": "no-store" } });

/** The result without the step's path: the temp file it names is gone once the route has read it. */
function withoutTempPath(result: RunExecutionResult): RunExecutionResult {
  const stepResults = result.envelope.stepResults.map(({ data: { path: _path, ...data }, ...step }) => ({
    ...step,
    data,
  }));
  return { ...result, envelope: { ...result.envelope, stepResults } };
}

/**
 * POST /observe/screenshot (and /screenshot) `{ deviceId?, receiverPackage?, path?, inline? }`: the execute response
 * of one take_screenshot, which runs (and goes out on /events) as every execution does. With `path`, the PNG is
 * written there (stepResults[0].data.path) and `inline: true` adds `image: { mimeType, data }` (base64). Without
 * `path`, nothing stays on the server: the capture's temp file is read and removed, and the answer carries the PNG
 * in `image` instead of a path. `Accept: image/png` answers the PNG itself. A capture that failed answers JSON,
 * with 502 when the client asked for the image.
 */
export default defineHandler(async (event) => {
  const body = await readJsonBody(event, JsonObject);
  const target = targetOf(body);
  const path = pathOf(body);
  const inline = flagOf(body, "inline");
  const wantsPng = prefersPng(event.req.headers.get("accept"));
  const result = await runForRoute(
    event,
    observeExecution("screenshot", {
      id: "screenshot",
      type: "take_screenshot",
      ...(path ? { params: { path } } : {}),
    }),
    target,
  );
  if (path && !wantsPng && !inline) return result;
  const saved = result.ok ? result.envelope.stepResults[0]?.data.path : undefined;
  if (!saved) {
    if (wantsPng) event.res.status = 502;
    return result;
  }
  let image: Buffer;
  try {
    image = await readFile(saved);
  } finally {
    if (!path) await rm(saved, { force: true });
  }
  if (wantsPng) return png(image);
  const answer = path ? result : withoutTempPath(result);
  return { ...answer, image: { mimeType: "image/png", data: image.toString("base64") } };
});
