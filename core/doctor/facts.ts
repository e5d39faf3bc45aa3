/**
 * Keys of the facts doctor checks share down the ordered list (`DoctorCheckContext.facts`). The check that finds a
 * fact sets it; later checks, of any plugin, read it. The runner also reads `deviceId` into the report.
 */
export const DoctorFacts = {
  /** The serial device discovery selected (string). */
  deviceId: "deviceId",
  /** The installed Operator's `{ versionName, versionCode }`, once the version check read it. */
  operatorVersion: "operatorVersion",
} as const;
