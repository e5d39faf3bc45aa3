/** The key codes the model reacts to; any other valid key is accepted and changes nothing. */
export const KEY = { HOME: 3, BACK: 4, ENTER: 66, DEL: 67, APP_SWITCH: 187 } as const;

/**
 * `input keyevent` argument → key code: a number, or a name with or without `KEYCODE_` (names the model does not
 * know are 0, KEYCODE_UNKNOWN). Undefined when the argument is neither.
 */
export function keyCodeOf(code: string): number | undefined {
  if (/^\d+$/.test(code)) return Number(code);
  const name = code.toUpperCase().replace(/^KEYCODE_/, "");
  if (!/^[A-Z0-9_]+$/.test(name)) return undefined;
  return (KEY as Record<string, number>)[name] ?? 0;
}
