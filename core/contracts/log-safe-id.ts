/**
 * Why a commandId or taskId cannot be sent, or undefined. The host finds a command's result by the APK's log lines
 * that name both ids (`commandId=C taskId=T`); logcat cuts a message at a line break into several lines, a line or
 * paragraph separator ends a line for other readers, and an unpaired surrogate has no UTF-8 form, so the lines
 * would never name such an id intact: the device would answer and the host time out. Refused before dispatch.
 */
export function logUnsafeReason(value: string): string | undefined {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    let what: string | undefined;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) what = "a control character";
    else if (c === 0x2028) what = "a line separator";
    else if (c === 0x2029) what = "a paragraph separator";
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && isLowSurrogate(value.charCodeAt(i + 1))) i++;
    else if (c >= 0xd800 && c <= 0xdfff) what = "an unpaired surrogate";
    if (what !== undefined) {
      const unit = `U+${c.toString(16).toUpperCase().padStart(4, "0")}`;
      return `must not contain ${unit} (${what}, at index ${i}): the device's log lines could not carry the id intact`;
    }
  }
  return undefined;
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
