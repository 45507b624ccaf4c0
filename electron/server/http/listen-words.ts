/**
 * Why the service could not listen at `host`:`port`, in words for the person who started it (the
 * system's code never reaches them), or undefined for a failure that is not about the address.
 */
export function listenWords(error: unknown, host: string, port: number): string | undefined {
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return (
        `port ${port} of ${host} is taken: another ServicePay (or another program) listens there. ` +
        'Stop it, or start this one with another --port'
      );
    case 'EACCES':
      return (
        `this user may not listen on port ${port} of ${host} (ports below 1024 need the administrator's rights): ` +
        'start with another --port'
      );
    case 'EADDRNOTAVAIL':
      return `--host ${host} is not an address of this machine: give one of its own, or 0.0.0.0 for all of them`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `--host ${host} is not a name this machine knows: give one of its addresses, or 0.0.0.0 for all of them`;
    default:
      return undefined;
  }
}
