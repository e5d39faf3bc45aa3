export { avdHome, AVD_NAME } from "./avd-home.ts";
export { listAvdNames, readAvdMetadata, type AvdMetadata } from "./avd-metadata.ts";
export { parseIni, serializeIni } from "./ini.ts";
export {
  defaultProfile,
  hostAbi,
  unsupportedReasons,
  type AvdFacts,
  type EmulatorProfile,
  type UnsupportedReason,
} from "./support-rule.ts";
export {
  GOOGLE_APIS_TAG,
  PLAY_STORE_TAG,
  parseSystemImage,
  systemImagePackage,
  type SystemImageSpec,
} from "./system-image.ts";
