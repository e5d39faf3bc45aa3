export {
  ANDROID_ATTRIBUTE_IDS,
  ANDROID_NS,
  compileBinaryXml,
  type XmlAttribute,
  type XmlElement,
} from "./binary-xml.ts";
export { buildOperatorApk, type OperatorApkOptions } from "./operator-apk.ts";
export { crc32, isZip, zipFiles } from "./zip-store.ts";
