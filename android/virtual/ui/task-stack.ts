/** An app's back stack: screen ids, root first. */
interface Task {
  owner: string;
  screens: string[];
}

/**
 * Android's tasks, reduced to what an agent sees: one back stack per app, most recent last, and the launcher's
 * task that always holds the home screen at its root.
 */
export class TaskStack {
  readonly #tasks: Task[];
  readonly #homeTask: Task;

  constructor(
    homeScreen: string,
    homeOwner: string,
    /** Called after every change, so the owner can note when a screen came to the top. */
    private readonly changed: () => void = () => {},
  ) {
    this.#homeTask = { owner: homeOwner, screens: [homeScreen] };
    this.#tasks = [this.#homeTask];
  }

  get top(): string {
    return this.#front.screens.at(-1)!;
  }

  /** Screens that show, top-most first: the top screen and, while a screen is an overlay, what lies below it. */
  visible(isOverlay: (screen: string) => boolean): string[] {
    const out: string[] = [];
    for (let t = this.#tasks.length - 1; t >= 0; t--) {
      const screens = this.#tasks[t]!.screens;
      for (let s = screens.length - 1; s >= 0; s--) {
        out.push(screens[s]!);
        if (!isOverlay(screens[s]!)) return out;
      }
    }
    return out;
  }

  home(): void {
    this.#bringToFront(this.#homeTask);
    this.#homeTask.screens.length = 1;
    this.changed();
  }

  /** Brings `owner`'s task to the front, starting it at `root` when it has none. */
  openTask(owner: string, root: string): void {
    const task = this.#tasks.find((t) => t.owner === owner);
    if (task) this.#bringToFront(task);
    else this.#tasks.push({ owner, screens: [root] });
    this.changed();
  }

  /** Shows a screen in `owner`'s task: on top of it, unless it already is the top. */
  show(owner: string, screen: string): void {
    this.openTask(owner, screen);
    if (this.top !== screen) this.#front.screens.push(screen);
    this.changed();
  }

  /** A screen opened from the one in front: the same task, except that the launcher starts apps in their own. */
  push(owner: string, screen: string): void {
    if (this.#front === this.#homeTask && owner !== this.#homeTask.owner) this.show(owner, screen);
    else this.#front.screens.push(screen);
    this.changed();
  }

  /** The top screen gives way to another in the same task (a splash screen moving on by itself). */
  replaceTop(screen: string): void {
    this.#front.screens[this.#front.screens.length - 1] = screen;
    this.changed();
  }

  /** Back: the top screen closes; at an app's root the app goes behind the launcher (Android 12+ keeps it). */
  back(): void {
    const front = this.#front;
    if (front.screens.length > 1) front.screens.pop();
    else if (front !== this.#homeTask) this.home();
    this.changed();
  }

  /** Drops every screen for which `drop` holds; emptied tasks end; the launcher keeps its home screen. */
  remove(drop: (screen: string) => boolean): void {
    for (const task of [...this.#tasks]) {
      const kept = task.screens.filter((screen, i) => (task === this.#homeTask && i === 0) || !drop(screen));
      task.screens.splice(0, task.screens.length, ...kept);
      if (kept.length === 0) this.#tasks.splice(this.#tasks.indexOf(task), 1);
    }
    this.changed();
  }

  get #front(): Task {
    return this.#tasks.at(-1)!;
  }

  #bringToFront(task: Task): void {
    this.#tasks.splice(this.#tasks.indexOf(task), 1);
    this.#tasks.push(task);
  }
}
