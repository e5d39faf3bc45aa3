import { describe, expect, it } from "vitest";
import { parseHierarchy, type UiHierarchy } from "../../../../android/hierarchy/index.ts";
import { renderScreenPng } from "../../../../android/virtual/render/index.ts";
import { loadFixture } from "../../hierarchy/fixtures.ts";
import { countColor, decodePng } from "./png-reader.ts";

// The palette of android/virtual/render/draw-node.ts, as a user sees it in the image.
const BACKDROP = 0x202124;
const WINDOW = 0xffffff;
const CLICKABLE = 0xe8f0fe;
const EDITABLE = 0xfff3d0;
const TEXT = 0x202124;
const DESCRIPTION = 0x1a4fb4;
const CHECK_ON = 0x1a73e8;

const screen = (nodes: string, windowBounds = "[0,0][360,640]"): UiHierarchy =>
  parseHierarchy(
    `<hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="${windowBounds}">${nodes}` +
      `</node></hierarchy>`,
  );
const render = (h: UiHierarchy, width = 360, height = 640) => decodePng(renderScreenPng(h, { width, height }));

describe("renderScreenPng", () => {
  const settings = loadFixture("settings_main_homepage.xml");

  it("writes a valid PNG of the declared size: signature, IHDR, IDAT, IEND, good CRCs", () => {
    const png = render(settings, 1080, 2400);
    expect([png.width, png.height]).toEqual([1080, 2400]);
    expect(png.chunkTypes[0]).toBe("IHDR");
    expect(png.chunkTypes.at(-1)).toBe("IEND");
    expect(png.chunkTypes).toContain("IDAT");
    const landscape = render(loadFixture("familyhub_settings_react_native_landscape_emoji.xml"), 1280, 800);
    expect([landscape.width, landscape.height]).toEqual([1280, 800]);
  });

  it("prints a node's text inside its bounds on the Settings home page", () => {
    const png = render(settings, 1080, 2400);
    // "Network & internet" sits at [198,1313][586,1376] inside a clickable row at [0,1269][1080,1524].
    expect(countColor(png, 198, 1313, 586, 1376, TEXT)).toBeGreaterThan(300);
    expect(countColor(png, 198, 1313, 586, 1376, CLICKABLE)).toBeGreaterThan(0);
    // Inside the same row but right of the title and summary there is no text, only the row's tint.
    expect(countColor(png, 1040, 1280, 1075, 1520, TEXT)).toBe(0);
    expect(png.pixel(20, 1300)).toBe(CLICKABLE);
    // The white status bar area has no node text.
    expect(png.pixel(540, 40)).toBe(WINDOW);
  });

  it("tints clickable nodes, highlights text fields, shows checked state, skips invisible nodes", () => {
    const png = render(
      screen(`
        <node class="android.widget.Button" text="" clickable="true" bounds="[10,10][110,60]" />
        <node class="android.widget.EditText" text="" clickable="true" bounds="[10,70][350,120]" />
        <node class="android.widget.Switch" text="" checkable="true" checked="true" clickable="true" bounds="[10,130][350,180]" />
        <node class="android.widget.Button" text="" clickable="true" visible-to-user="false" bounds="[10,190][350,240]" />
        <node class="android.view.View" text="" bounds="[10,250][350,250]" clickable="true" />`),
    );
    expect(png.pixel(60, 35)).toBe(CLICKABLE);
    expect(png.pixel(180, 95)).toBe(EDITABLE);
    expect(countColor(png, 300, 130, 350, 180, CHECK_ON)).toBeGreaterThan(20);
    expect(png.pixel(180, 215)).toBe(WINDOW);
    expect(png.pixel(180, 250)).toBe(WINDOW);
  });

  it("draws content-desc where there is no text, in its own colour, unless children carry labels", () => {
    const png = render(
      screen(`
        <node class="android.widget.ImageButton" content-desc="Back" clickable="true" bounds="[10,10][200,60]" />
        <node class="android.view.ViewGroup" content-desc="Row, Title" bounds="[10,100][350,200]">
          <node class="android.widget.TextView" text="Title" bounds="[10,100][350,150]" />
        </node>`),
    );
    expect(countColor(png, 10, 10, 200, 60, DESCRIPTION)).toBeGreaterThan(20);
    expect(countColor(png, 10, 100, 350, 200, DESCRIPTION)).toBe(0);
    expect(countColor(png, 10, 100, 350, 150, TEXT)).toBeGreaterThan(20);
  });

  it("fills the screen outside every window with the backdrop, and paints the first-listed window on top", () => {
    const h = parseHierarchy(`<hierarchy rotation="0">
      <node class="android.widget.FrameLayout" clickable="true" bounds="[60,200][300,400]" />
      <node class="android.widget.FrameLayout" bounds="[0,0][360,500]" />
    </hierarchy>`);
    const png = render(h);
    expect(png.pixel(180, 300)).toBe(CLICKABLE);
    expect(png.pixel(20, 300)).toBe(WINDOW);
    expect(png.pixel(180, 600)).toBe(BACKDROP);
  });

  it("draws accented letters as their base letter, and characters outside the font as boxes", () => {
    const withText = (text: string) =>
      renderScreenPng(screen(`<node class="android.widget.TextView" text="${text}" bounds="[0,0][360,60]" />`), {
        width: 360,
        height: 640,
      });
    expect(withText("Dùng thể")).toEqual(withText("Dung the"));
    expect(withText("Dung the")).not.toEqual(withText("Dung tha"));
    const boxes = decodePng(withText("漢字"));
    expect(countColor(boxes, 0, 0, 360, 60, TEXT)).toBeGreaterThan(20);
  });

  // Its cost is a target in bench/in-process.mjs (bench/RESULTS.md), not an assertion here.
  it("is deterministic: the same screen renders to the same bytes", () => {
    const first = renderScreenPng(settings, { width: 1080, height: 2400 });
    expect(renderScreenPng(settings, { width: 1080, height: 2400 })).toEqual(first);
  });

  it("refuses a size that is not whole positive pixels", () => {
    expect(() => renderScreenPng(settings, { width: 0, height: 2400 })).toThrow(RangeError);
    expect(() => renderScreenPng(settings, { width: 1080.5, height: 2400 })).toThrow(/whole pixels/);
    expect(() => renderScreenPng(settings, { width: 100_000, height: 100_000 })).toThrow(RangeError);
  });
});
