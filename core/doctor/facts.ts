import { createToken, type Token } from "../kernel/token.ts";

/**
 * What doctor checks share down the ordered list (`DoctorCheckContext.facts`): the check that finds a fact sets it,
 * later checks, of any plugin, read it. Keys are typed tokens (`createToken<T>`), so `facts.get(SelectedDevice)` is
 * a `string | undefined` without a cast, and a plugin's own fact keys live beside its checks.
 */
export interface DoctorFacts {
  get<T>(key: Token<T>): T | undefined;
  set<T>(key: Token<T>, value: T): void;
}

/** A fresh, empty set of facts for one doctor run. */
export function createDoctorFacts(): DoctorFacts {
  const facts = new Map<symbol, unknown>();
  return {
    get: <T>(key: Token<T>) => facts.get(key) as T | undefined,
    set: (key, value) => void facts.set(key, value),
  };
}

/** The serial device discovery selected; the runner hands it to later checks as `deviceId` and into the report. */
export const SelectedDevice = createToken<string>("doctor.SelectedDevice");

/** The installed Operator's version, once the version check read it. */
export const OperatorVersion = createToken<{ versionName: string; versionCode?: number }>("doctor.OperatorVersion");
