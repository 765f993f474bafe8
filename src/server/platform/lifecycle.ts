import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../contract/constants.js';
import { messages } from '../../contract/messages.js';

export type LifecycleState = 'starting' | 'ready' | 'draining';

/**
 * Paths answered while draining: the probes (the balancer must see the 503 of /ready, the
 * orchestrator the 200 of /health), the scrape, and the emulators, which stand for outside
 * services that do not stop with this instance (a check in flight still asks the tax service).
 */
const ANSWERED_WHILE_DRAINING = [`${API_BASE}/health`, `${API_BASE}/ready`, '/metrics', '/__emulators/'];

/**
 * An instance's life for the readiness probe and SIGTERM: starting until the app answers (its
 * server listens, or main.ts opens the listener that answered while it started), ready, then draining. Draining refuses new requests with 503 (a balancer retries them on
 * another instance), lets those in flight finish and runs the drain steps (the bot pollers'
 * release); the server's listener closes afterwards (main.ts).
 */
export class Lifecycle {
  #state: LifecycleState = 'starting';
  readonly #inFlight = new Map<string, string>();
  readonly #drainSteps: { name: string; run: () => Promise<void> }[] = [];
  readonly #pendingSteps = new Set<string>();
  readonly #otherWork: (() => string[])[] = [];
  readonly #onOpen: (() => void)[] = [];
  #drained: Promise<void> | undefined;
  #onIdle: (() => void) | undefined;

  get state(): LifecycleState {
    return this.#state;
  }

  /** The app answers requests from now on: ready, unless already draining (once). */
  open(): void {
    if (this.#state !== 'starting') return;
    this.#state = 'ready';
    for (const run of this.#onOpen.splice(0)) run();
  }

  /** Work to start once the app answers (e.g. what calls this very server, the demo's emulators). */
  onOpen(run: () => void): void {
    this.#onOpen.push(run);
  }

  /**
   * Counts requests in flight (onRequest → onResponse) and refuses new ones while draining. An app
   * that listens itself is open when it does; one built on a server already listening
   * (starting-listener.ts) is opened by its starter.
   */
  watch(app: FastifyInstance): void {
    if (!app.server.listening) app.server.once('listening', () => this.open());
    app.addHook('onRequest', async (request, reply) => {
      const answered = ANSWERED_WHILE_DRAINING.some((path) => request.url.startsWith(path));
      if (answered) return;
      // Answered here, not thrown: a refusal while leaving is expected, not an error to log with its stack.
      if (this.#state === 'draining') {
        return reply.status(503).headers({ connection: 'close' }).send({ message: messages.common.serviceUnavailable });
      }
      this.#inFlight.set(request.id, `${request.method} ${request.routeOptions.url ?? 'unknown route'}`);
    });
    const ended = async (request: { id: string }) => {
      if (this.#inFlight.delete(request.id) && this.#inFlight.size === 0) this.#onIdle?.();
    };
    app.addHook('onResponse', ended);
    app.addHook('onRequestAbort', ended);
  }

  /** Work to finish when draining begins, beside the requests in flight (e.g. releasing the bots' leases); steps run in the order given. */
  onDrain(name: string, run: () => Promise<void>): void {
    this.#drainSteps.push({ name, run });
  }

  /** Starts draining (once); resolves when no request is in flight and every drain step is done. */
  drain(): Promise<void> {
    this.#drained ??= this.#drain();
    return this.#drained;
  }

  async #drain(): Promise<void> {
    this.#state = 'draining';
    const requestsDone = new Promise<void>((resolve) => {
      this.#onIdle = resolve;
      if (this.#inFlight.size === 0) resolve();
    });
    // One step after another, in the order they were given (the watch stops before the bots are
    // released, so it takes nothing over meanwhile), beside the requests still in flight.
    const steps = (async () => {
      let failure: unknown;
      for (const step of this.#drainSteps) {
        this.#pendingSteps.add(step.name);
        // A step that fails does not keep the next ones from running; the drain reports the first failure.
        await step.run().catch((error: unknown) => (failure ??= error));
        this.#pendingSteps.delete(step.name);
      }
      if (failure !== undefined) throw failure;
    })();
    await Promise.all([requestsDone, steps]);
  }

  /** Work in progress elsewhere (the job queue's running jobs), listed by `unfinished`. */
  reportUnfinished(list: () => string[]): void {
    this.#otherWork.push(list);
  }

  /** What the shutdown still waits for, to log when the grace runs out. */
  unfinished(): string[] {
    return [...this.#inFlight.values(), ...this.#pendingSteps, ...this.#otherWork.flatMap((list) => list())];
  }
}
