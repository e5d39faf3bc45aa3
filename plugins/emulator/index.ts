import type { ErrorCode } from "../../core/contracts/error-codes.ts";
import {
  type AnyCommandDefinition,
  defineCliCommand,
  definePlugin,
  type HttpMethod,
  type RouteContribution,
} from "../../core/kernel/index.ts";
import { createArgs, nameArg, provisionArgs, startArgs } from "./command-args.ts";

type RouteName = "list" | "running" | "inspect" | "create" | "start" | "stop" | "delete" | "provision";

/** Every route finds the SDK tools and reads adb's devices. */
const TOOLS: ErrorCode[] = ["ANDROID_SDK_TOOL_MISSING", "ADB_NOT_FOUND"];
const NAMED: ErrorCode[] = [...TOOLS, "USAGE", "EMULATOR_NOT_FOUND"];
const CREATE: ErrorCode[] = ["ANDROID_SYSTEM_IMAGE_INSTALL_FAILED", "ANDROID_AVD_CREATE_FAILED"];
const START: ErrorCode[] = ["EMULATOR_UNSUPPORTED", "EMULATOR_START_FAILED", "EMULATOR_BOOT_TIMEOUT"];

/** The spec's emulator routes: method, path, and which handler of routes/handlers.ts (and schema) serves it. */
const ROUTES: ReadonlyArray<{
  method: HttpMethod;
  path: string;
  handler: RouteName;
  description: string;
  errors: readonly ErrorCode[];
}> = [
  {
    method: "GET",
    path: "/android/emulators",
    handler: "list",
    description: "Configured AVDs with compatibility metadata",
    errors: TOOLS,
  },
  {
    method: "GET",
    path: "/android/emulators/running",
    handler: "running",
    description: "Running emulators and boot state",
    errors: TOOLS,
  },
  {
    method: "GET",
    path: "/android/emulators/:name",
    handler: "inspect",
    description: "Normalized metadata for one AVD",
    errors: NAMED,
  },
  {
    method: "POST",
    path: "/android/emulators/create",
    handler: "create",
    description: "Ensure the system image exists and create an AVD",
    errors: [...TOOLS, ...CREATE],
  },
  {
    method: "POST",
    path: "/android/emulators/:name/start",
    handler: "start",
    description: "Start an AVD and return a booted emulator",
    errors: [...NAMED, "EMULATOR_ALREADY_RUNNING", ...START],
  },
  {
    method: "POST",
    path: "/android/emulators/:name/stop",
    handler: "stop",
    description: "Stop a running emulator by AVD name",
    errors: [...NAMED, "EMULATOR_NOT_RUNNING", "EMULATOR_STOP_FAILED"],
  },
  {
    method: "DELETE",
    path: "/android/emulators/:name",
    handler: "delete",
    description: "Delete an AVD by name",
    errors: [...NAMED, "EMULATOR_ALREADY_RUNNING", "EMULATOR_DELETE_FAILED"],
  },
  {
    method: "POST",
    path: "/android/provision/emulator",
    handler: "provision",
    description: "Reuse or create a supported emulator and return a booted device",
    errors: [...TOOLS, ...CREATE, ...START],
  },
];

/** Android emulators: SDK tools, AVD discovery and the support rule, lifecycle and reuse-first provisioning. */
export default definePlugin({
  name: "emulator",
  // Running emulators are adb devices: listing them and reading their boot properties goes through the Transport.
  dependsOn: ["adb"],
  setup(ctx) {
    ctx.commands.group({
      path: ["emulator"],
      description: "Android emulators: list, inspect, create, start, stop, delete, status, provision",
    });
    ctx.commands.group({ path: ["provision"], description: "Provision an Android target" });
    const commands: AnyCommandDefinition[] = [
      defineCliCommand({
        path: ["emulator", "list"],
        description: "List configured Android Virtual Devices with compatibility metadata",
        load: () => import("./commands/list.js"),
      }),
      defineCliCommand({
        path: ["emulator", "inspect"],
        description: "Show normalized metadata for one Android Virtual Device",
        args: nameArg,
        load: () => import("./commands/inspect.js"),
      }),
      defineCliCommand({
        path: ["emulator", "create"],
        description: "Create the default supported Android emulator",
        args: createArgs,
        load: () => import("./commands/create.js"),
      }),
      defineCliCommand({
        path: ["emulator", "start"],
        description: "Start an existing Android Virtual Device and wait until boot completes",
        args: startArgs,
        load: () => import("./commands/start.js"),
      }),
      defineCliCommand({
        path: ["emulator", "stop"],
        description: "Stop a running Android emulator by AVD name",
        args: nameArg,
        load: () => import("./commands/stop.js"),
      }),
      defineCliCommand({
        path: ["emulator", "delete"],
        description: "Delete an Android Virtual Device by name",
        args: nameArg,
        load: () => import("./commands/delete.js"),
      }),
      defineCliCommand({
        path: ["emulator", "status"],
        description: "List running Android emulators and boot state",
        load: () => import("./commands/status.js"),
      }),
      defineCliCommand({
        path: ["emulator", "provision"],
        description: "Reuse or create a supported Android emulator and return its ADB serial",
        args: provisionArgs,
        load: () => import("./commands/provision.js"),
      }),
      // `provision emulator` is the same command (docs/emulators.md#provisioning); listed under both groups so either
      // is discoverable.
      defineCliCommand({
        path: ["provision", "emulator"],
        description: "Reuse or create a supported Android emulator and return its ADB serial (= emulator provision)",
        args: provisionArgs,
        load: () => import("./commands/provision.js"),
      }),
    ];
    for (const command of commands) ctx.commands.add(command);

    // Handlers are built over this kernel's services when serve first loads a route; the module loads only then.
    const handlers = () => import("./routes/handlers.js").then((m) => m.createEmulatorRoutes(ctx.services));
    for (const route of ROUTES) {
      const contribution: RouteContribution = {
        method: route.method,
        path: route.path,
        description: route.description,
        errors: route.errors,
        // zod and the schemas load only when serve builds its OpenAPI document.
        schemas: async () => (await import("./routes/schemas.js"))[`${route.handler}Schemas`],
        load: async () => ({ default: (await handlers())[route.handler]! }),
      };
      ctx.routes.add(contribution);
    }
  },
});
