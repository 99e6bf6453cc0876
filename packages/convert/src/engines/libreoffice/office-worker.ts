import { ConversionError } from '../../conversion-error.js';
import { launchOffice, type BridgeMessage, type LaunchOfficeConfig, type OfficeProcesses } from './launch-office.js';
import type { OfficeStopReason } from './office-pool-event.js';
import { writeOfficeProfile } from './office-profile.js';

/** Everything one worker needs to run its soffice process and UNO bridge. */
export type OfficeWorkerConfig = LaunchOfficeConfig;

/** One conversion as the bridge runs it: absolute paths and LibreOffice filter names. */
export interface BridgeJob {
  inputPath: string;
  outputPath: string;
  inputFilter: string;
  outputFilter: string;
  /** True when the output needs a laid-out view (PDF). */
  layout: boolean;
}

/** The bridge's answer to a job that did not kill LibreOffice. */
export type BridgeOutcome = { ok: true } | { ok: false; stage: 'load' | 'store'; error: string };

interface PendingJob {
  id: number;
  settle: (outcome: BridgeOutcome | Error) => void;
}

// How long a graceful shutdown may take before the process group is killed.
const TERMINATE_GRACE_MS = 3000;

/**
 * One headless LibreOffice process with its UNO bridge, running one conversion at a time.
 * Started on demand; stopped (process group killed) on timeout, abort, crash or recycle.
 */
export class OfficeWorker {
  /** Conversions run by the current process. */
  conversions = 0;
  private running: OfficeProcesses | undefined;
  private starting: Promise<void> | undefined;
  private pending: PendingJob | undefined;
  private nextId = 0;
  private closed = false;

  constructor(private readonly config: OfficeWorkerConfig) {}

  /** The soffice process id, when running. */
  get pid(): number | undefined {
    return this.running?.officePid;
  }

  /** True when soffice and the bridge are up and connected. */
  get isRunning(): boolean {
    return this.running?.alive === true;
  }

  /**
   * Starts soffice and the bridge unless they run; resolves when the bridge is connected. Rejects
   * with `CONVERT_ENGINE_UNAVAILABLE` when LibreOffice does not start or the worker is closed.
   */
  async ensureStarted(): Promise<void> {
    if (this.closed) throw unavailable('The LibreOffice engine is closed.');
    if (this.running?.alive) return;
    if (this.running) await this.stop('crash');
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    await this.starting;
    if (this.closed) {
      await this.stop('close');
      throw unavailable('The LibreOffice engine is closed.');
    }
  }

  /**
   * Runs one job and resolves with the bridge's outcome. Rejects with `CONVERT_TIMEOUT` after
   * `timeoutMs`, `CONVERT_ENGINE_FAILED` when LibreOffice dies, or the signal's reason on abort;
   * in all three cases the process is stopped first.
   */
  async run(job: BridgeJob, options: { timeoutMs: number; signal?: AbortSignal; jobNumber: number }): Promise<BridgeOutcome> {
    const { timeoutMs, signal, jobNumber } = options;
    signal?.throwIfAborted();
    await this.ensureStarted();
    signal?.throwIfAborted();
    const running = this.running;
    if (!running) throw unavailable('LibreOffice stopped before the conversion began.');
    const id = ++this.nextId;
    const started = Date.now();
    const pid = running.officePid;
    this.config.onEvent({ type: 'job-started', worker: this.config.id, pid, job: jobNumber });
    const finish = (outcome: 'ok' | 'failed' | 'timeout' | 'crash' | 'aborted') =>
      this.config.onEvent({ type: 'job-finished', worker: this.config.id, pid, job: jobNumber, ms: Date.now() - started, outcome });

    return new Promise<BridgeOutcome>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.pending = undefined;
      };
      const timer = setTimeout(() => {
        cleanup();
        finish('timeout');
        void this.stop('timeout');
        reject(new ConversionError('CONVERT_TIMEOUT', `LibreOffice did not finish within ${timeoutMs} ms; its process was stopped.`, { engine: 'libreoffice' }));
      }, timeoutMs);
      const onAbort = () => {
        cleanup();
        finish('aborted');
        void this.stop('abort');
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending = {
        id,
        settle: (outcome) => {
          cleanup();
          if (outcome instanceof Error) {
            finish('crash');
            reject(outcome);
            return;
          }
          this.conversions++;
          finish(outcome.ok ? 'ok' : 'failed');
          resolve(outcome);
        },
      };
      running.send({ id, input: job.inputPath, output: job.outputPath, inputFilter: job.inputFilter, outputFilter: job.outputFilter, layout: job.layout });
    });
  }

  /**
   * Kills the process group and the bridge at once and waits until they are gone. A conversion in
   * progress is rejected with `error` (default: `CONVERT_ENGINE_FAILED`).
   */
  async stop(reason: OfficeStopReason, error?: ConversionError): Promise<void> {
    const running = this.retire(reason, error);
    if (!running) return;
    running.kill();
    await running.exited;
  }

  /** Asks LibreOffice to quit, then kills what is left after a grace period. */
  async recycle(): Promise<void> {
    const running = this.retire('recycle');
    if (!running) return;
    running.send({ cmd: 'terminate' });
    await Promise.race([running.exited, delay(TERMINATE_GRACE_MS)]);
    running.kill();
    await running.exited;
  }

  /** Stops the worker for good: waits for a start in progress, then stops the processes. */
  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => undefined);
    await this.stop('close');
  }

  /** Kills the processes synchronously, for `process.on('exit')`, where nothing can be awaited. */
  killNow(): void {
    this.running?.kill();
  }

  private async start(): Promise<void> {
    this.conversions = 0;
    await writeOfficeProfile(this.config.profileDir);
    const processes: OfficeProcesses = await launchOffice(this.config, {
      onMessage: (message) => this.handleMessage(processes, message),
      onExit: (what) => this.handleDeath(processes, `${what} exited.`),
    });
    this.running = processes;
  }

  // Detaches the running processes (so that their exit is not taken for a crash), reports it,
  // and rejects a conversion in progress.
  private retire(reason: OfficeStopReason, error?: ConversionError): OfficeProcesses | undefined {
    const running = this.running;
    this.running = undefined;
    if (!running) return undefined;
    this.config.onEvent({ type: 'worker-stopped', worker: this.config.id, pid: running.officePid, reason });
    this.pending?.settle(error ?? new ConversionError('CONVERT_ENGINE_FAILED', `LibreOffice was stopped (${reason}) during the conversion.`, { engine: 'libreoffice' }));
    return running;
  }

  private handleMessage(running: OfficeProcesses, message: BridgeMessage | undefined): void {
    if (message?.type === 'fatal') {
      this.handleDeath(running, `LibreOffice failed: ${String(message.error)}`);
      return;
    }
    const pending = this.pending;
    if (this.running !== running || !message || !pending || message.id !== pending.id) return;
    pending.settle(
      message.ok === true
        ? { ok: true }
        : { ok: false, stage: message.stage === 'load' ? 'load' : 'store', error: String(message.error ?? 'unknown error') },
    );
  }

  private handleDeath(running: OfficeProcesses, why: string): void {
    if (this.running !== running) return;
    const message = `LibreOffice stopped during the conversion. ${why}`;
    void this.stop('crash', new ConversionError('CONVERT_ENGINE_FAILED', message, { engine: 'libreoffice' }));
  }
}

function unavailable(message: string): ConversionError {
  return new ConversionError('CONVERT_ENGINE_UNAVAILABLE', message, { engine: 'libreoffice' });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
