import { boundsOf, type UiHierarchy } from "../tree/index.ts";
import { COLORS, drawBox, drawLabel } from "./draw-node.ts";
import { encodePng } from "./png.ts";
import { Raster } from "./raster.ts";
import { screenNodes } from "./screen-nodes.ts";

const MAX_PIXELS = 64_000_000;

/** Font pixels per screen pixel: 3 on a 1080-wide phone, 2 on a 720-wide one. */
const densityScale = (width: number, height: number) => Math.max(1, Math.round(Math.min(width, height) / 360));

/**
 * A PNG of a screen, as `screencap -p` returns one: each window's background, every visible node's bounds
 * outlined, clickable nodes tinted, text fields highlighted, checkable nodes with their state, and labels in a
 * bitmap font. Windows are listed top-most first (as Android reports them), so they are painted last to first.
 */
export function renderScreenPng(hierarchy: UiHierarchy, size: { width: number; height: number }): Buffer {
  const { width, height } = size;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > MAX_PIXELS) {
    throw new RangeError(
      `screen size must be whole pixels, at least 1x1 and at most ${MAX_PIXELS} in all; got ${width}x${height}`,
    );
  }
  const raster = new Raster(width, height, COLORS.backdrop);
  const scale = densityScale(width, height);
  for (const window of [...hierarchy.windows].reverse()) {
    const root = boundsOf(window);
    raster.fillRect(root.left, root.top, root.right, root.bottom, COLORS.window);
    const nodes = screenNodes(window);
    // Boxes first, labels after, so a child's fill never hides its parent's text.
    for (const entry of nodes) drawBox(raster, entry, scale);
    for (const entry of nodes) drawLabel(raster, entry, scale);
  }
  return encodePng(raster);
}
