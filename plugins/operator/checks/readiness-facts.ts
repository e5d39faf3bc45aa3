import { otherVariant } from "../../../android/operator/package-info.ts";
import { shellQuote } from "../../../android/operator/shell-quote.ts";
import { OPERATOR_PACKAGES } from "../../../core/contracts/limits.ts";
import { createToken, type DoctorCheckContext } from "../../../core/kernel/index.ts";
import { Transport } from "../../../core/services/transport.ts";

/** What the readiness checks read of the device, all in one shell round trip. */
export interface ReadinessFacts {
  /** `pm list packages` output for the receiver package (both variants when it is one of them). */
  packages: string;
  /** `dumpsys package <receiver>` output. */
  dumpsys: string;
  /** The global settings doctor reads (docs/protocol.md#device-facts-doctor-reads), as `settings get` prints them. */
  settings: Record<"development_settings_enabled" | "adb_enabled", string>;
}

const KEY = createToken<Promise<ReadinessFacts>>("operator.readinessFacts");
const MARK = "--clawperator-doctor--";

async function fetchFacts({ services, deviceId, receiverPackage }: DoctorCheckContext): Promise<ReadinessFacts> {
  // `pm list packages` filters by substring: the release id lists both variants.
  const filter = otherVariant(receiverPackage) ? OPERATOR_PACKAGES.release : receiverPackage;
  const script = [
    `pm list packages ${shellQuote(filter)}`,
    `dumpsys package ${shellQuote(receiverPackage)}`,
    "settings get global development_settings_enabled",
    "settings get global adb_enabled",
  ].join(`; echo ${MARK}; `);
  const { stdout } = await services.resolve(Transport).shell(deviceId!, script);
  const [packages = "", dumpsys = "", developer = "", adb = ""] = stdout.split(new RegExp(`^${MARK}\\r?\\n`, "m"));
  return { packages, dumpsys, settings: { development_settings_enabled: developer.trim(), adb_enabled: adb.trim() } };
}

/**
 * The device facts of the readiness phase, read once per doctor run by the first check that asks (one round trip
 * instead of four) and shared with the others through the run's facts.
 */
export function readinessFacts(ctx: DoctorCheckContext): Promise<ReadinessFacts> {
  let facts = ctx.facts.get(KEY);
  if (!facts) {
    facts = fetchFacts(ctx);
    ctx.facts.set(KEY, facts);
  }
  return facts;
}
