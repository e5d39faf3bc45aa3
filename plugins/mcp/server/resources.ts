import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { ClawperatorError, toClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import type { AgentToolEntry, ToolOutput } from "../../../core/services/agent-tools.ts";
import type { EventBus } from "../../../core/services/event-bus.ts";
import type { Transport } from "../../../core/services/transport.ts";

export const DEVICES_URI = "clawperator://devices";
export const screenUri = (serial: string) => `clawperator://devices/${encodeURIComponent(serial)}/screen`;
export const screenshotUri = (serial: string) => `clawperator://devices/${encodeURIComponent(serial)}/screenshot`;

export interface ResourceSources {
  tools: readonly AgentToolEntry[];
  transport: () => Transport;
  events: EventBus;
}

/** The screen as an agent reads it: the agent view when the catalogue has it, else the snapshot's XML. */
function screenTool(tools: readonly AgentToolEntry[]): AgentToolEntry {
  const tool = tools.find((t) => t.name.endsWith("_view")) ?? tools.find((t) => t.name.endsWith("_snapshot"));
  if (!tool) throw new ClawperatorError("PLUGIN_INVALID", "the tool catalogue has no view or snapshot tool");
  return tool;
}

/** The serial in a resource URI, where it is percent-encoded (`127.0.0.1%3A5555`). */
const serialOf = (variable: string | string[] | undefined) => decodeURIComponent(String(variable));

const toolByName = (tools: readonly AgentToolEntry[], suffix: string) => tools.find((t) => t.name.endsWith(suffix));

/**
 * Runs a tool for a resource. A resource has no error form of its own: a failure is an error of the read, whose
 * message starts with our code and whose data is our error.
 */
async function read(tool: AgentToolEntry, input: unknown) {
  let output: ToolOutput;
  try {
    output = await tool.call(input);
  } catch (error) {
    const failure = toClawperatorError(error).toJSON();
    throw new McpError(ErrorCode.InternalError, `${failure.code}: ${failure.message}`, failure);
  }
  if (output.failure) {
    throw new McpError(ErrorCode.InternalError, `${output.failure.code}: ${output.failure.message}`, output.failure);
  }
  return output;
}

/**
 * `clawperator://devices` and, per device, its screen (text) and screenshot (PNG). A client that subscribes to a
 * device's screen hears `notifications/resources/updated` whenever an execution on that device ends (its screen
 * may have changed); a change in the device list is `notifications/resources/list_changed`.
 */
export function serveResources(
  mcp: McpServer,
  sources: ResourceSources,
  subscribed: Set<string> = new Set(),
): () => void {
  const { tools, events } = sources;
  let serials = "";

  const listDevices = async () => {
    const devices = await sources.transport().listDevices();
    const now = devices.map((d) => d.serial).join("\n");
    if (serials && now !== serials) mcp.sendResourceListChanged();
    serials = now;
    return devices;
  };

  mcp.registerResource(
    "devices",
    DEVICES_URI,
    { title: "Android devices", description: "The devices Clawperator can operate", mimeType: "application/json" },
    async (uri): Promise<ReadResourceResult> => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(await listDevices()) }],
    }),
  );

  const perDevice = (make: (serial: string) => string, name: string) =>
    new ResourceTemplate(make("{serial}").replace(encodeURIComponent("{serial}"), "{serial}"), {
      list: async () => ({
        resources: (await listDevices()).map((d) => ({ uri: make(d.serial), name: `${name} of ${d.serial}` })),
      }),
    });

  mcp.registerResource(
    "screen",
    perDevice(screenUri, "screen"),
    {
      description: "What the device shows now, as text: the agent view with refs, or the UI hierarchy XML",
      mimeType: "text/plain",
    },
    async (uri, { serial }) => {
      const output = await read(screenTool(tools), { deviceId: serialOf(serial) });
      return { contents: [{ uri: uri.href, mimeType: "text/plain", text: output.text }] };
    },
  );

  mcp.registerResource(
    "screenshot",
    perDevice(screenshotUri, "screenshot"),
    { description: "A PNG screenshot of the device's screen", mimeType: "image/png" },
    async (uri, { serial }) => {
      const tool = toolByName(tools, "_screenshot");
      if (!tool) throw new ClawperatorError("PLUGIN_INVALID", "the tool catalogue has no screenshot tool");
      const output = await read(tool, { deviceId: serialOf(serial) });
      if (!output.image) throw new ClawperatorError("PLUGIN_INVALID", "the screenshot tool returned no image");
      return { contents: [{ uri: uri.href, mimeType: "image/png", blob: output.image.data }] };
    },
  );

  mcp.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  mcp.server.setRequestHandler(SubscribeRequestSchema, ({ params }) => {
    subscribed.add(params.uri);
    return {};
  });
  mcp.server.setRequestHandler(UnsubscribeRequestSchema, ({ params }) => {
    subscribed.delete(params.uri);
    return {};
  });
  return events.on("clawperator:result", ({ deviceId }) => {
    for (const uri of [screenUri(deviceId), screenshotUri(deviceId)]) {
      if (subscribed.has(uri)) void mcp.server.sendResourceUpdated({ uri });
    }
  });
}
