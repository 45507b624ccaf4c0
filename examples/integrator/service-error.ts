/** ServicePay refused a call; `detail` is its sentence (resultDetail) when it sent one. */
export class ServiceError extends Error {
  readonly detail: string;

  constructor(
    readonly status: number,
    body: string,
  ) {
    let detail = body;
    try {
      detail = (JSON.parse(body) as { resultDetail?: string }).resultDetail ?? body;
    } catch {
      // not JSON: keep the text
    }
    super(`ServicePay answered ${status}: ${detail}`);
    this.detail = detail;
  }
}
