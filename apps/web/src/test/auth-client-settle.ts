/*
 * Better Auth's client keeps its session store mounted for a second after the last component lets
 * go (nanostores' unmount delay), then removes its window listeners. A test file that created one
 * lets that happen while its test window still exists, or it fires after jsdom is torn down and
 * throws. Files that never created a client do not wait.
 */
let created = false;

/** Called by renderApp for each Better Auth client it creates. */
export function noteAuthClientCreated(): void {
  created = true;
}

/** Waits out the unmount delay if this file created a client (setup.ts calls it after each file). */
export async function settleAuthClients(): Promise<void> {
  if (!created) return;
  created = false;
  await new Promise((resolve) => setTimeout(resolve, 1100));
}
