import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ConversionError } from '../../conversion-error.js';
import type { OfficePoolEvent } from './office-pool-event.js';

/** What {@link launchOffice} needs: programs, paths, environment and the event observer. */
export interface LaunchOfficeConfig {
  /** Index of the worker in its pool, for events and pipe names. */
  id: number;
  sofficePath: string;
  /** A Python interpreter that can `import uno`. */
  pythonPath: string;
  /** Where the pool wrote the UNO bridge script. */
  bridgeScriptPath: string;
  /** The worker's LibreOffice profile folder (`UserInstallation`). */
  profileDir: string;
  /** The complete environment of the child processes (no proxies, own HOME and TMPDIR). */
  env: Record<string, string>;
  /** How long soffice may take to accept the bridge's connection. */
  startTimeoutMs: number;
  onEvent: (event: OfficePoolEvent) => void;
}

/** A line the bridge printed, parsed. */
export interface BridgeMessage {
  type?: string;
  id?: number;
  ok?: boolean;
  stage?: string;
  error?: unknown;
}

/** Callbacks for what happens once the bridge is connected. */
export interface LaunchHandlers {
  /** A message from the bridge (answers, or `type: 'fatal'`). */
  onMessage: (message: BridgeMessage | undefined) => void;
  /** soffice or the bridge exited; `what` names which. */
  onExit: (what: string) => void;
}

/** A running soffice with its connected UNO bridge. */
export interface OfficeProcesses {
  /** The soffice launcher's process id, which is also its process group id. */
  readonly officePid: number;
  /** False once soffice or the bridge has exited. */
  alive: boolean;
  /** Settles when both processes have exited. */
  readonly exited: Promise<void>;
  /** Writes one JSON line to the bridge. */
  send(message: object): void;
  /** Kills the soffice process group and the bridge at once. */
  kill(): void;
}

// How much of stderr is kept for start-failure messages.
const STDERR_TAIL = 2000;

/**
 * Starts a headless soffice listening on a private pipe, and the UNO bridge that connects to it;
 * resolves when the bridge reports ready. Rejects with `CONVERT_ENGINE_UNAVAILABLE` (after
 * killing what started) when either exits or does not connect within the start timeout.
 */
export async function launchOffice(config: LaunchOfficeConfig, handlers: LaunchHandlers): Promise<OfficeProcesses> {
  const started = Date.now();
  const pipeName = `quire_${process.pid}_${config.id}_${randomBytes(6).toString('hex')}`;
  const office = spawn(
    config.sofficePath,
    [
      '--headless',
      '--invisible',
      '--nocrashreport',
      '--nodefault',
      '--nofirststartwizard',
      '--nologo',
      '--norestore',
      '--nolockcheck',
      `-env:UserInstallation=${pathToFileURL(config.profileDir).href}`,
      `--accept=pipe,name=${pipeName};urp;StarOffice.ComponentContext`,
    ],
    // Its own process group, so that a kill reaches soffice.bin behind the launcher.
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: config.env },
  );
  const officeStderr = keepTail(office);
  const officeExited = exitOf(office);
  const officePid = office.pid;
  if (officePid === undefined) {
    await officeExited;
    throw unavailable(`soffice could not be started (${config.sofficePath}).`);
  }
  const bridge = spawn(config.pythonPath, [config.bridgeScriptPath, pipeName, String(config.startTimeoutMs / 1000), String(officePid)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: config.env,
  });
  const bridgeStderr = keepTail(bridge);
  const bridgeExited = exitOf(bridge);
  // Write errors surface as the bridge's exit; an unhandled 'error' event would crash Node.
  bridge.stdin?.on('error', () => undefined);
  const processes: OfficeProcesses = {
    officePid,
    alive: true,
    exited: Promise.all([officeExited, bridgeExited]).then(() => undefined),
    send: (message) => bridge.stdin?.write(`${JSON.stringify(message)}\n`),
    kill: () => {
      killGroup(officePid);
      bridge.kill('SIGKILL');
    },
  };

  const ready = new Promise<void>((resolve, reject) => {
    let isReady = false;
    createInterface({ input: bridge.stdout! }).on('line', (line) => {
      const message = parseMessage(line);
      if (isReady) {
        handlers.onMessage(message);
      } else if (message?.type === 'ready') {
        isReady = true;
        resolve();
      } else {
        reject(unavailable(`LibreOffice's UNO bridge did not connect: ${String(message?.error ?? line)}`));
      }
    });
    const onExit = (what: string) => {
      processes.alive = false;
      if (isReady) handlers.onExit(what);
      else reject(unavailable(`${what} exited while starting. ${officeStderr() || bridgeStderr()}`.trim()));
    };
    void officeExited.then(() => onExit('soffice'));
    void bridgeExited.then(() => onExit('The UNO bridge'));
  });

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unavailable(`LibreOffice did not start within ${config.startTimeoutMs} ms.`)), config.startTimeoutMs + 2000);
  });
  try {
    await Promise.race([ready, timeout]);
  } catch (error) {
    config.onEvent({ type: 'worker-stopped', worker: config.id, pid: officePid, reason: 'start-failed' });
    processes.kill();
    await processes.exited;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  config.onEvent({ type: 'worker-started', worker: config.id, pid: officePid, ms: Date.now() - started });
  return processes;
}

/** Kills a process group, ignoring one that is already gone. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function keepTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  return () => tail;
}

function parseMessage(line: string): BridgeMessage | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? (value as BridgeMessage) : undefined;
  } catch {
    return undefined;
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
}

function unavailable(message: string): ConversionError {
  return new ConversionError('CONVERT_ENGINE_UNAVAILABLE', message, { engine: 'libreoffice' });
}
