import { CONTENT_TOP, SCREEN, toolbar, windowRoot, type AppPart } from "./parts.ts";
import { screenXml } from "./view-builder.ts";

const PKG = "com.clawperator.operator";

const line = (id: string, text: string, row: number) => ({
  cls: "TextView",
  id,
  bounds: [42, CONTENT_TOP + 42 + row * 105, SCREEN.width - 42, CONTENT_TOP + 126 + row * 105] as const,
  text,
});

/** The Operator APK: it receives executions by broadcast; its own screen only says what it is. */
export function operatorApp(): AppPart {
  return {
    app: {
      package: PKG,
      label: "Clawperator Operator",
      versionName: "0.1.0",
      versionCode: 1,
      operator: true,
      permissions: ["android.permission.POST_NOTIFICATIONS"],
      launchScreen: "operator",
    },
    screens: {
      operator: {
        hierarchy_xml: screenXml(
          PKG,
          windowRoot([toolbar("Clawperator Operator", false), line("version", "Version 0.1.0", 0), line("status", "Ready for commands from your agent", 1)]),
        ),
      },
    },
  };
}
