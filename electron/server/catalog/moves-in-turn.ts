/** What moved at one store and is not handled yet: products by id, and packages (told as their products). */
export interface Moved {
  products: Set<string>;
  packages: Set<string>;
}

/**
 * Moves of stock gathered by store and handed to `work` one store at a time, in the order they
 * came: moves added once a turn began (even in the same go) wait for the next turn, together (a
 * busy store's sales a moment apart make one turn). `work` never throws (it says what
 * went wrong itself).
 */
export class MovesInTurn {
  private readonly waiting = new Map<string, Moved>();
  private running: Promise<void> | null = null;

  constructor(private readonly work: (dispensaryId: string, moved: Moved) => Promise<void> | void) {}

  add(dispensaryId: string, kind: keyof Moved, ids: Iterable<string>): void {
    let moved = this.waiting.get(dispensaryId);
    for (const id of ids) {
      if (!moved) this.waiting.set(dispensaryId, (moved = { products: new Set(), packages: new Set() }));
      moved[kind].add(id);
    }
    if (moved) this.running ??= this.run();
  }

  private async run(): Promise<void> {
    for (let next = this.waiting.entries().next(); !next.done; next = this.waiting.entries().next()) {
      const [dispensaryId, moved] = next.value;
      this.waiting.delete(dispensaryId);
      await this.work(dispensaryId, moved);
    }
    this.running = null;
  }
}
