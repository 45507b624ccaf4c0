import type { Ref } from 'vue';

/** Where a list's screen shows that it is reading, and in words what went wrong. */
export interface ReadState {
  loading: Ref<boolean>;
  error: Ref<string>;
}

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

  /**
   * One read of the list: `state` loading and its error cleared, then — only while this read is the
   * last one asked — its answer given to `show`, its failure put in `words` as the error, and the
   * loading ended.
   */
  async run<T>(
    state: ReadState,
    read: () => Promise<T>,
    show: (answer: T) => void,
    words: (failure: unknown) => string,
  ): Promise<void> {
    const last = this.begin();
    state.loading.value = true;
    state.error.value = '';
    try {
      const answer = await read();
      if (last()) show(answer);
    } catch (failure) {
      if (last()) state.error.value = words(failure);
    } finally {
      if (last()) state.loading.value = false;
    }
  }
}
