import { MESSAGES } from "@resumelens/contract";
import { AppError } from "../../lib/errors.ts";

/*
 * How many upload bodies the server reads and processes at once (issue 14, event loop). Each 5 MB
 * upload costs the request thread a few tens of milliseconds that cannot be split (multipart
 * parsing, copies to and from the worker pool, the SQLite insert of the file). One at a time that
 * is invisible; forty at once, the same work queued back to back froze /api/health for seconds.
 * So uploads take a turn here before their body is read: the rest wait with their body unread (the
 * socket applies back-pressure), and a user's second file never crowds out other users' first.
 */

/** Upload bodies read and processed at once (in total, per user), how many may wait, and how long. */
export type UploadLimits = { global: number; perUser: number; maxWaiting: number; maxWaitMs: number };

/**
 * 3 at once keeps the two pool workers busy with one body in hand; 1 per user, so 40 files from one
 * user queue behind each other and not in front of everyone else; a waiting upload gives up (503)
 * after two minutes, long past any ordinary wait.
 */
export const UPLOAD_CONCURRENCY: UploadLimits = {
  global: 3,
  perUser: 1,
  maxWaiting: 200,
  maxWaitMs: 120_000,
};

type Waiter = { userId: string; grant: () => void; timer: NodeJS.Timeout };

/** A fair gate: a free turn goes to the oldest waiter whose user has no upload in progress. */
/**
 * Turns to *receive* an upload's body. A body arrives at the client's pace: a slow one must not hold
 * one of the three working turns while it trickles in, so reading has turns of its own (memory:
 * 12 × 5 MB at most) and a deadline (upload-http.ts); the working turn is taken once the body is in.
 */
export const BODY_READ_CONCURRENCY: UploadLimits = {
  global: 12,
  perUser: 1,
  maxWaiting: 200,
  maxWaitMs: 120_000,
};

export class UploadGate {
  private running = 0;
  private readonly perUser = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: UploadLimits = UPLOAD_CONCURRENCY) {}

  /**
   * Waits for a turn for `userId`; resolves with the function that gives it back. Throws AppError
   * UNAVAILABLE (503, MESSAGES.serverBusy) when too many uploads wait already or the wait is too long.
   */
  acquire(userId: string): Promise<() => void> {
    if (this.canRun(userId)) return Promise.resolve(this.start(userId));
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        userId,
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.start(userId));
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(busy());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /** Uploads in progress and waiting (for tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private canRun(userId: string): boolean {
    return this.running < this.limits.global && (this.perUser.get(userId) ?? 0) < this.limits.perUser;
  }

  private start(userId: string): () => void {
    this.running++;
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
      this.next();
    };
  }

  private next(): void {
    for (let i = 0; i < this.waiting.length && this.running < this.limits.global; ) {
      const waiter = this.waiting[i] as Waiter;
      if (!this.canRun(waiter.userId)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      waiter.grant();
    }
  }
}

const busy = () => new AppError("UNAVAILABLE", MESSAGES.serverBusy);

/** The process-wide gate of the upload routes. */
export const uploadGate = new UploadGate();
export const bodyReadGate = new UploadGate(BODY_READ_CONCURRENCY);
