import { describe, expect, it } from "vitest";
import { parseTemperature } from "../../../../android/virtual/operator/temperature.ts";

describe("parseTemperature", () => {
  it.each([
    ["20.7°C", 20.7],
    ["25C", 25],
    ["22.5 C", 22.5],
    [" -5.2 ", -5.2],
    ["18", 18],
    ["212°F", 100],
    ["32f", 0],
  ])("reads %j as %d °C", (text, celsius) => {
    expect(parseTemperature(text)).toBeCloseTo(celsius, 6);
  });

  it.each(["--°C", "", "  ", "Loading...", "--", "abc", "°C", "12 34", "1e"])("rejects %j", (text) => {
    expect(parseTemperature(text)).toBeUndefined();
  });
});
