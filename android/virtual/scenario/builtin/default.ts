import { accessibilityComponent, notificationListenerComponent } from "../../device/accessibility.ts";
import type { ScenarioSource } from "../schema/scenario-schema.ts";
import { demoApp } from "./demo-app.ts";
import { operatorApp } from "./operator-app.ts";
import { DEVICE, phoneScenario } from "./phone.ts";
import { settingsApp } from "./settings-app.ts";

const OPERATOR = "com.clawperator.operator";

/** A phone ready for Clawperator: the Operator installed, its accessibility service and notification listener on. */
export function defaultScenario(): ScenarioSource {
  return phoneScenario(
    "default",
    "A phone with Settings, the Clawperator demo app and the Operator APK, ready for executions.",
    [settingsApp(DEVICE), demoApp(), operatorApp()],
    {
      accessibility_enabled: "1",
      enabled_accessibility_services: accessibilityComponent(OPERATOR),
      enabled_notification_listeners: notificationListenerComponent(OPERATOR),
    },
  );
}
