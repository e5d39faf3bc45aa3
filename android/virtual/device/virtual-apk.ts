import { z } from "zod";
import { formatPath } from "../../../core/contracts/issue-message.ts";

/** An Android application id: two or more dot-separated Java identifiers. */
export const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

export const VIRTUAL_APK_FORMAT = "clawperator-virtual-apk/1";

/**
 * A virtual APK: what `adb install` sends to a virtual device in place of a real APK. It is a UTF-8 JSON manifest
 * naming its format, so the device can tell it from anything else (a real APK, a typo'd file).
 */
export const VirtualApkSchema = z.strictObject({
  format: z.literal(VIRTUAL_APK_FORMAT),
  package: z.string().regex(PACKAGE_NAME, "must be an application id such as com.example.app"),
  label: z.string().min(1),
  versionName: z.string().min(1),
  versionCode: z.number().int().min(1),
  /** Marks the Clawperator Operator APK: the device delivers its broadcasts to the operator. */
  operator: z.boolean().default(false),
  /** A screen of the device's scenario that its launcher activity shows. */
  launchScreen: z.string().optional(),
  /** Requested runtime permissions; granting any other fails as on Android. */
  permissions: z.array(z.string()).optional(),
});

export type VirtualApk = z.infer<typeof VirtualApkSchema>;
export type VirtualApkInput = z.input<typeof VirtualApkSchema>;

export type DecodedApk =
  | { ok: true; apk: VirtualApk }
  | { ok: false; reason: "not_apk" }
  | { ok: false; reason: "malformed"; message: string };

export function encodeVirtualApk(apk: Omit<VirtualApkInput, "format">): Buffer {
  return Buffer.from(`${JSON.stringify({ format: VIRTUAL_APK_FORMAT, ...apk }, null, 2)}\n`);
}

/** Anything without the format marker is "not an APK"; a marked manifest with bad fields is malformed. */
export function decodeVirtualApk(bytes: Buffer): DecodedApk {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    return { ok: false, reason: "not_apk" };
  }
  if (typeof json !== "object" || json === null || (json as { format?: unknown }).format !== VIRTUAL_APK_FORMAT)
    return { ok: false, reason: "not_apk" };
  const parsed = VirtualApkSchema.safeParse(json);
  if (parsed.success) return { ok: true, apk: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, reason: "malformed", message: `${formatPath(issue.path) || "manifest"}: ${issue.message}` };
}
