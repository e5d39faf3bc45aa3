import { defineHandler, getRouterParams } from "h3";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { httpStatusOf } from "../../../core/contracts/error-codes.ts";
import { readJsonBody } from "../../../core/http/index.ts";
import { RunBodySchema, SkillParamsSchema } from "./route-schemas.ts";
import { badRequest, skillsOf } from "./route-services.ts";

/**
 * POST /skills/:skillId/run `{ deviceId?, args?, ... }`: the runtime's run without the CLI's validation gate
 * (docs/skills-registry.md#serve-api-context). A run failure answers `{ ok: false, error: { code, message, skillId,
 * exitCode, stdout, stderr, ... } }` with the spec's fields inside `error`, at the code's HTTP status.
 */
export default defineHandler(async (event) => {
  const params = SkillParamsSchema.safeParse(getRouterParams(event, { decode: true }));
  if (!params.success) throw badRequest("path", params.error.issues);
  const { deviceId, args, operatorPackage, timeoutMs, expectContains, agent } = await readJsonBody(
    event,
    RunBodySchema,
  );
  const agentId = agent ?? event.req.headers.get("x-clawperator-agent") ?? undefined;
  try {
    const outcome = await skillsOf(event).run({
      skillId: params.data.skillId,
      args: args ?? [],
      ...(deviceId ? { deviceId } : {}),
      ...(operatorPackage ? { operatorPackage } : {}),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(expectContains === undefined ? {} : { expectContains }),
      ...(agentId ? { agentId } : {}),
      signal: event.req.signal,
    });
    return { ok: outcome.status === "success" ? true : null, ...outcome };
  } catch (error) {
    if (!(error instanceof ClawperatorError) || error.details?.skillId === undefined) throw error;
    event.res.status = httpStatusOf(error.code);
    return {
      ok: false,
      error: {
        code: error.code,
        message: error.message,
        ...(error.hint ? { hint: error.hint } : {}),
        ...error.details,
      },
    };
  }
});
