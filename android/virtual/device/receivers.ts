/** A broadcast receiver registered on the device (the Operator APK's command receiver, or a test's). */
export interface BroadcastReceiver {
  packageName: string;
  action: string;
  /** Called once per delivered broadcast with every extra as a string, exactly as sent. */
  onReceive(extras: Record<string, string>): void;
}

export class ReceiverRegistry {
  readonly #receivers = new Set<BroadcastReceiver>();

  register(receiver: BroadcastReceiver): () => void {
    this.#receivers.add(receiver);
    return () => this.#receivers.delete(receiver);
  }

  /** Receivers for an action, limited to one package when the intent names one. */
  matching(action: string | undefined, packageName?: string): BroadcastReceiver[] {
    return [...this.#receivers].filter(
      (r) => r.action === action && (packageName === undefined || r.packageName === packageName),
    );
  }
}
