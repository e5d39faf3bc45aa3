/** A colour as 0xRRGGBB. */
export type Rgb = number;

/**
 * An RGB image whose rows are stored in PNG's scanline layout: one filter-type byte (0, "None") before each row,
 * so the encoder deflates this buffer as it is. All drawing is clipped to the image.
 */
export class Raster {
  readonly stride: number;
  readonly data: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.stride = 1 + width * 3;
    this.data = Buffer.alloc(this.stride * height);
    this.fillRect(0, 0, width, height, background);
  }

  /** Fills the half-open rectangle [left, right) x [top, bottom). */
  fillRect(left: number, top: number, right: number, bottom: number, color: Rgb): void {
    const l = Math.max(0, Math.floor(left));
    const t = Math.max(0, Math.floor(top));
    const r = Math.min(this.width, Math.ceil(right));
    const b = Math.min(this.height, Math.ceil(bottom));
    if (l >= r || t >= b) return;
    const red = (color >> 16) & 0xff;
    const green = (color >> 8) & 0xff;
    const blue = color & 0xff;
    // Paint one row span, then copy it to the other rows: a memmove per row instead of three stores per pixel.
    const first = t * this.stride + 1 + l * 3;
    const end = first + (r - l) * 3;
    for (let i = first; i < end; i += 3) {
      this.data[i] = red;
      this.data[i + 1] = green;
      this.data[i + 2] = blue;
    }
    for (let y = t + 1, at = first + this.stride; y < b; y++, at += this.stride) this.data.copyWithin(at, first, end);
  }

  /** An outline `thickness` pixels wide, drawn inside the rectangle. */
  strokeRect(left: number, top: number, right: number, bottom: number, color: Rgb, thickness: number): void {
    const w = Math.min(thickness, Math.floor((right - left) / 2), Math.floor((bottom - top) / 2)) || 1;
    this.fillRect(left, top, right, top + w, color);
    this.fillRect(left, bottom - w, right, bottom, color);
    this.fillRect(left, top + w, left + w, bottom - w, color);
    this.fillRect(right - w, top + w, right, bottom - w, color);
  }
}
