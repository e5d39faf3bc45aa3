export { ConsoleError, consoleCommand, consolePortOf, type ConsoleOptions } from "./console-client.ts";
