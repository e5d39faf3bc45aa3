import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { userHome } from "../../core/host/user-home.ts";

/** Which of the farm's devices this host may use; every field must match (STF's device fields, as strings). */
const FilterSchema = z.strictObject({
  group: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  manufacturer: z.string().min(1).optional(),
  sdk: z.string().min(1).optional(),
  abi: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
});

export const StfOptionsSchema = z.strictObject({
  /** The farm's address, `https://stf.example.com` (the API is under /api/v1). */
  url: z.url(),
  /** An STF access token; better in CLAWPERATOR_STF_TOKEN or `tokenFile`, out of the config. */
  token: z.string().min(1).optional(),
  tokenFile: z.string().min(1).optional(),
  /** The adb public key the farm must admit (default the user's, ~/.android/adbkey.pub). */
  adbKey: z.string().min(1).optional(),
  filter: FilterSchema.optional(),
  /** How long a leased device may sit idle before the farm takes it back (STF's `timeout`; default 5 minutes). */
  leaseIdleMs: z.number().int().min(10_000).max(86_400_000).default(300_000),
  /** `stf:any`: how many times every matching device may be found busy before DEVICE_BUSY (default 5). */
  busyRetries: z.number().int().min(0).max(20).default(5),
  /** How long the remote connection may take to come up as an adb device (default 30 s). */
  connectTimeoutMs: z.number().int().min(1_000).max(300_000).default(30_000),
});

export type StfOptions = z.output<typeof StfOptionsSchema>;
export type StfFilter = z.output<typeof FilterSchema>;

export function parseStfOptions(raw: unknown): StfOptions {
  const parsed = StfOptionsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // The value is never echoed: it may be a token.
  throw new ClawperatorError("CONFIG_INVALID", `config stf.${issue.path.join(".")}: ${issue.message}`, {
    hint: "stf: { url, token | tokenFile (or CLAWPERATOR_STF_TOKEN), adbKey, filter, leaseIdleMs }",
    details: { path: ["stf", ...issue.path].join(".") },
  });
}

/** `~/…` as a shell would read it. */
const expandHome = (path: string) => (path.startsWith("~/") ? join(userHome(), path.slice(2)) : path);

/** The access token: config `token`, else CLAWPERATOR_STF_TOKEN, else the first line of `tokenFile`. */
export function stfToken(options: StfOptions, env: NodeJS.ProcessEnv = process.env): string {
  const token =
    options.token ??
    env.CLAWPERATOR_STF_TOKEN ??
    (options.tokenFile ? readFileSync(expandHome(options.tokenFile), "utf8").split("\n")[0]!.trim() : undefined);
  if (!token)
    throw new ClawperatorError("FARM_UNAUTHORIZED", "no STF access token", {
      hint: "Create one in STF (Settings → Keys → Access Tokens); set CLAWPERATOR_STF_TOKEN or config stf.tokenFile.",
    });
  return token;
}

/** The adb public key file: config `adbKey`, else ANDROID_USER_HOME's or ~/.android's adbkey.pub. */
export function adbKeyPath(options: StfOptions, env: NodeJS.ProcessEnv = process.env): string {
  if (options.adbKey) return expandHome(options.adbKey);
  return join(env.ANDROID_USER_HOME ?? join(userHome(), ".android"), "adbkey.pub");
}
