/**
 * A 5x7 bitmap font for printable ASCII (U+0020 to U+007E), glyphs in code order. Each glyph is seven base-32
 * digits, one per row from the top; in a digit, bit 4 is the leftmost column and bit 0 the rightmost.
 * g, p, q and y are drawn two rows lower (see DESCENDERS), so their seven rows are x-height plus descender.
 */
const GLYPHS =
  "0000000 4444404 aaa0000 aavavaa 4fke5u4 op248j3 cik8lid 4480000 2488842 8422248 04lel40 044v440 " + // ' ' to '+'
  "0000c48 000v000 00000cc 01248g0 ehjlphe 4c4444e eh1248v v2421he 26aiv22 vgu11he 68guhhe v124888 " + // ',' to '7'
  "ehhehhe ehhf12c 0cc0cc0 0cc0c48 248g842 00v0v00 8421248 eh12404 eh1dlle ehhvhhh uhhuhhu ehggghe " + // '8' to 'C'
  "sihhhis vgguggv vgguggg ehgnhhf hhhvhhh e44444e 72222ic hikokih ggggggv hrllhhh hhpljhh ehhhhhe " + // 'D' to 'O'
  "uhhuggg ehhhlid uhhukih fgge11u v444444 hhhhhhe hhhhha4 hhhllla hha4ahh hhha444 v1248gv e88888e " + // 'P' to '['
  "0g84210 e22222e 4ah0000 000000v 8420000 00e1fhf ggmphhu 00egghe 11djhhf 00ehvge 698s888 fhhhf1e " + // '\\' to 'g'
  "ggmphhh 40c444e 20622ic ggikoki c44444e 00qllhh 00mphhh 00ehhhe uhhhugg fhhhf11 00mpggg 00ege1u " + // 'h' to 's'
  "88s8896 00hhhjd 00hhha4 00hhlla 00ha4ah hhhhf1e 00v248v 2448442 4444444 8442448 008l200"; // 't' to '~'

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

const decode = (glyph: string): readonly number[] => [...glyph].map((digit) => parseInt(digit, 32));

const TABLE: ReadonlyArray<readonly number[]> = GLYPHS.split(" ").map(decode);

/** Beyond ASCII: the degree sign, which the demo app's temperature shows. */
const EXTRA: Readonly<Record<string, readonly number[]>> = { "°": decode("ciic000") };

/** Drawn for characters the table lacks (CJK, emoji, symbols): an outlined box, so missing text stays visible. */
const MISSING = decode("vhhhhhv");

/** Rows a glyph extends below the baseline. */
export const DESCENT = 2;
const DESCENDERS = "gpqy";

export interface Glyph {
  /** Seven rows, top first; bit 4 is the leftmost column. */
  rows: readonly number[];
  /** How many rows lower than other glyphs this one is drawn. */
  drop: number;
}

export function glyphOf(char: string): Glyph {
  const extra = EXTRA[char];
  if (extra) return { rows: extra, drop: 0 };
  const code = char.charCodeAt(0);
  if (char.length !== 1 || code < 0x20 || code > 0x7e) return { rows: MISSING, drop: 0 };
  return { rows: TABLE[code - 0x20]!, drop: DESCENDERS.includes(char) ? DESCENT : 0 };
}
