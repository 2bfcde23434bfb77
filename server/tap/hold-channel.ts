/**
 * The tap's end of Hold and answer here: it reads what the inspector asks (the control file,
 * store/tap-control.ts), switches the relay's hold and sends the answers of the person or of the
 * inspector's response rules, and records each step (a rule's match and findings as the inspector says them). While the hold is on it watches the inspector that turned it on: if that process is
 * gone, the held requests go to the host at once (the server must not wait for nobody) and the
 * record says so.
 */
import { isRunning } from '../store/process-alive';
import { parseTapControl, TapControlReader } from '../store/tap-control';
import type { StdioHold } from './stdio-hold';
import type { TapRecorder } from './tap-recorder';

/** How often the control file is read, and the inspector looked for while the hold is on. */
export const HOLD_POLL_MS = 100;

export class HoldChannel {
  private readonly reader: TapControlReader;
  private readonly timer: NodeJS.Timeout;
  private inspectorPid: number | undefined;

  constructor(
    readonly controlPath: string,
    private readonly hold: StdioHold,
    private readonly recorder: TapRecorder,
  ) {
    this.reader = new TapControlReader(controlPath);
    this.timer = setInterval(() => this.poll(), HOLD_POLL_MS);
    this.timer.unref();
  }

  /** The relay ended: nothing more to hold or answer. */
  stop(): void {
    clearInterval(this.timer);
  }

  poll(): void {
    for (const line of this.reader.read()) {
      const control = parseTapControl(line);
      if ('error' in control) {
        this.recorder.note(`The tap could not read a line of its control file (${control.error}); it was ignored.`);
      } else if (control.type === 'hold') {
        if (control.isOn) this.switchOn(control.pid);
        else this.switchOff('The hold was turned off: requests held were passed on to the host.');
      } else if (control.type === 'entry') {
        const refused = this.recorder.inspectorEntry(control.event);
        if (refused) this.recorder.note(`The inspector's ${control.event.kind} entry was not logged: ${refused}.`);
      } else {
        const { key, type: _type, ...answer } = control;
        const refused = this.recorder.heldAnswered(key, answer, (rpcId, result) => this.hold.answer(rpcId, result));
        const by = answer.rule ? `Rule ${answer.rule.index}'s answer` : "The inspector's answer";
        if (refused) this.recorder.note(`${by} to ${key} was not sent: ${refused}.`);
      }
    }
    if (this.hold.isHolding && this.inspectorPid !== undefined && !isRunning(this.inspectorPid)) {
      this.switchOff(`The inspector (process ${this.inspectorPid}) went away while the hold was on: requests held were passed on to the host.`);
    }
  }

  private switchOn(pid: number): void {
    this.inspectorPid = pid;
    if (this.hold.isHolding) return;
    this.hold.set(true);
    this.recorder.holdSwitched(true, []);
  }

  private switchOff(reason: string): void {
    this.inspectorPid = undefined;
    if (!this.hold.isHolding) return;
    const released = this.hold.set(false);
    this.recorder.holdSwitched(false, released, released.length ? reason : undefined);
  }
}
