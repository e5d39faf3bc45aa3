// The part of @devicefarmer/adbkit-apkreader (plain JavaScript, no typings) that read-apk-manifest.ts uses.
declare module "@devicefarmer/adbkit-apkreader" {
  interface ManifestAttributes {
    name?: string;
    [attribute: string]: unknown;
  }
  export interface Manifest {
    package?: string;
    versionName?: string | number;
    versionCode?: number;
    usesPermissions: ManifestAttributes[];
    application?: ManifestAttributes & {
      label?: unknown;
      activities: ManifestAttributes[];
      launcherActivities: ManifestAttributes[];
      services: ManifestAttributes[];
    };
  }
  interface ApkReader {
    readManifest(): Promise<Manifest>;
  }
  const ApkReader: { open(apk: string | Buffer): Promise<ApkReader> };
  export default ApkReader;
}
