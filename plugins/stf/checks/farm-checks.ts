import { readFileSync } from "node:fs";
import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { DoctorCheck, DoctorCheckContext } from "../../../core/kernel/index.ts";
import { StfClient, StfHttpError } from "../api/stf-client.ts";
import { adbKeyPath, parseStfOptions, stfToken } from "../options.ts";

function client(ctx: DoctorCheckContext): StfClient {
  const options = parseStfOptions(ctx.config.stf);
  return new StfClient(options.url, stfToken(options));
}

const failed = (error: unknown) => ({
  status: "fail" as const,
  code: error instanceof ClawperatorError ? error.code : "FARM_UNREACHABLE",
  summary: (error as Error).message,
  ...(error instanceof ClawperatorError && error.hint ? { detail: error.hint } : {}),
});

/** host.stf.api: the farm's API answers at config stf.url (any HTTP answer, 401 included, is an STF that answers). */
export const apiCheck: DoctorCheck = {
  async run(ctx) {
    const options = parseStfOptions(ctx.config.stf);
    try {
      await new StfClient(options.url, "-").user();
    } catch (error) {
      if (!(error instanceof StfHttpError)) return failed(error);
    }
    return { status: "pass", summary: `STF API answers at ${options.url}.`, evidence: { url: options.url } };
  },
};

/** host.stf.token: the farm accepts the token (GET /user); the token itself is never shown. */
export const tokenCheck: DoctorCheck = {
  async run(ctx) {
    try {
      const user = await client(ctx).user();
      return { status: "pass", summary: `STF accepts the token (user ${user.email ?? user.name ?? "unknown"}).` };
    } catch (error) {
      if (error instanceof StfHttpError)
        return {
          status: "fail",
          code: "FARM_UNAUTHORIZED",
          summary: `STF refused the access token (${error.status}).`,
          detail: "Create a token in STF (Settings → Keys → Access Tokens) and set CLAWPERATOR_STF_TOKEN.",
        };
      return failed(error);
    }
  },
};

/**
 * host.stf.adb-key: the adb key the farm must admit exists; `--fix` registers it (POST /user/adbPublicKeys). STF's
 * API has no way to read a user's keys back, so without --fix the check can only say the key is there.
 */
export const adbKeyCheck: DoctorCheck = {
  async run(ctx) {
    const path = adbKeyPath(parseStfOptions(ctx.config.stf));
    let key: string;
    try {
      key = readFileSync(path, "utf8").trim();
    } catch {
      return {
        status: "fail",
        code: "FARM_UNAUTHORIZED",
        summary: `No adb public key at ${path}: the farm admits only registered keys.`,
        fix: { title: "Create the adb key", platform: "any", steps: [{ kind: "shell", value: "adb start-server" }] },
      };
    }
    if (!ctx.flags.fix)
      return {
        status: "pass",
        summary: `adb key ${path} is present; each lease registers it with the farm, \`doctor --fix\` does so now.`,
      };
    try {
      await client(ctx).addAdbPublicKey(key);
      return { status: "pass", summary: `adb key ${path} is registered with the farm.` };
    } catch (error) {
      return failed(error);
    }
  },
};
