const UNIT = /(°[CFcf]|[CFcf])$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A temperature reading in °C, or undefined when the text is not one (the APK's Temperature.parse):
 * "20.7°C", "25C", "75°F", "-5.2", "22.5 C"; placeholders such as "--°C", "Loading..." or "" are not.
 * Fahrenheit readings are converted; a bare number is taken as Celsius.
 */
export function parseTemperature(text: string): number | undefined {
  const trimmed = text.trim();
  const number = trimmed.replace(UNIT, "").trim();
  if (!DECIMAL.test(number)) return undefined;
  const value = Number(number);
  return /F$/i.test(trimmed) ? ((value - 32) * 5) / 9 : value;
}
