export { runSdkTool, SDK_TOOLS, type VirtualSdkTool } from "./run-sdk-tool.ts";
export {
  readSdkConfig,
  SDK_CONFIG_FILE,
  VirtualSdkConfigSchema,
  type VirtualSdkConfig,
  type VirtualSdkConfigInput,
} from "./sdk-config.ts";
export { processIo, type ToolIo } from "./tool-io.ts";
export { writeVirtualSdk, type WriteSdkOptions, type WrittenSdk } from "./write-sdk.ts";
