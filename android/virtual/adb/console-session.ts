/** The emulator console's line protocol for one client: what each line is answered with. */

export interface ConsoleContext {
  avdName: string;
  /** "" when the console needs no authentication. */
  authToken: string;
  tokenPath: string;
}

export interface ConsoleReply {
  text: string;
  /** Close the connection after writing `text`. */
  close?: boolean;
  /** Stop the emulator after writing `text` (`kill`). */
  kill?: boolean;
}

const CRLF = "\r\n";
const OK = `OK${CRLF}`;
const UNKNOWN = `KO: unknown command, try 'help'${CRLF}`;
const HELP = [
  "Android console commands:",
  "",
  "    help|h|?         print a list of commands",
  "    ping             check if the emulator is alive",
  "    avd              control virtual device execution",
  "    kill             kill the emulator instance",
  "    quit|exit        quit control session",
  "",
];

export class ConsoleSession {
  private authenticated: boolean;

  constructor(private readonly context: ConsoleContext) {
    this.authenticated = context.authToken === "";
  }

  banner(): string {
    if (this.authenticated) return `Android Console: type 'help' for a list of commands${CRLF}${OK}`;
    return [
      "Android Console: Authentication required",
      "Android Console: type 'auth <auth_token>' to authenticate",
      "Android Console: you can find your <auth_token> in ",
      `'${this.context.tokenPath}'`,
      OK,
    ].join(CRLF);
  }

  /** Answers one line (without its line ending); undefined for a blank line, which the console ignores. */
  handle(line: string): ConsoleReply | undefined {
    const words = line
      .trim()
      .split(/\s+/)
      .filter((word) => word.length > 0);
    const [command, ...args] = words;
    if (command === undefined) return undefined;
    if (command === "quit" || command === "exit") return { text: "", close: true };
    if (command === "help" || command === "h" || command === "?") return { text: `${HELP.join(CRLF)}${CRLF}${OK}` };
    if (command === "auth") return this.authenticate(args.join(" "));
    if (!this.authenticated) return { text: UNKNOWN };
    switch (command) {
      case "ping":
        return { text: `I am alive!${CRLF}${OK}` };
      case "kill":
        return { text: `OK: killing emulator, bye bye${CRLF}`, close: true, kill: true };
      case "avd":
        return this.avd(args);
      default:
        return { text: UNKNOWN };
    }
  }

  private authenticate(token: string): ConsoleReply {
    if (this.context.authToken !== "" && token !== this.context.authToken) {
      return { text: `KO: authentication token does not match ~/.emulator_console_auth_token${CRLF}` };
    }
    this.authenticated = true;
    return { text: `Android Console: type 'help' for a list of commands${CRLF}${OK}` };
  }

  private avd(args: string[]): ConsoleReply {
    switch (args[0]) {
      case "name":
        return { text: `${this.context.avdName}${CRLF}${OK}` };
      case "status":
        return { text: `virtual device is running${CRLF}${OK}` };
      default:
        return { text: `KO: bad sub-command, try 'help avd'${CRLF}` };
    }
  }
}
