import type { WorkerMessage, WorkerReply } from "./pool.ts";

/**
 * A pool worker's side of its IPC channel (pool.ts starts each worker as a child process): answers
 * go back with `post`, jobs arrive through `onJob`. A worker whose server has gone (the channel
 * closes when the parent exits, even by kill -9) exits too, so no worker outlives its server.
 */
export function workerPort() {
  const send = process.send?.bind(process);
  if (!send) throw new Error("a pool worker runs only as the pool's child process");
  process.once("disconnect", () => process.exit(0));
  return {
    post(reply: WorkerReply): void {
      send(reply);
    },
    onJob(handle: (message: WorkerMessage) => void): void {
      process.on("message", (message) => handle(message as WorkerMessage));
    },
  };
}
