import { APK_POST_NOTIFICATIONS, APK_REFERENCE_RELEASE } from "../../protocol/operator-apk-facts.ts";
import { operatorLaunchScreen } from "../../device/accessibility.ts";
import { CONTENT_TOP, SCREEN, toolbar, windowRoot, type AppPart } from "./parts.ts";
import { screenXml } from "./view-builder.ts";

const PKG = "com.clawperator.operator";

export interface OperatorAppOptions {
  /** Release (`com.clawperator.operator`, the default) or debug (`com.clawperator.operator.dev`) variant. */
  packageName?: string;
  versionName?: string;
  versionCode?: number;
}

const line = (id: string, text: string, row: number) => ({
  cls: "TextView",
  id,
  bounds: [42, CONTENT_TOP + 42 + row * 105, SCREEN.width - 42, CONTENT_TOP + 126 + row * 105] as const,
  text,
});

/** The Operator APK: it receives executions by broadcast; its own screen only says what it is. */
export function operatorApp(options: OperatorAppOptions = {}): AppPart {
  const pkg = options.packageName ?? PKG;
  // By default the release every real phone runs, with its real versionCode: the demo, the tests and a phone then
  // pass the same compatibility check.
  const versionName = options.versionName ?? APK_REFERENCE_RELEASE.versionName;
  // Each variant has its own launch screen, so both can be installed at once.
  const screen = operatorLaunchScreen(pkg);
  return {
    app: {
      package: pkg,
      label: "Clawperator Operator",
      versionName,
      versionCode: options.versionCode ?? APK_REFERENCE_RELEASE.versionCode,
      operator: true,
      permissions: [APK_POST_NOTIFICATIONS],
      launchScreen: screen,
    },
    screens: {
      [screen]: {
        hierarchy_xml: screenXml(
          pkg,
          windowRoot([
            toolbar("Clawperator Operator", false),
            line("version", `Version ${versionName}`, 0),
            line("status", "Ready for commands from your agent", 1),
          ]),
        ),
      },
    },
  };
}
