import { createHash } from "node:crypto";

/** What defines an app on the device: from the scenario, or from an installed virtual APK. */
export interface PackageSpec {
  packageName: string;
  label: string;
  versionName: string;
  versionCode: number;
  system: boolean;
  /** Answers Clawperator's broadcasts (the Operator APK, release or debug variant). */
  operator: boolean;
  /** Screen id its launcher activity shows; apps without one cannot be opened. */
  launchScreen?: string;
  /** Runtime permissions granted now. */
  granted: readonly string[];
  /** Permissions the manifest requests; undefined means any runtime permission may be granted. */
  requested?: readonly string[];
}

export interface InstalledPackage extends Omit<PackageSpec, "granted" | "requested"> {
  granted: Set<string>;
  requested: Set<string> | undefined;
  uid: number;
  /** Where `pm path` says the APK lives. */
  codePath: string;
  firstInstallTime: number;
  lastUpdateTime: number;
}

export type PackageEvent = { kind: "installed" | "updated" | "removed"; packageName: string };
export type PackageListener = (event: PackageEvent) => void;

const FIRST_APP_UID = 10_100;

/** The package manager's table: installed apps in install order, with change notifications. */
export class PackageRegistry {
  readonly #packages = new Map<string, InstalledPackage>();
  readonly #listeners = new Set<PackageListener>();
  #nextUid = FIRST_APP_UID;

  constructor(private readonly now: () => number) {}

  get(packageName: string): InstalledPackage | undefined {
    return this.#packages.get(packageName);
  }

  list(): InstalledPackage[] {
    return [...this.#packages.values()];
  }

  /** Installs, or replaces an installed app keeping its uid, first install time and launch screen. */
  install(spec: PackageSpec): PackageEvent {
    const previous = this.#packages.get(spec.packageName);
    const time = this.now();
    const installed: InstalledPackage = {
      ...spec,
      launchScreen: spec.launchScreen ?? previous?.launchScreen,
      granted: new Set([...(previous?.granted ?? []), ...spec.granted]),
      requested: spec.requested ? new Set(spec.requested) : undefined,
      uid: previous?.uid ?? this.#nextUid++,
      codePath: codePathOf(spec, previous ? previous.lastUpdateTime + 1 : 0),
      firstInstallTime: previous?.firstInstallTime ?? time,
      lastUpdateTime: time,
    };
    this.#packages.set(spec.packageName, installed);
    return this.#emit({ kind: previous ? "updated" : "installed", packageName: spec.packageName });
  }

  uninstall(packageName: string): boolean {
    if (!this.#packages.delete(packageName)) return false;
    this.#emit({ kind: "removed", packageName });
    return true;
  }

  onChange(listener: PackageListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit(event: PackageEvent): PackageEvent {
    for (const listener of this.#listeners) listener(event);
    return event;
  }
}

/** System apps live under /system; others under a randomised /data/app directory (here: derived, so it repeats). */
function codePathOf(spec: PackageSpec, generation: number): string {
  if (spec.system) {
    const name = spec.label.replace(/[^A-Za-z0-9]/g, "") || "App";
    return `/system/priv-app/${name}/${name}.apk`;
  }
  const token = (salt: string) =>
    createHash("sha256")
      .update(`${spec.packageName}:${spec.versionCode}:${generation}:${salt}`)
      .digest("base64url")
      .slice(0, 22);
  return `/data/app/~~${token("session")}==/${spec.packageName}-${token("package")}==/base.apk`;
}
