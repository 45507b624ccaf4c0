/**
 * The clear URLs of open paylinks, in this process's memory only: the database keeps just a hash
 * of each token, so after a restart a link can be used but no longer shown again.
 */
export class PaylinkUrls {
  private readonly urls = new Map<string, string>();

  remember(paymentId: string, url: string): void {
    this.urls.set(paymentId, url);
  }

  /** The URL of a payment's open paylink, or null. */
  url(paymentId: string): string | null {
    return this.urls.get(paymentId) ?? null;
  }

  forget(paymentId: string): void {
    this.urls.delete(paymentId);
  }
}
