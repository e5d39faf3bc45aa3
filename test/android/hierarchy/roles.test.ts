import { describe, expect, it } from "vitest";
import { HierarchyIndex, inferRole, type UiNode } from "../../../android/hierarchy/index.ts";
import { loadFixture } from "./fixtures.ts";

const node = (attributes: Record<string, string>): UiNode => ({ attributes, children: [] });

describe("inferRole", () => {
  it.each([
    ["android.widget.EditText", {}, "textfield"],
    ["com.google.android.material.textfield.TextInputEditText", {}, "textfield"],
    ["android.widget.AutoCompleteTextView", {}, "textfield"],
    ["android.widget.SearchView$SearchAutoComplete", {}, "textfield"],
    ["android.widget.TextView", { password: "true" }, "textfield"],
    ["android.widget.Switch", {}, "switch"],
    ["androidx.appcompat.widget.SwitchCompat", {}, "switch"],
    ["com.google.android.material.switchmaterial.SwitchMaterial", {}, "switch"],
    ["android.widget.ToggleButton", {}, "switch"],
    ["android.widget.CheckBox", {}, "checkbox"],
    ["com.google.android.material.checkbox.MaterialCheckBox", {}, "checkbox"],
    ["android.widget.CheckedTextView", { checkable: "true" }, "checkbox"],
    ["android.widget.CheckedTextView", { checkable: "false" }, "text"],
    ["android.widget.Button", {}, "button"],
    ["com.google.android.material.button.MaterialButton", {}, "button"],
    ["android.widget.ImageButton", {}, "button"],
    ["android.widget.RadioButton", {}, "button"],
    ["com.google.android.material.floatingactionbutton.FloatingActionButton", {}, "button"],
    ["com.google.android.material.chip.Chip", {}, "button"],
    ["android.widget.ImageView", {}, "image"],
    ["androidx.appcompat.widget.AppCompatImageView", {}, "image"],
    ["android.widget.Image", {}, "image"],
    ["android.widget.TextView", {}, "text"],
    ["cn.futu.uikit.widget.textview.FtTextView", {}, "text"],
    ["androidx.appcompat.widget.Toolbar", {}, "toolbar"],
    ["android.widget.Toolbar", {}, "toolbar"],
    ["androidx.appcompat.app.ActionBar$Tab", {}, "tab"],
    ["com.google.android.material.tabs.TabLayout$TabView", {}, "tab"],
    ["com.google.android.material.bottomnavigation.BottomNavigationItemView", {}, "tab"],
    ["cn.futu.uikit.widget.tabview.FtPrimaryTabView", {}, undefined],
    ["android.widget.LinearLayout", { clickable: "true" }, undefined],
    ["android.widget.FrameLayout", {}, undefined],
    ["android.view.View", { clickable: "true" }, "button"],
    ["android.view.ViewGroup", { clickable: "true" }, "button"],
    ["android.view.View", { checkable: "true", clickable: "true" }, "checkbox"],
    ["android.view.View", { hint: "Search", clickable: "true" }, "textfield"],
    ["android.view.View", { hint: "" }, undefined],
    ["android.view.View", {}, undefined],
  ])("%s %o → %s", (cls, attributes, role) => {
    expect(inferRole(node({ class: cls, ...attributes }))).toBe(role);
  });

  it.each([
    ["androidx.recyclerview.widget.RecyclerView", "android.widget.LinearLayout", "listitem"],
    ["android.widget.ListView", "android.widget.FrameLayout", "listitem"],
    ["android.widget.GridView", "androidx.cardview.widget.CardView", "listitem"],
    ["android.widget.ListView", "android.widget.TextView", "text"],
    ["com.google.android.material.tabs.TabLayout", "android.widget.LinearLayout", "tab"],
    ["android.widget.TabWidget", "android.widget.RelativeLayout", "tab"],
    ["android.widget.ScrollView", "android.widget.LinearLayout", undefined],
  ])("a %s child of class %s → %s", (parentClass, cls, role) => {
    expect(inferRole(node({ class: cls }), node({ class: parentClass }))).toBe(role);
  });

  it("on real dumps: Compose clickables are buttons, Settings rows are list items, RadioButtons are buttons", () => {
    const proton = new HierarchyIndex(loadFixture("protonvpn_home_compose_testtags.xml"));
    const connect = proton.nodes.find((n) => n.attributes["resource-id"] === "connectCardButton")!;
    expect(proton.role(connect)).toBe("button");
    const settings = new HierarchyIndex(loadFixture("settings_main_homepage.xml"));
    const rows = settings.nodes.filter((n) => settings.role(n) === "listitem");
    expect(rows.map((n) => n.attributes.bounds)).toContain("[0,1269][1080,1524]");
    expect(rows).toHaveLength(8);
    const prompt = new HierarchyIndex(loadFixture("permissioncontroller_location_prompt.xml"));
    expect(prompt.nodes.filter((n) => prompt.role(n) === "button").map((n) => n.attributes.text)).toEqual(
      expect.arrayContaining(["Precise", "Approximate"]),
    );
  });
});
