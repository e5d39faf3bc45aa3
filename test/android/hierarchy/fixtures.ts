import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseHierarchy, type UiHierarchy } from "../../../android/hierarchy/index.ts";

const dir = join(import.meta.dirname, "../../fixtures/hierarchy");

/** The real dumps in test/fixtures/hierarchy, with the node counts SOURCES.md records for them. */
export const NODE_COUNTS: Readonly<Record<string, number>> = {
  "settings_main_homepage.xml": 66,
  "futu_trader_position_history_recyclerview_cjk.xml": 224,
  "permissioncontroller_location_prompt.xml": 18,
  "settings_usb_alertdialog_vietnamese.xml": 16,
  "protonvpn_home_compose_testtags.xml": 66,
  "jukandian_article_webview_cjk_504nodes.xml": 504,
  "compose_chat_entities_single_quoted_attrs.xml": 30,
  "familyhub_settings_react_native_landscape_emoji.xml": 77,
  "twitter_search_devtty_trailer_malformed.xml": 83,
};

export const FIXTURES = readdirSync(dir).filter((name) => name.endsWith(".xml"));

export const readFixture = (name: string): string => readFileSync(join(dir, name), "utf8");

export const loadFixture = (name: string): UiHierarchy => parseHierarchy(readFixture(name));
