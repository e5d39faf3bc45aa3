import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ClawperatorError } from "../../core/contracts/clawperator-error.ts";
import { formatPath, issuePath } from "../../core/contracts/issue-message.ts";
import { EventBus } from "../../core/services/event-bus.ts";
import { Skills } from "../../core/services/skills.ts";
import { TOOL_CATALOGUE } from "../../runtime/tools/index.ts";
import type { OpenClawPluginApi } from "./openclaw-api.ts";
import { PLUGIN_ID } from "./plugin-id.ts";
import { configOverrides, PluginConfigSchema, type PluginConfig } from "./plugin-config.ts";
import { registerTools } from "./register-tools.ts";
import { SharedRuntime } from "./shared-runtime.ts";
import { syncRegistrySkills } from "./skills-bridge.ts";

/** Where the bridge writes the registry's skills: a skills dir the manifest lists, inside the installed package. */
const GENERATED_SKILLS = ["plugins", "openclaw", "generated-skills"];

/** The package root: the plugin's own (api.rootDir), else found from this file (dist/plugins/openclaw/entry.js). */
const packageRoot = (api: OpenClawPluginApi) =>
  api.rootDir ?? join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

function parseConfig(value: unknown): PluginConfig {
  const parsed = PluginConfigSchema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = formatPath(issuePath(issue)) || "(root)";
  throw new ClawperatorError("CONFIG_INVALID", `[plugin:${PLUGIN_ID}] invalid config "${path}": ${issue.message}`, {
    details: { path },
  });
}

/**
 * Exposes to OpenClaw, as skills, the Clawperator skills the default agent may use (eligible, allowed, visible to
 * the model), their instructions with {baseDir} replaced; again whenever they change (the runtime watches them).
 * A missing registry just means none to bridge.
 */
async function bridgeSkills(api: OpenClawPluginApi, runtime: SharedRuntime): Promise<() => void> {
  const target = join(packageRoot(api), ...GENERATED_SKILLS);
  const services = (await runtime.get()).kernel.services;
  if (!services.isRegistered(Skills)) return () => {};
  const skills = services.resolve(Skills);
  const sync = async () => {
    try {
      const list = await skills.list();
      const withInstructions = await Promise.all(
        list.skills.map(async (skill) => {
          const instructions = await skills.instructions(skill.id).catch(() => undefined);
          return instructions ? { ...skill, instructions: instructions.instructions } : skill;
        }),
      );
      const { written } = await syncRegistrySkills({ skills: withInstructions }, target);
      api.logger?.info?.(`clawperator: ${written.length} skill(s) available to OpenClaw`);
    } catch (error) {
      api.logger?.warn?.(`clawperator: skills not bridged: ${(error as Error).message}`);
    }
  };
  await sync();
  return services.resolve(EventBus).on("clawperator:skills-changed", () => void sync());
}

/**
 * The OpenClaw plugin: registers the tool catalogue on one shared runtime, bridges the skills registry when the
 * gateway starts, and closes the runtime when it stops. Registration itself touches no device.
 */
const clawperatorPlugin = {
  id: PLUGIN_ID,
  name: "Clawperator",
  description: "Operate Android devices: observe, act and verify through validated Clawperator executions over adb.",
  register(api: OpenClawPluginApi): void {
    const config = parseConfig(api.pluginConfig);
    const runtime = new SharedRuntime({
      cwd: process.cwd(),
      config: configOverrides(config),
      ...(config.configPath ? { configPath: config.configPath } : {}),
    });
    registerTools(api, TOOL_CATALOGUE, runtime);
    if (api.registrationMode !== undefined && api.registrationMode !== "full") return;
    let stopBridge: (() => void) | undefined;
    api.on?.("gateway_start", async () => {
      stopBridge = await bridgeSkills(api, runtime).catch((error: unknown) => {
        api.logger?.warn?.(`clawperator: skills not bridged: ${(error as Error).message}`);
        return undefined;
      });
    });
    api.on?.("gateway_stop", () => {
      stopBridge?.();
      return runtime.close();
    });
  },
};

export default clawperatorPlugin;
