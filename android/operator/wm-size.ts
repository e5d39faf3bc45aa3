/** A display size in pixels, natural orientation. */
export interface ScreenSize {
  width: number;
  height: number;
}

/** `wm size`: the override when one is set (what apps lay out for), else the physical size. */
export function parseWmSize(output: string): ScreenSize | undefined {
  const read = (label: string) => {
    const m = new RegExp(`${label} size:\\s*(\\d+)x(\\d+)`).exec(output);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
  };
  const size = read("Override") ?? read("Physical");
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

/** `wm density`: the override when one is set, else the physical density (dpi). */
export function parseWmDensity(output: string): number | undefined {
  const m = /Override density:\s*(\d+)/.exec(output) ?? /Physical density:\s*(\d+)/.exec(output);
  return m ? Number(m[1]) : undefined;
}
