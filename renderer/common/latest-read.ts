/**
 * The reads of one screen's list where only the last one asked is shown: an earlier read answering
 * late (slower, or asked before other filters or words) is dropped, with its failure and the end of
 * its loading, never shown over the last one's answer.
 */
export class LatestRead {
  private asked = 0;

  /** Starts a read: answers whether it is still the last one asked. */
  begin(): () => boolean {
    const mine = ++this.asked;
    return () => mine === this.asked;
  }

  /** Drops every read in flight (the screen was reset or opened again). */
  dropAll(): void {
    this.asked += 1;
  }
}
