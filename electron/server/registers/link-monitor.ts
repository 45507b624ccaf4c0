import type { LinkStatus } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import type { Waiting } from './forward-queue.js';
import { pingServer, ServerSilent } from './server-client.js';
import { ServerLinkRepository, type ServerLink } from './server-link-repository.js';

/**
 * How often an attached register asks whether its server answers, and how long it waits: offline shows
 * within 2 s of the first ask that goes unanswered (one wait, and a second when it answered before).
 */
export const LINK_CHECK_MS = 1000;

/**
 * Whether a failed check may be a moment's miss worth asking again at once: no answer in time, a cut
 * connection, a network that did not reach it. A refusal (the server answered) or a connection refused
 * (nothing listens) is not: it shows at once.
 */
function mayPass(error: unknown): boolean {
  return error instanceof ServerSilent && !error.lasting;
}

/**
 * How often, at most, the time the server last answered is written while it answers: the banner reads
 * it to the minute after a start without the server (a write a second would cost the register's disk).
 */
const ANSWER_NOTE_MS = 60_000;

/** The live channel's topic of the link (`link.updated`). */
export const LINK_TOPIC = 'link';

/** One ask of the server: see LinkMonitor.ask. */
interface CheckAnswer {
  problem: string | null;
  refused: boolean;
  passing: boolean;
  version: string | null;
}

/**
 * Whether an attached register's store server answers: asked every second with the register's own
 * credentials. A server that answered and then misses one check for a moment (no answer in time on a
 * loaded machine or a busy Wi-Fi) is asked again at once, and shows offline only when it misses that
 * too: one miss would flicker the banner and turn the register's work to offline. Each change is
 * published on the register's live channel (`link.updated`, which the POS shows as its offline
 * banner). The replica is refreshed in full when the server answers again after it did not, and
 * when the server's replica version moved (a set-up change: a price, a tax, a login) or the store's
 * customers changed there, so a change reaches the register within a second or two.
 */
export class LinkMonitor {
  private reachable: boolean | null = null;
  private since: string | null = null;
  private problem: string | null = null;
  private refused = false;
  /** When the server last answered a check, and when that was last written (ms; 0: not yet). */
  private answered: Date | null = null;
  private answerNoted = 0;
  /** The link the last check asked through. */
  private link: ServerLink | null = null;
  /** The server's replica version and its store's customers' last change, at the last answer (null: none yet). */
  private version: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private closed = false;
  private readonly links: ServerLinkRepository;

  constructor(
    private readonly ctx: ServiceContext,
    /** The server answers again after it did not, or its set-up changed: refresh the replica. */
    private readonly refresh: () => void,
    /** What waits at the register to be forwarded to the server. */
    private readonly waiting: () => Promise<Waiting>,
    /** Whether the register hears the server's changes to its online orders now (server-orders-feed.ts). */
    private readonly ordersLive: () => boolean = () => false,
  ) {
    this.links = new ServerLinkRepository(ctx.db);
    ctx.live.provideSnapshot(LINK_TOPIC, async () => {
      const status = await this.status();
      return status ? [{ event: 'link.updated', data: JSON.stringify(status) }] : [];
    });
  }

  /** The link as the register's screens show it; null on a standalone register (or a server). */
  async status(): Promise<LinkStatus | null> {
    const link = (await this.ctx.role.isRegister()) ? await this.links.get(this.ctx.db) : undefined;
    if (!link) return null;
    const { serverUrl, name, refreshedAt, dispensaryId } = link;
    const { reachable, since, problem, refused } = this;
    return {
      serverUrl,
      name,
      dispensaryId,
      reachable,
      since,
      problem,
      refused,
      refreshedAt,
      waiting: await this.waiting(),
      ordersLive: this.ordersLive(),
    };
  }

  /** Whether the server answered the last check (null: not asked yet). */
  isReachable(): boolean | null {
    return this.reachable;
  }

  /** The link to the server when it answered the last check; null while it does not (or before). */
  answeringLink(): ServerLink | null {
    return this.reachable === true ? this.link : null;
  }

  /** Tells the register's screens the link as it is now (the waiting count moved). */
  async publish(): Promise<void> {
    const status = await this.status();
    if (status) this.ctx.live.publishTo(status.dispensaryId, LINK_TOPIC, 'link.updated', status);
  }

  async start(): Promise<void> {
    if (!(await this.ctx.role.isRegister())) return;
    this.turn();
  }

  private turn(): void {
    if (this.closed) return;
    this.checking = this.check().finally(() => {
      this.checking = null;
      if (!this.closed) this.timer = setTimeout(() => this.turn(), LINK_CHECK_MS);
    });
  }

  private async check(): Promise<void> {
    const link = await this.links.get(this.ctx.db);
    if (!link) return;
    this.link = link;
    let answer = await this.ask(link);
    // A server that answered is given a second ask before it shows offline (the class's comment).
    if (answer.passing && this.reachable === true && !this.closed) answer = await this.ask(link);
    const { problem, refused, version } = answer;
    const reachable = problem === null;
    const now = this.ctx.now();
    if (reachable) await this.noteAnswer(now, false);
    // The first answer only notes the version: the replica was refreshed when the service started.
    if (version !== null && this.version !== null && version !== this.version) this.refresh();
    if (version !== null) this.version = version;
    const changed = reachable !== this.reachable;
    if (!changed && problem === this.problem) return;
    const wasDown = this.reachable === false;
    // A register that starts without its server is cut off since its server last answered it.
    const startedCut = this.reachable === null && !reachable;
    if (changed) this.since = (startedCut ? link.answeredAt : null) ?? now.toISOString();
    this.reachable = reachable;
    this.problem = problem;
    this.refused = refused;
    await this.publish();
    if (reachable && wasDown) this.refresh();
  }

  /**
   * Keeps when the server last answered (`server_link.answered_at`), at most once a minute unless
   * `final` (the register closing). A write that fails loses only that note: the next answer tries again.
   */
  private async noteAnswer(at: Date, final: boolean): Promise<void> {
    this.answered = at;
    if (!final && at.getTime() - this.answerNoted < ANSWER_NOTE_MS) return;
    const written = await this.ctx.db
      .write((tx) => this.links.answered(tx, at))
      .then(
        () => true,
        () => false,
      );
    if (written) this.answerNoted = at.getTime();
  }

  /**
   * No problem when the server answers the register; else why not, in words, whether it refused it,
   * and whether the miss may pass (mayPass).
   */
  private async ask(link: ServerLink): Promise<CheckAnswer> {
    try {
      const answer = await pingServer(link.serverUrl, link.registerId, link.secret, LINK_CHECK_MS);
      const version = `${answer.replicaVersion} ${answer.customersChangedAt ?? ''}`;
      return { problem: null, refused: false, passing: false, version };
    } catch (error) {
      const refused = error instanceof ServicePayError && ['UNAUTHENTICATED', 'FORBIDDEN'].includes(error.code);
      return { problem: (error as Error).message, refused, passing: mayPass(error), version: null };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.checking;
    // The last answer, to the second, for the banner of the register's next start.
    if (this.answered && this.answered.getTime() > this.answerNoted) await this.noteAnswer(this.answered, true);
  }
}
